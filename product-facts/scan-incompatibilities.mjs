#!/usr/bin/env node
// @ts-check
/**
 * Looks for nodes in the situation of the Weaviate node: the node imports a vendor's client package and a
 * `@langchain/*` integration whose locked version depends on a different client package of the same vendor
 * (`weaviate-ts-client` vs `weaviate-client`). It prints candidates to review; it never adds a claim to
 * `incompatibilities.json` (a candidate is only a lead: the two clients may well be compatible).
 *
 *   node product-facts/scan-incompatibilities.mjs <source> [--commit <sha>]
 *
 * Reads the node files' imports (syntax trees) and `pnpm-lock.yaml`; exits with status 1 when the source cannot be
 * opened.
 */
import {fileURLToPath} from 'node:url';
import {LockFile, npmImports} from './behaviour.mjs';
import {nodesRoot} from './nodes.mjs';
import {openSource} from './source.mjs';
import {Program} from './ts-eval.mjs';

/** Words of package names too generic to name a vendor. */
const genericWords = new Set([
  'client',
  'clients',
  'js',
  'ts',
  'sdk',
  'node',
  'api',
  'core',
  'community',
  'langchain',
  'types',
  'lib',
  'v2',
  'v3',
]);

/**
 * The words of a package name that may name its vendor (`@pinecone-database/pinecone` → pinecone, database).
 * @param {string} name
 * @returns {string[]}
 */
export function vendorWords(name) {
  return name
    .replace(/^@/, '')
    .split(/[/@._-]+/)
    .map((word) => word.toLowerCase())
    .filter((word) => word.length >= 4 && !genericWords.has(word));
}

/**
 * @typedef {object} Candidate
 * @property {string} file the node file
 * @property {string} clientPackage the vendor package the node imports
 * @property {string | null} clientVersion its locked version
 * @property {string} integrationPackage the `@langchain/*` package the node imports
 * @property {string | null} integrationVersion its locked version
 * @property {string} integrationClientPackage the same vendor's package the integration depends on
 * @property {string} integrationClientVersion the version it depends on
 */

/**
 * Scans every node file for candidates.
 * @param {Program} program
 * @param {string[]} files
 * @returns {Candidate[]}
 */
export function scanIncompatibilities(program, files) {
  if (!files.includes('pnpm-lock.yaml')) return [];
  const lock = LockFile.read(program);
  /** @type {Candidate[]} */
  const candidates = [];
  for (const file of files) {
    if (!file.startsWith(nodesRoot) || !file.endsWith('.ts') || file.endsWith('.d.ts')) continue;
    const imports = npmImports(program, file);
    const integrations = imports.filter((name) => name.startsWith('@langchain/') && name !== '@langchain/core');
    const clients = imports.filter((name) => !name.startsWith('@langchain/') && name !== 'langchain');
    for (const integrationPackage of integrations) {
      const integration = lock.locked('packages/components', integrationPackage);
      if (!integration) continue;
      const dependencies = lock.dependencies(integration.key);
      for (const clientPackage of clients) {
        if (clientPackage in dependencies) continue;
        const words = vendorWords(clientPackage);
        for (const [dependency, version] of Object.entries(dependencies)) {
          if (dependency === clientPackage || dependency.startsWith('@langchain/')) continue;
          if (!vendorWords(dependency).some((word) => words.includes(word))) continue;
          candidates.push({
            file,
            clientPackage,
            clientVersion: lock.locked('packages/components', clientPackage)?.version ?? null,
            integrationPackage,
            integrationVersion: integration.version,
            integrationClientPackage: dependency,
            integrationClientVersion: String(version).replace(/\(.*$/, ''),
          });
        }
      }
    }
  }
  return candidates;
}

/** The command line. */
function main() {
  const args = process.argv.slice(2);
  const commitIndex = args.indexOf('--commit');
  const commit = commitIndex >= 0 ? args.splice(commitIndex, 2)[1] : undefined;
  if (args.length !== 1) {
    console.error('usage: node product-facts/scan-incompatibilities.mjs <source> [--commit <sha>]');
    process.exit(1);
  }
  const source = openSource(args[0], {commit});
  try {
    const candidates = scanIncompatibilities(new Program(source.root, source.files), source.files);
    if (!candidates.length) console.log('No candidate.');
    for (const item of candidates) {
      console.log(
        `${item.file}: imports ${item.clientPackage}@${item.clientVersion} and ${item.integrationPackage}@${item.integrationVersion}, ` +
          `which depends on ${item.integrationClientPackage}@${item.integrationClientVersion}`,
      );
    }
  } finally {
    source.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
