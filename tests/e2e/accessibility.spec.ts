import {mkdirSync} from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type {Page} from '@playwright/test';
import {test, expect, gotoHydrated, renderDeferredSchemas} from './fixtures';
import {pageTypes} from './pages';

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. */
export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** A phone and a desktop: every state is checked at both. */
const widths = [360, 1280] as const;

/**
 * With `A11Y_SCREENSHOTS=<folder>`, each state axe checks is also saved there as a PNG
 * (`npm run screenshots -- --sheet-from <folder>` makes a contact sheet of them).
 */
const screenshotDir = process.env.A11Y_SCREENSHOTS;

/** axe's violations on the page as it is now, one line per rule with up to three of its nodes. */
async function axeViolations(page: Page, state: string): Promise<string[]> {
  if (screenshotDir) {
    mkdirSync(screenshotDir, {recursive: true});
    await page.screenshot({path: path.join(screenshotDir, `${state.replace(/[^\w-]+/g, '_')}.png`)});
  }
  const results = await new AxeBuilder({page}).withTags(axeTags).analyze();
  return results.violations.map(
    (v) =>
      `${state}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}

/** Opens `path` at `width` in the colour mode of the test (see beforeEach). */
async function open(page: Page, route: string, width: number): Promise<void> {
  await page.setViewportSize({width, height: 800});
  await gotoHydrated(page, route);
}

for (const mode of ['light', 'dark'] as const) {
  test.describe(`accessibility in ${mode} mode, at ${widths.join(' and ')} px`, () => {
    // One test per state and width, so that a heavy operation page (schemas rendered, explorer opened) stays well
    // inside its limit when builds share the machine's two cores.
    test.describe.configure({timeout: 180_000});
    test.beforeEach(async ({page}) => {
      await page.addInitScript((theme) => window.localStorage.setItem('theme', theme), mode);
    });

    for (const width of widths) {
      for (const {type, path: route} of pageTypes) {
        test(`${type} (${route}) at ${width} px has no axe violations`, async ({page}) => {
          await open(page, route, width);
          await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
          await renderDeferredSchemas(page);
          await page.evaluate(() => window.scrollTo(0, 0));
          expect(await axeViolations(page, `${type}-${mode}-${width}`)).toEqual([]);
        });
      }

      test(`the not-found page at ${width} px has no axe violations`, async ({page, pageErrors}) => {
        pageErrors.allow(/status of 404/, 'the browser reports the 404 document itself');
        await page.setViewportSize({width, height: 800});
        await page.goto('/no-such-page');
        await page.waitForSelector('html[data-has-hydrated="true"]');
        await expect(page.getByRole('heading', {level: 1})).toBeVisible();
        expect(await axeViolations(page, `not-found-${mode}-${width}`)).toEqual([]);
      });

      for (const route of ['/docs/api/tools/get-all-tools', '/docs/api/prediction/create-prediction']) {
        test(`the API explorer, opened on ${route} at ${width} px, has no axe violations`, async ({page}) => {
          await open(page, route, width);
          await page.getByRole('button', {name: 'Show request samples'}).click();
          await expect(page.getByRole('button', {name: 'Send API Request'})).toBeVisible({timeout: 60_000});
          // The Base URL's server select too, opened with "Edit".
          await page.getByRole('button', {name: 'Edit'}).click();
          await expect(page.locator('.openapi-explorer__server-container select')).toBeVisible();
          await page.locator('#api-explorer-heading').scrollIntoViewIfNeeded();
          expect(await axeViolations(page, `explorer-${route.split('/').pop()}-${mode}-${width}`)).toEqual([]);
        });
      }

      test(`the search dialog with results at ${width} px has no axe violations`, async ({page}) => {
        await open(page, '/docs/intro', width);
        await page.locator('nav.navbar').getByRole('button', {name: 'Search'}).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('combobox').fill('chat memory');
        await expect(dialog.getByRole('option').first()).toBeVisible({timeout: 15_000});
        expect(await axeViolations(page, `search-dialog-${mode}-${width}`)).toEqual([]);
      });
    }

    test('the mobile menu, opened, has no axe violations', async ({page}) => {
      await open(page, '/docs/intro', 360);
      await page.getByRole('button', {name: 'Toggle navigation bar'}).click();
      const sidebar = page.locator('.navbar-sidebar');
      // Fully slid in and opaque (it slides in with a transition).
      await expect
        .poll(() => sidebar.evaluate((el) => [el.getBoundingClientRect().left, getComputedStyle(el).opacity]))
        .toEqual([0, '1']);
      expect(await axeViolations(page, `mobile-menu-${mode}-360`)).toEqual([]);
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
