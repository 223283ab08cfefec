import path from 'node:path';
import {defineConfig} from 'vitest/config';

export default defineConfig({
  resolve: {
    // Docusaurus aliases used by components under test, mapped to small stand-ins.
    alias: {
      '@docusaurus/Link': path.join(__dirname, 'tests/unit/stubs/Link.tsx'),
      '@theme/CodeBlock': path.join(__dirname, 'tests/unit/stubs/CodeBlock.tsx'),
      '@docusaurus/router': path.join(__dirname, 'tests/unit/stubs/router.ts'),
      '@docusaurus/Translate': path.join(__dirname, 'tests/unit/stubs/Translate.ts'),
      '@docusaurus/useIsomorphicLayoutEffect': path.join(__dirname, 'tests/unit/stubs/useIsomorphicLayoutEffect.ts'),
    },
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'],
    environment: 'node',
  },
});
