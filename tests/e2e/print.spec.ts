import {test, expect, gotoHydrated} from './fixtures';

test.describe('print', () => {
  for (const mode of ['light', 'dark'] as const) {
    test(`prints dark text on white from ${mode} mode, without breadcrumbs, toolbar or navigation`, async ({page}) => {
      await page.addInitScript((theme) => window.localStorage.setItem('theme', theme), mode);
      await gotoHydrated(page, '/docs/developers/use-cases/interacting-with-api');
      await page.emulateMedia({media: 'print'});
      const colours = await page.evaluate(() => {
        const paragraph = document.querySelector('article p')!;
        const token = document.querySelector('.theme-code-block .token')!;
        return {
          text: getComputedStyle(paragraph).color,
          token: getComputedStyle(token).color,
          page: getComputedStyle(document.body).backgroundColor,
        };
      });
      expect(colours).toEqual({text: 'rgb(0, 0, 0)', token: 'rgb(0, 0, 0)', page: 'rgb(255, 255, 255)'});
      for (const hidden of [
        '.theme-doc-breadcrumbs',
        '[data-page-toolbar]',
        '.navbar',
        '.theme-doc-sidebar-container',
        '.footer',
      ]) {
        await expect(page.locator(hidden).first(), hidden).toBeHidden();
      }
      await expect(page.locator('article h1')).toBeVisible();
    });
  }
});
