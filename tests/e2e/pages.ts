/** One representative page per page type, used by the accessibility, HTML and weight checks. */
export const pageTypes: ReadonlyArray<{type: string; path: string}> = [
  {type: 'home', path: '/'},
  {type: 'doc', path: '/docs/intro'},
  {type: 'index', path: '/docs/using-answerai/sidekick-studio/nodes/'},
  {type: 'category', path: '/docs/category/developers'},
  {type: 'node', path: '/docs/using-answerai/sidekick-studio/nodes/chat-models/chatopenai'},
  {type: 'guide with tabs', path: '/docs/developers/use-cases/interacting-with-api'},
  {type: 'API index', path: '/docs/api/'},
  {type: 'API GET operation', path: '/docs/api/tools/get-all-tools'},
  {type: 'API POST operation', path: '/docs/api/prediction/create-prediction'},
  {type: 'blog list', path: '/blog'},
  {type: 'blog post', path: '/blog/mdx-blog-post'},
  {type: 'blog tags', path: '/blog/tags'},
  {type: 'blog authors', path: '/blog/authors'},
  {type: 'privacy policy', path: '/privacy-policy'},
  {type: 'terms of service', path: '/terms-of-service'},
  {type: 'search', path: '/search?q=sidekick'},
];
