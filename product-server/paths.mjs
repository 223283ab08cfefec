// @ts-check
/**
 * Where the product server harness finds its input and keeps its files.
 *
 * - The product's source: the tarball of the release the docs describe, `../shared/product/theanswer-<first nine
 *   characters of the commit>.tar.gz` beside the checkout (the commit of `data/product/source.json`, the one place
 *   that names the documented release), or the tarball named by `ANSWERAI_PRODUCT_TARBALL`.
 * - The built server: a cache outside the checkout (`ANSWERAI_PRODUCT_CACHE`, else
 *   `$XDG_CACHE_HOME/answerai-docs/product-server`, else `~/.cache/answerai-docs/product-server`), one folder per
 *   tarball, named by the tarball's SHA-256, so only the first run on a machine installs and compiles.
 * - A running server's state (its database cluster, logs, API key): `.product-server/` in the checkout, ignored
 *   by git, so two checkouts on one machine do not share a database; `ANSWERAI_PRODUCT_STATE` names another folder
 *   (the benchmark starts a second server that way).
 */
import {createHash} from 'node:crypto';
import {createReadStream, existsSync, readFileSync} from 'node:fs';
import {homedir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';

/** The checkout's root folder. */
export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The tarball of the product commit the docs describe, as recorded in `data/product/source.json`. */
export function defaultTarball() {
  const {commit} = JSON.parse(readFileSync(path.join(projectRoot, 'data', 'product', 'source.json'), 'utf8'));
  return path.resolve(projectRoot, '..', 'shared', 'product', `theanswer-${String(commit).slice(0, 9)}.tar.gz`);
}

/** The product source tarball the harness builds. */
export function productTarball() {
  return path.resolve(process.env.ANSWERAI_PRODUCT_TARBALL ?? defaultTarball());
}

/** The folder that holds every cached build and pnpm's package store. */
export function cacheRoot() {
  if (process.env.ANSWERAI_PRODUCT_CACHE) return path.resolve(process.env.ANSWERAI_PRODUCT_CACHE);
  const base = process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
  return path.join(base, 'answerai-docs', 'product-server');
}

/** The folder of the running server's state in this checkout. */
export const stateDir = path.resolve(process.env.ANSWERAI_PRODUCT_STATE ?? path.join(projectRoot, '.product-server'));

/** The file in which a started server records its URL, ports, process ids and API key. */
export const stateFile = path.join(stateDir, 'state.json');

/** The folder of the logs of every step, for the build and the running server alike. */
export const logDir = path.join(stateDir, 'logs');

/**
 * The SHA-256 of a file, in hex.
 * @param {string} file
 * @returns {Promise<string>}
 */
export function sha256(file) {
  if (!existsSync(file)) {
    return Promise.reject(new Error(`The product source ${file} does not exist (set ANSWERAI_PRODUCT_TARBALL).`));
  }
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}
