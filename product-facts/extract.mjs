#!/usr/bin/env node
// @ts-check
/**
 * The product facts extractor: reads a source tree of AnswerAI (a `.tar.gz` of the-answerai/theanswer or a folder
 * holding a checkout) and writes the facts pack the site uses in `data/product/`.
 *
 *   npm run facts:extract -- <source> <out-dir> [--commit <sha>] [--commit-date <iso>] [--carry-over <pack-dir>]
 *
 * - `--commit`: the commit the source is, when it does not say so itself (a tarball repacked without `git archive`'s
 *   header, such as `theanswer-5da4286c0.tar.gz`; a folder that is not a git checkout). Required then.
 * - `--carry-over <dir>`: keep, from the pack in `<dir>`, the facts about files the source does not contain
 *   (Dockerfiles, compose files, `.env` templates and `package.json` files outside the source, the embed widget),
 *   marked in `carriedOver` with the commit they were read at. `npm run import-facts` passes the pack it replaces.
 *
 * Writes `nodes.json`, `credentials.json`, `api-routes.json`, `env.json`, `packages.json`, `behaviour.json` and
 * `source.json` (the one place that says which release the site documents) into `<out-dir>`, and prints what it
 * extracted and how long it took. The output depends only on the source (and on the carried-over pack): files are
 * read in sorted order, nothing depends on the clock or the machine, and no absolute path is written.
 *
 * Exits with status 1 and a message when the source cannot be opened, its commit is unknown, or a reviewed claim
 * of `incompatibilities.json` no longer holds (the pack is written; the message names the stale claim).
 */
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import ts from 'typescript';
import {LockFile, extractBehaviour} from './behaviour.mjs';
import {extractCredentials} from './credentials.mjs';
import {extractEnv} from './env.mjs';
import {compareStrings} from './normalize.mjs';
import {extractNodes} from './nodes.mjs';
import {extractPackages, lockedDependencies, workspaceFact} from './packages.mjs';
import {extractRoutes} from './routes.mjs';
import {openSource} from './source.mjs';
import {Program} from './ts-eval.mjs';

/** The files of a pack, in the order they are written. */
export const packFiles = [
  'nodes.json',
  'credentials.json',
  'api-routes.json',
  'env.json',
  'packages.json',
  'behaviour.json',
];

/** The key under which an extracted pack keeps its source's file list (not enumerable, never written). */
export const sourceFiles = Symbol('source files');
/** The key under which an extracted pack keeps its dependencies' versions, for `facts:diff` (never written). */
export const sourceDependencies = Symbol('source dependencies');

/**
 * @typedef {Record<string, any>} PackFile
 * @typedef {Record<string, PackFile>} Pack a facts pack: file name → content (`source.json` included)
 */

/**
 * Extracts the facts pack of a source tree.
 * @param {string} source a `.tar.gz` of the product's repository or a folder holding a checkout
 * @param {{commit?: string, commitDate?: string, requireCommit?: boolean}} [options] `commit`/`commitDate` when the
 *   source does not carry them; `requireCommit` (default true) fails when the commit stays unknown
 * @returns {Pack}
 * @throws {Error} when the source cannot be opened or (with `requireCommit`) its commit is unknown
 */
export function extractFacts(source, options = {}) {
  const opened = openSource(source, options);
  try {
    const {info} = opened;
    if (!info.commit && options.requireCommit !== false) {
      throw new Error(
        `${info.label} does not say which commit it is (it was not written by git archive, or the folder is not a git ` +
          'checkout): pass --commit <full commit id>',
      );
    }
    const program = new Program(opened.root, opened.files);
    const files = opened.files;
    const sourceBlock = {
      repository: info.repository,
      commit: info.commit,
      commitDate: info.commitDate,
      ...(info.authorDate ? {authorDate: info.authorDate} : {}),
    };
    const generator = {tool: 'product-facts/extract.mjs', typescript: ts.version};
    /** @param {Record<string, unknown>} body */
    const file = (body) => ({source: sourceBlock, generator, ...body});

    const credentials = extractCredentials(program, files);
    const nodes = extractNodes(program, files, new Set(credentials.credentials.map((item) => String(item.name))));
    const routes = extractRoutes(program, files);
    const env = extractEnv(program, files);
    const packages = extractPackages(program, files, opened.gitlink);
    const behaviour = extractBehaviour(program, files, routes.routes);
    /** @type {Pack} */
    const pack = {
      'nodes.json': file(nodes),
      'credentials.json': file({counts: credentials.counts, credentials: credentials.credentials}),
      'api-routes.json': file(routes),
      'env.json': file(env),
      'packages.json': file(packages),
      'behaviour.json': file(behaviour),
      'source.json': {repository: info.repository, commit: info.commit, commitDate: info.commitDate},
    };
    // The source's file list, for carryOver (not part of the pack's JSON).
    Object.defineProperty(pack, sourceFiles, {value: files, enumerable: false});
    Object.defineProperty(pack, sourceDependencies, {
      value: lockedDependencies(program, files, (p) => LockFile.read(p)),
      enumerable: false,
    });
    return pack;
  } finally {
    opened.close();
  }
}

/**
 * Keeps, from a previous pack, the facts about files the new source does not contain (a product tarball holds only
 * `packages/components`, `packages/server` and a few root files): `.env` templates, Dockerfiles, compose files,
 * `package.json` files, the workspace's folders without one, the submodules and the embed widget. Each kept entry
 * is named in the file's `carriedOver` block with the commit it was read at, so that nothing pretends to come from
 * the new source.
 * @param {Pack} pack the new pack (changed in place)
 * @param {Pack} previous the pack it replaces
 * @param {string[]} [files] the new source's files (by default, those the extracted pack keeps)
 * @returns {string[]} the carried entries, `file: entry`
 */
export function carryOver(pack, previous, files = /** @type {any} */ (pack)[sourceFiles] ?? []) {
  const present = new Set(files);
  const from = previous['source.json'] ?? previous['nodes.json']?.source ?? {};
  /** @type {string[]} */
  const carried = [];
  /**
   * @param {string} file
   * @param {string[]} items
   */
  const mark = (file, items) => {
    if (!items.length) return;
    // An entry the previous pack had itself carried over keeps the commit it was read at.
    /** @type {Array<{entry: string, from: {commit: string | null, commitDate: string | null}}>} */
    const earlier = previous[file]?.carriedOver?.items ?? [];
    pack[file].carriedOver = {
      reason: 'not in the source this pack was extracted from; kept from the pack it replaced',
      items: items.map((entry) => ({
        entry,
        from: earlier.find((item) => item.entry === entry)?.from ?? {
          commit: from.commit ?? null,
          commitDate: from.commitDate ?? null,
        },
      })),
    };
    carried.push(...items.map((item) => `${file}: ${item}`));
  };

  const env = pack['env.json'];
  const oldEnv = previous['env.json'];
  /** @type {string[]} */
  const envItems = [];
  if (oldEnv) {
    for (const key of ['envFiles', 'dockerfiles', 'compose']) {
      const kept = (oldEnv[key] ?? []).filter((/** @type {{path: string}} */ entry) => !present.has(entry.path));
      if (!kept.length) continue;
      env[key] = [...env[key], ...kept].sort((a, b) => compareStrings(a.path, b.path));
      envItems.push(...kept.map((/** @type {{path: string}} */ entry) => `${key}[${entry.path}]`));
    }
    env.counts = {
      ...env.counts,
      envFiles: env.envFiles.length,
      dockerfiles: env.dockerfiles.length,
      composeFiles: env.compose.length,
    };
  }
  mark('env.json', envItems);

  const packages = pack['packages.json'];
  const oldPackages = previous['packages.json'];
  /** @type {string[]} */
  const packageItems = [];
  if (oldPackages) {
    const kept = (oldPackages.packages ?? []).filter((/** @type {{path: string}} */ entry) => !present.has(entry.path));
    if (kept.length) {
      packages.packages = [...packages.packages, ...kept].sort((a, b) => compareStrings(a.path, b.path));
      packages.counts = {packageJsonFiles: packages.packages.length};
      packages.workspace = workspaceFact(
        packages.workspace.packages,
        packages.packages.map((/** @type {{dir: string}} */ entry) => entry.dir),
      );
      packageItems.push(...kept.map((/** @type {{path: string}} */ entry) => `packages[${entry.path}]`));
    }
    if (!present.has('.gitmodules') && oldPackages.submodules?.length) {
      packages.submodules = oldPackages.submodules;
      packageItems.push('submodules');
    }
    for (const key of ['packages/embed', 'packages/embed-react', 'uiEmbedSnippets']) {
      if (packages.embed[key] === undefined && oldPackages.embed?.[key] !== undefined) {
        packages.embed[key] = oldPackages.embed[key];
        packageItems.push(`embed.${key}`);
      }
    }
    if (packageItems.some((item) => item.startsWith('embed.'))) {
      packages.embed = {...packages.embed, summary: oldPackages.embed.summary};
      const ordered = /** @type {Record<string, unknown>} */ ({});
      for (const key of ['packages/embed', 'packages/embed-react', 'uiEmbedSnippets', 'summary']) {
        if (packages.embed[key] !== undefined) ordered[key] = packages.embed[key];
      }
      packages.embed = ordered;
      packageItems.push('embed.summary');
    }
  }
  mark('packages.json', packageItems);
  return carried;
}

/**
 * Reads a pack from a folder (the files that exist).
 * @param {string} dir
 * @returns {Pack}
 */
export function readPack(dir) {
  /** @type {Pack} */
  const pack = {};
  for (const file of [...packFiles, 'source.json']) {
    const full = path.join(dir, file);
    if (existsSync(full)) pack[file] = JSON.parse(readFileSync(full, 'utf8'));
  }
  return pack;
}

/**
 * Writes a pack into a folder: one JSON file each, indented by one space as `data/product/` has always been.
 * @param {Pack} pack
 * @param {string} dir
 */
export function writePack(pack, dir) {
  mkdirSync(dir, {recursive: true});
  for (const file of [...packFiles, 'source.json']) {
    writeFileSync(path.join(dir, file), `${JSON.stringify(pack[file], null, file === 'source.json' ? 2 : 1)}\n`);
  }
}

/**
 * Parses `--name value` options out of an argument list.
 * @param {string[]} args
 * @param {string[]} names
 * @returns {{positional: string[], options: Record<string, string>}}
 */
export function parseArgs(args, names) {
  /** @type {string[]} */
  const positional = [];
  /** @type {Record<string, string>} */
  const options = {};
  for (let index = 0; index < args.length; index++) {
    const arg = args[index];
    const name = arg.replace(/^--/, '');
    if (arg.startsWith('--') && names.includes(name)) {
      const value = args[index + 1];
      if (value === undefined) throw new Error(`${arg} needs a value`);
      options[name] = value;
      index++;
    } else positional.push(arg);
  }
  return {positional, options};
}

/** The command line. */
function main() {
  let parsed;
  try {
    parsed = parseArgs(process.argv.slice(2), ['commit', 'commit-date', 'carry-over']);
  } catch (error) {
    console.error(`facts:extract: ${/** @type {Error} */ (error).message}`);
    process.exit(1);
  }
  const {positional, options} = parsed;
  if (positional.length !== 2) {
    console.error(
      'usage: npm run facts:extract -- <source.tar.gz | checkout folder> <out-dir> [--commit <sha>] [--commit-date <iso>] [--carry-over <pack dir>]',
    );
    process.exit(1);
  }
  const [source, outDir] = positional;
  const started = process.hrtime.bigint();
  /** @type {Pack} */
  let pack;
  try {
    pack = extractFacts(source, {commit: options.commit, commitDate: options['commit-date']});
  } catch (error) {
    console.error(`facts:extract: ${/** @type {Error} */ (error).message}`);
    process.exit(1);
  }
  const carried = options['carry-over'] ? carryOver(pack, readPack(options['carry-over'])) : [];
  writePack(pack, outDir);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const {commit, commitDate} = pack['source.json'];
  const behaviour = pack['behaviour.json'];
  console.log(
    `Extracted the facts of ${commit} (${commitDate}) from ${path.basename(source)} into ${outDir} in ${seconds.toFixed(1)} s:`,
  );
  console.log(
    `  ${pack['nodes.json'].counts.nodes} nodes, ${pack['credentials.json'].counts.credentials} credentials, ` +
      `${pack['api-routes.json'].counts.routes} routes, ${pack['env.json'].counts.variablesInCode} environment variables in code, ` +
      `${pack['packages.json'].counts.packageJsonFiles} package.json files, ${behaviour.routeErrors.length} routes with error statuses, ` +
      `${behaviour.nodeIncompatibilities.length} node incompatibilities`,
  );
  const problems = [...pack['nodes.json'].problems];
  if (problems.length) console.log(`  problems:\n${problems.map((problem) => `    ${problem}`).join('\n')}`);
  if (carried.length)
    console.log(
      `  kept from ${options['carry-over']} (not in the source):\n${carried.map((item) => `    ${item}`).join('\n')}`,
    );
  if (behaviour.staleIncompatibilities.length) {
    console.error(
      `facts:extract: stale claims in product-facts/incompatibilities.json (fix or remove them):\n${behaviour.staleIncompatibilities
        .map((/** @type {{node: string, problems: string[]}} */ item) => `  ${item.node}: ${item.problems.join('; ')}`)
        .join('\n')}`,
    );
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
