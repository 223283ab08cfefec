import {test, expect, gotoHydrated} from './fixtures';

const posts = ['/blog/welcome', '/blog/first-blog-post', '/blog/long-blog-post', '/blog/mdx-blog-post'];

test.describe('blog', () => {
  for (const feed of ['/blog/rss.xml', '/blog/atom.xml']) {
    test(`the ${feed.endsWith('rss.xml') ? 'RSS' : 'Atom'} feed lists the four posts`, async ({request}) => {
      const response = await request.get(feed);
      expect(response.status()).toBe(200);
      const xml = await response.text();
      for (const post of posts) expect(xml).toContain(`https://docs.theanswer.ai${post}`);
      expect(xml).toContain('2025');
    });
  }

  test('the sidebar groups posts by year', async ({page}) => {
    await gotoHydrated(page, '/blog');
    const sidebar = page.locator('aside nav[aria-label="Blog recent posts navigation"]');
    await expect(sidebar.locator('[class*="yearGroupHeading"]').first()).toHaveText(/^20\d\d$/);
    await expect(sidebar.getByRole('link')).toHaveCount(posts.length);
  });

  test('a post shows its authors, tags and reading time', async ({page}) => {
    await gotoHydrated(page, '/blog/long-blog-post');
    await expect(page.locator('article header')).toContainText(/min read/);
    await expect(page.locator('article a[href^="/blog/authors/"]').first()).toBeVisible();
    await expect(page.locator('article footer a[href^="/blog/tags/"]').first()).toBeVisible();
  });

  test('the MDX post renders a component inside the post', async ({page}) => {
    await gotoHydrated(page, '/blog/mdx-blog-post');
    await expect(page.locator('article .theme-admonition').first()).toBeVisible();
  });

  test('the list shows truncated posts with a read-more link', async ({page}) => {
    await gotoHydrated(page, '/blog');
    expect(await page.getByRole('link', {name: /Read more/}).count()).toBeGreaterThanOrEqual(posts.length);
  });
});
