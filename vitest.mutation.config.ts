import {defineConfig} from 'vitest/config';
import base from './vitest.config';

/**
 * The unit tests that mutation testing (stryker.config.mjs) runs: those of the
 * mutated code. The content, OpenAPI and product-facts tests read every page
 * and cover none of it; leaving them out keeps a mutation run shorter.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    // Stryker runs the tests in worker threads. Two Rspack compilers in two threads at once crash the process
    // (a native assertion in pthread_mutex_lock); the contract and client-bundle tests each run Rspack.
    poolOptions: {threads: {singleThread: true}},
    include: [
      'tests/unit/route-split.test.ts',
      'tests/unit/route-groups.test.ts',
      'tests/unit/route-split-contract.test.ts',
      'tests/unit/route-split-client-contract.test.tsx',
      'tests/unit/docs-plugin.test.ts',
      'tests/unit/page-chunks.test.ts',
      'tests/unit/client-bundle.test.ts',
      'tests/unit/api-chunks.test.ts',
      'tests/unit/node-pages.test.ts',
      'tests/unit/node-reference.test.ts',
      'tests/unit/mdx-to-markdown.test.ts',
      'tests/unit/render-pool.test.ts',
      'tests/unit/remark-*.test.ts',
      'tests/unit/search*.test.{ts,tsx}',
      'tests/unit/code-theme.test.ts',
      'tests/unit/prism-theme.test.ts',
    ],
  },
});
