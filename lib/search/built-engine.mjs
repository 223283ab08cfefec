/**
 * Pagefind's browser script, loaded from a built site into a Node process,
 * configured as the browser configures it (lib/search/options.mjs): the
 * indexer uses it to list the indexed pages (the ranking table), the relevance
 * benchmark to run the judged queries exactly as readers' browsers do.
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {excerptLength, rankingOptions, searchBasePath} from './options.mjs';

/**
 * Loads and starts the engine of a built site. While it is loaded, the
 * process's `fetch` answers requests for `/pagefind/…` (and `file:` URLs)
 * from the build folder; `restore` puts the original `fetch` back.
 * @param {string} buildDir the build folder (with `pagefind/`).
 * @returns {Promise<{engine: any, restore: () => void}>}
 * @throws Error when the build has no Pagefind script or its engine cannot start.
 */
export async function loadBuiltEngine(buildDir) {
  const root = path.resolve(buildDir);
  const previous = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = String(input instanceof URL ? input.href : (input?.url ?? input));
    const pathname = new URL(url, 'http://site.invalid').pathname;
    if (!pathname.startsWith(searchBasePath) && !url.startsWith('file:')) return previous(input, init);
    try {
      const file = url.startsWith('file:') ? fileURLToPath(url) : path.join(root, decodeURIComponent(pathname));
      return new Response(await readFile(file));
    } catch {
      return new Response('', {status: 404});
    }
  };
  const restore = () => {
    globalThis.fetch = previous;
  };
  try {
    const engine = await import(pathToFileURL(path.join(root, searchBasePath, 'pagefind.js')).href);
    await engine.options({basePath: searchBasePath, excerptLength, ranking: rankingOptions});
    await engine.init();
    return {engine, restore};
  } catch (error) {
    restore();
    throw error;
  }
}
