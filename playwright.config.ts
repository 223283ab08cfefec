import {defineConfig, devices} from '@playwright/test';
import {chromiumLaunchOptions} from './lib/chromium.mjs';

/** Port the production build is served on during the tests. */
export const PORT = Number(process.env.E2E_PORT ?? 3210);

/**
 * The build under test: `build/`, or the folder named by `ANSWERAI_BUILD_DIR`
 * (the scaled copy of the site that `scripts/scale-build.mjs` makes).
 */
const buildDir = process.env.ANSWERAI_BUILD_DIR ?? 'build';

/**
 * End-to-end tests run in Debian's Chromium (no browser download) against the
 * production build, served on localhost by `docusaurus serve`.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  workers: 2,
  timeout: 60_000,
  reporter: [['list']],
  // Playwright empties its output folder at every run; test-results/examples.json (the examples' report) lives beside it.
  outputDir: 'test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'off',
    ...devices['Desktop Chrome'],
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: `npx docusaurus serve --no-open --port ${PORT} --host 127.0.0.1 --dir ${buildDir}`,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
