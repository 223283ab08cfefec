import {test, expect, gotoHydrated} from './fixtures';

/** The widths the layout must hold at, from a small phone to a wide screen, around the 996/997 px breakpoint. */
export const sweepWidths = [320, 360, 390, 414, 768, 996, 997, 1024, 1100, 1280, 1366, 1440, 1536, 1920, 2560];

/** One page of each type. */
const pages = [
  {type: 'home', path: '/'},
  {type: 'doc', path: '/docs/intro'},
  {type: 'node', path: '/docs/using-answerai/sidekick-studio/nodes/chat-models/groqchat'},
  {type: 'category', path: '/docs/using-answerai/sidekick-studio/nodes/'},
  {type: 'API index', path: '/docs/api/'},
  {type: 'API operation', path: '/docs/api/prediction/create-prediction'},
  {type: 'blog list', path: '/blog'},
  {type: 'blog post', path: '/blog/mdx-blog-post'},
  {type: 'search', path: '/search?q=memory'},
  {type: 'privacy policy', path: '/privacy-policy'},
  {type: 'not found', path: '/docs/no-such-page'},
];

/**
 * What is wrong with the layout at the current width, measured in the page:
 * sideways scrolling; in the navbar, items that overlap, a label on two lines,
 * a hidden or truncated site title, an item whose centre is covered by
 * something else.
 */
function layoutProblems(): string[] {
  const problems: string[] = [];
  const width = window.innerWidth;
  if (document.documentElement.scrollWidth > width + 1) {
    problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px wide)`);
  }
  const visible = (el: Element) => {
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none';
  };
  const inner = document.querySelector('.navbar__inner');
  if (!inner) return [...problems, 'no navbar'];
  const items = [
    ...inner.querySelectorAll(
      '.navbar__brand, .navbar__items > .navbar__item, .navbar__items > a, .navbar__items > button, .navbar__items > div > button, .navbar__toggle',
    ),
  ].filter(visible);
  const name = (el: Element) => (el.getAttribute('aria-label') || el.textContent || el.className).trim().slice(0, 30);
  for (let i = 0; i < items.length; i += 1) {
    for (let j = i + 1; j < items.length; j += 1) {
      if (items[i].contains(items[j]) || items[j].contains(items[i])) continue;
      const a = items[i].getBoundingClientRect();
      const b = items[j].getBoundingClientRect();
      const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const vertical = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (overlap > 1 && vertical > 1) problems.push(`"${name(items[i])}" overlaps "${name(items[j])}"`);
    }
    const box = items[i].getBoundingClientRect();
    if (box.right > width + 1 || box.left < -1) problems.push(`"${name(items[i])}" is outside the viewport`);
  }
  for (const link of inner.querySelectorAll('.navbar__link, .navbar__title')) {
    if (!visible(link)) continue;
    // The lines its visible text sits on (icons and visually hidden text aside).
    const lines = new Set<number>();
    const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects())
        if (rect.width > 1 && rect.height > 1) lines.add(Math.round(rect.bottom));
    }
    if (lines.size > 1) problems.push(`"${name(link)}" wraps onto two lines`);
  }
  const title = inner.querySelector('.navbar__title');
  if (!title || !visible(title)) problems.push('the site title is hidden');
  else if (title.scrollWidth > title.clientWidth + 1) problems.push('the site title is truncated');
  for (const target of items) {
    const box = target.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (!hit || !(target === hit || target.contains(hit) || hit.contains(target))) {
      problems.push(
        `"${name(target)}" is covered by ${hit ? `<${hit.tagName.toLowerCase()} class="${hit.className}">` : 'nothing'}`,
      );
    }
  }
  return problems;
}

test.describe('layout at every width', () => {
  for (const {type, path} of pages) {
    for (const mode of ['light', 'dark'] as const) {
      test(`${type} page, ${mode} mode: no overlap, wrapping, hidden title or sideways scrolling from 320 to 2560 px`, async ({
        page,
        pageErrors,
      }) => {
        if (type === 'not found') pageErrors.allow(/status of 404/, 'the not-found page is served with status 404');
        await page.emulateMedia({colorScheme: mode});
        await page.addInitScript((theme) => window.localStorage.setItem('theme', theme), mode);
        await page.setViewportSize({width: 1280, height: 800});
        await gotoHydrated(page, path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
        const failures: string[] = [];
        for (const width of sweepWidths) {
          await page.setViewportSize({width, height: 800});
          // Two frames, so that resize observers and media queries have acted. Headless Chromium on a loaded
          // machine now and then draws no frame after a resize (a CI run waited 60 s for one); the layout is read
          // synchronously all the same, so after a second without a frame the check goes on.
          await page.evaluate(
            () =>
              new Promise((resolve) => {
                const timer = setTimeout(resolve, 1000);
                requestAnimationFrame(() =>
                  requestAnimationFrame(() => {
                    clearTimeout(timer);
                    resolve(null);
                  }),
                );
              }),
          );
          for (const problem of await page.evaluate(layoutProblems)) failures.push(`${width} px: ${problem}`);
        }
        expect(failures).toEqual([]);
        if (type === 'not found') expect(pageErrors.messages.filter((m) => !/status of 404/.test(m))).toEqual([]);
      });
    }
  }
});
