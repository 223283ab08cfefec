// @ts-check
/**
 * `npm run product:start`, `npm run product:stop`, `npm run product:status` and `npm run product:build`: the
 * product server for writers and for the test runner. `start` prints the state as JSON on standard output (URL,
 * API keys) and leaves the server running; progress goes to standard error. `state` prints the running server's
 * state as JSON, or exits 1 when none runs (for tests that cannot import this module). A failing step exits 1 with
 * a message that names the step and its log file.
 */
import {ensureBuilt} from './build.mjs';
import {readState, startProductServer, stopProductServer} from './server.mjs';

const commands = {
  build: async () => console.log((await ensureBuilt()).root),
  start: async () => console.log(JSON.stringify(await startProductServer(), null, 2)),
  stop: stopProductServer,
  state: async () => {
    const state = readState();
    if (!state) throw new Error('The product server is not running: start it with `npm run product:start`.');
    console.log(JSON.stringify(state));
  },
  status: async () => {
    const state = readState();
    console.log(state ? `running at ${state.baseUrl}/api/v1, API key ${state.accounts.main.apiKey}` : 'not running');
  },
};

const name = /** @type {keyof typeof commands} */ (process.argv[2]);
if (!(name in commands)) {
  console.error(`usage: node product-server/cli.mjs ${Object.keys(commands).join('|')}`);
  process.exit(2);
}
commands[name]().then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
