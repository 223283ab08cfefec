import {execFileSync} from 'node:child_process';
import type {Page} from '@playwright/test';
import type {ProductServerState} from '../../product-server/server.mjs';
import {test, expect, gotoHydrated} from './fixtures';

/**
 * The API explorer of operation pages, sending real requests from Chromium to AnswerAI's own server (started by
 * `npm test`, or by hand with `npm run product:start`) on `http://localhost:4000`, the self-hosted server the
 * OpenAPI files list: a success, an authenticated call, a server error, and a server that is down.
 */

/** The running product server's state (from the harness's CLI); fails the test with what to run when there is none. */
function productServer(): ProductServerState {
  const state = JSON.parse(execFileSync(process.execPath, ['product-server/cli.mjs', 'state'], {encoding: 'utf8'}));
  expect(state.port, 'the product server listens where the API reference says the self-hosted server is').toBe(4000);
  return state;
}

/** Opens an operation's explorer and points it at the self-hosted server. */
async function openExplorerOnLocalServer(page: Page, path: string) {
  await gotoHydrated(page, path);
  await page.getByRole('button', {name: 'Show request samples'}).click();
  await page.getByRole('button', {name: 'Edit'}).click();
  const select = page.locator('.openapi-explorer__request-form select').first();
  const local = (await select.locator('option').allTextContents()).find((label) => label.includes('localhost:4000'));
  expect(local, 'the self-hosted server is offered').toBeDefined();
  await select.selectOption({label: local!});
}

/** The explorer's response panel. */
const responsePanel = (page: Page) => page.locator('.openapi-explorer__response-container');

test.describe('the API explorer against the product server', () => {
  test('sends a request and shows the real answer', async ({page}) => {
    productServer();
    await openExplorerOnLocalServer(page, '/docs/api/ping/ping-server');
    await page.getByRole('button', {name: 'Send API Request'}).click();
    await expect(responsePanel(page)).toContainText('200', {timeout: 15_000});
    await expect(responsePanel(page)).toContainText('pong');
  });

  test('sends the API key typed into the explorer and shows the records of its owner', async ({page}) => {
    const state = productServer();
    const name = `explorer_${Date.now().toString(36)}`;
    const created = await fetch(`${state.baseUrl}/api/v1/variables`, {
      method: 'POST',
      headers: {Authorization: `Bearer ${state.accounts.main.apiKey}`, 'Content-Type': 'application/json'},
      body: JSON.stringify({name, value: 'from the explorer test', type: 'static'}),
    });
    expect(created.status).toBe(200);
    await openExplorerOnLocalServer(page, '/docs/api/variables/get-all-variables');
    await page.getByPlaceholder(/bearer token/i).fill(state.accounts.main.apiKey);
    await page.getByRole('button', {name: 'Send API Request'}).click();
    await expect(responsePanel(page)).toContainText('200', {timeout: 15_000});
    await expect(responsePanel(page)).toContainText(name);
  });

  test("shows the status and body of the server's error", async ({page, pageErrors}) => {
    productServer();
    // With no key typed in, the explorer sends its placeholder (`Bearer <TOKEN>`), which the server refuses with 401.
    await openExplorerOnLocalServer(page, '/docs/api/variables/get-all-variables');
    await page.getByRole('button', {name: 'Send API Request'}).click();
    await expect(responsePanel(page)).toContainText('401', {timeout: 15_000});
    await expect(responsePanel(page)).toContainText('"statusCode": 401');
    await expect(page.getByRole('alert')).toHaveCount(0);
    pageErrors.allow(/status of 401/, 'the browser logs the 401 response itself');
  });

  test('a request to a server that is down shows what failed and what to do', async ({page, pageErrors}) => {
    await openExplorerOnLocalServer(page, '/docs/api/ping/ping-server');
    // The self-hosted server is taken away for this page only: the browser's connection to it is refused.
    await page.route('http://localhost:4000/**', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', {name: 'Send API Request'}).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The request failed', {timeout: 15_000});
    await expect(alert).toContainText('Content-Security-Policy');
    await expect(alert).toContainText('CORS_ORIGINS');
    pageErrors.allow(/net::ERR_CONNECTION_REFUSED/, 'the connection to the server is refused on purpose');
  });
});
