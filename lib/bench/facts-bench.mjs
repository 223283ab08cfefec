// @ts-check
/**
 * The benchmark's measure of the product facts extractor: wall time and peak memory of one run of
 * `product-facts/extract.mjs` on a release tarball, as a writer runs it (a fresh Node process, the tarball unpacked,
 * every file parsed), into a temporary folder that is removed afterwards.
 */
import {execFileSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

/**
 * Extracts the facts of one release and times it.
 * @param {string} siteDir the project's root
 * @param {{tarball?: string, commit?: string}} [options] the release (default: `../shared/product/theanswer-5da4286c0.tar.gz`)
 *   and its commit when the tarball does not carry it (default: the commit of `data/product/source.json`, the release
 *   the site documents)
 * @returns {{tarball: string, seconds: number, peakMb: number | null, nodes: number, routes: number}} wall seconds
 *   (one decimal), peak resident memory in MB when GNU time is installed (else null), and what was extracted
 * @throws {Error} when the tarball is missing or the extractor fails (its message is on stderr)
 */
export function measureFactsExtraction(siteDir, options = {}) {
  const tarball = options.tarball ?? path.join(siteDir, '..', 'shared', 'product', 'theanswer-5da4286c0.tar.gz');
  if (!existsSync(tarball)) throw new Error(`${tarball} is missing: the benchmark extracts the facts of that release`);
  const commit =
    options.commit ?? JSON.parse(readFileSync(path.join(siteDir, 'data', 'product', 'source.json'), 'utf8')).commit;
  const work = mkdtempSync(path.join(tmpdir(), 'facts-bench-'));
  const report = path.join(work, 'time.txt');
  const command = [
    path.join(siteDir, 'product-facts', 'extract.mjs'),
    tarball,
    path.join(work, 'pack'),
    '--commit',
    commit,
  ];
  const gnuTime = '/usr/bin/time';
  try {
    const started = performance.now();
    if (existsSync(gnuTime)) {
      execFileSync(gnuTime, ['-o', report, '-f', '%e %M', process.execPath, ...command], {
        cwd: siteDir,
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    } else {
      execFileSync(process.execPath, command, {cwd: siteDir, stdio: ['ignore', 'ignore', 'inherit']});
    }
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const kbytes = existsSync(report)
      ? Number(readFileSync(report, 'utf8').trim().split('\n').at(-1)?.split(' ')[1])
      : NaN;
    const nodes = JSON.parse(readFileSync(path.join(work, 'pack', 'nodes.json'), 'utf8')).counts.nodes;
    const routes = JSON.parse(readFileSync(path.join(work, 'pack', 'api-routes.json'), 'utf8')).counts.routes;
    return {
      tarball: path.basename(tarball),
      seconds,
      peakMb: Number.isFinite(kbytes) ? Math.round(kbytes / 1024) : null,
      nodes,
      routes,
    };
  } finally {
    rmSync(work, {recursive: true, force: true});
  }
}
