/**
 * Measures what a first visit to a page loads, in Chromium: every response the
 * page receives until the network is idle, grouped as HTML, CSS and JavaScript,
 * with raw and gzip sizes in bytes; prefetched chunks of other routes apart (gzip computed here at level 9, as a CDN
 * would serve it, whatever the local server sent).
 */
import {gzipSync} from 'node:zlib';

export {chromiumLaunchOptions} from '../chromium.mjs';

/**
 * The kind of a response, from the browser's resource type: what the page
 * executes or renders (document, script, stylesheet) counts; prefetches of
 * other routes' chunks (resource type "other") are reported apart.
 */
export function resourceKind(resourceType, contentType) {
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
        const kind = resourceKind(response.request().resourceType(), response.headers()['content-type'] ?? '');
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
    other: {raw: 0, gzip: 0},
  };
  for (const file of files) {
    totals[file.kind].raw += file.raw;
    totals[file.kind].gzip += file.gzip;
  }
  return {...totals, files};
}
