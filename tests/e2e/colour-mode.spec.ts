import {test, expect, gotoHydrated} from './fixtures';
import {codeThemes} from '../../src/components/CodeThemePicker/themes';

test.describe('colour mode', () => {
  test('is light by default', async ({page}) => {
    await gotoHydrated(page, '/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('the toggle switches to dark and the choice persists across reload', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    const toggle = page.locator('nav.navbar').getByRole('button', {name: /mode/i});
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await page.waitForSelector('html[data-has-hydrated="true"]');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('ignores the system preference (respectPrefersColorScheme is off)', async ({browser}) => {
    const context = await browser.newContext({colorScheme: 'dark'});
    const page = await context.newPage();
    await gotoHydrated(page, '/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await context.close();
  });
});

test.describe('code theme', () => {
  test('offers the eight Prism themes and persists the choice', async ({page}) => {
    await gotoHydrated(page, '/docs/integrations/make');
    const select = page.locator('nav.navbar').getByLabel('Code theme');
    const options = await select.locator('option').allTextContents();
    expect(options).toEqual(codeThemes.map((theme) => theme.label));
    const code = page.locator('.theme-code-block pre').first();
    const before = await code.evaluate((el) => getComputedStyle(el).backgroundColor);
    await select.selectOption({label: 'Okaidia'});
    await expect(page.locator('html')).toHaveAttribute('data-code-theme', 'okaidia');
    await expect.poll(() => code.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(39, 40, 34)');
    expect(before).not.toBe('rgb(39, 40, 34)');
    await page.reload();
    await page.waitForSelector('html[data-has-hydrated="true"]');
    await expect(page.locator('html')).toHaveAttribute('data-code-theme', 'okaidia');
    await expect(page.locator('nav.navbar').getByLabel('Code theme')).toHaveValue('okaidia');
  });
});
