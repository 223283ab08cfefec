/** Stand-in for @generated/docusaurus.config: what Docusaurus' client reads of the site's configuration. */
export default {
  title: 'Test',
  url: 'https://example.com',
  baseUrl: '/',
  trailingSlash: undefined,
  future: {experimental_router: 'browser', v4: {}},
  i18n: {defaultLocale: 'en', locales: ['en'], localeConfigs: {}},
};
