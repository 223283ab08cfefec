import {test, expect, gotoHydrated, openSearch} from './fixtures';
import type {Page} from '@playwright/test';

/**
 * The behaviour of the search dialog and the results page that issue 24
 * found wrong: each test failed on the build before the fix.
 */

const options = (page: Page) => page.getByRole('listbox', {name: 'Search results'}).getByRole('option');

/** The paths of the rows of the results page, without query or hash. */
async function resultPaths(page: Page, query: string): Promise<string[]> {
  await gotoHydrated(page, `/search?q=${encodeURIComponent(query)}`);
  const links = page.getByRole('main').locator('ul a');
  await expect(links.first()).toBeVisible({timeout: 15_000});
  return (await links.evaluateAll((nodes) => nodes.map((n) => n.getAttribute('href') ?? ''))).map(
    (href) => href.split(/[?#]/)[0],
  );
}

test.describe('search behaviour', () => {
  test('one Escape closes the dialog when the box has text', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    await openSearch(page, 'pinecone');
    await expect(options(page).first()).toBeVisible({timeout: 15_000});
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', {name: 'Search the documentation'})).toBeHidden();
  });

  test('on a phone the selected row and "See all results" are always in sight', async ({page}) => {
    await page.setViewportSize({width: 360, height: 640});
    await gotoHydrated(page, '/docs/intro');
    const input = await openSearch(page, 'memory');
    await expect(options(page)).toHaveCount(6, {timeout: 15_000});
    const list = page.getByRole('listbox', {name: 'Search results'});
    for (let i = 0; i < 6; i += 1) {
      await input.press('ArrowDown');
      const selected = options(page).nth(i);
      await expect(selected).toHaveAttribute('aria-selected', 'true');
      // The selected row lies inside the visible part of the list, and the list inside the window.
      await expect
        .poll(async () => {
          const [row, box] = await Promise.all([selected.boundingBox(), list.boundingBox()]);
          return Boolean(row && box && row.y >= box.y - 1 && row.y + row.height <= box.y + box.height + 1);
        })
        .toBe(true);
      await expect(selected).toBeInViewport();
    }
    await expect(page.getByRole('link', {name: /See all results/})).toBeInViewport();
  });

  test('after a result opens, focus is on that page, not on the navbar button', async ({page}) => {
    await gotoHydrated(page, '/');
    const input = await openSearch(page, 'pinecone');
    await expect(options(page).first()).toContainText('Pinecone', {timeout: 15_000});
    await input.press('ArrowDown');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/nodes\/vector-stores\/pinecone/);
    await expect.poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('main, article')))).toBe(true);
    await expect(page.getByRole('button', {name: /^Search/})).not.toBeFocused();
  });

  test('a row for a page named by the query links to the page, not to a template section', async ({page}) => {
    for (const query of ['pinecone', 'chatopenai', 'buffer window memory']) {
      await gotoHydrated(page, `/search?q=${encodeURIComponent(query)}`);
      const first = page.getByRole('main').locator('ul a').first();
      await expect(first).toBeVisible({timeout: 15_000});
      await expect(first).not.toHaveAttribute(
        'href',
        /#(additional-parameters|parameters|credentials|output|limits-and-costs)/,
      );
    }
  });

  test('the dialog lists the first rows of the results page, in the same order', async ({page}) => {
    for (const query of ['vector store', 'retriever', 'chatflow']) {
      await gotoHydrated(page, `/search?q=${encodeURIComponent(query)}`);
      const links = page.getByRole('main').locator('ul a');
      await expect(links.first()).toBeVisible({timeout: 15_000});
      // Both show a row with the same content (HitContent): compare the rows' text.
      const onPage = (await links.allTextContents()).slice(0, 6);
      await openSearch(page, query);
      await expect(options(page)).toHaveCount(6, {timeout: 15_000});
      expect(await options(page).allTextContents()).toEqual(onPage);
      await page.keyboard.press('Escape');
    }
  });

  test('an API path, a quoted name and $vars find their pages', async ({page}) => {
    expect((await resultPaths(page, '/api/v1/vector/upsert'))[0]).toBe('/docs/api/vector-upsert/vector-upsert/');
    expect((await resultPaths(page, 'POST /api/v1/prediction/{id}'))[0]).toBe(
      '/docs/api/prediction/create-prediction/',
    );
    expect((await resultPaths(page, '"pinecone"'))[0]).toBe(
      '/docs/using-answerai/sidekick-studio/nodes/vector-stores/pinecone/',
    );
    expect((await resultPaths(page, '$vars')).slice(0, 5)).toContain('/docs/using-answerai/sidekick-studio/variables/');
  });

  test('a word of the first cell of a table row is found', async ({page}) => {
    expect(await resultPaths(page, 'strength')).toContain(
      '/docs/using-answerai/sidekick-studio/nodes/chat-models/chatollama-llamaindex/',
    );
  });

  test('a word the docs do not use gives an honest "no results", not pages matched on a prefix', async ({page}) => {
    await gotoHydrated(page, '/search?q=kubernetes');
    await expect(page.getByRole('status')).toContainText('No results for “kubernetes”', {timeout: 15_000});
    await expect(page.getByRole('main').locator('ul a')).toHaveCount(0);
  });

  test('rows show the page type and place; API rows show the method and path', async ({page}) => {
    await gotoHydrated(page, '/search?q=create%20prediction');
    const first = page.getByRole('main').locator('ul a').first();
    await expect(first).toContainText('API', {timeout: 15_000});
    await expect(first).toContainText('POST /api/v1/prediction/:id');
    await gotoHydrated(page, '/search?q=pinecone');
    const node = page.getByRole('main').locator('ul a').first();
    await expect(node).toContainText('Node');
    await expect(node).toContainText('Vector Stores');
  });
});
