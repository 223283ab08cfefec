#!/usr/bin/env node
/**
 * Benchmark: build time and peak memory; for each page type the HTML, CSS and
 * JavaScript a first visit loads (measured in Chromium, with the main bundle
 * and the page's route data apart); the search (index size, bytes and time of
 * a first and a later query, on a desktop and on a phone profile, and its
 * relevance on the judged queries of tests/search/judgements.json: hit@1,
 * hit@3, hit@5 and MRR, which fail the bench below relevanceGoals); and
 * Lighthouse mobile scores and total blocking time (medians of 3 runs); and the time of one extraction of
 * the product facts (product-facts/extract.mjs on the release the site
 * documents); and the mutation score of the last `npm run test:mutation`
 * (lib/bench/mutation-score.mjs). Pages are served by the
 * production nginx configuration (deploy/nginx.conf, compressed as a CDN would
 * serve them). Needs Debian's nginx and chromium (scripts/ensure-system-deps.sh).
 * Prints tables, writes bench-results/bench.json, and exits 1 when a budget
 * (lib/bench/budgets.mjs) fails.
 *
 *   npm run bench                    build cold and warm, measure everything
 *   npm run bench -- --no-build      measure the existing build/
 *   npm run bench -- --no-lighthouse
 *   npm run bench -- --scale 5       also build a copy of the site with five times
 *                                    the docs and posts, and measure both side by side
 *   npm run bench -- --product       also time the product server harness: a cold
 *                                    install and build into a new cache, a start, and
 *                                    the tests that run against it (tests/product/)
 *   npm run bench -- --facts-only    only the extraction of the product facts (no build)
 */
import {execFileSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {gzipSync} from 'node:zlib';
import {chromium} from '@playwright/test';
import {
  factsBudgets,
  lighthouseBudget,
  pageBudgets,
  scaleBudgets,
  searchBudgets,
  totalBlockingTimeBudgetMs,
} from '../lib/bench/budgets.mjs';
import {measureFactsExtraction} from '../lib/bench/facts-bench.mjs';
import {chromiumLaunchOptions, measurePage} from '../lib/bench/page-weight.mjs';
import {measureSearch, phoneProfile} from '../lib/bench/search-bench.mjs';
import {measureRelevance, relevanceGoals} from '../lib/bench/search-relevance.mjs';
import {readMutationScore} from '../lib/bench/mutation-score.mjs';
import {makeScaledSite, removeScaledSite} from '../lib/bench/scale-site.mjs';
import {startNginx} from './nginx.mjs';

const siteDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const args = new Set(argv);
const scaleIndex = argv.indexOf('--scale');
const scale = scaleIndex >= 0 ? Number(argv[scaleIndex + 1]) : null;

/**
 * Runs a command in `cwd`; returns wall seconds and, when GNU time is
 * installed (Debian package `time`), the peak resident memory in MB (else null).
 */
function timed(cwd, command, commandArgs) {
  const gnuTime = '/usr/bin/time';
  const started = performance.now();
  if (!existsSync(gnuTime)) {
    execFileSync(command, commandArgs, {cwd, stdio: 'ignore'});
    return {seconds: Math.round((performance.now() - started) / 100) / 10, peakMb: null};
  }
  const report = path.join(mkdtempSync(path.join(tmpdir(), 'bench-')), 'time.txt');
  execFileSync(gnuTime, ['-o', report, '-f', '%e %M', command, ...commandArgs], {cwd, stdio: 'ignore'});
  const [seconds, kbytes] = readFileSync(report, 'utf8').trim().split('\n').at(-1).split(' ').map(Number);
  return {seconds, peakMb: Math.round(kbytes / 1024)};
}

/**
 * Times the product server harness as a new machine meets it: a build into a new, empty cache (pnpm's store
 * included, so the install downloads every package), a start with a new database, and the tests that run against
 * the server. Uses its own cache, state folder and port (4100), so a server already running is left alone.
 * @returns {Promise<{build: Record<string, number>, startSeconds: number, suiteSeconds: number}>} seconds
 */
async function benchProductServer() {
  const scratch = mkdtempSync(path.join(tmpdir(), 'bench-product-'));
  const env = {
    ANSWERAI_PRODUCT_CACHE: path.join(scratch, 'cache'),
    ANSWERAI_PRODUCT_STATE: path.join(scratch, 'state'),
    ANSWERAI_PRODUCT_PORT: '4100',
  };
  Object.assign(process.env, env);
  const {ensureBuilt} = await import('../product-server/build.mjs');
  const {startProductServer, stopProductServer} = await import('../product-server/server.mjs');
  try {
    const built = await ensureBuilt();
    let started = performance.now();
    await startProductServer();
    const startSeconds = Math.round((performance.now() - started) / 100) / 10;
    started = performance.now();
    try {
      execFileSync('npx', ['vitest', 'run', '--config', 'vitest.product.config.ts'], {cwd: siteDir, stdio: 'ignore'});
    } catch {
      console.error('bench: the tests against the product server failed (run npm run test:product)');
    }
    const suiteSeconds = Math.round((performance.now() - started) / 100) / 10;
    return {build: built.seconds ?? {}, startSeconds, suiteSeconds};
  } finally {
    await stopProductServer();
    rmSync(scratch, {recursive: true, force: true});
  }
}

/** Builds the site in `dir` (the API pages first, untimed); `cold` removes the caches first. */
function build(dir, cold) {
  if (cold) {
    for (const sub of ['build', '.docusaurus', path.join('node_modules', '.cache')]) {
      rmSync(path.join(dir, sub), {recursive: true, force: true});
    }
    execFileSync('npm', ['run', '--silent', 'gen-api'], {cwd: dir, stdio: 'ignore'});
  }
  return timed(dir, 'npx', ['docusaurus', 'build']);
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
    return {
      ...Object.fromEntries(
        Object.entries(result.lhr.categories).map(([id, category]) => [id, Math.round(category.score * 100)]),
      ),
      totalBlockingTimeMs: Math.round(result.lhr.audits['total-blocking-time'].numericValue),
    };
  } finally {
    await chrome.kill();
  }
}

/** Total bytes and file count of a folder. */
function folderSize(dir) {
  if (!existsSync(dir)) return {bytes: 0, files: 0};
  const files = readdirSync(dir, {recursive: true, withFileTypes: true}).filter((entry) => entry.isFile());
  const bytes = files.reduce((sum, entry) => sum + statSync(path.join(entry.parentPath, entry.name)).size, 0);
  return {bytes, files: files.length};
}

/** Gzipped size (KB) of the build's main bundle. */
function mainBundleKb(buildDir) {
  const dir = path.join(buildDir, 'assets', 'js');
  const main = readdirSync(dir).find((file) => /^main\.\w+\.js$/.test(file));
  return kb(gzipSync(readFileSync(path.join(dir, main)), {level: 9}).length);
}

/**
 * Measures a built site: page weights (and Lighthouse), the search, the index size.
 * @param buildDir the build folder.
 * @param options.lighthouse run Lighthouse on every page type.
 */
async function measureSite(buildDir, {lighthouse: withLighthouse}) {
  const server = await startNginx({port: 3311, buildDir});
  const browser = await chromium.launch(chromiumLaunchOptions);
  const pages = [];
  try {
    for (const page of pageBudgets) {
      const weight = await measurePage(browser, `${server.url}${page.path}`);
      const js = weight.files.filter((file) => file.kind === 'js');
      const groupFile = path.join(path.dirname(buildDir), '.docusaurus', 'route-split', 'group-files.json');
      const groupFiles = existsSync(groupFile) ? Object.values(JSON.parse(readFileSync(groupFile, 'utf8'))) : [];
      const routeData = js.filter((file) => groupFiles.some((name) => file.url.endsWith(`/${name}`)));
      const entry = {
        type: page.type,
        path: page.path,
        htmlKb: {raw: kb(weight.html.raw), gzip: kb(weight.html.gzip)},
        cssKb: {raw: kb(weight.css.raw), gzip: kb(weight.css.gzip)},
        jsKb: {raw: kb(weight.js.raw), gzip: kb(weight.js.gzip)},
        mainKb: kb(js.filter((file) => /\/main\.\w+\.js$/.test(file.url)).reduce((sum, file) => sum + file.gzip, 0)),
        routeDataKb: kb(routeData.reduce((sum, file) => sum + file.gzip, 0)),
      };
      if (withLighthouse) {
        const runs = [];
        for (let i = 0; i < 3; i += 1) runs.push(await lighthouse(`${server.url}${page.path}`));
        entry.lighthouse = Object.fromEntries(
          Object.keys(lighthouseBudget).map((id) => [id, median(runs.map((run) => run[id]))]),
        );
        entry.totalBlockingTimeMs = median(runs.map((run) => run.totalBlockingTimeMs));
      }
      pages.push(entry);
    }
    const desktop = await measureSearch(browser, `${server.url}/docs/intro`);
    const phone = await measureSearch(browser, `${server.url}/docs/intro`, phoneProfile);
    const index = folderSize(path.join(buildDir, 'pagefind'));
    const relevance = await measureRelevance(buildDir);
    return {
      pages,
      mainKb: mainBundleKb(buildDir),
      search: {
        indexKb: kb(index.bytes),
        indexFiles: index.files,
        firstQueryKb: kb(desktop.firstBytes),
        laterQueryKb: kb(desktop.laterBytes),
        desktopFirstMs: desktop.firstMs,
        desktopFirstSettledMs: desktop.firstSettledMs,
        desktopLaterMs: desktop.laterMs,
        desktopLaterSettledMs: desktop.laterSettledMs,
        phoneFirstMs: phone.firstMs,
        phoneFirstSettledMs: phone.firstSettledMs,
        phoneLaterMs: phone.laterMs,
        phoneLaterSettledMs: phone.laterSettledMs,
        hit1: relevance.hit1,
        hit3: relevance.hit3,
        hit5: relevance.hit5,
        mrr: relevance.mrr,
        misses: relevance.rows.filter((row) => row.rank !== 1).map(({query, rank, top}) => ({query, rank, top})),
      },
    };
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** A Markdown table. */
function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((row) => String(row[i]).length)));
  return rows.map((row) => `| ${row.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ')} |`).join('\n');
}

/** Every budget that fails, as a line each. */
function failures(results) {
  const failed = [];
  if (results.facts && results.facts.seconds > factsBudgets.extractionSeconds) {
    failed.push(`facts extraction: ${results.facts.seconds} s, budget ${factsBudgets.extractionSeconds} s`);
  }
  if (!results.sites.base) return failed;
  const sizes = [
    ['1×', results.sites.base, 'jsBudgetKb'],
    ...(results.sites.scaled ? [[`${scale}×`, results.sites.scaled, 'scaledJsBudgetKb']] : []),
  ];
  for (const [label, site, budgetKey] of sizes) {
    for (const page of site.pages) {
      const budgets = pageBudgets.find((p) => p.type === page.type);
      const budget = budgets[budgetKey];
      if (page.jsKb.gzip > budget)
        failed.push(`${label} ${page.type}: ${page.jsKb.gzip} KB of JavaScript, budget ${budget} KB`);
      const {cssBudgetKb, jsCssBudgetKb} = budgets;
      if (page.cssKb.gzip > cssBudgetKb)
        failed.push(`${label} ${page.type}: ${page.cssKb.gzip} KB of CSS, budget ${cssBudgetKb} KB`);
      const jsCssKb = Math.round((page.jsKb.gzip + page.cssKb.gzip) * 10) / 10;
      if (jsCssBudgetKb && jsCssKb > jsCssBudgetKb)
        failed.push(`${label} ${page.type}: ${jsCssKb} KB of JavaScript and CSS, budget ${jsCssBudgetKb} KB`);
      for (const [id, min] of Object.entries(page.lighthouse ? lighthouseBudget : {})) {
        if (page.lighthouse[id] < min)
          failed.push(`${label} ${page.type}: Lighthouse ${id} ${page.lighthouse[id]}, budget ${min}`);
      }
      if (page.totalBlockingTimeMs > totalBlockingTimeBudgetMs)
        failed.push(
          `${label} ${page.type}: total blocking time ${page.totalBlockingTimeMs} ms, budget ${totalBlockingTimeBudgetMs} ms`,
        );
    }
    const s = site.search;
    if (s.firstQueryKb > searchBudgets.firstQueryKb) failed.push(`${label} search: first query ${s.firstQueryKb} KB`);
    if (s.phoneFirstMs > searchBudgets.phoneMs)
      failed.push(`${label} search: first query ${s.phoneFirstMs} ms on the phone profile`);
    if (s.phoneLaterMs > searchBudgets.phoneMs)
      failed.push(`${label} search: later query ${s.phoneLaterMs} ms on the phone profile`);
    if (s.desktopFirstMs > searchBudgets.desktopMs) failed.push(`${label} search: ${s.desktopFirstMs} ms on a desktop`);
    if (s.hit1 < relevanceGoals.hit1) failed.push(`${label} search: hit@1 ${s.hit1}, goal ${relevanceGoals.hit1}`);
    if (s.hit5 < relevanceGoals.hit5) failed.push(`${label} search: hit@5 ${s.hit5}, goal ${relevanceGoals.hit5}`);
  }
  if (results.sites.scaled) {
    const base = results.sites.base.search;
    const scaled = results.sites.scaled.search;
    for (const key of ['firstQueryKb', 'phoneFirstMs', 'phoneLaterMs']) {
      if (scaled[key] > base[key] * (1 + searchBudgets.scaledGrowth)) {
        failed.push(
          `${scale}× search: ${key} ${scaled[key]} is more than ${searchBudgets.scaledGrowth * 100} % above ${base[key]}`,
        );
      }
    }
    const {cold} = results.builds;
    const scaledBuild = results.builds.scaled;
    if (cold && scaledBuild) {
      if (scaledBuild.seconds > cold.seconds * scaleBudgets.buildTimeFactor) {
        failed.push(
          `${scale}× build: ${scaledBuild.seconds} s, more than ${scaleBudgets.buildTimeFactor} × ${cold.seconds} s`,
        );
      }
      if (scaledBuild.peakMb && scaledBuild.peakMb > scaleBudgets.peakMb)
        failed.push(`${scale}× build: peak ${scaledBuild.peakMb} MB`);
    }
  }
  return failed;
}

async function main() {
  if (scale !== null && (!Number.isInteger(scale) || scale < 2))
    throw new Error('--scale takes an integer of 2 or more');
  const results = {date: new Date().toISOString(), builds: {}, sites: {}};
  // One release's facts, as `npm run facts:extract` extracts them (before the builds, which load the machine).
  results.facts = measureFactsExtraction(siteDir);
  console.log(
    `facts extraction (${results.facts.tarball}): ${results.facts.seconds} s, peak ${results.facts.peakMb ?? '?'} MB, ` +
      `${results.facts.nodes} nodes, ${results.facts.routes} routes`,
  );
  if (args.has('--facts-only')) {
    const failed = failures(results);
    if (failed.length > 0) {
      console.error(`Budgets failed:\n${failed.map((line) => `- ${line}`).join('\n')}`);
      process.exitCode = 1;
    }
    return;
  }
  if (!args.has('--no-build')) {
    results.builds.cold = build(siteDir, true);
    results.builds.warm = build(siteDir, false);
  }
  const withLighthouse = !args.has('--no-lighthouse');
  results.sites.base = await measureSite(path.join(siteDir, 'build'), {lighthouse: withLighthouse});
  if (scale) {
    const scaledDir = makeScaledSite(siteDir, scale);
    try {
      results.builds.scaled = build(scaledDir, true);
      results.builds.scaled.pages = folderSize(path.join(scaledDir, 'build')).files;
      results.sites.scaled = await measureSite(path.join(scaledDir, 'build'), {lighthouse: false});
    } finally {
      removeScaledSite(scaledDir);
    }
  }

  for (const [name, build_] of Object.entries(results.builds)) {
    console.log(`${name} build: ${build_.seconds} s, peak ${build_.peakMb ?? '?'} MB`);
  }
  const sizes = [['1×', results.sites.base], ...(results.sites.scaled ? [[`${scale}×`, results.sites.scaled]] : [])];
  const header = [
    'page type',
    ...sizes.flatMap(([label]) => [`${label} JS gz`, `${label} main`, `${label} routes`]),
    'HTML gz',
    'CSS gz',
    'LH perf/a11y/bp/seo',
    'LH TBT',
  ];
  const rows = [header];
  for (const page of results.sites.base.pages) {
    const lh = page.lighthouse
      ? `${page.lighthouse.performance}/${page.lighthouse.accessibility}/${page.lighthouse['best-practices']}/${page.lighthouse.seo}`
      : '-';
    rows.push([
      page.type,
      ...sizes.flatMap(([, site]) => {
        const p = site.pages.find((other) => other.type === page.type);
        return [`${p.jsKb.gzip} KB`, `${p.mainKb} KB`, `${p.routeDataKb} KB`];
      }),
      `${page.htmlKb.gzip} KB`,
      `${page.cssKb.gzip} KB`,
      lh,
      page.totalBlockingTimeMs === undefined ? '-' : `${page.totalBlockingTimeMs} ms`,
    ]);
  }
  console.log(table(rows));
  const searchRows = [['search', ...sizes.map(([label]) => label)]];
  const metrics = [
    ['index size', 'indexKb', ' KB'],
    ['index files', 'indexFiles', ''],
    ['first query, bytes', 'firstQueryKb', ' KB'],
    ['later query, bytes', 'laterQueryKb', ' KB'],
    ['first query, desktop: first result', 'desktopFirstMs', ' ms'],
    ['first query, desktop: whole answer', 'desktopFirstSettledMs', ' ms'],
    ['later query, desktop: first result', 'desktopLaterMs', ' ms'],
    ['later query, desktop: whole answer', 'desktopLaterSettledMs', ' ms'],
    ['first query, phone: first result', 'phoneFirstMs', ' ms'],
    ['first query, phone: whole answer', 'phoneFirstSettledMs', ' ms'],
    ['later query, phone: first result', 'phoneLaterMs', ' ms'],
    ['later query, phone: whole answer', 'phoneLaterSettledMs', ' ms'],
    ['relevance hit@1 (judged set)', 'hit1', ''],
    ['relevance hit@3', 'hit3', ''],
    ['relevance hit@5', 'hit5', ''],
    ['relevance MRR', 'mrr', ''],
  ];
  for (const [label, key, unit] of metrics)
    searchRows.push([label, ...sizes.map(([, site]) => `${site.search[key]}${unit}`)]);
  console.log(table(searchRows));

  // The score of the last mutation run (npm run test:mutation), which takes far longer than the benchmark.
  results.mutation = readMutationScore(siteDir);
  if (results.mutation) {
    const {date, areas, ...all} = results.mutation;
    console.log(
      table([
        [`mutation score (run of ${date.slice(0, 10)})`, 'score %', 'mutants', 'survived', 'no coverage'],
        ...[{name: 'all', ...all}, ...areas].map((a) => [
          a.name,
          `${a.score}`,
          `${a.mutants}`,
          `${a.survived}`,
          `${a.noCoverage}`,
        ]),
      ]),
    );
  } else console.log('mutation score: no report yet (npm run test:mutation writes reports/mutation/mutation.json)');

  if (args.has('--product')) {
    results.productServer = await benchProductServer();
    const {build: steps, startSeconds, suiteSeconds} = results.productServer;
    console.log(
      table([
        ['product server', 'seconds'],
        ...Object.entries(steps).map(([step, seconds]) => [`cold ${step}`, `${seconds}`]),
        ['start (new database, migrations, seed)', `${startSeconds}`],
        ['tests against it (tests/product)', `${suiteSeconds}`],
      ]),
    );
  }

  mkdirSync(path.join(siteDir, 'bench-results'), {recursive: true});
  writeFileSync(path.join(siteDir, 'bench-results', 'bench.json'), `${JSON.stringify(results, null, 2)}\n`);
  const failed = failures(results);
  if (failed.length > 0) {
    console.error(`Budgets failed:\n${failed.map((line) => `- ${line}`).join('\n')}`);
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
