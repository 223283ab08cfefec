#!/usr/bin/env node
/**
 * Contact sheets for reviewing the look of the site by eye: for each page
 * type, one PNG with the top of the page at several widths, in light and dark
 * mode, served from `build/` by the production nginx configuration.
 *
 *   npm run screenshots                      every page type, the default widths
 *   npm run screenshots -- --widths 390,1280 other widths (CSS pixels)
 *   npm run screenshots -- --only doc,node   some page types (see tests/e2e/pages.ts)
 *   npm run screenshots -- --sheet-from <folder> [--out <file>]
 *                                            one sheet of the PNGs in a folder, e.g. the states the
 *                                            accessibility tests check, saved with A11Y_SCREENSHOTS=<folder>
 *
 * Writes `screenshots/<page type>.png` and prints their paths. Needs a build
 * (`npm run build`), Debian's chromium and nginx. Not part of `npm test`.
 */
import {mkdirSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {chromium} from '@playwright/test';
import {chromiumLaunchOptions} from '../lib/chromium.mjs';
import {startNginx} from './nginx.mjs';

const siteDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.join(siteDir, 'screenshots');

/** One page per page type (kept in step with tests/e2e/pages.ts by the unit test of this script's options). */
export const sheetPages = [
  {type: 'home', path: '/'},
  {type: 'doc', path: '/docs/intro'},
  {type: 'node', path: '/docs/using-answerai/sidekick-studio/nodes/chat-models/chatopenai'},
  {type: 'category', path: '/docs/using-answerai/sidekick-studio/nodes/'},
  {type: 'api-index', path: '/docs/api/'},
  {type: 'api-operation', path: '/docs/api/prediction/create-prediction'},
  {type: 'blog-list', path: '/blog'},
  {type: 'blog-post', path: '/blog/mdx-blog-post'},
  {type: 'search', path: '/search?q=sidekick'},
  {type: 'not-found', path: '/docs/no-such-page'},
];

/** Widths from a small phone to a wide screen, around the 996/997 px breakpoint. */
export const defaultWidths = [360, 390, 768, 996, 997, 1280, 1440, 1920];

function option(name) {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

/**
 * Draws a contact sheet: the shots in a grid, scaled to a common height, with their labels, by Chromium itself.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} title the sheet's title
 * @param {Array<{file: string, label: string, width: number}>} cells the shots
 * @param {number} height the height of the shots, in CSS pixels
 * @param {string} sheet the PNG to write
 */
async function writeSheet(browser, title, cells, height, sheet) {
  const scale = 0.35;
  const html = `<!doctype html><html><body style="margin:16px;font:14px system-ui;background:#eee">
<h1 style="font-size:18px">${title}</h1>
<div style="display:flex;flex-wrap:wrap;gap:12px;align-items:flex-start">
${cells
  .map(
    (cell) =>
      `<figure style="margin:0"><img src="file://${cell.file}" style="width:${Math.round(cell.width * scale)}px;height:${Math.round(height * scale)}px;object-fit:cover;object-position:top;border:1px solid #999;background:#fff"><figcaption>${cell.label}</figcaption></figure>`,
  )
  .join('\n')}
</div></body></html>`;
  const sheetHtml = `${sheet}.html`;
  writeFileSync(sheetHtml, html);
  const context = await browser.newContext({viewport: {width: 2400, height: 800}});
  const page = await context.newPage();
  await page.goto(`file://${sheetHtml}`);
  await page.screenshot({path: sheet, fullPage: true});
  await context.close();
  rmSync(sheetHtml);
}

/**
 * One sheet of every PNG in a folder (sorted by name, labelled with it), e.g. the states the accessibility
 * tests check (A11Y_SCREENSHOTS).
 * @param {string} folder
 * @param {string} sheet the PNG to write
 */
async function sheetFromFolder(folder, sheet) {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const cells = [];
    const context = await browser.newContext();
    const page = await context.newPage();
    for (const name of readdirSync(folder)
      .filter((file) => file.endsWith('.png'))
      .sort()) {
      const file = path.resolve(folder, name);
      await page.goto(`file://${file}`);
      const size = await page.evaluate(() => {
        const img = document.querySelector('img');
        return {width: img?.naturalWidth ?? 0, height: img?.naturalHeight ?? 0};
      });
      cells.push({file, label: name.replace(/\.png$/, ''), width: size.width, height: size.height});
    }
    await context.close();
    const height = Math.max(...cells.map((cell) => cell.height));
    await writeSheet(browser, `${cells.length} states: ${folder}`, cells, height, sheet);
    console.log(sheet);
  } finally {
    await browser.close();
  }
}

async function main() {
  const from = option('sheet-from');
  if (from) {
    await sheetFromFolder(from, path.resolve(option('out') ?? path.join(outDir, 'states.png')));
    return;
  }
  const widths = (option('widths') ?? defaultWidths.join(',')).split(',').map(Number);
  const only = option('only')?.split(',');
  const pages = sheetPages.filter((page) => !only || only.includes(page.type));
  rmSync(outDir, {recursive: true, force: true});
  mkdirSync(path.join(outDir, 'shots'), {recursive: true});
  const server = await startNginx({port: 3377});
  const browser = await chromium.launch(chromiumLaunchOptions);
  const height = 760;
  try {
    for (const {type, path: route} of pages) {
      const cells = [];
      for (const mode of ['light', 'dark']) {
        for (const width of widths) {
          const context = await browser.newContext({viewport: {width, height}, colorScheme: mode});
          await context.addInitScript((theme) => localStorage.setItem('theme', theme), mode);
          const page = await context.newPage();
          await page.goto(`${server.url}${route}`);
          await page.waitForSelector('html[data-has-hydrated="true"]');
          await page.waitForTimeout(200);
          const file = path.join(outDir, 'shots', `${type}-${mode}-${width}.png`);
          await page.screenshot({path: file});
          cells.push({file, label: `${width} px, ${mode}`, width});
          await context.close();
        }
      }
      const sheet = path.join(outDir, `${type}.png`);
      await writeSheet(browser, `${type}: ${route}`, cells, height, sheet);
      console.log(sheet);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
