/**
 * The performance budgets of the site, one source for the benchmark
 * (scripts/bench.mjs) and the end-to-end weight test (tests/e2e/performance.spec.ts).
 */

/**
 * One page per page type, and the most gzipped JavaScript (KB) a first visit to it may load: on the site as it is
 * (`jsBudgetKb`, also asserted by the end-to-end suite) and on a copy with five times its docs and posts
 * (`scaledJsBudgetKb`, `npm run bench -- --scale 5`). The cost of a page must not grow with the site. And the most
 * gzipped CSS it may load (`cssBudgetKb`, at either size): the OpenAPI theme's styles come only with the API pages.
 * A doc page also has a budget for its JavaScript and CSS together (`jsCssBudgetKb`, at either size). The
 * budgets sit a few kilobytes above the figures in the README, so that a change which adds weight to every page
 * shows; the API operation page's is its goal, 170 KB, at 1× and at 5×.
 */
export const pageBudgets = [
  {type: 'home', path: '/', jsBudgetKb: 105, scaledJsBudgetKb: 110, cssBudgetKb: 25},
  {type: 'doc', path: '/docs/intro', jsBudgetKb: 125, scaledJsBudgetKb: 129, cssBudgetKb: 25, jsCssBudgetKb: 145},
  {
    type: 'node',
    path: '/docs/using-answerai/sidekick-studio/nodes/chat-models/chatopenai',
    jsBudgetKb: 140,
    scaledJsBudgetKb: 145,
    cssBudgetKb: 25,
  },
  {type: 'API index', path: '/docs/api/', jsBudgetKb: 130, scaledJsBudgetKb: 135, cssBudgetKb: 50},
  {
    type: 'API operation',
    path: '/docs/api/prediction/create-prediction',
    jsBudgetKb: 170,
    scaledJsBudgetKb: 170,
    cssBudgetKb: 50,
  },
  {type: 'blog post', path: '/blog/mdx-blog-post', jsBudgetKb: 135, scaledJsBudgetKb: 140, cssBudgetKb: 25},
];

/** Lighthouse mobile category scores (0–100) every page type must reach. */
export const lighthouseBudget = {accessibility: 100, 'best-practices': 100, seo: 100, performance: 95};

/** Lighthouse's total blocking time on the mobile profile (median of three runs, milliseconds), for every page type. */
export const totalBlockingTimeBudgetMs = 200;

/**
 * The search, measured as lib/bench/search-bench.mjs describes: the compressed bytes a first query may transfer
 * (the engine included, wherever it was loaded), the time from the last keystroke to the first result on the phone
 * profile (a first and a later query) and on a desktop (a first query), in milliseconds (medians of three), and how
 * much bytes and phone time may grow on the scaled site. A later query's bytes are reported, not budgeted: the
 * time a reader waits is what counts.
 */
export const searchBudgets = {firstQueryKb: 150, phoneMs: 600, desktopMs: 150, scaledGrowth: 0.2};

/** The build of the scaled site: at most this many times the cold build of the site, and this peak memory. */
export const scaleBudgets = {buildTimeFactor: 2, peakMb: 3072};

/** Extracting the product facts of one release (`npm run facts:extract`), on this project's 2-core machines. */
export const factsBudgets = {extractionSeconds: 120};
