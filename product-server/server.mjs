// @ts-check
/**
 * Starts and stops AnswerAI's API server for the tests and for writers: the cached build (`build.mjs`), a private
 * PostgreSQL cluster (`postgres.mjs`), the local stub for `ANSWERAI_DOMAIN` and the model (`stub.mjs`), then the
 * server itself with `node packages/server/bin/run start`. Once the server answers `GET /api/v1/ping`, three
 * organizations, each with a user and an API key, are written to its database (see `seed`), and the state
 * (URL, keys, process ids) is written to `.product-server/state.json`.
 */
import {spawn} from 'node:child_process';
import {randomBytes, randomUUID} from 'node:crypto';
import {existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {createInterface} from 'node:readline';
import pg from 'pg';
import {ensureBuilt} from './build.mjs';
import {freePort, isAlive, startCluster, stopCluster} from './postgres.mjs';
import {logDir, stateDir, stateFile} from './paths.mjs';
import {StepError, say} from './steps.mjs';

/** The value of the server's `OPENAI_API_KEY`, so a test can tell it from a credential's key at the stub. */
export const serverOpenAiKey = 'sk-answerai-docs-server-environment';

/** The port the server listens on: the `http://localhost:4000/api/v1` server of the API reference. */
export const defaultPort = Number(process.env.ANSWERAI_PRODUCT_PORT ?? 4000);

/**
 * An organization of the seeded database, with its user and API key.
 * @typedef {object} SeededAccount
 * @property {string} organizationId
 * @property {string} auth0OrgId the organization's `auth0Id`
 * @property {string} userId
 * @property {string} apiKey the key to send as `Authorization: Bearer <apiKey>`
 * @property {string} apiKeyId the key's row id (what a chatflow's `apikeyid` names)
 * @property {boolean} allowed whether the server's `AUTH0_ORGANIZATION_ID` lists the organization
 */

/**
 * What a started server records in `.product-server/state.json`.
 * @typedef {object} ProductServerState
 * @property {string} baseUrl e.g. `http://localhost:4000`; the API is under `/api/v1`
 * @property {number} port
 * @property {string} stubUrl the stub's origin, e.g. `http://127.0.0.1:41234` (the model is under `/v1`)
 * @property {{main: SeededAccount, other: SeededAccount, foreign: SeededAccount}} accounts `main` is the account
 *   the examples use; `other` is a second allowed organization; `foreign` an organization the server does not list
 * @property {{server: number, stub: number, postgres: number}} pids
 * @property {{dataDir: string, port: number, database: string, user: string}} postgres
 * @property {string} productRoot the built repository
 * @property {string} startedAt ISO time
 */

/**
 * The state of the running server, or undefined when none is running from this checkout.
 * @returns {ProductServerState | undefined}
 */
export function readState() {
  if (!existsSync(stateFile)) return undefined;
  const state = /** @type {ProductServerState} */ (JSON.parse(readFileSync(stateFile, 'utf8')));
  return isAlive(state.pids.server) ? state : undefined;
}

/**
 * Builds (once per machine) and starts the product server, unless one is already running from this checkout.
 * @returns {Promise<ProductServerState>}
 * @throws {StepError} naming the step that failed and its log file
 */
export async function startProductServer() {
  const running = readState();
  if (running) {
    say(`already running at ${running.baseUrl}`);
    return running;
  }
  if (existsSync(stateFile)) await stopProductServer();
  const build = await ensureBuilt();
  rmSync(stateDir, {recursive: true, force: true});
  mkdirSync(logDir, {recursive: true});
  const port = defaultPort;
  if (await portInUse(port)) {
    throw new StepError(
      'start the product server',
      `port ${port} is in use (stop what listens there, or set ANSWERAI_PRODUCT_PORT)`,
      undefined,
    );
  }

  const cluster = await startCluster({logDir});
  /** @type {number | undefined} */
  let serverPid;
  /** @type {number | undefined} */
  let stubPid;
  try {
    const stub = await startStub();
    stubPid = stub.pid;
    const accounts = newAccounts();
    const dataDir = path.join(stateDir, 'data');
    // The server writes its encryption key into SECRETKEY_PATH but does not create the folder.
    for (const folder of ['secret', 'storage']) mkdirSync(path.join(dataDir, folder), {recursive: true});
    const env = serverEnvironment({port, cluster, stubUrl: stub.url, accounts, dataDir, closedPort: await freePort()});
    const log = path.join(logDir, 'server.log');
    const out = openSync(log, 'a');
    const server = spawn(process.execPath, ['bin/run', 'start'], {
      cwd: path.join(build.root, 'packages', 'server'),
      env,
      detached: true,
      stdio: ['ignore', out, out],
    });
    server.unref();
    serverPid = /** @type {number} */ (server.pid);
    say(`starting the server on port ${port} (about a minute; log: ${log})`);
    const baseUrl = `http://localhost:${port}`;
    await waitForPing(baseUrl, serverPid, log);
    await seed(cluster, accounts, await secretHashes(build.root, accounts));
    /** @type {ProductServerState} */
    const state = {
      baseUrl,
      port,
      stubUrl: stub.url,
      accounts,
      pids: {server: serverPid, stub: stubPid, postgres: cluster.pid},
      postgres: {dataDir: cluster.dataDir, port: cluster.port, database: cluster.database, user: cluster.user},
      productRoot: build.root,
      startedAt: new Date().toISOString(),
    };
    writeFileSync(stateFile, JSON.stringify(state, null, 2) + '\n');
    say(`ready at ${baseUrl}/api/v1 (API key: ${accounts.main.apiKey}; state: ${stateFile})`);
    return state;
  } catch (error) {
    for (const pid of [serverPid, stubPid]) if (pid) await stopProcess(pid);
    await stopCluster(cluster);
    throw error;
  }
}

/**
 * Stops the server, the stub and the database cluster started from this checkout, and forgets the state.
 * Does nothing when nothing runs.
 */
export async function stopProductServer() {
  if (!existsSync(stateFile)) return;
  const state = /** @type {ProductServerState} */ (JSON.parse(readFileSync(stateFile, 'utf8')));
  await stopProcess(state.pids.server);
  await stopProcess(state.pids.stub);
  await stopCluster({pid: state.pids.postgres, dataDir: state.postgres.dataDir});
  rmSync(stateFile, {force: true});
  say('stopped');
}

/**
 * Ends a process (SIGTERM, then SIGKILL after 10 s).
 * @param {number} pid
 */
async function stopProcess(pid) {
  if (!isAlive(pid)) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    process.kill(pid, 'SIGTERM');
  }
  const deadline = Date.now() + 10_000;
  while (isAlive(pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (isAlive(pid)) process.kill(pid, 'SIGKILL');
}

/**
 * Whether something listens on a local port.
 * @param {number} port
 */
async function portInUse(port) {
  try {
    await fetch(`http://127.0.0.1:${port}/`, {signal: AbortSignal.timeout(2000)});
    return true;
  } catch (error) {
    const code = /** @type {any} */ (error).cause?.code;
    return code !== 'ECONNREFUSED';
  }
}

/**
 * Starts the stub (`stub.mjs`) as its own process on a free port.
 * @returns {Promise<{url: string, pid: number}>}
 * @throws {StepError} when it does not start
 */
async function startStub() {
  const log = path.join(logDir, 'stub.log');
  const out = openSync(log, 'a');
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'stub.mjs'), '0'], {
    detached: true,
    stdio: ['ignore', 'pipe', out],
  });
  const port = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new StepError('start the stub', 'no answer within 20 s', log)), 20_000);
    createInterface({input: /** @type {import('node:stream').Readable} */ (child.stdout)}).on('line', (line) => {
      const match = line.match(/^listening (\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.on('exit', (code) => reject(new StepError('start the stub', `it exited with ${code}`, log)));
  });
  child.stdout?.destroy();
  child.unref();
  return {url: `http://127.0.0.1:${port}`, pid: /** @type {number} */ (child.pid)};
}

/** Three organizations with a user and a key each; ids are UUIDs as the product's columns require. */
function newAccounts() {
  const account = (/** @type {string} */ name, /** @type {boolean} */ allowed) => ({
    organizationId: randomUUID(),
    auth0OrgId: `org_docs_${name}`,
    userId: randomUUID(),
    apiKey: randomBytes(24).toString('base64url'),
    apiKeyId: randomUUID(),
    allowed,
  });
  return {main: account('main', true), other: account('other', true), foreign: account('foreign', false)};
}

/**
 * The server's environment: a clean one (nothing of the caller's, such as a real OPENAI_API_KEY, leaks in), with
 * what `PRODUCT-SERVER.md` lists.
 * @param {{port: number, cluster: {port: number, database: string, user: string}, stubUrl: string,
 *   accounts: ReturnType<typeof newAccounts>, dataDir: string, closedPort: number}} options
 */
function serverEnvironment({port, cluster, stubUrl, accounts, dataDir, closedPort}) {
  const allowed = Object.values(accounts)
    .filter((account) => account.allowed)
    .map((account) => account.auth0OrgId);
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: 'C.UTF-8',
    TZ: 'UTC',
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_TYPE: 'postgres',
    DATABASE_HOST: '127.0.0.1',
    DATABASE_PORT: String(cluster.port),
    DATABASE_USER: cluster.user,
    DATABASE_PASSWORD: 'unused',
    DATABASE_NAME: cluster.database,
    APIKEY_STORAGE_TYPE: 'db',
    AUTH0_ORGANIZATION_ID: allowed.join(','),
    // The JWT middleware needs an issuer to load; nothing listens there, and API keys never reach it.
    AUTH0_ISSUER_BASE_URL: `http://127.0.0.1:${closedPort}/`,
    AUTH0_AUDIENCE: 'https://answerai-docs.invalid/api',
    ANSWERAI_DOMAIN: stubUrl,
    SECRETKEY_PATH: path.join(dataDir, 'secret'),
    BLOB_STORAGE_PATH: path.join(dataDir, 'storage'),
    LOG_PATH: path.join(logDir, 'server'),
    // Two job modules read the S3 settings when they load; storage itself stays local.
    S3_STORAGE_REGION: 'us-east-1',
    S3_STORAGE_BUCKET_NAME: 'answerai-docs-unused',
    ENABLE_BILLING_SYNC_CRON: 'false',
    ENABLE_GENERATE_CSV_CRON: 'false',
    ENABLE_INIT_CSV_RUN_CRON: 'false',
    ENABLE_PROCESS_CSV_ROWS_CRON: 'false',
    DISABLE_FLOWISE_TELEMETRY: 'true',
    // Some chat model nodes pass their credential's key under a name their pinned LangChain version no longer
    // reads, and the OpenAI client then falls back to this variable; the stub accepts any key.
    OPENAI_API_KEY: serverOpenAiKey,
    CORS_ORIGINS: '*',
    IFRAME_ORIGINS: '*',
  };
}

/** The line the server logs once its database, nodes and key store are ready (`initDatabase` in its index.ts). */
const readyLine = 'Data Source has been initialized!';
/** The line it logs instead when that initialization failed; it then listens anyway, but every API call fails. */
const failedLine = 'Error during Data Source initialization';

/**
 * Waits for `GET /api/v1/ping` to answer 200 (up to 5 minutes: the first start runs 66 migrations). The server
 * listens only after its initialization has ended, successfully or not, so the log then says which.
 * @param {string} baseUrl
 * @param {number} pid the server's process, whose exit ends the wait
 * @param {string} log the server's log, named in errors
 * @throws {StepError} when the server exits or does not answer in time
 */
async function waitForPing(baseUrl, pid, log) {
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      const response = await fetch(`${baseUrl}/api/v1/ping`, {signal: AbortSignal.timeout(5000)});
      if (response.status === 200) {
        const text = readFileSync(log, 'utf8');
        if (text.includes(readyLine)) return;
        const failure = text.split('\n').find((line) => line.includes(failedLine));
        throw new StepError(
          'start the product server',
          `its initialization failed: ${failure ?? 'no ready line'}`,
          log,
        );
      }
    } catch (error) {
      if (error instanceof StepError) throw error;
      // Not listening yet.
    }
    if (!isAlive(pid)) throw new StepError('start the product server', 'the server exited before answering', log);
    if (Date.now() > deadline)
      throw new StepError('start the product server', 'no answer to /api/v1/ping in 5 min', log);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * The stored form (`apiSecret`) of each account's API key, made by the product's own `generateSecretHash`
 * (`packages/server/dist/utils/apiKey.js`), which the server checks chatflow-level keys against.
 * @param {string} productRoot the built repository
 * @param {ReturnType<typeof newAccounts>} accounts
 * @returns {Promise<Record<string, string>>} apiSecret by API key
 * @throws {StepError} when the product's module cannot make them
 */
async function secretHashes(productRoot, accounts) {
  const keys = Object.values(accounts).map((account) => account.apiKey);
  const script =
    "const {generateSecretHash} = require('./dist/utils/apiKey.js');" +
    `const keys = ${JSON.stringify(keys)};` +
    "process.stdout.write('\\n' + JSON.stringify(Object.fromEntries(keys.map((k) => [k, generateSecretHash(k)]))));";
  const log = path.join(logDir, 'api-key-hashes.log');
  const output = await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], {
      cwd: path.join(productRoot, 'packages', 'server'),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (code) => {
      writeFileSync(log, stdout + stderr);
      if (code === 0) resolve(stdout.trim().split('\n').at(-1));
      else
        reject(new StepError('hash the seeded API keys', `the product's generateSecretHash exited with ${code}`, log));
    });
  });
  return JSON.parse(/** @type {string} */ (output));
}

/**
 * Writes the organizations, users and API keys into the product's database (its tables exist once the server
 * has run its migrations).
 * @param {{port: number, database: string, user: string}} cluster
 * @param {ReturnType<typeof newAccounts>} accounts
 * @param {Record<string, string>} secrets the stored form of each key, by key
 * @throws {StepError} when the rows cannot be written
 */
async function seed(cluster, accounts, secrets) {
  const client = new pg.Client({host: '127.0.0.1', port: cluster.port, user: cluster.user, database: cluster.database});
  try {
    await client.connect();
    for (const [name, account] of Object.entries(accounts)) {
      await client.query('INSERT INTO "organization" ("id", "auth0Id", "name") VALUES ($1, $2, $3)', [
        account.organizationId,
        account.auth0OrgId,
        `Docs ${name}`,
      ]);
      await client.query(
        'INSERT INTO "user" ("id", "auth0Id", "email", "name", "organizationId") VALUES ($1, $2, $3, $4, $5)',
        [account.userId, `auth0|docs-${name}`, `docs-${name}@example.com`, `Docs ${name}`, account.organizationId],
      );
      await client.query(
        'INSERT INTO "apikey" ("id", "apiKey", "apiSecret", "keyName", "organizationId", "userId", "updatedDate") ' +
          'VALUES ($1, $2, $3, $4, $5, $6, now())',
        [
          account.apiKeyId,
          account.apiKey,
          secrets[account.apiKey],
          `docs-${name}`,
          account.organizationId,
          account.userId,
        ],
      );
    }
  } catch (error) {
    throw new StepError('seed the organizations, users and API keys', /** @type {Error} */ (error).message, undefined);
  } finally {
    await client.end().catch(() => {});
  }
}
