/**
 * Measures the site search as a reader meets it. In a fresh browser context a
 * docs page loads and settles (the network idle: whatever the page itself
 * loads ahead of a search, such as the engine it preloads when idle, is
 * loaded by then and nothing else is). The reader clicks the search button
 * and types a query at 30 ms a key, the harshest case for anything loaded
 * while typing; the time runs from the last keystroke to the first frame
 * that shows a result naming the query's first word, both read in the page
 * (`watchForResult`). Then the dialog closes, opens again
 * and a later query with other words is typed the same way.
 *
 * On the phone profile (150 ms of latency, 1.6 Mbit/s down, 750 kbit/s up,
 * the CPU slowed four times) the profile applies from the first request of
 * the page, so what the page preloads arrives as slowly as on a phone.
 *
 * Bytes are compressed bodies as sent over the network, the engine's worker
 * included: everything under /pagefind/ since the page opened (the engine,
 * its WebAssembly, index metadata and chunks, filters, result fragments, the
 * vocabulary, wherever they were loaded) and the scripts loaded after the
 * page hydrated (the dialog's chunks), up to the first query's results and
 * then from there to the later query's.
 */

import {inSearchFolder} from '../search/options.mjs';

/** Milliseconds between two typed characters. */
export const typingDelayMs = 30;

/** The phone profile of the measurements (Lighthouse's "slow 4G" with a slower CPU). */
export const phoneProfile = {latencyMs: 150, downloadKbps: 1600, uploadKbps: 750, cpuSlowdown: 4};

/** The queries a measurement types: a first one, then a later one with other words. */
export const benchQueries = {first: 'pinecone', later: 'buffer window memory'};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Whether a response is part of the search's cost: a file of Pagefind's
 * folder, or a script the page loads after it has hydrated.
 * @param {string} url the response's URL.
 * @param {string} resourceType the browser's resource type.
 * @param {boolean} hydrated whether the page had hydrated when the response arrived.
 */
export function isSearchResponse(url, resourceType, hydrated) {
  return inSearchFolder(url) || (hydrated && resourceType === 'script');
}

/**
 * Runs in the page, before the query is typed: resolves two times, in
 * milliseconds from the last keystroke (the `keys`th `keydown` event):
 * - `shownMs`, to the animation frame that first shows, from that keystroke
 *   on, a visible result row naming `text` (a row the query typed so far
 *   already shows counts: the reader sees the answer);
 * - `settledMs`, to the frame that shows the whole answer to the complete
 *   query: the list has been busy since that keystroke and is no longer
 *   (`aria-busy`), with such a row first.
 * Both times are read from the page's own clock, and nothing of the test
 * tool runs in the page while the search does (a polling `waitForFunction`
 * would compile the tool's injected script on the page's main thread in the
 * middle of it).
 * @param {{text: string, keys: number, timeoutMs: number}} options the word the row must name, how many keys the
 *   query takes, and how long to wait.
 * @returns {Promise<{shownMs: number, settledMs: number}>}
 * @throws Error when the answer does not settle within `timeoutMs`.
 */
function watchForResult({text, keys, timeoutMs}) {
  return new Promise((resolve, reject) => {
    let typed = 0;
    let lastKeyAt = 0;
    let busySinceLastKey = false;
    let shownMs;
    const check = () => {
      if (typed < keys) return;
      const list = document.querySelector('[role="listbox"]');
      const option = list?.querySelector('[role="option"]');
      const matches = option && option.checkVisibility() && option.textContent.toLowerCase().includes(text);
      if (list?.getAttribute('aria-busy') === 'true') busySinceLastKey = true;
      if (matches && shownMs === undefined) {
        shownMs = -1;
        requestAnimationFrame(() => (shownMs = performance.now() - lastKeyAt));
      }
      if (matches && busySinceLastKey && list.getAttribute('aria-busy') === 'false') {
        observer.disconnect();
        requestAnimationFrame(() => {
          const settledMs = performance.now() - lastKeyAt;
          finish(() => resolve({shownMs: shownMs < 0 ? settledMs : shownMs, settledMs}));
        });
      }
    };
    const onKey = (event) => {
      typed += 1;
      lastKeyAt = event.timeStamp;
      check();
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
      attributeFilter: ['aria-busy'],
    });
    document.addEventListener('keydown', onKey, true);
    const finish = (outcome) => {
      observer.disconnect();
      clearTimeout(timer);
      document.removeEventListener('keydown', onKey, true);
      outcome();
    };
    const timer = setTimeout(
      () => finish(() => reject(new Error(`no settled result naming "${text}" in ${timeoutMs} ms`))),
      timeoutMs,
    );
  });
}

/**
 * One run in a fresh browser context.
 * @returns {Promise<{firstMs: number, firstSettledMs: number, firstBytes: number, laterMs: number,
 *   laterSettledMs: number, laterBytes: number}>}
 */
async function runOnce(browser, url, profile) {
  const context = await browser.newContext({viewport: {width: 412, height: 823}});
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  if (profile) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latencyMs,
      downloadThroughput: (profile.downloadKbps * 1024) / 8,
      uploadThroughput: (profile.uploadKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: profile.cpuSlowdown});
  }
  let hydrated = false;
  let bytes = 0;
  const pending = new Set();
  // Responses of the page and of its workers (the search engine runs in one).
  context.on('response', (response) => {
    const request = response.request();
    if (!isSearchResponse(response.url(), request.resourceType(), hydrated)) return;
    const sized = request
      .sizes()
      .then((sizes) => {
        bytes += sizes.responseBodySize;
      })
      .catch(() => undefined)
      .finally(() => pending.delete(sized));
    pending.add(sized);
  });
  await page.goto(url, {waitUntil: 'load', timeout: 120_000});
  await page.waitForSelector('html[data-has-hydrated="true"]', {timeout: 120_000});
  hydrated = true;
  await page.waitForLoadState('networkidle', {timeout: 120_000});
  const measure = async (query) => {
    await page.getByRole('button', {name: 'Search', exact: true}).click();
    const input = page.getByRole('combobox', {name: 'Search the docs'});
    await input.waitFor();
    const shown = page.evaluate(watchForResult, {text: query.split(' ')[0], keys: query.length, timeoutMs: 60_000});
    await input.pressSequentially(query, {delay: typingDelayMs});
    const {shownMs, settledMs} = await shown;
    // Let the query's last fetches land before the bytes are counted.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(profile ? 1500 : 300);
    await Promise.all(pending);
    const transferred = bytes;
    bytes = 0;
    await page.keyboard.press('Escape');
    return {ms: Math.round(shownMs), settledMs: Math.round(settledMs), bytes: transferred};
  };
  const first = await measure(benchQueries.first);
  const later = await measure(benchQueries.later);
  await context.close();
  return {
    firstMs: first.ms,
    firstSettledMs: first.settledMs,
    firstBytes: first.bytes,
    laterMs: later.ms,
    laterSettledMs: later.settledMs,
    laterBytes: later.bytes,
  };
}

/**
 * The medians of three runs.
 * @param browser a Playwright browser.
 * @param url a docs page of the served build.
 * @param profile `phoneProfile`, or undefined for no throttling.
 */
export async function measureSearch(browser, url, profile) {
  const runs = [];
  for (let i = 0; i < 3; i += 1) runs.push(await runOnce(browser, url, profile));
  return Object.fromEntries(
    ['firstMs', 'firstSettledMs', 'firstBytes', 'laterMs', 'laterSettledMs', 'laterBytes'].map((key) => [
      key,
      median(runs.map((r) => r[key])),
    ]),
  );
}
