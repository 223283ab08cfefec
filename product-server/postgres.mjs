// @ts-check
/**
 * A private PostgreSQL cluster for the product server: Debian's `postgresql-15` binaries, a new cluster in a
 * temporary folder (`initdb`, trust authentication, listening on 127.0.0.1 only, on a free port), and one empty
 * database. When the harness runs as root, the cluster runs as the `postgres` user, because `initdb` and
 * `postgres` refuse to run as root.
 */
import {execFileSync, spawn} from 'node:child_process';
import {chownSync, existsSync, mkdtempSync, openSync, readdirSync, rmSync} from 'node:fs';
import {createServer} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {StepError, runStep, say} from './steps.mjs';

/**
 * The folder of Debian's PostgreSQL binaries (`/usr/lib/postgresql/<major>/bin`, the newest major), or the one
 * named by `ANSWERAI_PG_BIN`.
 * @returns {string}
 * @throws {StepError} when no PostgreSQL server binaries are installed
 */
export function postgresBin() {
  if (process.env.ANSWERAI_PG_BIN) return process.env.ANSWERAI_PG_BIN;
  const base = '/usr/lib/postgresql';
  const majors = existsSync(base)
    ? readdirSync(base)
        .filter((name) => existsSync(path.join(base, name, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors.length === 0) {
    throw new StepError(
      'find PostgreSQL',
      "no PostgreSQL server under /usr/lib/postgresql (install Debian's postgresql-15: bash scripts/ensure-system-deps.sh)",
      undefined,
    );
  }
  return path.join(base, majors[0], 'bin');
}

/**
 * A free TCP port on 127.0.0.1, as the kernel picks it.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** The uid and gid of the `postgres` user when this process is root, else an empty object. */
function clusterUser() {
  if (process.getuid?.() !== 0) return {};
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], {encoding: 'utf8'}).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], {encoding: 'utf8'}).trim());
    return {uid, gid};
  } catch {
    throw new StepError('create the PostgreSQL cluster', 'running as root and there is no postgres user', undefined);
  }
}

/**
 * @typedef {object} Cluster
 * @property {string} dataDir the cluster's folder (removed by `stopCluster`)
 * @property {number} port its TCP port on 127.0.0.1
 * @property {number} pid the postmaster's process id
 * @property {string} database the database created for the product
 * @property {string} user the role the product connects as
 */

/**
 * Creates and starts a private cluster with one empty database.
 * @param {{logDir: string, database?: string}} options
 * @returns {Promise<Cluster>}
 * @throws {StepError} naming the step (create, start, create the database) and its log file
 */
export async function startCluster({logDir, database = 'answerai'}) {
  const bin = postgresBin();
  const owner = clusterUser();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'answerai-product-pg-'));
  if (owner.uid !== undefined) chownSync(dataDir, owner.uid, /** @type {number} */ (owner.gid));
  await runStep(
    'create the PostgreSQL cluster (initdb)',
    path.join(bin, 'initdb'),
    ['-D', dataDir, '--auth=trust', '--username=postgres', '--encoding=UTF8', '--locale=C', '--no-sync'],
    {cwd: dataDir, logDir, logName: 'postgres-initdb', ...owner},
  );
  const port = await freePort();
  const log = path.join(logDir, 'postgres.log');
  const out = openSync(log, 'a');
  const child = spawn(
    path.join(bin, 'postgres'),
    ['-D', dataDir, '-p', String(port), '-k', dataDir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
    {cwd: dataDir, detached: true, stdio: ['ignore', out, out], ...owner},
  );
  child.unref();
  say(`PostgreSQL starting on 127.0.0.1:${port} (${dataDir})`);
  const cluster = {dataDir, port, pid: /** @type {number} */ (child.pid), database, user: 'postgres'};
  await waitForPostgres(cluster, log);
  const client = new pg.Client({host: '127.0.0.1', port, user: 'postgres', database: 'postgres'});
  try {
    await client.connect();
    await client.query(`CREATE DATABASE ${database}`);
  } catch (error) {
    throw new StepError('create the product database', /** @type {Error} */ (error).message, log);
  } finally {
    await client.end().catch(() => {});
  }
  return cluster;
}

/**
 * Waits until the cluster accepts connections (up to 60 s).
 * @param {Cluster} cluster
 * @param {string} log the postmaster's log, named in the error
 * @throws {StepError} when the postmaster exits or does not answer in time
 */
async function waitForPostgres(cluster, log) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const client = new pg.Client({host: '127.0.0.1', port: cluster.port, user: 'postgres', database: 'postgres'});
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
      if (!isAlive(cluster.pid)) throw new StepError('start PostgreSQL', 'the postmaster exited', log);
      if (Date.now() > deadline) throw new StepError('start PostgreSQL', 'no connection within 60 s', log);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/**
 * Whether a process is running.
 * @param {number} pid
 */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Stops the cluster (fast shutdown, then a kill after 20 s) and removes its folder.
 * @param {Pick<Cluster, 'pid' | 'dataDir'>} cluster
 */
export async function stopCluster(cluster) {
  if (isAlive(cluster.pid)) {
    process.kill(cluster.pid, 'SIGINT');
    const deadline = Date.now() + 20_000;
    while (isAlive(cluster.pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    if (isAlive(cluster.pid)) process.kill(cluster.pid, 'SIGKILL');
  }
  rmSync(cluster.dataDir, {recursive: true, force: true});
}
