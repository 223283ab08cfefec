/**
 * The performance budgets of the site, one source for the benchmark
 * (scripts/bench.mjs) and the end-to-end weight test (tests/e2e/performance.spec.ts).
 */

/** One page per page type, and the most gzipped JavaScript (KB) a first visit to it may load. */
export const pageBudgets = [
  {type: 'home', path: '/', jsBudgetKb: 180},
  {type: 'doc', path: '/docs/intro', jsBudgetKb: 180},
  {type: 'node', path: '/docs/using-answerai/sidekick-studio/nodes/chat-models/chatopenai', jsBudgetKb: 180},
  {type: 'API index', path: '/docs/api/', jsBudgetKb: 180},
  {type: 'API operation', path: '/docs/api/prediction/create-prediction', jsBudgetKb: 350},
  {type: 'blog post', path: '/blog/mdx-blog-post', jsBudgetKb: 180},
];

/** Lighthouse mobile category scores (0–100) every page type must reach. */
export const lighthouseBudget = {accessibility: 100, 'best-practices': 100, seo: 100, performance: 95};
