#!/usr/bin/env node
/**
 * Imports the facts about the AnswerAI product into `data/product/`.
 *
 * The facts are extracted from the product's source at one commit (nodes and
 * their inputs, credentials, the server's HTTP routes, the environment
 * variables it reads, package names and embed snippets). Every statement the
 * docs make about the product is checked against them, and the node reference
 * renders its parameter tables from them. When the documented product version
 * changes, re-import the facts of the new commit:
 *
 *   node scripts/import-product-facts.mjs --from <facts folder>
 *
 * The folder holds `nodes.json`, `credentials.json`, `api-routes.json`,
 * `env.json` and `packages.json`, all extracted from the same commit. The
 * script checks that, copies them, writes `data/product/source.json`, prints
 * what changed against the facts it replaces (nodes, inputs, routes, variables)
 * and clears the build cache, so the next build renders the new facts.
 *
 * Exits with status 1 and a message naming the file when a file is missing,
 * is not JSON, lacks the expected top-level keys, or names another commit.
 */
import {existsSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

const siteDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(siteDir, 'data', 'product');

/** The files of a facts pack and the top-level keys each must have. */
export const factFiles = {
  'nodes.json': ['source', 'nodes'],
  'credentials.json': ['source', 'credentials'],
  'api-routes.json': ['source', 'apiPrefix', 'routes', 'whitelist'],
  'env.json': ['source', 'code', 'envFiles', 'dockerfiles', 'compose'],
  'packages.json': ['source', 'packages', 'embed'],
};

function fail(message) {
  console.error(`import-product-facts: ${message}`);
  process.exit(1);
}

function readJson(file) {
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    fail(`${file}: missing`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    fail(`${file}: not valid JSON (${error.message})`);
  }
}

/** Keys of `a` not in `b`, as a sorted list. */
const minus = (a, b) => [...a].filter((x) => !b.has(x)).sort();

/** One line per difference between two versions of the facts. */
function describeChanges(before, after) {
  const lines = [];
  const diff = (label, oldKeys, newKeys) => {
    const added = minus(newKeys, oldKeys);
    const removed = minus(oldKeys, newKeys);
    if (added.length) lines.push(`${label} added: ${added.join(', ')}`);
    if (removed.length) lines.push(`${label} removed: ${removed.join(', ')}`);
  };
  const inputsOf = (pack) =>
    new Map(
      pack['nodes.json'].nodes.map((node) => [
        node.name,
        JSON.stringify(
          node.inputs.map(({label, name, type, optional, default: d, additionalParams, options}) => ({
            label,
            name,
            type,
            optional,
            d,
            additionalParams,
            options,
          })),
        ),
      ]),
    );
  const oldInputs = inputsOf(before);
  const newInputs = inputsOf(after);
  diff('nodes', new Set(oldInputs.keys()), new Set(newInputs.keys()));
  const changed = [...newInputs].filter(([name, value]) => oldInputs.has(name) && oldInputs.get(name) !== value);
  if (changed.length) lines.push(`nodes whose inputs changed: ${changed.map(([name]) => name).join(', ')}`);
  const routes = (pack) => new Set(pack['api-routes.json'].routes.map((r) => `${r.method} ${r.path}`));
  diff('routes', routes(before), routes(after));
  const variables = (pack) => new Set(pack['env.json'].code.variables.map((v) => v.name));
  diff('environment variables', variables(before), variables(after));
  return lines;
}

function main() {
  const args = process.argv.slice(2);
  const fromIndex = args.indexOf('--from');
  const from = path.resolve(fromIndex >= 0 ? (args[fromIndex + 1] ?? '') : path.join(siteDir, '..', 'shared', 'facts'));
  if (!existsSync(from)) fail(`${from}: no such folder (pass --from <facts folder>)`);

  const pack = {};
  for (const [file, keys] of Object.entries(factFiles)) {
    const data = readJson(path.join(from, file));
    const missing = keys.filter((key) => !(key in data));
    if (missing.length) fail(`${path.join(from, file)}: lacks ${missing.join(', ')}`);
    pack[file] = data;
  }
  const commits = new Set(Object.values(pack).map((data) => data.source?.commit));
  if (commits.size !== 1 || !/^[0-9a-f]{40}$/.test([...commits][0] ?? '')) {
    fail(`the files name different or missing commits: ${[...commits].join(', ')}`);
  }
  const {repository, commit, commitDate} = pack['nodes.json'].source;

  const previous = existsSync(path.join(target, 'nodes.json'))
    ? Object.fromEntries(Object.keys(factFiles).map((file) => [file, readJson(path.join(target, file))]))
    : null;

  mkdirSync(target, {recursive: true});
  for (const [file, data] of Object.entries(pack)) {
    writeFileSync(path.join(target, file), `${JSON.stringify(data, null, 1)}\n`);
  }
  writeFileSync(path.join(target, 'source.json'), `${JSON.stringify({repository, commit, commitDate}, null, 2)}\n`);
  // The MDX of node pages is compiled from these facts; a cached compilation would show the old ones.
  for (const cache of ['.docusaurus', path.join('node_modules', '.cache')]) {
    rmSync(path.join(siteDir, cache), {recursive: true, force: true});
  }

  console.log(`Imported the facts of ${repository} at ${commit} (${commitDate}) into data/product/.`);
  if (previous) {
    const changes = describeChanges(previous, pack);
    console.log(changes.length ? changes.map((line) => `- ${line}`).join('\n') : 'No node, route or variable changed.');
  }
}

main();
