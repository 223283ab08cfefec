/**
 * Measures what a first visit to a page loads, in Chromium: every response the
 * page receives until the network is idle, grouped as HTML, CSS and JavaScript,
 * with raw and gzip sizes in bytes; prefetched chunks of other routes and the search engine the page preloads when
 * idle (src/components/Search/loader.ts) apart, as loads ahead of what the reader may do next (gzip computed here at
 * level 9, as a CDN would serve it, whatever the local server sent).
 */
import {gzipSync} from 'node:zlib';
import {inSearchFolder} from '../search/options.mjs';

export {chromiumLaunchOptions} from '../chromium.mjs';

/**
 * The kind of a response, from the browser's resource type: what the page
 * executes or renders (document, script, stylesheet) counts; prefetches of
 * other routes' chunks (resource type "other") and the search engine's files
 * (under /pagefind/) are reported apart.
 * @param {string} resourceType the browser's resource type.
 * @param {string} contentType the response's Content-Type.
 * @param {string} [url] the response's URL.
 * @returns {'html' | 'css' | 'js' | 'prefetch' | 'search' | 'other'}
 */
export function resourceKind(resourceType, contentType, url = '') {
  if (inSearchFolder(url)) return 'search';
  if (resourceType === 'document' && /text\/html/.test(contentType)) return 'html';
  if (resourceType === 'script') return 'js';
  if (resourceType === 'stylesheet') return 'css';
  if (resourceType === 'other' && /javascript|css/.test(contentType)) return 'prefetch';
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
        const kind = resourceKind(
          response.request().resourceType(),
          response.headers()['content-type'] ?? '',
          response.url(),
        );
        return {url: response.url(), kind, raw: body.length, gzip: gzipSync(body, {level: 9}).length};
      })(),
    );
  });
  await page.goto(url, {waitUntil: 'networkidle'});
  await page.waitForSelector('html[data-has-hydrated="true"]');
  await page.waitForLoadState('networkidle');
  const files = await Promise.all(pending);
  await context.close();
  const totals = {
    html: {raw: 0, gzip: 0},
    css: {raw: 0, gzip: 0},
    js: {raw: 0, gzip: 0},
    prefetch: {raw: 0, gzip: 0},
    search: {raw: 0, gzip: 0},
    other: {raw: 0, gzip: 0},
  };
  for (const file of files) {
    totals[file.kind].raw += file.raw;
    totals[file.kind].gzip += file.gzip;
  }
  return {...totals, files};
}
