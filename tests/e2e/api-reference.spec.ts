import YAML from 'yaml';
import type {Page} from '@playwright/test';
import {test, expect, gotoHydrated, openExplorer, phone} from './fixtures';
import {readSpecOperations} from '../api-operations';

const operations = readSpecOperations();

test.describe('API reference', () => {
  test('every operation page shows the method and path of its spec', async ({page}) => {
    test.setTimeout(240_000);
    for (const op of operations) {
      await gotoHydrated(page, `/docs/api/${op.group}/${op.page}`);
      const main = page.locator('main');
      await expect(main.locator('.openapi__method-endpoint .badge').first(), `${op.group}/${op.page}`).toHaveText(
        op.method,
        {ignoreCase: true},
      );
      const shownPath = op.path.replace(/\{(\w+)\}/g, ':$1');
      await expect(main.locator('.openapi__method-endpoint').first(), `${op.group}/${op.page}`).toContainText(
        shownPath,
      );
    }
  });

  test('the combined specification downloads and parses with every operation of the files', async ({request}) => {
    for (const file of ['/openapi/answerai-api.yaml', '/openapi/answerai-api.json']) {
      const response = await request.get(file);
      expect(response.status()).toBe(200);
      const spec = YAML.parse(await response.text());
      expect(spec.openapi).toMatch(/^3\./);
      const count = Object.values(spec.paths as Record<string, Record<string, unknown>>).reduce(
        (n, item) => n + ['get', 'post', 'put', 'patch', 'delete'].filter((m) => item[m]).length,
        0,
      );
      expect(count).toBe(operations.length);
    }
  });

  test('the full specification page lists every operation and links the download', async ({page}) => {
    await gotoHydrated(page, '/docs/api/full-api-spec');
    for (const op of operations) {
      await expect(page.locator(`main a[href="/docs/api/${op.group}/${op.page}"]`).first()).toBeAttached();
    }
    await expect(page.getByRole('link', {name: 'answerai-api.yaml'})).toHaveAttribute(
      'href',
      '/openapi/answerai-api.yaml',
    );
  });

  test('operation pages render their parameters and schemas into the static HTML', async ({request}) => {
    const response = await request.get('/docs/api/prediction/create-prediction');
    const html = await response.text();
    for (const field of ['question', 'overrideConfig', 'streaming', 'history']) expect(html).toContain(field);
  });

  test('an operation page opened by a client-side navigation renders completely', async ({page}) => {
    await gotoHydrated(page, '/docs/api/prediction/prediction-api');
    await page.locator('.theme-doc-sidebar-container a[href="/docs/api/prediction/create-prediction"]').first().click();
    await expect(page).toHaveURL(/\/docs\/api\/prediction\/create-prediction$/);
    await expect(page.locator('main .openapi__method-endpoint').first()).toContainText('/prediction/:id');
    await expect(page.getByRole('button', {name: 'Show request samples'})).toBeVisible();
  });

  test('an operation page loads the explorer store only when a part needs it, and its heading follows the chosen server', async ({
    page,
  }) => {
    // pako's inflate error text: present in the store's chunk (src/components/ApiPageStore/store.tsx), in no other.
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text().catch(() => ''));
    });
    const storeLoaded = async () => (await Promise.all(scripts)).some((body) => body.includes('invalid stored block'));
    const heading = page.locator('main h2.openapi__method-endpoint-path').first();

    await gotoHydrated(page, '/docs/api/prediction/create-prediction');
    await expect(heading).toHaveText('/prediction/:id');
    expect(await storeLoaded(), 'store chunk at load').toBe(false);

    await openExplorer(page);
    expect(await storeLoaded(), 'store chunk with the explorer').toBe(true);
    // Opening the explorer chooses the spec's first server, and the heading shows it.
    await expect(heading).toHaveText('https://prod.studio.theanswer.ai/api/v1/prediction/:id');

    // The choice is saved for the session: a fresh load shows it before anything interactive has loaded.
    scripts.length = 0;
    await gotoHydrated(page, '/docs/api/prediction/create-prediction');
    await expect(heading).toHaveText('https://prod.studio.theanswer.ai/api/v1/prediction/:id');
    expect(await storeLoaded(), 'store chunk after a reload').toBe(false);
  });

  test('on a phone, the method badge stays one word beside a long server URL', async ({browser, baseURL}) => {
    const context = await browser.newContext({...phone, baseURL});
    // The server chosen in the explorer earlier in the session, which the heading shows before the path.
    await context.addInitScript(() =>
      sessionStorage.setItem('server', JSON.stringify({url: 'https://prod.studio.theanswer.ai/api/v1'})),
    );
    const page = await context.newPage();
    await gotoHydrated(page, '/docs/api/prediction/create-prediction');
    const heading = page.locator('main h2.openapi__method-endpoint-path').first();
    await expect(heading).toHaveText('https://prod.studio.theanswer.ai/api/v1/prediction/:id');
    const badgeLines = await page
      .locator('main .openapi__method-endpoint .badge')
      .first()
      .evaluate((badge) => {
        const range = document.createRange();
        range.selectNodeContents(badge);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
    expect(badgeLines).toBe(1);
    await context.close();
  });

  test('the pages for actions without an endpoint say so, in the group of their sidebar', async ({page}) => {
    for (const page_ of ['get-attachment', 'delete-attachment']) {
      await gotoHydrated(page, `/docs/api/attachments/${page_}`);
      await expect(page.locator('main')).toContainText('no endpoint');
      await expect(page.locator('main .openapi__method-endpoint')).toHaveCount(0);
      await expect(
        page.locator(`.theme-doc-sidebar-container a[href="/docs/api/attachments/${page_}"]`),
      ).toBeAttached();
    }
  });

  /** Whether any style sheet the page has loaded holds a rule of the OpenAPI theme (its `openapi-` classes). */
  const hasApiThemeRules = (page: Page) =>
    page.evaluate(() =>
      Array.from(document.styleSheets).some((sheet) =>
        Array.from(sheet.cssRules).some((rule) => /\.openapi[-_]/.test(rule.cssText)),
      ),
    );

  test("the OpenAPI theme's styles load with the API reference only, linked from its pages' HTML", async ({
    page,
    request,
  }) => {
    // The last uses Tabs, which the OpenAPI theme provides for every page.
    for (const path of ['/', '/docs/intro', '/blog', '/docs/developers/use-cases/multiple-documents-qna']) {
      await gotoHydrated(page, path);
      expect(await hasApiThemeRules(page), path).toBe(false);
    }
    for (const path of ['/docs/api/', '/docs/api/prediction/create-prediction']) {
      const html = await (await request.get(path)).text();
      const head = html.slice(0, html.indexOf('</head>'));
      expect(head, path).toMatch(/<link rel="?stylesheet"? href="?\/assets\/css\/api-styles\.[0-9a-f]+\.css/);
    }
    await gotoHydrated(page, '/docs/api/prediction/create-prediction');
    const endpoint = page.locator('main .openapi__method-endpoint').first();
    // The theme's rule (a flex row) and the site's change after it (src/css/api-reference.css: it wraps).
    await expect(endpoint).toHaveCSS('display', 'flex');
    await expect(endpoint).toHaveCSS('white-space', 'normal');
  });

  test("the OpenAPI theme's styles arrive with a client-side navigation into the API reference", async ({page}) => {
    await gotoHydrated(page, '/docs/developers/');
    expect(await hasApiThemeRules(page)).toBe(false);
    await page.locator('.theme-doc-sidebar-container a[href="/docs/api/"]').first().click();
    await expect(page).toHaveURL(/\/docs\/api\/$/);
    await page.locator('main a[href="/docs/api/prediction/create-prediction"]').first().click();
    const endpoint = page.locator('main .openapi__method-endpoint').first();
    await expect(endpoint).toContainText('/prediction/:id');
    await expect(endpoint).toHaveCSS('display', 'flex');
    await expect(endpoint).toHaveCSS('white-space', 'normal');
  });

  test('the docs sidebar links to the API reference', async ({page}) => {
    await gotoHydrated(page, '/docs/developers/');
    await expect(page.locator('.theme-doc-sidebar-container a[href="/docs/api/"]').first()).toBeAttached();
  });
});
