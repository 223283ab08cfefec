import type {Config, PluginConfig} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type {Options as DocsOptions} from '@docusaurus/plugin-content-docs';
import {themes as prismThemes} from 'prism-react-renderer';
import {accessibleTheme, colourlessTheme} from './lib/code-colours';
import {announcement, copyrightYear, docsSections, externalLinks} from './config/site';
import {apiDocsDir, apiDocsPluginId, apiLanguageTabs, openApiPluginConfig, prismLanguages} from './config/api';
import {addApiReferenceLink} from './config/sidebar';
import {documentedRelease} from './lib/product';
import {ssrTemplate} from './config/ssrTemplate';
import remarkAutoImport from './plugins/remark-auto-import';
import remarkJsxPhrasing from './plugins/remark-jsx-phrasing';
import remarkNodeReference from './plugins/node-reference/remark';

const siteTitle = 'AnswerAI';

/**
 * The release of AnswerAI the docs describe, from data/product/source.json (written by the facts extractor; see
 * README, "Product facts"). The footer names it on every page; node pages name it under their parameters.
 */
const release = documentedRelease();
const releaseLine =
  `<span class="footer__release">Documents AnswerAI at ` +
  `<a href="${release.commitUrl}" target="_blank" rel="noopener noreferrer">commit ${release.shortCommit}</a> ` +
  `(<time datetime="${release.date}">${release.dateText}</time>).</span>`;

/** Test-only pages (tests/pages, served under /__test/) are built only when this is set, never in production. */
const withTestPages = process.env.ANSWERAI_TEST_PAGES === '1';
const testPagesPlugin: PluginConfig = [
  '@docusaurus/plugin-content-pages',
  {id: 'test-pages', path: 'tests/pages', routeBasePath: '__test'},
];

/**
 * Options every MDX content plugin shares: `<NodeParameters />` and `<NodeList />` are rendered from the
 * product facts at build time; Tabs, TabItem and DocCardList work without an import; no paragraph inside a
 * JSX heading or link (the OpenAPI plugin's info pages write them).
 */
const mdxOptions = {
  beforeDefaultRemarkPlugins: [remarkNodeReference],
  remarkPlugins: [remarkAutoImport, remarkJsxPhrasing],
};

const config: Config = {
  title: siteTitle,
  tagline: 'Build, share and run AI sidekicks without code',
  favicon: 'img/favicon.svg',
  url: 'https://docs.theanswer.ai',
  baseUrl: '/',
  organizationName: 'the-answerai',
  projectName: 'docs',
  titleDelimiter: '|',
  // Paints the server-rendered page before loading the bundles that hydrate it.
  ssrTemplate,

  // Specification §9: links are logged; markdown links, anchors and duplicate routes warned.
  // The test suite's own link check fails on any broken link.
  onBrokenLinks: 'log',
  onBrokenAnchors: 'warn',
  onDuplicateRoutes: 'warn',
  markdown: {
    hooks: {onBrokenMarkdownLinks: 'warn'},
  },

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
    localeConfigs: {
      en: {label: 'English', direction: 'ltr', htmlLang: 'en-US', calendar: 'gregory', path: 'en'},
    },
  },

  future: {
    v4: {
      removeLegacyPostBuildHeadAttribute: true,
      useCssCascadeLayers: false,
      // The specification names the storage keys without prefix or suffix.
      siteStorageNamespacing: false,
      fasterByDefault: true,
      mdx1CompatDisabledByDefault: true,
    },
    faster: {
      swcJsLoader: true,
      swcJsMinimizer: true,
      swcHtmlMinimizer: true,
      lightningCssMinimizer: true,
      mdxCrossCompilerCache: true,
      rspackBundler: true,
      ssgWorkerThreads: true,
      // Builds here are cold (CI starts from a fresh clone): writing Rspack's
      // persistent cache costs them time and memory and is never read back
      // (measured at five times the content: about 20 s and 0.7 GB).
      rspackPersistentCache: false,
    },
  },

  clientModules: [
    './src/clientModules/announcementBar.ts',
    './src/clientModules/openapiAccessibility.ts',
    './src/clientModules/searchHighlight.ts',
    './src/clientModules/routeGroups.ts',
  ],

  presets: [
    [
      'classic',
      {
        // The main docs are ./plugins/docs (the docs plugin, with descriptions sent only where cards show them).
        docs: false,
        blog: {
          ...mdxOptions,
          showReadingTime: true,
          // The list page's heading and meta description (src/theme/BlogListPage).
          blogDescription:
            'News from the AnswerAI team: product updates, how-tos and stories from people building sidekicks.',
          feedOptions: {type: ['rss', 'atom'], xslt: false, copyright: `Copyright © ${copyrightYear} AnswerAI`},
          blogSidebarCount: 'ALL',
          blogSidebarTitle: 'All posts',
          onInlineTags: 'warn',
          onInlineAuthors: 'warn',
          onUntruncatedBlogPosts: 'warn',
          editUrl: `${externalLinks.codeHost}/docs/edit/main/`,
        },
        theme: {customCss: ['./src/css/custom.css']},
        sitemap: {changefreq: 'weekly', priority: 0.5},
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    [
      './plugins/docs/index.ts',
      {
        ...mdxOptions,
        routeBasePath: 'docs',
        sidebarPath: './sidebars.ts',
        async sidebarItemsGenerator({defaultSidebarItemsGenerator, ...args}) {
          return addApiReferenceLink(await defaultSidebarItemsGenerator(args));
        },
        editUrl: `${externalLinks.codeHost}/docs/edit/main/`,
        // One version: the docs of the current release. "Next" (the default) would suggest unreleased docs.
        versions: {current: {label: 'Latest'}},
      } satisfies DocsOptions,
    ],
    [
      // The API reference: the same docs plugin, split into sections the same way.
      './plugins/docs/index.ts',
      {
        ...mdxOptions,
        id: apiDocsPluginId,
        path: apiDocsDir,
        routeBasePath: 'docs/api',
        sidebarPath: './api-docs/sidebars.ts',
        docItemComponent: '@theme/ApiItem',
      },
    ],
    [
      'docusaurus-plugin-openapi-docs',
      {
        id: 'openapi',
        docsPluginId: apiDocsPluginId,
        config: openApiPluginConfig(),
      },
    ],
    // After the build, in this order: route groups in the HTML, Markdown twins, llms.txt, the search index, _headers.
    './plugins/post-build/index.ts',
    // Keeps the API theme out of the chunk every page loads.
    './plugins/api-chunks/index.ts',
    // Each page's HTML names its route's chunks, so they load with the main bundle.
    './plugins/page-chunks/index.ts',
    // The browser's route table stops at route groups; each group's routes load with it.
    './plugins/route-split/index.ts',
    // The main bundle without code the browser never runs.
    './plugins/client-bundle/index.ts',
    // Code colours as a style sheet; Prism only where the browser renders code.
    [
      './plugins/code-highlighting/index.ts',
      {themes: {light: accessibleTheme(prismThemes.oneLight), dark: accessibleTheme(prismThemes.oneDark)}},
    ],
    ...(withTestPages ? [testPagesPlugin] : []),
  ],

  // The OpenAPI theme, its style sheet on the API reference's pages only.
  themes: ['./plugins/api-theme/index.ts'],

  themeConfig: {
    image: 'img/social-card.png',
    colorMode: {
      defaultMode: 'light',
      disableSwitch: false,
      respectPrefersColorScheme: false,
    },
    announcementBar: {
      id: announcement.id,
      content: announcement.content,
      isCloseable: announcement.isCloseable,
      // The theme sets these inline (white and black by default); the site's variables follow the colour mode.
      backgroundColor: 'var(--ifm-background-surface-color)',
      textColor: 'var(--ifm-font-color-base)',
    },
    navbar: {
      title: siteTitle,
      hideOnScroll: true,
      logo: {alt: 'AnswerAI logo', src: 'img/logo.svg', srcDark: 'img/logo-dark.svg'},
      items: [
        ...docsSections.map((section) => ({...section, position: 'left' as const})),
        {type: 'docsVersionDropdown', position: 'right'},
        {type: 'localeDropdown', position: 'right'},
        {href: externalLinks.studio, label: 'Sign In', position: 'right'},
        // The code host as an icon with an accessible name (its mark is drawn by src/css/custom.css).
        {
          href: externalLinks.codeHost,
          position: 'right',
          className: 'navbar-code-host',
          'aria-label': 'AnswerAI on GitHub',
          html: '<span class="navbar-code-host__label">GitHub</span>',
        },
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {title: 'Docs', items: docsSections.filter((s) => s.label !== 'Community')},
        {
          title: 'Community',
          items: [
            {label: 'Community', to: '/docs/community'},
            {label: 'Discord', href: externalLinks.discord},
            {label: 'GitHub', href: externalLinks.codeHost},
          ],
        },
        {
          title: 'Social',
          items: [
            {label: 'YouTube', href: externalLinks.youtube},
            {label: 'X', href: externalLinks.x},
            {label: 'Instagram', href: externalLinks.instagram},
          ],
        },
        {
          title: 'Company',
          items: [
            {label: 'AnswerAI', href: externalLinks.company},
            {label: 'Blog', to: '/blog'},
            {label: 'Privacy Policy', to: '/privacy-policy'},
            {label: 'Terms of Service', to: '/terms-of-service'},
          ],
        },
      ],
      copyright: `Copyright © ${copyrightYear} AnswerAI. Built with Docusaurus.<br />${releaseLine}`,
    },
    tableOfContents: {minHeadingLevel: 2, maxHeadingLevel: 3},
    docs: {sidebar: {hideable: true, autoCollapseCategories: true}},
    blog: {sidebar: {groupByYear: true}},
    prism: {
      // Colours come from plugins/code-highlighting, so the static HTML suits both colour modes.
      theme: colourlessTheme,
      darkTheme: colourlessTheme,
      // prism-react-renderer already bundles JSON, YAML, Python, TypeScript, Go and JSX; add only what it lacks.
      additionalLanguages: prismLanguages,
    },
    // The API explorer's code sample languages, each highlighted by a grammar the site loads.
    languageTabs: apiLanguageTabs,
  } satisfies Preset.ThemeConfig,
};

export default config;
