import AxeBuilder from '@axe-core/playwright';
import {test, expect, gotoHydrated, renderDeferredSchemas} from './fixtures';
import {pageTypes} from './pages';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

for (const mode of ['light', 'dark'] as const) {
  test.describe(`accessibility in ${mode} mode`, () => {
    test.beforeEach(async ({page}) => {
      await page.addInitScript((theme) => window.localStorage.setItem('theme', theme), mode);
    });

    for (const {type, path} of pageTypes) {
      test(`${type} (${path}) has no WCAG 2.1 A/AA violations`, async ({page}) => {
        await gotoHydrated(page, path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
        await renderDeferredSchemas(page);
        await page.evaluate(() => window.scrollTo(0, 0));
        const results = await new AxeBuilder({page}).withTags(wcagTags).analyze();
        const violations = results.violations.map(
          (v) =>
            `${v.id}: ${v.help} (${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(', ')})`,
        );
        expect(violations).toEqual([]);
      });
    }

    test('the not-found page has no WCAG 2.1 A/AA violations', async ({page, pageErrors}) => {
      pageErrors.allow(/status of 404/, 'the browser reports the 404 document itself');
      await page.goto('/no-such-page');
      await page.waitForSelector('html[data-has-hydrated="true"]');
      const results = await new AxeBuilder({page}).withTags(wcagTags).analyze();
      expect(results.violations.map((v) => v.id)).toEqual([]);
    });
  });
}

test.describe('keyboard', () => {
  test('every navbar control is reachable with Tab and visibly focused', async ({page}) => {
    await gotoHydrated(page, '/docs/intro');
    const reached = new Set<string>();
    for (let i = 0; i < 25; i += 1) {
      await page.keyboard.press('Tab');
      const info = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el) return null;
        const style = getComputedStyle(el);
        return {
          label: el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName,
          inNavbar: Boolean(el.closest('nav.navbar')),
          visibleFocus: style.outlineStyle !== 'none' || style.boxShadow !== 'none',
        };
      });
      if (info?.inNavbar) {
        expect(info.visibleFocus, `focus ring on ${info.label}`).toBe(true);
        reached.add(info.label);
      }
    }
    for (const label of ['Getting Started', 'Chat', 'Developers', 'API Reference', 'Community']) {
      expect([...reached]).toContain(label);
    }
  });
});
