// @ts-check
/**
 * Mutation testing with StrykerJS (`npm run test:mutation`, not part of
 * `npm test`): Stryker changes the code of the route split, the node
 * reference, the search engine and the other build plugins one small edit
 * at a time and runs the unit tests that cover each edit; an edit no test
 * notices (a surviving mutant) is a gap in the tests. The report goes to
 * `reports/mutation/` (mutation.html to read, mutation.json for the
 * benchmark, which prints the score).
 * @type {import('@stryker-mutator/api/core').PartialStrykerOptions}
 */
const config = {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: {configFile: 'vitest.mutation.config.ts'},
  mutate: [
    'plugins/**/*.{ts,mjs}',
    'lib/route-groups.ts',
    'lib/route-split-assumptions.ts',
    'lib/search/**/*.mjs',
    'src/components/Search/**/*.{ts,tsx}',
    '!**/*.d.{ts,mts}',
  ],
  // The sandbox copy leaves out what the unit tests never read: builds, generated pages, reports. Each pattern is
  // anchored at the project's root (a leading `/`, as in .gitignore): `build-*` alone also matched
  // plugins/search/build-index.mjs, which the search tests run.
  ignorePatterns: [
    '/build',
    '/.docusaurus',
    '/api-docs/*/',
    '/test-results',
    '/reports',
    '/bench-results',
    '/.nginx',
    '/.product-server',
  ],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: {fileName: 'reports/mutation/mutation.html'},
  jsonReporter: {fileName: 'reports/mutation/mutation.json'},
  // Two cores: one test process each.
  concurrency: 2,
  // A mutant that makes a test loop counts as detected once a run takes this much longer than without it.
  timeoutMS: 20_000,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};

export default config;
