import {test, expect, gotoHydrated} from './fixtures';
import {announcement} from '../../config/site';

test.describe('announcement bar', () => {
  test('is shown, closes, and stays closed across reload', async ({page}) => {
    await gotoHydrated(page, '/');
    const bar = page
      .getByRole('banner')
      .filter({hasText: 'API reference'})
      .or(page.locator('[class*="announcementBar"]'));
    await expect(bar.first()).toBeVisible();
    await page.getByRole('button', {name: 'Close'}).click();
    await expect(page.locator('[class*="announcementBar_"]')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.dismiss'))).toBe('true');
    expect(await page.evaluate(() => localStorage.getItem('docusaurus.announcement.id'))).toBe(announcement.id);
    await page.reload();
    await page.waitForSelector('html[data-has-hydrated="true"]');
    await expect(page.locator('[class*="announcementBar_"]')).toHaveCount(0);
  });

  test('reappears when the announcement id changes', async ({page}) => {
    await page.addInitScript(() => {
      localStorage.setItem('docusaurus.announcement.dismiss', 'true');
      localStorage.setItem('docusaurus.announcement.id', 'an-older-announcement');
    });
    await gotoHydrated(page, '/');
    await expect(page.locator('[class*="announcementBar_"]').first()).toBeVisible();
  });
});
