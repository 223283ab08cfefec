// @ts-check
/**
 * Builds AnswerAI's API server from the product's source tarball into the cache, once per tarball.
 *
 * The steps are those of `PRODUCT-SERVER.md`: unpack; reduce the pnpm workspace to `packages/components` and
 * `packages/server` (the tarball holds only those) and drop the root scripts and tooling; `pnpm install` against
 * the product's own lock file with no native builds; compile the components with `tsc` and copy their icons with
 * the product's gulp task; compile the server with `tsc`. Nothing of the product's code is changed.
 *
 * The result lives in `<cache>/<sha256 of the tarball>/theanswer`; a `.complete` marker is written last, so an
 * interrupted build starts again from the beginning.
 */
import {existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {cacheRoot, productTarball, projectRoot, sha256} from './paths.mjs';
import {StepError, runStep, say} from './steps.mjs';

/** pnpm, at the version the product's `packageManager` names, installed as this project's dev dependency. */
const pnpm = path.join(projectRoot, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');

/** The root devDependencies the two packages need to compile (the rest is tooling of the product's repository). */
const keptRootDevDependencies = ['typescript', '@types/node-cron'];

/**
 * @typedef {object} ProductBuild
 * @property {string} root the unpacked and built repository (`…/theanswer`)
 * @property {string} sha256 the tarball's checksum, the cache key
 * @property {string} tarball the tarball it was built from
 * @property {string} logDir the folder of the build's logs
 * @property {Record<string, number>} [seconds] how long each step took, when this call built it (absent from a
 *   cached build)
 */

/**
 * The cached build of a tarball, building it first when the cache lacks it.
 * @param {{tarball?: string}} [options]
 * @returns {Promise<ProductBuild>}
 * @throws {StepError} naming the step that failed and its log file
 */
export async function ensureBuilt(options = {}) {
  const tarball = options.tarball ?? productTarball();
  let checksum;
  try {
    checksum = await sha256(tarball);
  } catch (error) {
    throw new StepError('find the product source', /** @type {Error} */ (error).message, undefined);
  }
  const cache = cacheRoot();
  const final = path.join(cache, checksum);
  const build = {root: path.join(final, 'theanswer'), sha256: checksum, tarball, logDir: path.join(final, 'logs')};
  if (existsSync(path.join(final, '.complete'))) return build;

  const work = `${final}.partial`;
  const logDir = path.join(work, 'logs');
  rmSync(work, {recursive: true, force: true});
  mkdirSync(logDir, {recursive: true});
  say(`building the product server from ${path.basename(tarball)} (sha256 ${checksum.slice(0, 12)}) in ${final}`);
  say('the first build on a machine takes about 5 minutes; later runs use the cache');

  /** @type {Record<string, number>} */
  const seconds = {};
  seconds.unpack = await runStep('unpack the product source', 'tar', ['-xzf', tarball, '-C', work], {
    cwd: work,
    logDir,
    logName: '1-unpack',
  });
  const root = path.join(work, 'theanswer');
  if (!existsSync(path.join(root, 'packages', 'server', 'package.json'))) {
    throw new StepError('unpack the product source', `${tarball} holds no theanswer/packages/server`, undefined);
  }
  prepareWorkspace(root);

  if (!existsSync(pnpm)) {
    throw new StepError('find pnpm', `${pnpm} is missing: run npm install in the docs project first`, undefined);
  }
  const env = {
    ...process.env,
    // pnpm treats CI as a reason to require a frozen lock file; the reduced workspace changes its importers.
    CI: '',
    npm_config_store_dir: path.join(cache, 'pnpm-store'),
    npm_config_update_notifier: 'false',
  };
  seconds.install = await runStep(
    'install the product dependencies (pnpm)',
    process.execPath,
    [pnpm, 'install', '--no-frozen-lockfile', '--prefer-offline', '--reporter=append-only'],
    {cwd: root, env, logDir, logName: '2-install'},
  );
  const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  const compileEnv = {...env, NODE_OPTIONS: '--max-old-space-size=6144'};
  seconds.compileComponents = await runStep('compile the components (tsc)', process.execPath, [tsc], {
    cwd: path.join(root, 'packages', 'components'),
    env: compileEnv,
    logDir,
    logName: '3-components-tsc',
  });
  seconds.copyIcons = await runStep('copy the component icons (gulp)', process.execPath, [pnpm, 'exec', 'gulp'], {
    cwd: path.join(root, 'packages', 'components'),
    env,
    logDir,
    logName: '4-components-gulp',
  });
  seconds.compileServer = await runStep('compile the server (tsc)', process.execPath, [tsc], {
    cwd: path.join(root, 'packages', 'server'),
    env: compileEnv,
    logDir,
    logName: '5-server-tsc',
  });
  writeFileSync(
    path.join(work, '.complete'),
    JSON.stringify({tarball: path.basename(tarball), sha256: checksum, seconds}, null, 2) + '\n',
  );
  rmSync(final, {recursive: true, force: true});
  renameSync(work, final);
  say(`built: ${final}`);
  return {...build, seconds};
}

/**
 * Reduces the product's root manifest and workspace to the two packages of the tarball: the workspace lists
 * `packages/components` and `packages/server`; the root `scripts` (its postinstall runs tools of the product's
 * own CI) and the root devDependencies other than TypeScript go; no dependency runs a native build (sqlite3 is
 * unused with PostgreSQL).
 * @param {string} root the unpacked repository
 */
function prepareWorkspace(root) {
  const manifestPath = path.join(root, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  delete manifest.scripts;
  delete manifest.workspaces;
  manifest.devDependencies = Object.fromEntries(
    Object.entries(manifest.devDependencies ?? {}).filter(([name]) => keptRootDevDependencies.includes(name)),
  );
  manifest.pnpm = {...manifest.pnpm, onlyBuiltDependencies: []};
  writeFileSync(manifestPath, JSON.stringify(manifest, null, 2) + '\n');
  writeFileSync(
    path.join(root, 'pnpm-workspace.yaml'),
    "packages:\n  - 'packages/components'\n  - 'packages/server'\n",
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureBuilt().then(
    (build) => console.log(build.root),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
