import {test, expect, gotoHydrated, phone} from './fixtures';
import type {Page} from '@playwright/test';

/**
 * The contrast ratio (WCAG 2.x) between the focused element's outline colour and the background it is drawn on
 * (the nearest ancestor background that is not transparent), and a name for the element.
 */
function focusRingContrast(): {name: string; ratio: number; outline: string} | null {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body) return null;
  const style = getComputedStyle(el);
  const rgb = (color: string) => (color.match(/[\d.]+/g) ?? []).map(Number);
  const luminance = ([r, g, b]: number[]) => {
    const channel = (c: number) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  let node: Element | null = el.parentElement;
  let background = [255, 255, 255];
  while (node) {
    const value = rgb(getComputedStyle(node).backgroundColor);
    if (value.length >= 3 && (value.length === 3 || value[3] > 0.5)) {
      background = value.slice(0, 3);
      break;
    }
    node = node.parentElement;
  }
  const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 30)}"`;
  if (style.outlineStyle === 'none' || parseFloat(style.outlineWidth) < 2) return {name, ratio: 0, outline: 'none'};
  const [a, b] = [luminance(rgb(style.outlineColor)), luminance(background)].sort((x, y) => y - x);
  return {name, ratio: (a + 0.05) / (b + 0.05), outline: style.outlineColor};
}

/** Presses Tab `count` times from the top of the page and checks the focus ring of each stop. */
async function checkFocusRings(page: Page, count: number): Promise<string[]> {
  const problems: string[] = [];
  await page.keyboard.press('Tab');
  for (let i = 0; i < count; i += 1) {
    const ring = await page.evaluate(focusRingContrast);
    if (ring && ring.ratio < 3)
      problems.push(`${ring.name}: focus ring ${ring.outline}, contrast ${ring.ratio.toFixed(2)}:1`);
    await page.keyboard.press('Tab');
  }
  return problems;
}

test.describe('keyboard and focus', () => {
  test('the mobile menu keeps focus inside while open, Escape closes it and focus returns to the menu button', async ({
    browser,
  }) => {
    const context = await browser.newContext(phone);
    const page = await context.newPage();
    await gotoHydrated(page, '/docs/intro');
    const toggle = page.getByRole('button', {name: 'Toggle navigation bar'});
    await toggle.focus();
    await page.keyboard.press('Enter');
    const sidebar = page.locator('.navbar-sidebar');
    await expect(sidebar).toBeVisible();
    for (let i = 0; i < 40; i += 1) {
      await page.keyboard.press(i % 7 === 6 ? 'Shift+Tab' : 'Tab');
      expect(
        await page.evaluate(() => Boolean(document.activeElement?.closest('.navbar-sidebar'))),
        `Tab ${i + 1}`,
      ).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
    await expect(toggle).toBeFocused();
    await context.close();
  });

  for (const mode of ['light', 'dark'] as const) {
    test(`focus rings have at least 3:1 contrast in ${mode} mode, on the announcement bar, navbar, sidebar and content`, async ({
      page,
    }) => {
      await page.addInitScript((theme) => window.localStorage.setItem('theme', theme), mode);
      await gotoHydrated(page, '/docs/intro');
      expect(await checkFocusRings(page, 30)).toEqual([]);
      await gotoHydrated(page, '/blog/mdx-blog-post');
      expect(await checkFocusRings(page, 25)).toEqual([]);
    });
  }

  test('every control of the API explorer can be reached with Tab and is visible when focused', async ({page}) => {
    await gotoHydrated(page, '/docs/api/prediction/create-prediction');
    await page.getByRole('button', {name: 'Show request samples'}).click();
    const explorer = page.locator('.openapi-explorer__request-form');
    await expect(explorer).toBeVisible({timeout: 15_000});
    await page.locator('.openapi-explorer__request-header-container button').focus();
    const reached = new Set<string>();
    const focusedControl = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el?.closest('.openapi-explorer__request-form')) return null;
        const style = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        return {
          label: (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 40),
          visible: style.visibility !== 'hidden' && Number(style.opacity) > 0.9 && box.width > 0 && box.height > 0,
        };
      });
    for (let i = 0; i < 30; i += 1) {
      const focused = await focusedControl();
      if (!focused) break;
      // Controls may fade in (a 0.2 s transition); each must be fully visible within a second.
      await expect
        .poll(async () => (await focusedControl())?.visible, {
          message: `${focused.label} is visible when focused`,
          timeout: 1000,
        })
        .toBe(true);
      reached.add(focused.label);
      await page.keyboard.press('Tab');
    }
    expect([...reached]).toEqual(expect.arrayContaining(['Edit', 'Send API Request']));
  });
});
