import {test, expect} from './fixtures';

/**
 * The API explorer under the production Content-Security-Policy (deploy/headers.mjs, served by nginx as in
 * production): opening it, editing the request body and switching languages and examples must need nothing
 * the policy forbids, `'unsafe-eval'` above all (the OpenAPI theme's body editor used to evaluate the body as
 * JavaScript on every keystroke).
 */
const port = Number(process.env.NGINX_CSP_TEST_PORT ?? 3291);
let server: {stop: () => Promise<void>; url: string};

test.describe.configure({mode: 'serial'});

test.beforeAll(async () => {
  const {startNginx} = await import('../../scripts/nginx.mjs');
  // The build under test, as in playwright.config.ts.
  server = await startNginx({
    port,
    ...(process.env.ANSWERAI_BUILD_DIR ? {buildDir: process.env.ANSWERAI_BUILD_DIR} : {}),
  });
});

test.afterAll(async () => {
  await server?.stop();
});

test('the API explorer works under the production CSP without a violation', async ({page}) => {
  // The explorer's code loads on demand: on a busy machine that can take tens of seconds.
  test.slow();
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const store = window as unknown as {cspViolations?: string[]};
      (store.cspViolations ??= []).push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  await page.goto(`${server.url}/docs/api/prediction/create-prediction`);
  await page.waitForSelector('html[data-has-hydrated="true"]');
  const response = await page.request.get(`${server.url}/docs/api/prediction/create-prediction`);
  expect(response.headers()['content-security-policy']).not.toContain("'unsafe-eval'");

  await page.getByRole('button', {name: 'Show request samples'}).click();
  const editor = page.locator('pre.openapi-explorer__playground-editor');
  await expect(editor).toBeVisible({timeout: 60_000});
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' ');
  await page.getByRole('tab', {name: 'simple'}).click();
  await expect(editor).toContainText('question');
  await page.getByRole('tab', {name: 'python'}).click();
  await expect(page.locator('.openapi-explorer__code-block-container').first()).toContainText('import');
  const inPage = await page.evaluate(() => (window as unknown as {cspViolations?: string[]}).cspViolations ?? []);
  expect([...violations, ...inPage]).toEqual([]);
});
