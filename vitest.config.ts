import path from 'node:path';
import {transformWithEsbuild, type Plugin} from 'vite';
import {defineConfig} from 'vitest/config';

/** Docusaurus' client code, which the route split's contract tests run as Docusaurus ships it (JSX in `.js`). */
const docusaurusClient = /node_modules\/@docusaurus\/core\/lib\/client\/.*\.js$/;
const docusaurusClientDir = path.join(__dirname, 'node_modules/@docusaurus/core/lib/client');

/** Compiles the JSX of Docusaurus' client files, which its bundler would compile. */
const docusaurusClientJsx: Plugin = {
  name: 'docusaurus-client-jsx',
  enforce: 'pre',
  transform(code, id) {
    return docusaurusClient.test(id) ? transformWithEsbuild(code, id, {loader: 'jsx', jsx: 'automatic'}) : null;
  },
};

const stub = (file: string) => path.join(__dirname, 'tests/unit/stubs', file);

export default defineConfig({
  plugins: [docusaurusClientJsx],
  resolve: {
    // Docusaurus aliases used by the code under test: small stand-ins, or Docusaurus' own client code.
    alias: {
      '@docusaurus/Link': stub('Link.tsx'),
      '@theme/CodeBlock': stub('CodeBlock.tsx'),
      '@theme/Loading': stub('Loading.tsx'),
      '@theme/NotFound': stub('NotFound.tsx'),
      '@docusaurus/router': stub('router.ts'),
      '@docusaurus/Translate': stub('Translate.ts'),
      '@docusaurus/useIsomorphicLayoutEffect': stub('useIsomorphicLayoutEffect.ts'),
      '@docusaurus/ComponentCreator': path.join(docusaurusClientDir, 'exports/ComponentCreator.js'),
      '@docusaurus/renderRoutes': path.join(docusaurusClientDir, 'exports/renderRoutes.js'),
      '@generated': stub('generated'),
    },
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
    environment: 'node',
    // CSS Modules give their class names as written (`styles.hitActive` is `hitActive`), so tests can tell states
    // that only a class shows; jsdom applies their rules as far as it can without layout (`display: none` hides).
    css: {include: [/\.module\.css$/], modules: {classNameStrategy: 'non-scoped'}},
    // The unit tests check what the code does, never how fast: several read every page or render every node, which
    // takes 1-3 s on a quiet 2-core machine and more than Vitest's default 5 s when builds run beside them.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Run Docusaurus' client files through the plugin above rather than Node's loader.
    server: {deps: {inline: [docusaurusClient]}},
  },
});
