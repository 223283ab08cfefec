/**
 * Measures what a first visit to a page loads, in Chromium: every response the
 * page receives until the network is idle, grouped as HTML, CSS and JavaScript,
 * with raw and gzip sizes in bytes (gzip computed here at level 9, as a CDN
 * would serve it, whatever the local server sent).
 */
import {gzipSync} from 'node:zlib';

/** Chromium launch options shared by the benchmark and the tests. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/** The kind of a response, from its content type and URL. */
export function resourceKind(contentType, url) {
  if (/javascript/.test(contentType) || /\.m?js(\?|$)/.test(url)) return 'js';
  if (/text\/css/.test(contentType) || /\.css(\?|$)/.test(url)) return 'css';
  if (/text\/html/.test(contentType)) return 'html';
  return 'other';
}

/**
 * Loads `url` in a fresh context of `browser` and sums its first-visit weight.
 * @returns {{html: {raw:number,gzip:number}, css: {...}, js: {...}, other: {...}, files: Array}}
 */
export async function measurePage(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pending = [];
  const seen = new Set();
  page.on('response', (response) => {
    if (seen.has(response.url())) return;
    seen.add(response.url());
    pending.push(
      (async () => {
        const body = await response.body().catch(() => Buffer.alloc(0));
        const kind = resourceKind(response.headers()['content-type'] ?? '', response.url());
        return {url: response.url(), kind, raw: body.length, gzip: gzipSync(body, {level: 9}).length};
      })(),
    );
  });
  await page.goto(url, {waitUntil: 'networkidle'});
  await page.waitForSelector('html[data-has-hydrated="true"]');
  await page.waitForLoadState('networkidle');
  const files = await Promise.all(pending);
  await context.close();
  const totals = {html: {raw: 0, gzip: 0}, css: {raw: 0, gzip: 0}, js: {raw: 0, gzip: 0}, other: {raw: 0, gzip: 0}};
  for (const file of files) {
    totals[file.kind].raw += file.raw;
    totals[file.kind].gzip += file.gzip;
  }
  return {...totals, files};
}
