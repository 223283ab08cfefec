import {test as base, expect, type Page} from '@playwright/test';

/**
 * The shared test fixture: every page records console errors and uncaught
 * exceptions, and a test fails at its end if any occurred. Tests that expect
 * an error (the error fallback) clear `pageErrors.allowed` first.
 */
export const test = base.extend<{pageErrors: {messages: string[]; allowed: boolean}}>({
  pageErrors: [
    async ({page}, use) => {
      const state = {messages: [] as string[], allowed: false};
      page.on('console', (message) => {
        if (message.type() === 'error') state.messages.push(`console on ${page.url()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => state.messages.push(`pageerror on ${page.url()}: ${error.message}`));
      await use(state);
      if (!state.allowed) expect(state.messages, 'console errors and uncaught exceptions').toEqual([]);
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
