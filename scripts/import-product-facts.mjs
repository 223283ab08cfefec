#!/usr/bin/env node
// @ts-check
/**
 * Refreshes the facts about the AnswerAI product in `data/product/` from the product's source: a thin step over
 * the project's own extractor (`product-facts/extract.mjs`).
 *
 *   npm run import-facts -- <source.tar.gz | checkout folder> [--commit <sha>] [--commit-date <iso>]
 *
 * It extracts the pack of the source, keeps from the pack it replaces the facts about files the source does not
 * contain (a product tarball holds only `packages/components`, `packages/server` and a few root files; see
 * `carriedOver` in `env.json` and `packages.json`), writes the pack and `data/product/source.json` (the commit and
 * date the site says it documents), prints how many nodes, inputs, routes and variables changed, and clears the
 * build cache so that the next build renders the new facts. `npm run facts:diff -- <old> <new>` gives the page by
 * page report of what the release changes.
 *
 * Exits with status 1 and a message when the source cannot be opened or does not say which commit it is (pass
 * `--commit`), or when a reviewed claim of `product-facts/incompatibilities.json` no longer holds.
 */
import {existsSync, rmSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {diffFacts} from '../product-facts/diff.mjs';
import {carryOver, extractFacts, parseArgs, readPack, writePack} from '../product-facts/extract.mjs';

const siteDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(siteDir, 'data', 'product');

/** @param {string} message */
function fail(message) {
  console.error(`import-facts: ${message}`);
  process.exit(1);
}

function main() {
  let parsed;
  try {
    parsed = parseArgs(process.argv.slice(2), ['commit', 'commit-date']);
  } catch (error) {
    fail(/** @type {Error} */ (error).message);
    return;
  }
  const {positional, options} = parsed;
  if (positional.length !== 1) {
    fail('usage: npm run import-facts -- <source.tar.gz | checkout folder> [--commit <sha>] [--commit-date <iso>]');
  }
  /** @type {import('../product-facts/extract.mjs').Pack} */
  let pack;
  try {
    pack = extractFacts(positional[0], {commit: options.commit, commitDate: options['commit-date']});
  } catch (error) {
    fail(/** @type {Error} */ (error).message);
    return;
  }
  const previous = existsSync(path.join(target, 'nodes.json')) ? readPack(target) : null;
  const carried = previous ? carryOver(pack, previous) : [];
  writePack(pack, target);
  // The MDX of node pages is compiled from these facts; a cached compilation would show the old ones.
  for (const cache of ['.docusaurus', path.join('node_modules', '.cache')]) {
    rmSync(path.join(siteDir, cache), {recursive: true, force: true});
  }
  const {repository, commit, commitDate} = pack['source.json'];
  console.log(`Imported the facts of ${repository} at ${commit} (${commitDate}) into data/product/.`);
  if (carried.length) console.log(`Kept from the previous pack (not in the source): ${carried.length} entries.`);
  if (previous?.['behaviour.json']) {
    const report = diffFacts(previous, pack);
    const inputs = report.nodes.changed.reduce(
      (sum, node) => sum + node.inputsAdded.length + node.inputsRemoved.length + node.inputsChanged.length,
      0,
    );
    console.log(
      `Against the facts it replaces: nodes +${report.nodes.added.length} -${report.nodes.removed.length} ` +
        `(${report.nodes.changed.length} changed, ${inputs} input changes), credentials +${report.credentials.added.length} ` +
        `-${report.credentials.removed.length}, routes +${report.routes.added.length} -${report.routes.removed.length}, ` +
        `environment variables +${report.env.added.length} -${report.env.removed.length}.`,
    );
  }
  const stale = pack['behaviour.json'].staleIncompatibilities;
  if (stale.length) {
    fail(
      `stale claims in product-facts/incompatibilities.json (fix or remove them): ${stale
        .map((/** @type {{node: string}} */ item) => item.node)
        .join(', ')}`,
    );
  }
}

main();
