/**
 * Build plugin: the browser's route table holds only what a first visit needs.
 *
 * Docusaurus bundles the route table of the whole site (`@generated/routes`),
 * with every route's chunk names (`@generated/routesChunkNames`) and the chunk
 * registry (`@generated/registry`), into the main bundle every page loads:
 * about 70 bytes of gzipped JavaScript per page of the site, paid on every
 * page. In production client builds this plugin replaces those three modules,
 * through aliases, with a split of them (split.ts):
 *
 * - the shell: every route down to the route groups, with the chunk names
 *   and registry entries of those routes only;
 * - one module per route group, a chunk of its own, loaded with the group
 *   (lib/route-groups.ts).
 *
 * Async chunk files are named by the build, not by their content
 * (`assets/js/<build hash>/<chunk id>.js`), so the bundler's runtime, which
 * every page loads, needs no map of chunk ids to content hashes, a map that
 * would grow with every page of the site; the chunks of a group's pages carry
 * no chunk name, so Docusaurus' map of chunk names to ids does not grow with
 * them either (README, "How pages stay light", gives the numbers and the cost).
 *
 * The server bundle keeps the whole table, so the static HTML is unchanged,
 * and the development server is not affected. The plugin writes
 * `route-split/groups.json` (each group's chunk name and pages) and, once the
 * client is bundled, `route-split/group-files.json` (each group's file), for
 * the post-build step that names a page's groups in its HTML
 * ({@link addGroupBundles}).
 *
 * What the split takes for granted about Docusaurus and Rspack is named in
 * lib/route-split-assumptions.ts; the build fails, naming the assumption,
 * when one of them no longer holds.
 */
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {prependAliases} from '../../lib/generated-aliases';
import {assumptionBroken} from '../../lib/route-split-assumptions';
import {groupChunkPrefix, parseRegistry, parseRoutes, splitRoutes, type GroupInfo} from './split';

export {groupChunkName, groupIntoAreas, parseRegistry, parseRoutes, splitRoutes} from './split';
export type {GeneratedRoute, GroupInfo, RegistryEntry} from './split';

/** Where the plugin writes the split, below Docusaurus' generated files. */
export const splitDirName = 'route-split';

/** The name of async chunk files: by the build's hash and the chunk's id, with no per-chunk part. */
export const chunkFilename = 'assets/js/[fullhash:8]/[id].js';

/** The built HTML file of a page path. */
function htmlFileOf(outDir: string, pagePath: string): string {
  return path.join(outDir, pagePath, 'index.html');
}

/**
 * A page's HTML with a group's chunk among the bundles it preloads and runs
 * (`data-bundle`, see config/ssrTemplate.ts), before the page's own chunks, so
 * the browser fetches it with the main bundle instead of after it. Unchanged when
 * the page has no bundle links or already names the file.
 * @param html the page's HTML.
 * @param file the chunk's URL path, e.g. `/assets/js/0123abcd/123.js`.
 */
export function withGroupBundle(html: string, file: string): string {
  const first = html.search(/<link[^>]*data-bundle/);
  if (first < 0 || html.includes(`href=${file} `) || html.includes(`href="${file}"`)) return html;
  return `${html.slice(0, first)}<link rel=preload as=script fetchpriority=low href=${file} data-bundle>${html.slice(first)}`;
}

/**
 * Post-build step: names each page's groups (its area and its layout group) in
 * its HTML, so a first visit loads them with the main bundle. Does nothing
 * when the build did not split the routes (a development build).
 * @param outDir the build folder.
 * @param generatedFilesDir Docusaurus' generated files (`.docusaurus`).
 * @returns the number of pages changed.
 * @throws Error when a group has no file or a page of a group has no HTML.
 */
export function addGroupBundles(outDir: string, generatedFilesDir: string): number {
  const dir = path.join(generatedFilesDir, splitDirName);
  const groupsPath = path.join(dir, 'groups.json');
  const filesPath = path.join(dir, 'group-files.json');
  if (!existsSync(groupsPath) || !existsSync(filesPath)) return 0;
  const groups = JSON.parse(readFileSync(groupsPath, 'utf8')) as GroupInfo[];
  const files = JSON.parse(readFileSync(filesPath, 'utf8')) as Record<string, string>;
  const changed = new Set<string>();
  // Areas last, so that each page names its area before its layout group (each link goes in before the others).
  // Stryker disable next-line ConditionalExpression,StringLiteral: V8's sort passes the later element first, and a comparator right in that order alone still puts every area after every layout
  for (const group of [...groups].sort((a, b) => Number(a.kind === 'area') - Number(b.kind === 'area'))) {
    const file = files[group.chunkName];
    if (!file) throw new Error(`route-split: no file for the chunk of the group ${group.path}`);
    for (const page of group.pages) {
      const html = htmlFileOf(outDir, page);
      if (!existsSync(html))
        throw new Error(`route-split: the page ${page} of the group ${group.path} has no HTML file`);
      writeFileSync(html, withGroupBundle(readFileSync(html, 'utf8'), `/${file}`));
      changed.add(page);
    }
  }
  return changed.size;
}

/** The part of the bundler's stats the plugin reads: each chunk's names and files. */
interface StatsLike {
  toJson(options: Record<string, boolean>): {chunks?: Array<{names?: string[]; files?: string[]}>};
}

/** The part of Rspack's compiler the plugin's checks use. */
interface CompilerLike {
  options: {output: {chunkFilename?: unknown}};
  hooks: {
    done: {tap(name: string, callback: (stats: StatsLike) => void): void};
    thisCompilation: {
      tap(
        name: string,
        callback: (compilation: {
          hooks: {finishModules: {tap(name: string, callback: (modules: Iterable<{resource?: string}>) => void): void}};
        }) => void,
      ): void;
    };
  };
}

/**
 * The Rspack plugin of the split: checks, when the client compiles, that the
 * split's aliases won (the bundle has the split's route table, not
 * Docusaurus') and that the chunk file name is still the split's; records the
 * file of each group's chunk once the client is bundled.
 */
export class RouteSplitBundlerPlugin {
  constructor(
    private readonly generatedFilesDir: string,
    private readonly splitDir: string,
  ) {}

  apply(compiler: CompilerLike): void {
    compiler.hooks.thisCompilation.tap('route-split', (compilation) => {
      if (compiler.options.output.chunkFilename !== chunkFilename) {
        throw assumptionBroken(
          'chunkFilename',
          `output.chunkFilename is ${JSON.stringify(compiler.options.output.chunkFilename)}`,
        );
      }
      compilation.hooks.finishModules.tap('route-split', (modules) => {
        const resources = new Set([...modules].map((module) => module.resource));
        for (const [original, split] of [
          ['routes.js', 'routes.js'],
          ['registry.js', 'registry.js'],
          ['routesChunkNames.json', 'routesChunkNames.js'],
        ]) {
          if (
            resources.has(path.join(this.generatedFilesDir, original)) ||
            !resources.has(path.join(this.splitDir, split))
          ) {
            throw assumptionBroken(
              'aliasesWin',
              `the client bundle has Docusaurus' ${original}, or not the split's ${split}`,
            );
          }
        }
      });
    });
    compiler.hooks.done.tap('route-split', (stats) => {
      // Stryker disable next-line ArrayDeclaration: a chunk that is a string has no names, so no file either way
      const {chunks = []} = stats.toJson({all: false, chunks: true, chunkNames: true, chunkFiles: true});
      const files = Object.fromEntries(
        chunks.flatMap((chunk) =>
          // Stryker disable next-line ArrayDeclaration: any name in its place lacks the groups' prefix and is left out
          (chunk.names ?? [])
            .filter((name) => name.startsWith(groupChunkPrefix))
            .map((name) => [name, chunk.files?.find((file) => file.endsWith('.js'))]),
        ),
      );
      writeFileSync(path.join(this.splitDir, 'group-files.json'), JSON.stringify(files));
    });
  }
}

export default function routeSplitPlugin(context: LoadContext): Plugin {
  const generated = context.generatedFilesDir;
  const outDir = path.join(generated, splitDirName);
  return {
    name: 'route-split',
    configureWebpack(config, isServer) {
      if (isServer || process.env.NODE_ENV !== 'production') return {};
      const {files, groups} = splitRoutes(
        parseRoutes(readFileSync(path.join(generated, 'routes.js'), 'utf8')),
        JSON.parse(readFileSync(path.join(generated, 'routesChunkNames.json'), 'utf8')) as Record<string, unknown>,
        parseRegistry(readFileSync(path.join(generated, 'registry.js'), 'utf8')),
      );
      for (const [name, source] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(outDir, name)), {recursive: true});
        writeFileSync(path.join(outDir, name), source);
      }
      writeFileSync(path.join(outDir, 'groups.json'), JSON.stringify(groups));
      // Checked by the bundler plugin.
      prependAliases(config, {
        '@generated/routes$': path.join(outDir, 'routes.js'),
        '@generated/registry$': path.join(outDir, 'registry.js'),
        '@generated/routesChunkNames$': path.join(outDir, 'routesChunkNames.js'),
      });
      config.output = {...config.output, chunkFilename};
      // Rspack's plugin type, which Docusaurus' configuration type (webpack's) does not name.
      return {plugins: [new RouteSplitBundlerPlugin(generated, outDir) as never]};
    },
  };
}
