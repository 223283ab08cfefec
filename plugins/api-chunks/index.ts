/**
 * Build plugin: keeps the OpenAPI theme and its dependencies out of
 * Docusaurus' shared `common` chunk, which every page loads. Docusaurus puts
 * a module into `common` when more than half of all pages use it; the API
 * reference has many pages, so without this the API theme (its Redux store,
 * schema components, Markdown renderer…) would weigh on every docs and blog
 * page. The modules stay in the chunks of the API pages that use them.
 *
 * In the same way it narrows Docusaurus' `styles` group, which puts all CSS
 * into the one style sheet every page loads: the API reference's CSS
 * (`isApiReferenceCss`, lib/api-reference-css.ts: the theme's styles, which `plugins/api-theme` takes
 * off the client modules, and the site's changes to them) goes into a style
 * sheet of its own, `api-styles`, which the HTML of the API pages links and
 * a client-side navigation into the API reference loads.
 *
 * It also gives the API explorer's store (src/components/ApiPageStore, which
 * an operation page loads when an interactive part needs it) only the parts
 * of two libraries it uses (`browserAliases`).
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {isApiReferenceCss} from '../../lib/api-reference-css';

const apiTheme = 'docusaurus-theme-openapi-docs';

/** Packages that Docusaurus pages use anyway: they stay eligible for the shared chunk. */
const sharedWithDocs = new Set(['react', 'react-dom', 'clsx', 'prism-react-renderer', '@docusaurus/core']);

/**
 * The package.json of `name` as Node would find it from `dir`: in the nearest
 * `node_modules` folder up the tree (read directly, since many ESM packages do
 * not export their package.json).
 */
function findManifest(name: string, dir: string): string | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    const candidate = path.join(current, 'node_modules', name, 'package.json');
    if (existsSync(candidate)) return candidate;
    if (path.dirname(current) === current) return undefined;
  }
}

/**
 * The names of `root` and every package it depends on, transitively, resolved
 * from the site's node_modules. Packages that cannot be resolved are skipped.
 */
export function dependencyClosure(root: string, fromDir: string): Set<string> {
  const seen = new Set<string>();
  const visit = (name: string, dir: string) => {
    if (seen.has(name) || sharedWithDocs.has(name)) return;
    const manifestPath = findManifest(name, dir);
    if (!manifestPath) return;
    seen.add(name);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {dependencies?: Record<string, string>};
    for (const dependency of Object.keys(manifest.dependencies ?? {})) visit(dependency, path.dirname(manifestPath));
  };
  visit(root, fromDir);
  return seen;
}

/** A RegExp matching module paths inside the given packages (and the OpenAPI plugin and theme). */
export function apiModulesPattern(dependencies: readonly string[]): RegExp {
  const names = [apiTheme, 'docusaurus-plugin-openapi-docs', ...dependencies].map((name) =>
    name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'),
  );
  return new RegExp(`[\\\\/]node_modules[\\\\/](${names.join('|')})[\\\\/]`);
}

/**
 * Libraries that the API explorer's store (src/components/ApiPageStore and the
 * OpenAPI theme's store helpers) imports whole but uses a part of, mapped to
 * that part, for the browser bundle: pako (only to un-gzip the operation data)
 * and crypto-js (the theme's storage helpers only hash with SHA-1;
 * the package's index loads every algorithm, about 150 KB of raw JavaScript).
 */
export const browserAliases: Record<string, string> = {
  pako$: require.resolve('pako/browser/inflate'),
  'crypto-js$': path.join(__dirname, 'crypto-js-sha1.mjs'),
};

interface ModuleLike {
  resource?: string;
  nameForCondition?: () => string | null;
}

export default function apiChunksPlugin(context: {siteDir: string}): Plugin {
  const pattern = apiModulesPattern([...dependencyClosure(apiTheme, context.siteDir)]);
  const resourceOf = (module: ModuleLike) => module.nameForCondition?.() ?? module.resource ?? '';
  const apiReferenceCss = new Map<string, boolean>();
  /** Whether a CSS module loads with the API reference's pages only (`isApiReferenceCss`, memoised). */
  const inApiStyles = (module: ModuleLike) => {
    const resource = resourceOf(module);
    if (!apiReferenceCss.has(resource)) apiReferenceCss.set(resource, isApiReferenceCss(resource, context.siteDir));
    return apiReferenceCss.get(resource)!;
  };
  return {
    name: 'api-chunks',
    configureWebpack(config, isServer) {
      const splitChunks = config.optimization?.splitChunks;
      if (isServer) return {};
      const cacheGroups = splitChunks ? splitChunks.cacheGroups : undefined;
      const narrowed = {
        common: (module: ModuleLike) => !pattern.test(resourceOf(module)),
        styles: (module: ModuleLike) => !inApiStyles(module),
      };
      for (const [name, test] of Object.entries(narrowed)) {
        const group = cacheGroups?.[name];
        if (!group || typeof group !== 'object') {
          throw new Error(
            `plugins/api-chunks: Docusaurus' client build has no "${name}" split-chunks cache group to narrow.`,
          );
        }
        group.test = test;
      }
      // All the API reference's CSS in one file, which the HTML of its pages links.
      cacheGroups!.apiStyles = {...(cacheGroups!.styles as object), name: 'api-styles', test: inApiStyles};
      return {resolve: {alias: browserAliases}};
    },
  };
}
