#!/usr/bin/env node
/**
 * Benchmark: cold and warm build time and peak memory, the weight each page
 * type loads on a first visit (measured in Chromium), and Lighthouse mobile
 * scores (median of 3 runs, simulated throttling, Lighthouse's default), all
 * against the production nginx configuration (deploy/nginx.conf, so with gzip
 * or brotli as a CDN would serve). Needs Debian's nginx and chromium
 * (scripts/ensure-system-deps.sh). Prints a table and writes bench-results/bench.json.
 * Checks the budgets and exits 1 when one fails.
 *
 *   npm run bench                 everything
 *   npm run bench -- --no-build   measure the existing build/ only
 *   npm run bench -- --no-lighthouse
 */
import {execFileSync, spawn} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {chromium} from '@playwright/test';
import {lighthouseBudget, pageBudgets} from './lib/budgets.mjs';
import {chromiumLaunchOptions, measurePage} from './lib/page-weight.mjs';

const siteDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const port = 3311;
const origin = `http://127.0.0.1:${port}`;

/**
 * Runs a command; returns wall seconds and, when GNU time is installed
 * (Debian package `time`), the peak resident memory in MB (else null).
 */
function timed(command, commandArgs) {
  const gnuTime = '/usr/bin/time';
  const started = performance.now();
  if (!existsSync(gnuTime)) {
    execFileSync(command, commandArgs, {cwd: siteDir, stdio: 'ignore'});
    return {seconds: Math.round((performance.now() - started) / 100) / 10, peakMb: null};
  }
  const report = path.join(mkdtempSync(path.join(tmpdir(), 'bench-')), 'time.txt');
  execFileSync(gnuTime, ['-o', report, '-f', '%e %M', command, ...commandArgs], {cwd: siteDir, stdio: 'ignore'});
  const [seconds, kb] = readFileSync(report, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
  return {seconds, peakMb: Math.round(kb / 1024)};
}

function build(cold) {
  if (cold) {
    for (const dir of ['build', '.docusaurus', 'node_modules/.cache'])
      rmSync(path.join(siteDir, dir), {recursive: true, force: true});
  }
  return timed('npx', ['docusaurus', 'build']);
}

async function waitFor(url) {
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer`);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;

async function lighthouse(url) {
  const {default: run} = await import('lighthouse');
  const {launch} = await import('chrome-launcher');
  const chrome = await launch({
    chromePath: chromiumLaunchOptions.executablePath,
    chromeFlags: ['--headless=new', ...chromiumLaunchOptions.args],
  });
  try {
    const result = await run(url, {port: chrome.port, output: 'json', logLevel: 'error', formFactor: 'mobile'});
    return Object.fromEntries(
      Object.entries(result.lhr.categories).map(([id, category]) => [id, Math.round(category.score * 100)]),
    );
  } finally {
    await chrome.kill();
  }
}

async function main() {
  const results = {date: new Date().toISOString(), builds: {}, pages: []};
  if (!args.has('--no-build')) {
    execFileSync('npm', ['run', '--silent', 'gen-api'], {cwd: siteDir, stdio: 'ignore'});
    results.builds.cold = build(true);
    results.builds.warm = build(false);
  }
  // Pages are measured as production serves them: the nginx configuration of deploy/ (compression, caching).
  const server = spawn('node', ['scripts/nginx.mjs', String(port)], {cwd: siteDir, stdio: 'ignore', detached: true});
  try {
    await waitFor(`${origin}/`);
    const browser = await chromium.launch(chromiumLaunchOptions);
    for (const page of pageBudgets) {
      const weight = await measurePage(browser, `${origin}${page.path}`);
      const entry = {
        type: page.type,
        path: page.path,
        htmlKb: {raw: kb(weight.html.raw), gzip: kb(weight.html.gzip)},
        cssKb: {raw: kb(weight.css.raw), gzip: kb(weight.css.gzip)},
        jsKb: {raw: kb(weight.js.raw), gzip: kb(weight.js.gzip)},
        jsBudgetKb: page.jsBudgetKb,
        jsWithinBudget: kb(weight.js.gzip) <= page.jsBudgetKb,
      };
      if (!args.has('--no-lighthouse')) {
        const runs = [];
        for (let i = 0; i < 3; i += 1) runs.push(await lighthouse(`${origin}${page.path}`));
        entry.lighthouse = Object.fromEntries(
          Object.keys(lighthouseBudget).map((id) => [id, median(runs.map((run) => run[id]))]),
        );
        entry.lighthouseWithinBudget = Object.entries(lighthouseBudget).every(
          ([id, min]) => entry.lighthouse[id] >= min,
        );
      }
      results.pages.push(entry);
    }
    await browser.close();
  } finally {
    process.kill(-server.pid);
  }

  const rows = [['page type', 'HTML gz', 'CSS gz', 'JS gz', 'JS raw', 'JS budget', 'LH perf/a11y/bp/seo', 'pass']];
  for (const page of results.pages) {
    const lh = page.lighthouse
      ? `${page.lighthouse.performance}/${page.lighthouse.accessibility}/${page.lighthouse['best-practices']}/${page.lighthouse.seo}`
      : '-';
    const pass = page.jsWithinBudget && page.lighthouseWithinBudget !== false;
    rows.push([
      page.type,
      `${page.htmlKb.gzip} KB`,
      `${page.cssKb.gzip} KB`,
      `${page.jsKb.gzip} KB`,
      `${page.jsKb.raw} KB`,
      `${page.jsBudgetKb} KB`,
      lh,
      pass ? 'pass' : 'FAIL',
    ]);
  }
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  const table = rows.map((row) => `| ${row.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ')} |`).join('\n');
  if (results.builds.cold) {
    console.log(`Cold build: ${results.builds.cold.seconds} s, peak ${results.builds.cold.peakMb ?? '?'} MB`);
    console.log(`Warm build: ${results.builds.warm.seconds} s, peak ${results.builds.warm.peakMb ?? '?'} MB`);
  }
  console.log(table);
  mkdirSync(path.join(siteDir, 'bench-results'), {recursive: true});
  writeFileSync(path.join(siteDir, 'bench-results', 'bench.json'), `${JSON.stringify(results, null, 2)}\n`);
  const failed = results.pages.filter((page) => !page.jsWithinBudget || page.lighthouseWithinBudget === false);
  if (failed.length > 0) {
    console.error(`Budgets failed: ${failed.map((page) => page.type).join(', ')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
