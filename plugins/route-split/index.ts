/**
 * Build plugin: the browser's route table holds only what a first visit needs.
 *
 * Docusaurus bundles the route table of the whole site (`@generated/routes`),
 * with every route's chunk names (`@generated/routesChunkNames`) and the chunk
 * registry (`@generated/registry`), into the main bundle every page loads:
 * about 70 bytes of gzipped JavaScript per page of the site, paid on every
 * page. In production client builds this plugin replaces those three modules
 * with a split of them:
 *
 * - the shell: every route down to the docs' sections (plugins/docs), with
 *   the chunk names and registry entries of those routes only;
 * - one module per section: its pages' routes, chunk names and registry
 *   entries, a chunk of its own, loaded with the section (src/routing/sections).
 *
 * The runtime's maps of chunk files are split the same way (chunk-files.ts).
 *
 * The server bundle keeps the whole table, so the static HTML is unchanged,
 * and the development server is not affected. The plugin writes
 * `route-split/sections.json` (each section's chunk name and pages) for the
 * build's later steps (the page's HTML names its section's chunk).
 */
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {createHash} from 'node:crypto';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {SectionChunkFilesPlugin} from './chunk-files';

/** A route of the generated table, with its component as the (path, hash) pair of ComponentCreator. */
export interface GeneratedRoute {
  path: string;
  component: {creator: [string, string?]};
  exact?: boolean;
  routes?: GeneratedRoute[];
  [key: string]: unknown;
}

/** One registry entry: the chunk name and the module the entry imports. */
export interface RegistryEntry {
  name: string;
  module: string;
}

/**
 * A module of the split: a section (a layout route whose pages load with it)
 * or an area (sibling routes under one path, sections or pages, that load
 * together): its id, chunk name, route path and exactness, and the paths of
 * the pages below it.
 */
export interface SectionInfo {
  id: string;
  chunkName: string;
  path: string;
  exact: boolean;
  pages: string[];
  /** Set for an area. */
  area?: boolean;
}

/** An area of the split table: a route with no component of its own, grouping sibling routes under its path. */
interface AreaRoute {
  path: string;
  area: true;
  routes: Array<GeneratedRoute | AreaRoute>;
}

type SplitRoute = GeneratedRoute | AreaRoute;
const isArea = (route: SplitRoute): route is AreaRoute => 'area' in route;

/** Sibling routes grouped into an area only from this many. */
const minimumAreaSize = 3;

/** Whether `pathname` is `base` or below it. */
const isUnder = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/** The path of every page a route serves: its own, or its descendants'. */
function pagePaths(route: SplitRoute): string[] {
  return route.routes?.length ? route.routes.flatMap(pagePaths) : [route.path];
}

/**
 * Groups sibling routes into areas by the first path segment below `parentPath`
 * (`/docs/developers/…` under `/docs`, `/blog/…` under the root), so the table
 * above them holds one route per area instead of one per section or page.
 * A group becomes an area only when the router matches the same routes for
 * every path below it: no later sibling outside the group serves such a path,
 * and a path that none of its routes serves still falls through, either to a
 * route of the group that covers the area's own path (a section's layout) or
 * to the site's catch-all route `*`, which the area then ends with as well.
 * @param list sibling routes, in the router's order.
 * @param parentPath their parent route's path ('' at the root).
 * @param canGroup which routes may join an area: sections and pages, not other layouts.
 */
export function groupIntoAreas(
  list: SplitRoute[],
  parentPath: string,
  canGroup: (route: SplitRoute) => boolean,
): SplitRoute[] {
  const base = parentPath.replace(/\/$/, '');
  const keyOf = (route: SplitRoute) => {
    if (!canGroup(route) || !route.path.startsWith(`${base}/`)) return undefined;
    const segment = route.path.slice(base.length + 1).split('/')[0];
    return segment ? `${base}/${segment}` : undefined;
  };
  const groups = new Map<string, SplitRoute[]>();
  for (const route of list) {
    const key = keyOf(route);
    if (key) groups.set(key, [...(groups.get(key) ?? []), route]);
  }
  const areas = new Map<SplitRoute, AreaRoute>();
  for (const [key, members] of groups) {
    if (members.length < minimumAreaSize) continue;
    const first = list.indexOf(members[0]);
    const later = list.slice(first).filter((route) => !members.includes(route));
    if (later.some((route) => route.path !== '*' && pagePaths(route).some((page) => isUnder(page, key)))) continue;
    const catchAll = later.find((route) => route.path === '*');
    const coversKey = members.some((route) => route.path === key && !('exact' in route && route.exact));
    const fallsThrough = later.some(
      (route) => route.path !== '*' && !('exact' in route && route.exact) && isUnder(key, route.path),
    );
    if (fallsThrough && !coversKey) continue;
    areas.set(members[0], {path: key, area: true, routes: catchAll && !coversKey ? [...members, catchAll] : members});
  }
  const grouped = new Set([...areas.values()].flatMap((area) => area.routes.filter((route) => route.path !== '*')));
  return list.flatMap((route) => (areas.has(route) ? [areas.get(route)!] : grouped.has(route) ? [] : [route]));
}

/**
 * Reads the route table Docusaurus generated (`routes.js`): its array literal,
 * evaluated with ComponentCreator calls recorded as their arguments.
 * @throws Error when the file does not have the expected shape.
 */
export function parseRoutes(source: string): GeneratedRoute[] {
  const start = source.indexOf('export default');
  if (start < 0) throw new Error('route-split: routes.js has no default export');
  const literal = source
    .slice(start + 'export default'.length)
    .trim()
    .replace(/;\s*$/, '');
  const evaluate = new Function('ComponentCreator', `return ${literal};`) as (
    creator: (...args: string[]) => unknown,
  ) => GeneratedRoute[];
  return evaluate((...args: string[]) => ({creator: args}));
}

/**
 * Reads the chunk registry Docusaurus generated (`registry.js`): one entry per
 * line, `"<name>": [() => import(/* webpackChunkName: "<name>" *\/ "<module>"), …]`.
 * @throws Error naming the line when an entry does not have that shape.
 */
export function parseRegistry(source: string): Map<string, RegistryEntry> {
  const entries = new Map<string, RegistryEntry>();
  for (const line of source.split('\n')) {
    if (!line.trim().startsWith('"')) continue;
    const match = line.match(/^\s*"([^"]+)": \[\(\) => import\(\/\* webpackChunkName: "([^"]+)" \*\/ "([^"]+)"\)/);
    if (!match) throw new Error(`route-split: unexpected registry entry: ${line.trim().slice(0, 120)}`);
    entries.set(match[1], {name: match[2], module: match[3]});
  }
  return entries;
}

/** The chunk names of a route's entry in routesChunkNames (nested objects and arrays flattened). */
export function chunkNamesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(chunkNamesOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(chunkNamesOf);
  return [];
}

/** A section route: a route below others, not exact, whose child routes have no children themselves. */
export function isSectionRoute(route: GeneratedRoute, depth: number): boolean {
  return depth > 0 && !route.exact && Boolean(route.routes?.length) && route.routes!.every((child) => !child.routes);
}

const key = (route: GeneratedRoute) => `${route.component.creator[0]}-${route.component.creator[1]}`;
const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 10);

/** JavaScript source of registry entries. */
function registrySource(names: Iterable<string>, registry: Map<string, RegistryEntry>): string {
  return [...names]
    .sort()
    .map((name) => {
      const entry = registry.get(name);
      if (!entry) throw new Error(`route-split: chunk "${name}" is not in the registry`);
      const module = JSON.stringify(entry.module);
      return `  ${JSON.stringify(name)}: [() => import(/* webpackChunkName: ${JSON.stringify(entry.name)} */ ${module}), ${module}, require.resolveWeak(${module})],`;
    })
    .join('\n');
}

/** The files of the split, by name, and its modules (sections and areas). */
export interface SplitFiles {
  files: Record<string, string>;
  sections: SectionInfo[];
}

/**
 * Splits the generated route table, chunk names and registry into the shell
 * (`routes.js`, `registry.js`, `routesChunkNames.js`) and one module per area
 * and section (`sections/<id>.js`).
 * @param routes the parsed `routes.js`.
 * @param chunkNames the parsed `routesChunkNames.json`.
 * @param registry the parsed `registry.js`.
 * @throws Error when a chunk name of a route is not in the registry.
 */
export function splitRoutes(
  routes: GeneratedRoute[],
  chunkNames: Record<string, unknown>,
  registry: Map<string, RegistryEntry>,
): SplitFiles {
  const modules = new Map<SplitRoute, SectionInfo>();
  const visit = (list: GeneratedRoute[], depth: number) => {
    for (const route of list) {
      if (isSectionRoute(route, depth)) {
        const id = hashOf(`${route.path}|${key(route)}|${route.exact}`);
        modules.set(route, {
          id,
          chunkName: `routes-${id}`,
          path: route.path,
          exact: Boolean(route.exact),
          pages: pagePaths(route),
        });
      } else if (route.routes) visit(route.routes, depth + 1);
    }
  };
  visit(routes, 0);

  const canGroup = (route: SplitRoute) => !isArea(route) && (modules.has(route) || !route.routes?.length);
  const arrange = (list: GeneratedRoute[], parentPath: string): SplitRoute[] =>
    groupIntoAreas(
      list.map((route) =>
        // A layout's children may now include areas, which the source writer handles like routes.
        route.routes && !modules.has(route)
          ? ({...route, routes: arrange(route.routes, route.path)} as GeneratedRoute)
          : route,
      ),
      parentPath,
      canGroup,
    );
  const table = arrange(routes, '');
  const collectAreas = (list: SplitRoute[]) => {
    for (const route of list) {
      if (isArea(route)) {
        const id = hashOf(`area|${route.path}`);
        modules.set(route, {
          id,
          chunkName: `routes-${id}`,
          path: route.path,
          exact: false,
          pages: pagePaths(route).filter((page) => page !== '*'),
          area: true,
        });
      } else if (route.routes && !modules.has(route)) collectAreas(route.routes);
    }
  };
  collectAreas(table);

  /** Chunk names of the routes of `list` and their descendants, down to the next modules. */
  const namesOf = (list: SplitRoute[]) => {
    const own: Record<string, unknown> = {};
    const walk = (current: SplitRoute[]) => {
      for (const route of current) {
        if (isArea(route)) continue;
        const names = chunkNames[key(route)];
        if (names !== undefined) own[key(route)] = names;
        if (route.routes && !modules.has(route)) walk(route.routes);
      }
    };
    walk(list);
    return own;
  };

  /** JavaScript source of a route and its children, down to the next modules, which it loads lazily. */
  const routeSource = (route: SplitRoute, indent: string, used: SectionInfo[]): string => {
    const module = modules.get(route);
    if (module) used.push(module);
    if (isArea(route)) {
      const variable = `section_${module!.id}`;
      return [
        `${indent}{`,
        `${indent}  "path": ${JSON.stringify(route.path)},`,
        `${indent}  "exact": false,`,
        `${indent}  component: withSection(AreaRoutes, () => import(/* webpackChunkName: ${JSON.stringify(module!.chunkName)} */ "./${module!.id}.js"), ${variable}, ${JSON.stringify(route.path)}, false, ${JSON.stringify(module!.chunkName)}),`,
        `${indent}  routes: ${variable},`,
        `${indent}}`,
      ].join('\n');
    }
    const {component, routes: children, ...rest} = route;
    const creator = `ComponentCreator(${component.creator.map((arg) => JSON.stringify(arg)).join(', ')})`;
    const fields = Object.entries(rest).map(
      ([name, value]) => `${indent}  ${JSON.stringify(name)}: ${JSON.stringify(value)},`,
    );
    if (module) {
      const variable = `section_${module.id}`;
      return [
        `${indent}{`,
        ...fields,
        `${indent}  component: withSection(${creator}, () => import(/* webpackChunkName: ${JSON.stringify(module.chunkName)} */ "./${module.id}.js"), ${variable}, ${JSON.stringify(route.path)}, ${Boolean(route.exact)}, ${JSON.stringify(module.chunkName)}),`,
        `${indent}  routes: ${variable},`,
        `${indent}}`,
      ].join('\n');
    }
    const nested = children
      ? [
          `${indent}  routes: [`,
          ...children.map((child) => `${routeSource(child, `${indent}    `, used)},`),
          `${indent}  ],`,
        ]
      : [];
    return [`${indent}{`, ...fields, `${indent}  component: ${creator},`, ...nested, `${indent}}`].join('\n');
  };

  /** A module's source: its routes' registry entries and chunk names, and the routes. */
  const moduleSource = (
    list: SplitRoute[],
    header: string[],
    register: (names: Record<string, unknown>) => string[],
    wrap = (table: string) => table,
  ) => {
    const used: SectionInfo[] = [];
    const body = list.map((route) => `${routeSource(route, '  ', used)},`).join('\n');
    return [
      "import ComponentCreator from '@docusaurus/ComponentCreator';",
      "import {withSection, AreaRoutes, setRouteTable} from '@site/src/routing/sections';",
      ...header,
      '',
      ...register(namesOf(list)),
      ...used.map((module) => `const section_${module.id} = [];`),
      '',
      `export default ${wrap(`[\n${body}\n]`)};`,
      '',
    ].join('\n');
  };

  const files: Record<string, string> = {};
  for (const [route, module] of modules) {
    files[`sections/${module.id}.js`] = moduleSource(
      route.routes ?? [],
      ["import registry from '@generated/registry';", "import routesChunkNames from '@generated/routesChunkNames';"],
      (names) => [
        `Object.assign(registry, {\n${registrySource(new Set(Object.values(names).flatMap(chunkNamesOf)), registry)}\n});`,
        `Object.assign(routesChunkNames, ${JSON.stringify(names)});`,
      ],
    );
  }
  const shellNames = namesOf(table);
  files['routes.js'] = moduleSource(
    table,
    [],
    () => [],
    (literal) => `setRouteTable(${literal})`,
  ).replace(/"\.\/([0-9a-f]+)\.js"/g, '"./sections/$1.js"');
  files['registry.js'] =
    `export default {\n${registrySource(new Set(Object.values(shellNames).flatMap(chunkNamesOf)), registry)}\n};\n`;
  files['routesChunkNames.js'] = `export default ${JSON.stringify(shellNames)};\n`;
  return {files, sections: [...modules.values()]};
}

/** Where the plugin writes the split, below Docusaurus' generated files. */
export const splitDirName = 'route-split';

/** The built HTML file of a page path. */
function htmlFileOf(outDir: string, pagePath: string): string {
  return path.join(outDir, pagePath.replace(/\/$/, ''), 'index.html');
}

/**
 * A page's HTML with its section's chunk among the bundles it preloads and runs
 * (`data-bundle`, see config/ssrTemplate.ts), before the page's own chunks, so
 * the browser fetches it with the main bundle instead of after it. Unchanged when
 * the page has no bundle links or already names the file.
 * @param html the page's HTML.
 * @param file the chunk's URL path, e.g. `/assets/js/123.abcd1234.js`.
 */
export function withSectionBundle(html: string, file: string): string {
  const first = html.search(/<link[^>]*data-bundle/);
  if (first < 0 || html.includes(`href=${file} `) || html.includes(`href="${file}"`)) return html;
  return `${html.slice(0, first)}<link rel=preload as=script fetchpriority=low href=${file} data-bundle>${html.slice(first)}`;
}

/** The part of the bundler's stats this plugin reads: each chunk's names and files. */
interface StatsLike {
  toJson(options: Record<string, boolean>): {chunks?: Array<{names?: string[]; files?: string[]}>};
}

export default function routeSplitPlugin(context: LoadContext): Plugin {
  const generated = context.generatedFilesDir;
  const outDir = path.join(generated, splitDirName);
  const filesPath = path.join(outDir, 'section-files.json');
  return {
    name: 'route-split',
    async postBuild({outDir: buildDir}) {
      const sectionsPath = path.join(outDir, 'sections.json');
      if (!existsSync(sectionsPath) || !existsSync(filesPath)) return;
      const sections = JSON.parse(readFileSync(sectionsPath, 'utf8')) as SectionInfo[];
      const files = JSON.parse(readFileSync(filesPath, 'utf8')) as Record<string, string>;
      for (const section of sections) {
        const file = files[section.chunkName];
        if (!file) throw new Error(`route-split: no file for the chunk of section ${section.path}`);
        for (const page of section.pages) {
          const html = htmlFileOf(buildDir, page);
          if (existsSync(html)) writeFileSync(html, withSectionBundle(readFileSync(html, 'utf8'), `/${file}`));
        }
      }
    },
    configureWebpack(config, isServer) {
      if (isServer || process.env.NODE_ENV !== 'production') return {};
      const {files, sections} = splitRoutes(
        parseRoutes(readFileSync(path.join(generated, 'routes.js'), 'utf8')),
        JSON.parse(readFileSync(path.join(generated, 'routesChunkNames.json'), 'utf8')) as Record<string, unknown>,
        parseRegistry(readFileSync(path.join(generated, 'registry.js'), 'utf8')),
      );
      for (const [name, source] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(outDir, name)), {recursive: true});
        writeFileSync(path.join(outDir, name), source);
      }
      writeFileSync(path.join(outDir, 'sections.json'), JSON.stringify(sections));
      // Put these aliases before Docusaurus' `@generated` alias, which would otherwise match first.
      const alias = {
        '@generated/routes$': path.join(outDir, 'routes.js'),
        '@generated/registry$': path.join(outDir, 'registry.js'),
        '@generated/routesChunkNames$': path.join(outDir, 'routesChunkNames.js'),
      };
      config.resolve = {...config.resolve, alias: {...alias, ...(config.resolve?.alias as object)}};
      // Chunk files named by id, not by name: the runtime that every page loads then maps ids to content hashes
      // only, without a second map of names, which grows with every page of the site.
      config.output = {...config.output, chunkFilename: 'assets/js/[id].[contenthash:8].js'};
      // Record the file of each section's chunk, for postBuild.
      const recordFiles = {
        apply(compiler: {hooks: {done: {tap(name: string, callback: (stats: StatsLike) => void): void}}}) {
          compiler.hooks.done.tap('route-split', (stats) => {
            const {chunks = []} = stats.toJson({all: false, chunks: true, chunkNames: true, chunkFiles: true} as never);
            const files = Object.fromEntries(
              chunks.flatMap((chunk) =>
                (chunk.names ?? [])
                  .filter((name) => name.startsWith('routes-'))
                  .map((name) => [name, (chunk.files ?? []).find((f) => f.endsWith('.js'))]),
              ),
            );
            writeFileSync(filesPath, JSON.stringify(files));
          });
        },
      };
      // Rspack's plugin type, which Docusaurus' configuration type (webpack's) does not name.
      const chunkFiles = new SectionChunkFilesPlugin((name) => name.startsWith('routes-')) as never;
      return {plugins: [recordFiles, chunkFiles]};
    },
  };
}
