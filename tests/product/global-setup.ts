/**
 * Starts the product server for the tests under `tests/product/` unless one already runs from this checkout
 * (`npm run product:start`), and stops it at the end only if this setup started it.
 */
import {readState, startProductServer, stopProductServer} from '../../product-server/server.mjs';

export default async function setup(): Promise<() => Promise<void>> {
  const running = readState();
  if (!running) await startProductServer();
  return async () => {
    if (!running) await stopProductServer();
  };
}
