import {defineConfig} from 'vitest/config';

/**
 * The tests that run the docs against AnswerAI's own server (`tests/product/`): the global setup starts the
 * product server (building it into the cache on a machine's first run) unless one already runs from this
 * checkout, and stops it afterwards if it started it. Files run one at a time: they share one server.
 */
export default defineConfig({
  test: {
    include: ['tests/product/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/product/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 600_000,
  },
});
