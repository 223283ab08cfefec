/**
 * Measures the site search as a reader meets it: on a loaded page, the reader
 * opens the search dialog and types a query at 100 ms a character (a fast
 * typist); the time from the last keystroke to the first result shown, and the
 * bytes transferred from opening the dialog to the results (compressed bodies,
 * as sent over the network, the engine's worker included), for a first query
 * and a later one. Optionally on a phone profile: 150 ms of latency,
 * 1.6 Mbit/s down, 750 kbit/s up and the CPU slowed four times.
 */

/** Milliseconds between two typed characters. */
export const typingDelayMs = 100;

/** The phone profile of the measurements (Lighthouse's "slow 4G" with a slower CPU). */
export const phoneProfile = {latencyMs: 150, downloadKbps: 1600, uploadKbps: 750, cpuSlowdown: 4};

/** The queries a measurement types: a first one, then a later one with other words. */
export const benchQueries = {first: 'pinecone', later: 'conversation memory'};

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * One run in a fresh browser context.
 * @returns {Promise<{firstMs: number, firstBytes: number, laterMs: number, laterBytes: number}>}
 */
async function runOnce(browser, url, profile) {
  const context = await browser.newContext({viewport: {width: 412, height: 823}});
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  let bytes = 0;
  // Responses of the page and of its workers (the search engine runs in one).
  context.on('response', (response) => {
    response
      .request()
      .sizes()
      .then((sizes) => {
        bytes += sizes.responseBodySize;
      })
      .catch(() => undefined);
  });
  await page.goto(url, {waitUntil: 'networkidle'});
  await page.waitForSelector('html[data-has-hydrated="true"]');
  if (profile) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latencyMs,
      downloadThroughput: (profile.downloadKbps * 1024) / 8,
      uploadThroughput: (profile.uploadKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', {rate: profile.cpuSlowdown});
  }
  const measure = async (query) => {
    bytes = 0;
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', {name: 'Search the docs'});
    await input.waitFor();
    await input.pressSequentially(query, {delay: typingDelayMs});
    const started = Date.now();
    await page.waitForFunction(
      (text) => {
        const option = document.querySelector('[role="listbox"] [role="option"]');
        return option && option.textContent.toLowerCase().includes(text);
      },
      query.split(' ')[0],
      {timeout: 60_000, polling: 16},
    );
    const ms = Date.now() - started;
    await page.waitForTimeout(profile ? 1500 : 300);
    const transferred = bytes;
    await page.keyboard.press('Escape');
    return {ms, bytes: transferred};
  };
  const first = await measure(benchQueries.first);
  const later = await measure(benchQueries.later);
  await context.close();
  return {firstMs: first.ms, firstBytes: first.bytes, laterMs: later.ms, laterBytes: later.bytes};
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
    ['firstMs', 'firstBytes', 'laterMs', 'laterBytes'].map((key) => [key, median(runs.map((r) => r[key]))]),
  );
}
