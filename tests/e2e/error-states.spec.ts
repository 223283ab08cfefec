import {test, expect, gotoHydrated} from './fixtures';

test.describe('error states', () => {
  test('a page component that throws shows "This page crashed" with a Try again button', async ({page, pageErrors}) => {
    pageErrors.allow(/Test crash/, 'the page throws on purpose');
    await page.goto('/__test/crash');
    await expect(page.getByRole('heading', {name: 'This page crashed'})).toBeVisible();
    await expect(page.getByRole('button', {name: 'Try again'})).toBeVisible();
    await expect(page.locator('body')).toContainText('Test crash: this page throws on purpose.');
    expect(pageErrors.messages.some((m) => m.includes('Test crash'))).toBe(true);
  });

  test('navigating from a working page to a crashing one keeps the layout around the fallback', async ({
    page,
    pageErrors,
  }) => {
    pageErrors.allow(/Test crash/, 'the page throws on purpose');
    await gotoHydrated(page, '/docs/intro');
    await page.evaluate(() => window.history.pushState({}, '', '/__test/crash'));
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await expect(page.getByRole('button', {name: 'Try again'})).toBeVisible();
    await expect(page.locator('nav.navbar')).toBeVisible();
  });
});
