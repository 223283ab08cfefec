import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {test, expect, gotoHydrated} from './fixtures';

const buildDir = process.env.ANSWERAI_BUILD_DIR ?? path.join(__dirname, '..', '..', 'build');
const jsDir = path.join(buildDir, 'assets', 'js');
const nodePage = '/docs/using-answerai/sidekick-studio/nodes/chat-models/groqchat';

/** Marks the window, to tell a client-side navigation (the mark stays) from a page load (it is gone). */
const mark = () => (window as unknown as {__sameDocument?: boolean}).__sameDocument;

/**
 * The JavaScript files a chunk-hash map in minified code names: `{3:"206cacb8",6e3:"de46e66a"}` names
 * `3.206cacb8.js` and `6000.de46e66a.js` (the minifier writes round ids in exponent notation).
 */
function chunkFiles(code: string): string[] {
  return [...code.matchAll(/(?<=[{,])(\d+(?:e\d+)?):"([0-9a-f]{8})"/g)].map((m) => `${Number(m[1])}.${m[2]}.js`);
}

test.describe('route table per section', () => {
  test('the main bundle holds no page of the docs sections, nor the sections of an area, only the area', async () => {
    const js = readdirSync(jsDir);
    const main = readFileSync(
      path.join(
        jsDir,
        js.find((f) => /^main\.\w+\.js$/.test(f))!,
      ),
      'utf8',
    );
    expect(main).not.toContain(`"${nodePage}"`);
    expect(main).not.toContain('"/docs/developers/environment-variables"');
    expect(main).not.toContain('"/docs/using-answerai/sidekick-studio/nodes/chat-models"');
    expect(main).toContain('"/docs/using-answerai"');
    expect(main).not.toContain('"/blog/mdx-blog-post"');
  });

  test('the runtime names the files of the shell chunks, each section those of its pages, and every named file exists', async () => {
    const files = readdirSync(jsDir);
    const runtime = readFileSync(
      path.join(
        jsDir,
        files.find((f) => f.startsWith('runtime~main.'))!,
      ),
      'utf8',
    );
    const named = chunkFiles(runtime);
    let sections = 0;
    for (const file of files) {
      const registered = readFileSync(path.join(jsDir, file), 'utf8').match(/__routeChunks\.hashes,(\{[^}]*\})/);
      if (!registered) continue;
      sections += 1;
      named.push(...chunkFiles(registered[1]));
    }
    expect(sections).toBeGreaterThan(10);
    expect(named.filter((file) => !files.includes(file))).toEqual([]);
    // The runtime names fewer chunks than the site has pages.
    expect(chunkFiles(runtime).length).toBeLessThan(named.length / 2);
  });

  test('a first visit names its section in the HTML and renders without a second section request', async ({page}) => {
    const html = await (await page.request.get(nodePage)).text();
    const bundles = [...html.matchAll(/href=(\/assets\/js\/[\w.]+\.js) data-bundle/g)].map((m) => m[1]);
    const sectionRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/js/') && !bundles.some((b) => request.url().endsWith(b)))
        sectionRequests.push(request.url());
    });
    await gotoHydrated(page, nodePage);
    await expect(page.locator('article h1')).toHaveText('GroqChat');
    // Only prefetches of other pages may follow, never a chunk this page needs to render.
    for (const url of sectionRequests) {
      expect(
        await page.evaluate(
          (u) => (performance.getEntriesByName(u)[0] as PerformanceResourceTiming | undefined)?.initiatorType,
          url,
        ),
      ).not.toBe('script');
    }
  });

  test('client-side navigation reaches a page of another section, and back and forward work', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await page.evaluate(() => Object.assign(window, {__sameDocument: true}));
    const developers = page
      .locator('.theme-doc-sidebar-container')
      .getByRole('link', {name: 'Developers', exact: true})
      .first();
    const href = (await developers.getAttribute('href'))!;
    await developers.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/\//g, '\\/')}$`));
    await expect(page.getByRole('main').getByRole('heading', {level: 1})).toBeVisible();
    await page.goto('/docs/intro');
    await page.waitForSelector('html[data-has-hydrated="true"]');
    await page.evaluate(() => Object.assign(window, {__sameDocument: true}));
    await page.evaluate((to) => window.history.pushState({}, '', to), nodePage);
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await expect(page.locator('article h1')).toHaveText('GroqChat');
    await page.goBack();
    await expect(page).toHaveURL(/\/docs\/intro$/);
    await expect(page.locator('article h1')).toContainText('Getting started');
    await page.goForward();
    await expect(page.locator('article h1')).toHaveText('GroqChat');
    expect(await page.evaluate(mark)).toBe(true);
  });

  test('hovering a link to another section loads that section and the page before the click', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    const loaded: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/assets/js/')) loaded.push(response.url());
    });
    const link = page
      .locator('article a[href^="/docs/developers"], .theme-doc-sidebar-container a[href^="/docs/developers"]')
      .first();
    await link.hover();
    await expect.poll(() => loaded.length).toBeGreaterThan(0);
    await page.evaluate(() => Object.assign(window, {__sameDocument: true}));
    await link.click();
    await expect(page).toHaveURL(/\/docs\/developers/);
    expect(await page.evaluate(mark)).toBe(true);
  });

  test('a link with a hash to a page of another section scrolls to its heading', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await page.evaluate(() => Object.assign(window, {__sameDocument: true}));
    await page.evaluate(() => {
      window.history.pushState({}, '', '/docs/developers/environment-variables#troubleshooting');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const heading = page.locator('#troubleshooting');
    await expect(heading).toBeInViewport();
    expect(await page.evaluate(mark)).toBe(true);
  });

  test('an unknown path inside a section shows the not-found page after a client-side navigation', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await page.evaluate(() => {
      window.history.pushState({}, '', '/docs/using-answerai/sidekick-studio/nodes/chat-models/no-such-node');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', {name: 'Page Not Found'})).toBeVisible();
  });
});
