#!/usr/bin/env node
/**
 * Relevance of the site search, measured on a built site: runs every query of
 * the judged set (tests/search/judgements.json) through the search the
 * browser runs (`searchWith` of src/components/Search/engine.ts, on Pagefind's
 * own script loaded in Node from `<build>/pagefind/`) and reports, over the
 * set, hit@1, hit@3 and hit@5 (the share of queries with a judged page among
 * the first 1, 3, 5 rows) and the mean reciprocal rank (1/rank of the first
 * judged page among the rows, 0 when none), over the rows the dialog shows
 * (6; `--rows 30` for the results page).
 *
 *   node lib/bench/search-relevance.mjs [build folder] [--rows n] [--misses] [--json]
 *
 * Used by the benchmark (scripts/bench.mjs), which fails when hit@1 or hit@5
 * fall below `relevanceGoals`.
 */
import {readFileSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {loadBuiltEngine} from '../search/built-engine.mjs';
import {rankingTableFile, searchBasePath, vocabularyFile} from '../search/options.mjs';

const siteDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);

/** The goals of issue 24: the share of judged queries answered first, and within the first five rows. */
export const relevanceGoals = {hit1: 0.85, hit5: 0.97};

/** How many rows a query fetches by default: the dialog's count (the results page lists 30). */
export const defaultRows = 6;

/** The judged queries: `{query, kind, pages}` where pages are the paths that answer the query. */
export function loadJudgements(file = path.join(siteDir, 'tests', 'search', 'judgements.json')) {
  return JSON.parse(readFileSync(file, 'utf8')).queries;
}

/**
 * A URL as a page path: no query, no hash, one trailing slash. The copies of
 * the scaled site (`/docs/copy-3/…`, `/blog/…-copy-3`) count as the page they
 * copy: they have its text, so they answer the same queries.
 */
export function pagePath(url) {
  const bare = url
    .split(/[?#]/)[0]
    .replace(/^\/docs\/copy-\d+\//, '/docs/')
    .replace(/-copy-\d+(\/?)$/, '$1');
  return bare.endsWith('/') ? bare : `${bare}/`;
}

/**
 * The search of a built site as the browser has it: the engine
 * (lib/search/built-engine.mjs), the vocabulary and the ranking table.
 * @param buildDir the build folder (with `pagefind/`).
 */
export async function loadBuiltSearch(buildDir) {
  const {engine, restore} = await loadBuiltEngine(buildDir);
  const read = (file) => JSON.parse(readFileSync(path.join(buildDir, searchBasePath, file), 'utf8'));
  return {engine, words: read(vocabularyFile), table: read(rankingTableFile), restore};
}

/** The site's search function (TypeScript, loaded through jiti). */
function siteSearch() {
  const jiti = require('jiti')(fileURLToPath(import.meta.url), {interopDefault: true});
  return jiti(path.join(siteDir, 'src', 'components', 'Search', 'engine.ts')).searchWith;
}

/**
 * Runs the judged set against a built site.
 * @param buildDir the build folder.
 * @returns {Promise<{hit1: number, hit3: number, hit5: number, mrr: number, queries: number, rows: Array<{query: string, kind: string, rank: number, top: string[]}>}>}
 */
export async function measureRelevance(buildDir, {judgements = loadJudgements(), rows: rowCount = defaultRows} = {}) {
  const {engine, words, table, restore} = await loadBuiltSearch(buildDir);
  const searchWith = siteSearch();
  const rows = [];
  try {
    for (const {query, kind, pages} of judgements) {
      const outcome = await searchWith(engine, {words, table}, query, rowCount);
      const top = outcome.hits.map((hit) => pagePath(hit.url));
      const wanted = new Set(pages.map(pagePath));
      const index = top.findIndex((url) => wanted.has(url));
      rows.push({query, kind, rank: index < 0 ? 0 : index + 1, top});
    }
  } finally {
    restore();
  }
  const share = (n) => rows.filter((row) => row.rank > 0 && row.rank <= n).length / rows.length;
  const round = (x) => Math.round(x * 1000) / 1000;
  return {
    queries: rows.length,
    hit1: round(share(1)),
    hit3: round(share(3)),
    hit5: round(share(5)),
    mrr: round(rows.reduce((sum, row) => sum + (row.rank ? 1 / row.rank : 0), 0) / rows.length),
    rows,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const rowsAt = args.indexOf('--rows');
  const rows = rowsAt >= 0 ? Number(args.splice(rowsAt, 2)[1]) : defaultRows;
  const buildDir = args.find((arg) => !arg.startsWith('--')) ?? path.join(siteDir, 'build');
  const result = await measureRelevance(buildDir, {rows});
  // Written before the exit below, which would cut a long report sent to a pipe.
  if (args.includes('--json')) writeFileSync(1, `${JSON.stringify(result, null, 2)}\n`);
  else {
    const percent = (x) => `${Math.round(x * 1000) / 10} %`;
    console.log(
      `${result.queries} queries: hit@1 ${percent(result.hit1)}, hit@3 ${percent(result.hit3)}, ` +
        `hit@5 ${percent(result.hit5)}, MRR ${result.mrr}`,
    );
    if (args.includes('--misses')) {
      for (const row of result.rows.filter((r) => r.rank !== 1)) {
        console.log(`  ${row.rank || '-'}  ${row.query}  [${row.kind}]  → ${row.top.slice(0, 3).join('  ')}`);
      }
    }
  }
  process.exit(0);
}
