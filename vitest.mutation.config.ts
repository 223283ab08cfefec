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
    include: [
      // Not route-split-contract.test.ts: under Stryker its client-configuration test fails ("Rspack cannot parse
      // the browserslist query"), which stops the run before any mutant is tried; the cause is not found yet.
      'tests/unit/route-split.test.ts',
      'tests/unit/route-split-client-contract.test.tsx',
      'tests/unit/docs-plugin.test.ts',
      'tests/unit/page-chunks.test.ts',
      'tests/unit/api-chunks.test.ts',
      'tests/unit/node-pages.test.ts',
      'tests/unit/mdx-to-markdown.test.ts',
      'tests/unit/render-pool.test.ts',
      'tests/unit/remark-*.test.ts',
      'tests/unit/search*.test.ts',
      'tests/unit/code-theme.test.ts',
      'tests/unit/prism-theme.test.ts',
    ],
  },
});
