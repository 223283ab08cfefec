import {test as base, expect, type Locator, type Page} from '@playwright/test';

/** What a test may see on the console: the messages so far, and the errors it expects. */
export interface PageErrors {
  messages: string[];
  /**
   * Expects errors matching `pattern` (the reason says why they occur): they do
   * not fail the test, but the test fails if none occurs, so an allowance that
   * no longer applies cannot hide a new error.
   */
  allow(pattern: RegExp, reason: string): void;
}

/**
 * The shared test fixture: every page records console errors and uncaught
 * exceptions, and a test fails at its end if any occurred that it did not
 * expect with `pageErrors.allow`, or if an expected one did not occur.
 */
export const test = base.extend<{pageErrors: PageErrors}>({
  pageErrors: [
    async ({page}, use) => {
      const allowed: Array<{pattern: RegExp; reason: string}> = [];
      const state: PageErrors = {messages: [], allow: (pattern, reason) => allowed.push({pattern, reason})};
      page.on('console', (message) => {
        if (message.type() === 'error') state.messages.push(`console on ${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => state.messages.push(`pageerror on ${page.url()}: ${error.message}`));
      await use(state);
      const unexpected = state.messages.filter((message) => !allowed.some(({pattern}) => pattern.test(message)));
      expect(unexpected, 'console errors and uncaught exceptions').toEqual([]);
      const unseen = allowed.filter(({pattern}) => !state.messages.some((message) => pattern.test(message)));
      expect(
        unseen.map(({pattern, reason}) => `${pattern} (${reason})`),
        'expected errors that did not occur',
      ).toEqual([]);
    },
    {auto: true},
  ],
});

export {expect};

/** Opens `path` and waits until React has hydrated the page. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForSelector('html[data-has-hydrated="true"]');
}

/**
 * Opens the search dialog of the page the browser shows with Ctrl+K and types `query` into it.
 * @returns the dialog's input.
 */
export async function openSearch(page: Page, query: string): Promise<Locator> {
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', {name: 'Search the docs'});
  await expect(input).toBeFocused();
  await input.fill(query);
  return input;
}

/**
 * Searches for `query` in the dialog ({@link openSearch}) and returns its input and result options once all rows are
 * there (the first row shows before the others: the list is `aria-busy` until the rest have joined it). The engine
 * may still be loading on a busy machine: it waits up to 15 s.
 */
export async function searchInDialog(page: Page, query: string): Promise<{input: Locator; options: Locator}> {
  const input = await openSearch(page, query);
  const list = page.getByRole('listbox', {name: 'Search results'});
  const options = list.getByRole('option');
  await expect(options.first()).toBeVisible({timeout: 15_000});
  await expect(list).toHaveAttribute('aria-busy', 'false', {timeout: 15_000});
  return {input, options};
}

/**
 * Opens the request samples and the API explorer of the API operation page
 * the browser shows, with a click on "Show request samples", and waits until
 * the explorer's "Send API Request" button shows. The explorer's code loads on
 * demand, which can take tens of seconds on a busy machine: it waits up to 60 s.
 */
export async function openExplorer(page: Page): Promise<void> {
  await page.getByRole('button', {name: 'Show request samples'}).click();
  await expect(page.getByRole('button', {name: 'Send API Request'})).toBeVisible({timeout: 60_000});
}

/** The JavaScript files a page's HTML names among the bundles it loads with the main bundle, in order. */
export function bundlesOf(html: string): string[] {
  return [...html.matchAll(/href=(\/assets\/js\/[\w./~]+\.js) data-bundle/g)].map((m) => m[1]);
}

/** A phone, as Lighthouse's mobile preset emulates it (its screen in CSS pixels): options for `browser.newContext`. */
export const phone = {viewport: {width: 412, height: 823}, isMobile: true} as const;

/**
 * API operation pages show a static listing of a schema until the reader has
 * started using the page and scrolls near it (src/components/RenderWhenNear).
 * Scrolls down with the mouse wheel, as a reader would, until the OpenAPI
 * theme's interactive schemas have replaced every visible listing; fails if
 * they do not.
 */
export async function renderDeferredSchemas(page: Page): Promise<void> {
  const staticListings = page.locator('.openapi-static-schema:visible');
  for (let i = 0; i < 40 && (await staticListings.count()) > 0; i += 1) {
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(100);
  }
  await expect(staticListings).toHaveCount(0);
}
