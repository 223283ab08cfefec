// @ts-check
/**
 * Opens a product source tree for the extractor: a `.tar.gz` of the-answerai/theanswer (as `git archive` writes it,
 * e.g. `../shared/product/theanswer-5da4286c0.tar.gz`) or a folder holding a checkout of that repository.
 *
 * A tarball is unpacked with the system `tar` into a temporary folder that `close()` removes. Which commit a
 * source is, and when it was committed, comes from the source itself whenever it says so:
 *
 * - a tarball written by `git archive` carries the commit id in a pax global header (what `git get-tar-commit-id`
 *   prints), and every entry's mtime is the commit's committer time (without its time zone: recorded in UTC);
 * - a folder that is a git checkout answers `git rev-parse HEAD` and `git log -1 --format=%cI/%aI`;
 * - otherwise (a tarball repacked without the header, a plain folder) the caller passes `commit` (and, for a
 *   folder, `commitDate`); a tarball's date is then the mtime its files share.
 *
 * Nothing here depends on the clock or on the machine: the file list is sorted, and paths are relative to the
 * repository's root with `/` separators.
 */
import {execFileSync} from 'node:child_process';
import {closeSync, existsSync, mkdtempSync, openSync, readSync, readdirSync, rmSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {gunzipSync} from 'node:zlib';

/** The product's repository, as the facts name it. */
export const productRepository = 'https://github.com/the-answerai/theanswer';

/**
 * @typedef {object} SourceInfo
 * @property {string} repository the repository's URL
 * @property {string | null} commit the full commit id (40 hex digits), or null when the source does not say and
 *   the caller did not pass it
 * @property {string | null} commitDate the committer date, ISO 8601 (with the committer's offset when known, else UTC)
 * @property {string | null} authorDate the author date, when the source says (a git checkout)
 * @property {string} label a short name for reports: the tarball's or folder's base name
 * @property {'tarball' | 'folder'} kind
 */

/**
 * @typedef {object} OpenedSource
 * @property {string} root absolute path of the repository's root (the folder holding `packages/`)
 * @property {string[]} files every file under `root`, relative, `/`-separated, sorted by code unit
 * @property {SourceInfo} info where the source comes from
 * @property {(path: string) => string | null} gitlink the commit a submodule's gitlink pins (a git checkout only)
 * @property {() => void} close removes the temporary folder of an unpacked tarball (a no-op for a folder)
 */

/**
 * Opens a tarball or a folder.
 * @param {string} source path of a `.tar.gz`/`.tgz` file or of a folder
 * @param {{commit?: string, commitDate?: string, repository?: string}} [options] the commit and date when the
 *   source itself does not carry them; a `commit` that contradicts the source's own is an error
 * @returns {OpenedSource}
 * @throws {Error} when the source does not exist, `tar` fails, the tarball holds no repository, or `commit` is not
 *   40 hex digits or contradicts the source
 */
export function openSource(source, options = {}) {
  const absolute = path.resolve(source);
  if (!existsSync(absolute)) throw new Error(`${source}: no such file or folder`);
  if (options.commit !== undefined && !/^[0-9a-f]{40}$/.test(options.commit)) {
    throw new Error(`--commit ${options.commit}: a commit id is 40 lowercase hex digits`);
  }
  const repository = options.repository ?? productRepository;
  if (statSync(absolute).isDirectory()) return openFolder(absolute, repository, options);
  return openTarball(absolute, repository, options);
}

/**
 * @param {string} folder
 * @param {string} repository
 * @param {{commit?: string, commitDate?: string}} options
 * @returns {OpenedSource}
 */
function openFolder(folder, repository, options) {
  /** @type {string | null} */
  let commit = null;
  /** @type {string | null} */
  let commitDate = null;
  /** @type {string | null} */
  let authorDate = null;
  const isGit = existsSync(path.join(folder, '.git'));
  const git = (/** @type {string[]} */ ...args) =>
    execFileSync('git', ['-C', folder, ...args], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore']}).trim();
  if (isGit) {
    try {
      commit = git('rev-parse', 'HEAD');
      [commitDate, authorDate] = git('log', '-1', '--format=%cI%n%aI').split('\n');
    } catch {
      // Not a usable git checkout (no commits, git missing): fall back to the options.
    }
  }
  if (options.commit && commit && options.commit !== commit) {
    throw new Error(`${folder} is a checkout of ${commit}, not ${options.commit}`);
  }
  if (options.commit && options.commit !== commit) {
    commit = options.commit;
    authorDate = null;
  }
  commitDate = options.commitDate ?? commitDate;
  return {
    root: folder,
    files: listFiles(folder),
    info: {repository, commit, commitDate, authorDate, label: path.basename(folder), kind: 'folder'},
    gitlink: (submodule) => {
      if (!isGit) return null;
      try {
        const match = /^160000 commit ([0-9a-f]{40})\t/.exec(git('ls-tree', 'HEAD', '--', submodule));
        return match ? match[1] : null;
      } catch {
        return null;
      }
    },
    close: () => {},
  };
}

/**
 * @param {string} tarball
 * @param {string} repository
 * @param {{commit?: string, commitDate?: string}} options
 * @returns {OpenedSource}
 */
function openTarball(tarball, repository, options) {
  const embedded = tarCommitId(tarball);
  if (options.commit && embedded && options.commit !== embedded) {
    throw new Error(`${tarball} was archived from ${embedded}, not ${options.commit}`);
  }
  const abbreviation = /-([0-9a-f]{7,40})\.t(ar\.)?gz$/.exec(path.basename(tarball))?.[1];
  const commit = embedded ?? options.commit ?? null;
  if (commit && abbreviation && !embedded && !commit.startsWith(abbreviation)) {
    throw new Error(`${path.basename(tarball)} names commit ${abbreviation}, not ${commit}`);
  }
  const work = mkdtempSync(path.join(tmpdir(), 'product-facts-'));
  const close = () => rmSync(work, {recursive: true, force: true});
  try {
    execFileSync('tar', ['-xzf', tarball, '-C', work], {stdio: ['ignore', 'ignore', 'pipe']});
  } catch (error) {
    rmSync(work, {recursive: true, force: true});
    throw new Error(`${tarball}: tar could not unpack it (${/** @type {Error} */ (error).message.trim()})`);
  }
  const top = readdirSync(work);
  const root = top.length === 1 && statSync(path.join(work, top[0])).isDirectory() ? path.join(work, top[0]) : work;
  const files = listFiles(root);
  if (!files.some((file) => file.startsWith('packages/'))) {
    close();
    throw new Error(`${tarball} holds no packages/ folder: not a tree of the-answerai/theanswer`);
  }
  const mtime = sharedMtime(root, files);
  if (options.commitDate && mtime && Date.parse(options.commitDate) !== Date.parse(mtime)) {
    close();
    throw new Error(
      `--commit-date ${options.commitDate} is not the time of ${path.basename(tarball)}'s files (${mtime})`,
    );
  }
  return {
    root,
    files,
    info: {
      repository,
      commit,
      commitDate: options.commitDate ?? mtime,
      authorDate: null,
      label: path.basename(tarball),
      kind: 'tarball',
    },
    gitlink: () => null,
    close,
  };
}

/**
 * The commit id that `git archive` writes into a tarball's pax global header (`git get-tar-commit-id`), read from
 * the first header block of the decompressed stream.
 * @param {string} tarball
 * @returns {string | null}
 */
export function tarCommitId(tarball) {
  const fd = openSync(tarball, 'r');
  /** @type {Buffer} */
  let head;
  try {
    const chunk = Buffer.alloc(64 * 1024);
    const read = readSync(fd, chunk, 0, chunk.length, 0);
    head = gunzipSync(chunk.subarray(0, read), {finishFlush: 2 /* Z_SYNC_FLUSH: a partial stream is fine */});
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
  // A pax global header has type flag 'g' at offset 156; its data block follows the 512-byte header.
  if (head.length < 1024 || head[156] !== 'g'.charCodeAt(0)) return null;
  const size = parseInt(head.subarray(124, 136).toString('latin1').replace(/\0.*$/s, '').trim(), 8);
  const data = head.subarray(512, 512 + size).toString('utf8');
  const match = /(?:^|\n)\d+ comment=([0-9a-f]{40})\n/.exec(data);
  return match ? match[1] : null;
}

/**
 * The modification time most of the source's files share (`git archive` gives every entry the commit time), as an
 * ISO date in UTC without milliseconds; the latest of the most common times on a tie.
 * @param {string} root
 * @param {string[]} files
 * @returns {string | null}
 */
function sharedMtime(root, files) {
  /** @type {Map<number, number>} */
  const counts = new Map();
  for (const file of files) {
    const seconds = Math.floor(statSync(path.join(root, file)).mtimeMs / 1000);
    counts.set(seconds, (counts.get(seconds) ?? 0) + 1);
  }
  const [best] = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  return best ? new Date(best[0] * 1000).toISOString().replace(/\.000Z$/, 'Z') : null;
}

/**
 * Every file under a folder (not following symbolic links, skipping `.git` and `node_modules`), relative with `/`
 * separators, sorted by code unit so that the order never depends on the file system.
 * @param {string} root
 * @returns {string[]}
 */
export function listFiles(root) {
  const files = readdirSync(root, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((rel) => !rel.split('/').some((segment) => segment === '.git' || segment === 'node_modules'));
  return files.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
