import {test, expect} from './fixtures';
import {readRoutes} from '../routes';

const routes = readRoutes();

test.describe('route manifest', () => {
  test('every route in the manifest answers 200 with content', async ({request}) => {
    const failures: string[] = [];
    for (const route of routes) {
      const response = await request.get(route);
      const body = await response.text();
      if (response.status() !== 200) {
        failures.push(`${route}: HTTP ${response.status()}`);
      } else if (route.endsWith('.xml')) {
        if (!body.includes('<entry') && !body.includes('<item')) failures.push(`${route}: feed without entries`);
      } else if (!/<main|<article/.test(body) || body.length < 2000) {
        failures.push(`${route}: no page content`);
      }
    }
    expect(failures).toEqual([]);
  });

  test('an address without a page of its own sends the reader to the page that answers it', async ({page, request}) => {
    const {redirects} = await import('../../deploy/redirects.mjs');
    expect(redirects.length).toBeGreaterThan(0);
    for (const {from, to, title} of redirects) {
      // The redirect page names an icon that exists: without one the browser asks for
      // /favicon.ico, and whether that 404 is logged before the refresh is a race.
      const redirectHtml = await (await request.get(from)).text();
      expect(redirectHtml, `${from}: the redirect page`).toContain(`url=${to}`);
      const icon = /<link rel="icon" href="([^"]+)">/.exec(redirectHtml)?.[1];
      expect(icon, `${from}: the redirect page's icon`).toBeDefined();
      expect((await request.get(icon!)).status(), `${from}: ${icon}`).toBe(200);
      await page.goto(from);
      await page.waitForURL((url) => url.pathname === to);
      await page.waitForSelector('html[data-has-hydrated="true"]');
      await expect(page.getByRole('heading', {level: 1}), from).toHaveText(title);
    }
  });

  test('an unknown path answers 404 with the not-found page', async ({page, pageErrors}) => {
    pageErrors.allow(/status of 404/, 'the browser reports the 404 document itself');
    const response = await page.goto('/docs/this-page-does-not-exist');
    await page.waitForSelector('html[data-has-hydrated="true"]');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Page Not Found');
    await expect(page).toHaveTitle('Page Not Found | AnswerAI');
  });
});
