/**
 * Build plugin: each page's HTML names the JavaScript chunks of its route, so
 * the browser fetches them together with the main bundle instead of after it.
 *
 * Docusaurus picks a page's bundles from the client manifest
 * (`.docusaurus/client-manifest.json`, written by react-loadable-ssr-addon),
 * looking up each module the page rendered (e.g. `@site/docs/intro.mdx`) in
 * the manifest's `origins`. Under Rspack (Docusaurus Faster) the manifest keys
 * origins by chunk id only, so no route module is found and the HTML lists just
 * the runtime and main bundles; the route's chunks are requested only once
 * main.js has run. After the client build, this plugin adds an origin for every
 * `import()` request (the module paths Docusaurus' route registry loads),
 * naming the chunks that request needs.
 */
import {existsSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';

/** The part of the client manifest this plugin reads and extends. */
export interface ClientManifest {
  origins: Record<string, Array<string | number>>;
  assets: Record<string, unknown>;
}

/** A chunk as the bundler's stats describe it, with the `import()` requests that load it. */
export interface StatsChunk {
  id?: string | number | null;
  origins?: Array<{request?: string}>;
}

/**
 * The manifest with an origin per `import()` request, listing every chunk that
 * request loads; existing origins are kept.
 * @param manifest the client manifest as react-loadable-ssr-addon wrote it.
 * @param chunks the client build's chunks with their origins (stats `chunks` with `chunkOrigins`).
 */
export function withRequestOrigins(manifest: ClientManifest, chunks: readonly StatsChunk[]): ClientManifest {
  const origins: Record<string, Array<string | number>> = {...manifest.origins};
  for (const chunk of chunks) {
    if (chunk.id === undefined || chunk.id === null || !(String(chunk.id) in manifest.assets)) continue;
    for (const {request} of chunk.origins ?? []) {
      if (!request || request in manifest.origins) continue;
      const ids = (origins[request] ??= []);
      if (!ids.includes(chunk.id)) ids.push(chunk.id);
    }
  }
  return {...manifest, origins};
}

interface StatsLike {
  toJson(options: Record<string, boolean>): {chunks?: StatsChunk[]};
}

export default function pageChunksPlugin(context: LoadContext): Plugin {
  const manifestPath = path.join(context.generatedFilesDir, 'client-manifest.json');
  return {
    name: 'page-chunks',
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {
        plugins: [
          {
            apply(compiler: {hooks: {done: {tap(name: string, callback: (stats: StatsLike) => void): void}}}) {
              compiler.hooks.done.tap('page-chunks', (stats) => {
                // Only production builds write a client manifest (the dev server renders in the browser).
                if (!existsSync(manifestPath)) return;
                const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as ClientManifest;
                const {chunks = []} = stats.toJson({all: false, chunks: true, chunkOrigins: true, ids: true});
                writeFileSync(manifestPath, JSON.stringify(withRequestOrigins(manifest, chunks)));
              });
            },
          },
        ],
      };
    },
  };
}
