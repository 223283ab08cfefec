import {test, expect, gotoHydrated} from './fixtures';
import type {Page} from '@playwright/test';

/** Types a query into the navbar search box and returns the result options. */
async function search(page: Page, query: string) {
  const input = page.locator('nav.navbar').getByPlaceholder('Search');
  await input.click();
  await input.fill(query);
  const options = page.getByRole('listbox').getByRole('option');
  await expect(options.first()).toBeVisible({timeout: 15_000});
  return {input, options};
}

test.describe('offline search', () => {
  test('the search index is not requested before the search box is used', async ({page}) => {
    const indexRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('search-index')) indexRequests.push(request.url());
    });
    await gotoHydrated(page, '/docs/intro');
    await page.waitForLoadState('networkidle');
    expect(indexRequests).toEqual([]);
    await page.locator('nav.navbar').getByPlaceholder('Search').focus();
    await expect.poll(() => indexRequests.length).toBeGreaterThan(0);
  });

  test('finds a node page by its name and Enter opens it', async ({page}) => {
    await gotoHydrated(page, '/');
    const {input, options} = await search(page, 'Pinecone');
    const top = await options.evaluateAll((nodes) => nodes.slice(0, 3).map((n) => n.textContent ?? ''));
    expect(top.some((text) => text.includes('Pinecone'))).toBe(true);
    await input.press('Enter');
    await expect(page).toHaveURL(/\/nodes\/vector-stores\/pinecone/);
  });

  test('finds an API operation', async ({page}) => {
    await gotoHydrated(page, '/');
    const {input, options} = await search(page, 'create prediction');
    await expect(options.first()).toContainText('Create prediction');
    await expect(options.first()).toContainText('Prediction');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/docs\/api\/prediction\/create-prediction/);
  });

  test('finds a blog post by a word from its text', async ({page}) => {
    await gotoHydrated(page, '/');
    const {options} = await search(page, 'Facebook');
    await expect(options.first()).toContainText('Facebook');
    await options.first().click();
    await expect(page).toHaveURL(/\/blog\/mdx-blog-post/);
  });

  test('arrow keys move through results and the result highlights the terms', async ({page}) => {
    await gotoHydrated(page, '/');
    const {input, options} = await search(page, 'knowledge base');
    await input.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(options.first().locator('mark').first()).toBeVisible();
  });

  test('has a full search results page', async ({page}) => {
    await gotoHydrated(page, '/search?q=retriever');
    const results = page.locator('#__docusaurus_skipToContent_fallback');
    await expect(results.getByRole('heading', {level: 1})).toContainText(/retriever/i);
    await expect.poll(() => results.locator('a[href*="/retrievers/"]').count()).toBeGreaterThan(0);
  });

  test('Ctrl+K focuses the search box and typing searches', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await page.keyboard.press('Control+k');
    const input = page.locator('nav.navbar').getByPlaceholder('Search');
    await expect(input).toBeFocused();
    await page.keyboard.type('variables');
    await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible({timeout: 15_000});
  });

  test('a page opened from a result highlights the searched terms', async ({page}) => {
    await gotoHydrated(page, '/docs/intro?_highlight=sidekick');
    await expect(page.locator('article mark').first()).toBeVisible();
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
