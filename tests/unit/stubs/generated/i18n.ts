/** Stand-in for @generated/i18n. */
export default {
  defaultLocale: 'en',
  locales: ['en'],
  currentLocale: 'en',
  path: 'i18n',
  localeConfigs: {
    en: {
      label: 'English',
      direction: 'ltr',
      htmlLang: 'en',
      calendar: 'gregory',
      path: 'en',
      baseUrl: '/',
      url: 'https://example.com',
      translate: false,
    },
  },
};
