import {test, expect, gotoHydrated} from './fixtures';

test.describe('browser storage unavailable', () => {
  test('the site renders and the colour toggle still works when localStorage throws', async ({page}) => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      });
    });
    await gotoHydrated(page, '/docs/intro');
    await expect(page.locator('article h1')).toBeVisible();
    await page.locator('nav.navbar').getByRole('button', {name: /mode/i}).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', {name: 'Close'}).click();
    await expect(page.locator('[class*="announcementBar_"]')).toHaveCount(0);
  });
});
