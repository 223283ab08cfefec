import {test, expect, gotoHydrated, searchInDialog} from './fixtures';

test.describe('site search', () => {
  test('preloads the search engine only after the page has loaded, when the browser is idle', async ({page}) => {
    // Requests of the page and of the engine's worker (which loads the WebAssembly and the index metadata).
    const requests: string[] = [];
    page.context().on('request', (request) => {
      const {pathname} = new URL(request.url());
      if (pathname.startsWith('/pagefind/')) requests.push(pathname.replace(/_\w+\.pf_meta$/, '.pf_meta'));
    });
    await gotoHydrated(page, '/docs/intro');
    // The engine's script, its WebAssembly, the index metadata and the vocabulary arrive without any use of the search.
    await expect
      .poll(() => requests)
      .toEqual(
        expect.arrayContaining([
          '/pagefind/pagefind.js',
          '/pagefind/wasm.en.pagefind',
          '/pagefind/pagefind.en.pf_meta',
          '/pagefind/vocabulary.json',
        ]),
      );
    // Not before the load event (no preload tag or early script): the page's own loading comes first.
    const {loadEnd, engineStart} = await page.evaluate(() => ({
      loadEnd: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
      engineStart: performance.getEntriesByName(new URL('/pagefind/pagefind.js', location.href).href)[0]?.startTime,
    }));
    expect(loadEnd).toBeGreaterThan(0);
    expect(engineStart).toBeGreaterThanOrEqual(loadEnd);
    // No index chunk and no result before a query.
    expect(requests.filter((path) => /\/(index|fragment)\//.test(path))).toEqual([]);
  });

  test('a reader who saves data loads nothing of the search before pointing at it', async ({page}) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', {
        value: {saveData: true, effectiveType: '4g'},
        configurable: true,
      });
    });
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/pagefind/')) requests.push(request.url());
    });
    await gotoHydrated(page, '/docs/intro');
    // An idle callback asked for now runs after the one the page asked for at its load event.
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve, {timeout: 5000})));
    await page.waitForLoadState('networkidle');
    expect(requests).toEqual([]);
    await page.getByRole('button', {name: /^Search/}).hover();
    await expect.poll(() => requests.some((url) => url.endsWith('/pagefind/pagefind.js'))).toBe(true);
  });

  test('the navbar button and Ctrl+K open the dialog; Escape closes it and focus returns to the button', async ({
    page,
  }) => {
    await gotoHydrated(page, '/docs/intro');
    const button = page.getByRole('button', {name: /^Search/});
    await button.click();
    const dialog = page.getByRole('dialog', {name: 'Search the documentation'});
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('combobox', {name: 'Search the docs'})).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    await page.keyboard.press('Control+k');
    await expect(dialog).toBeVisible();
  });

  test('finds a node page by its name and Enter on the selected row opens it', async ({page}) => {
    await gotoHydrated(page, '/');
    const {input, options} = await searchInDialog(page, 'Pinecone');
    await expect(options.first()).toContainText('Pinecone');
    await input.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', (await options.first().getAttribute('id'))!);
    await input.press('Enter');
    await expect(page).toHaveURL(/\/nodes\/vector-stores\/pinecone/);
  });

  test('corrects a misspelt product name', async ({page}) => {
    await gotoHydrated(page, '/');
    const {options} = await searchInDialog(page, 'pincone');
    await expect(page.getByRole('status')).toContainText('Showing results for “pinecone”');
    await expect(options.first()).toContainText('Pinecone');
  });

  test('arrow keys wrap around; each row shows the title, the section, the breadcrumbs and the matched words', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    const {input, options} = await searchInDialog(page, 'record manager cleanup');
    const count = await options.count();
    await input.press('ArrowUp');
    await expect(options.nth(count - 1)).toHaveAttribute('aria-selected', 'true');
    await input.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await expect(options.first().locator('mark').first()).toBeVisible();
    await expect(options.first()).toContainText('›');
  });

  test('rows are distinct pages with clean titles and breadcrumbs', async ({page}) => {
    await gotoHydrated(page, '/');
    const {options} = await searchInDialog(page, 'memory');
    const rows = await options.allTextContents();
    expect(rows.every((row) => !/📄|�|Developers › Developers/.test(row))).toBe(true);
    // The second line of a row is its title (the first is its type and place).
    const titles = await options.locator(':scope > span:nth-child(2)').allTextContents();
    expect(new Set(titles).size).toBe(titles.length);
    expect(titles.every((title) => title.trim().length > 0)).toBe(true);
  });

  test('Enter with no row selected opens the results page, which has a main landmark and links to the sections', async ({
    page,
  }) => {
    await gotoHydrated(page, '/docs/intro');
    const {input} = await searchInDialog(page, 'retriever');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=retriever/);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', {level: 1})).toHaveText('Search results for “retriever”');
    await expect.poll(() => main.locator('a[href*="/retrievers/"]').count()).toBeGreaterThan(0);
  });

  test('the results page answers a shared URL directly', async ({page}) => {
    await gotoHydrated(page, '/search?q=create%20prediction');
    await expect(page.getByRole('main').locator('a').first()).toHaveAttribute(
      'href',
      /\/docs\/api\/prediction\/create-prediction/,
    );
  });

  test('a page opened from a result marks the searched words', async ({page}) => {
    await gotoHydrated(page, '/');
    const {options} = await searchInDialog(page, 'sidekick');
    await options.first().click();
    await expect(page).toHaveURL(/highlight=sidekick/);
    await expect(page.locator('[data-pagefind-body] mark.search-term').first()).toBeVisible();
  });

  test('finds API operations by a field name of their schemas', async ({page}) => {
    await gotoHydrated(page, '/search?q=overrideConfig');
    await expect(page.getByRole('main').locator('a[href*="/docs/api/prediction/"]').first()).toBeVisible({
      timeout: 15_000,
    });
  });
});

test.describe('pages for reuse', () => {
  test('the Copy page control puts the page Markdown on the clipboard', async ({page, context, request}) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoHydrated(page, '/docs/intro');
    await page.getByRole('button', {name: 'Copy page'}).click();
    await expect(page.getByRole('button', {name: 'Copied'})).toBeVisible();
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    const markdown = await (await request.get('/docs/intro.md')).text();
    expect(clipboard).toBe(markdown);
    expect(markdown).toMatch(/^# Getting started with AnswerAI\n/);
    await expect(page.getByRole('link', {name: 'View as Markdown'})).toHaveAttribute('href', '/docs/intro.md');
  });

  test('every page has a description, canonical URL, Open Graph and Twitter tags and a social image', async ({
    page,
  }) => {
    for (const route of ['/', '/docs/intro', '/blog/welcome', '/docs/api/', '/privacy-policy']) {
      await page.goto(route);
      const head = page.locator('head');
      await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /.{30,}/);
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', /^https:\/\/docs\.theanswer\.ai\//);
      await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', /.+/);
      await expect(head.locator('meta[property="og:image"]')).toHaveAttribute('content', /social-card\.png$/);
      await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    }
  });

  test('robots.txt points at the sitemap, which exists', async ({request}) => {
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Sitemap: https://docs.theanswer.ai/sitemap.xml');
    expect((await request.get('/sitemap.xml')).status()).toBe(200);
    expect((await request.get('/img/social-card.png')).status()).toBe(200);
  });
});
