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

/**
 * Why the focused element cannot be seen, or null when it can: focus on nothing (the page itself), an element
 * of no size, hidden or transparent, one without a focus indicator (an outline or shadow on it, or an outline
 * on its parent or grandparent, drawn with :focus-within), one outside the viewport, or one covered by
 * something else (the sticky navbar above all) at the top or the middle of its visible part.
 */
function focusProblem(): string | null {
  const el = document.activeElement as HTMLElement | null;
  if (!el || el === document.body || el === document.documentElement) return 'focus is on the page, not an element';
  const name = `<${el.tagName.toLowerCase()}> "${(el.getAttribute('aria-label') || el.textContent || '').trim().slice(0, 40)}"`;
  const box = el.getBoundingClientRect();
  if (box.width < 1 || box.height < 1) return `${name} has no size`;
  for (let node: Element | null = el; node; node = node.parentElement) {
    const s = getComputedStyle(node);
    if (s.visibility === 'hidden' || Number(s.opacity) < 0.9) return `${name} is hidden or transparent`;
  }
  const outlined = (node: Element | null) => {
    const s = node && getComputedStyle(node);
    return Boolean(s && s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2);
  };
  const indicator =
    outlined(el) ||
    getComputedStyle(el).boxShadow !== 'none' ||
    outlined(el.parentElement) ||
    outlined(el.parentElement?.parentElement ?? null);
  if (!indicator) return `${name} shows no focus indicator`;
  // A link that wraps has a box per line: probe the first line in view.
  const part = [...el.getClientRects()].find((r) => r.width >= 1 && r.bottom > 0 && r.top < window.innerHeight) ?? box;
  const top = Math.max(part.top, 0);
  const bottom = Math.min(part.bottom, window.innerHeight);
  const left = Math.max(part.left, 0);
  const right = Math.min(part.right, window.innerWidth);
  if (bottom - top < 1 || right - left < 1) return `${name} is outside the viewport`;
  const x = (left + right) / 2;
  for (const [where, y] of [
    ['top', top + Math.min(2, (bottom - top) / 2)],
    ['middle', (top + bottom) / 2],
  ] as const) {
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(el === hit || el.contains(hit) || hit.contains(el))) {
      const cover = hit ? `<${hit.tagName.toLowerCase()} class="${hit.className}">` : 'nothing';
      const inNavbar = hit?.closest('nav.navbar') ? ' (the navbar)' : '';
      return `${name} is covered at its ${where} (${Math.round(y)} px) by ${cover}${inNavbar}`;
    }
  }
  return null;
}

/**
 * Asserts that focus is on a visible element (see focusProblem); `step` names the step in the message. The
 * navbar slides in and out as the page scrolls, so the check waits for the page to settle rather than reading
 * it at one instant.
 */
async function expectVisibleFocus(page: Page, step: string): Promise<void> {
  await expect.poll(() => page.evaluate(focusProblem), {message: step, timeout: 5000}).toBeNull();
}

/** Presses `key` `count` times, checking after each press that focus stays visible. */
async function pressAndCheck(page: Page, key: string, count: number, journey: string): Promise<void> {
  for (let i = 1; i <= count; i += 1) {
    await page.keyboard.press(key);
    await expectVisibleFocus(page, `${journey}: ${key} ${i}`);
  }
}

test.describe('keyboard journeys: focus stays on a visible element below the navbar', () => {
  for (const width of [360, 1280]) {
    test(`skip to main content, then Tab through a doc page, at ${width} px`, async ({page}) => {
      await page.setViewportSize({width, height: 800});
      await gotoHydrated(page, '/docs/developers/use-cases/interacting-with-api');
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', {name: 'Skip to main content'})).toBeFocused();
      await expectVisibleFocus(page, 'the skip link');
      await page.keyboard.press('Enter');
      await expect(page.locator('main')).toBeFocused();
      await expectVisibleFocus(page, 'after Skip to main content');
      await pressAndCheck(page, 'Tab', 20, 'after the skip link');
    });

    test(`Shift+Tab back up a long page from the footer, at ${width} px`, async ({page}) => {
      await page.setViewportSize({width, height: 800});
      await gotoHydrated(page, '/docs/using-answerai/sidekick-studio/nodes/chat-models/chatopenai');
      await page.locator('footer a').last().focus();
      await expectVisibleFocus(page, 'the last footer link');
      // Back through the footer, the pagination and the page's content, which scrolls down under the navbar.
      await pressAndCheck(page, 'Shift+Tab', 40, 'backwards');
    });
  }

  test('the API explorer: Show request samples, Edit and Hide move focus to what they reveal', async ({page}) => {
    // The explorer's code loads on demand: on a busy machine that can take tens of seconds.
    test.slow();
    await gotoHydrated(page, '/docs/api/prediction/create-prediction');
    await page.getByRole('button', {name: 'Show request samples'}).focus();
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', {name: 'Request samples and explorer'});
    await expect(heading).toBeFocused();
    await expectVisibleFocus(page, 'after Show request samples');
    await expect(page.getByRole('button', {name: 'Send API Request'})).toBeVisible({timeout: 60_000});
    await expect(heading).toBeFocused();
    await pressAndCheck(page, 'Tab', 4, 'into the explorer');

    await page.getByRole('button', {name: 'Edit'}).focus();
    await page.keyboard.press('Enter');
    const select = page.locator('.openapi-explorer__server-container select');
    await expect(select).toBeFocused();
    await expectVisibleFocus(page, 'after Edit');
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('button', {name: 'Hide'})).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', {name: 'Edit'})).toBeFocused();
    await expectVisibleFocus(page, 'after Hide');
    await pressAndCheck(page, 'Tab', 12, 'through the request form');
  });

  test('the request body editor can be reached, edited and left with the keyboard', async ({page}) => {
    // The explorer's code loads on demand: on a busy machine that can take tens of seconds.
    test.slow();
    await gotoHydrated(page, '/docs/api/prediction/create-prediction');
    await page.getByRole('button', {name: 'Show request samples'}).click();
    const editor = page.getByRole('textbox', {name: 'Request body'});
    await editor.focus();
    await expectVisibleFocus(page, 'the body editor');
    await page.keyboard.press('Control+End');
    await page.keyboard.type(' ');
    await page.keyboard.press('Tab');
    await expect(editor).not.toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(editor).toBeFocused();
    // Still editable after it lost focus once.
    await page.keyboard.press('Control+End');
    await page.keyboard.type('x');
    await expect(editor).toContainText(/x\s*$/);
  });

  test('the search dialog: opened with the keyboard, focus in it, back on the Search button when closed', async ({
    page,
  }) => {
    await gotoHydrated(page, '/docs/intro');
    const button = page.locator('nav.navbar').getByRole('button', {name: 'Search'});
    await button.focus();
    await page.keyboard.press('Enter');
    const input = page.getByRole('dialog').getByRole('combobox');
    await expect(input).toBeFocused();
    await expectVisibleFocus(page, 'the search field');
    await page.keyboard.type('memory');
    await expect(page.getByRole('dialog').getByRole('option').first()).toBeVisible({timeout: 15_000});
    await pressAndCheck(page, 'Tab', 1, 'in the dialog');
    await page.keyboard.press('Escape');
    await expect(button).toBeFocused();
    await expectVisibleFocus(page, 'after closing the dialog');
  });
});

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
    // The focus trap loads with the first opening; once active it has moved focus into the menu.
    await expect
      .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('.navbar-sidebar'))))
      .toBe(true);
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
    // The explorer's code loads on demand: on a busy machine that can take tens of seconds.
    test.slow();
    await gotoHydrated(page, '/docs/api/prediction/create-prediction');
    await page.getByRole('button', {name: 'Show request samples'}).click();
    const explorer = page.locator('.openapi-explorer__request-form');
    await expect(explorer).toBeVisible({timeout: 60_000});
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
      // Controls may fade in (a 0.2 s transition); each must end fully visible.
      await expect
        .poll(async () => (await focusedControl())?.visible, {
          message: `${focused.label} is visible when focused`,
          timeout: 5000,
        })
        .toBe(true);
      reached.add(focused.label);
      await page.keyboard.press('Tab');
    }
    expect([...reached]).toEqual(expect.arrayContaining(['Edit', 'Send API Request']));
  });
});
