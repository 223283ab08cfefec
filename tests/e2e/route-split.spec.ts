import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {test, expect, bundlesOf, gotoHydrated} from './fixtures';

const buildDir = process.env.ANSWERAI_BUILD_DIR ?? path.join(__dirname, '..', '..', 'build');
const jsDir = path.join(buildDir, 'assets', 'js');
const nodePage = '/docs/using-answerai/sidekick-studio/nodes/chat-models/groqchat';

/** Marks the window, to tell a client-side navigation (the mark stays) from a page load (it is gone). */
const mark = () => (window as unknown as {__sameDocument?: boolean}).__sameDocument;

test.describe('route table per route group', () => {
  test('the main bundle holds no page of the layout groups, nor the groups of an area, only the area', async () => {
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

  test('the runtime has no map of chunk files: a chunk file is named by the build hash and its id', async () => {
    const runtime = readFileSync(
      path.join(
        jsDir,
        readdirSync(jsDir).find((f) => f.startsWith('runtime~main.'))!,
      ),
      'utf8',
    );
    // A map of chunk ids to content hashes, as `{3:"206cacb8",6e3:"de46e66a"}`, would grow with the site.
    expect(runtime).not.toMatch(/[{,]\d+(e\d+)?:"[0-9a-f]{8}"/);
    expect(runtime).toMatch(/\.u=e=>"assets\/js\/"\+\w+\.h\(\)\.slice\(0,8\)\+"\/"\+e\+"\.js"/);
    const hashDirs = readdirSync(jsDir).filter((f) => /^[0-9a-f]{8}$/.test(f));
    expect(hashDirs).toHaveLength(1);
    expect(readdirSync(path.join(jsDir, hashDirs[0])).length).toBeGreaterThan(100);
  });

  test('a first visit names its groups in the HTML and renders without requesting another chunk to run', async ({
    page,
  }) => {
    const html = await (await page.request.get(nodePage)).text();
    const bundles = bundlesOf(html);
    // The node page is in a layout group inside the node reference's area: both are named.
    expect(bundles.filter((file) => /\/assets\/js\/[0-9a-f]{8}\//.test(file)).length).toBeGreaterThanOrEqual(3);
    const others: Array<{url: string; type: string}> = [];
    page.on('request', (request) => {
      if (request.url().includes('/assets/js/') && !bundles.some((b) => request.url().endsWith(b)))
        others.push({url: request.url(), type: request.resourceType()});
    });
    await gotoHydrated(page, nodePage);
    await expect(page.locator('article h1')).toHaveText('GroqChat');
    await page.waitForLoadState('networkidle');
    // Only prefetches of other pages may follow (link elements the browser fetches without running them), never a
    // chunk this page needs to render (a script).
    for (const {url, type} of others) {
      expect(type, url).not.toBe('script');
      const initiator = await page.evaluate(
        (u) => (performance.getEntriesByName(u)[0] as PerformanceResourceTiming | undefined)?.initiatorType,
        url,
      );
      expect(initiator, url).toBe('link');
    }
  });

  test('client-side navigation reaches a page of another group, and back and forward work', async ({page}) => {
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
    // The click navigated on the client: the mark set before it is still there.
    expect(await page.evaluate(mark)).toBe(true);
    await page.goto('/docs/intro');
    expect(await page.evaluate(mark)).toBeUndefined();
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

  test("hovering a link to another group's page loads its groups and the page before the click", async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    const link = page.locator('article a[href^="/docs/developers"]').first();
    const href = (await link.getAttribute('href'))!;
    // What the target page needs: the chunks its HTML names, less those this page has loaded already.
    const here = bundlesOf(await (await page.request.get('/docs/intro')).text());
    const needed = bundlesOf(await (await page.request.get(href)).text()).filter((file) => !here.includes(file));
    expect(needed.length).toBeGreaterThan(0);
    const loaded: string[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') loaded.push(new URL(response.url()).pathname);
    });
    await link.hover();
    // Core's preload alone would load only what the route table it has names: not the group's page.
    await expect.poll(() => needed.filter((file) => !loaded.includes(file))).toEqual([]);
    await page.evaluate(() => Object.assign(window, {__sameDocument: true}));
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/\/$/, '')}/?$`));
    expect(await page.evaluate(mark)).toBe(true);
  });

  test('a link with a hash to a page of another group scrolls to its heading', async ({page}) => {
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

  test('an unknown path inside a group shows the not-found page after a client-side navigation', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await page.evaluate(() => {
      window.history.pushState({}, '', '/docs/using-answerai/sidekick-studio/nodes/chat-models/no-such-node');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', {name: 'Page Not Found'})).toBeVisible();
  });
});
