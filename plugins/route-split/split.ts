/**
 * The route split, as pure functions: reads the route table, chunk names and
 * chunk registry that Docusaurus generated, and writes them again as a shell
 * (what `main.js` holds: every route down to the route groups) and one module
 * per route group (see lib/route-groups.ts for the two kinds of group).
 *
 * Every reading checks the format it relies on and fails naming the
 * assumption (lib/route-split-assumptions.ts) when the format has changed.
 */
import path from 'node:path';
import {createHash} from 'node:crypto';
import {assumptionBroken} from '../../lib/route-split-assumptions';

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
 * A route group of the split: a layout group (a layout route whose pages load
 * with it) or an area (sibling routes under one path that load together): its
 * id, chunk name, route path and exactness, and the paths of the pages below it.
 */
export interface GroupInfo {
  id: string;
  kind: 'layout' | 'area';
  chunkName: string;
  path: string;
  exact: boolean;
  pages: string[];
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
export const minimumAreaSize = 3;

/** The module the generated code imports its functions from. */
export const runtimeModule = path.join(__dirname, '..', '..', 'lib', 'route-groups.ts');

/** Whether `pathname` is `base` or below it. */
export const isUnder = (pathname: string, base: string): boolean =>
  pathname === base || pathname.startsWith(`${base}/`);

/** The path of every page a route serves: its own, or its descendants'. */
function pagePaths(route: SplitRoute): string[] {
  return route.routes?.length ? route.routes.flatMap(pagePaths) : [route.path];
}

/**
 * Groups sibling routes into areas by the first path segment below `parentPath`
 * (`/docs/developers/…` under `/docs`, `/blog/…` under the root), so the table
 * above them holds one route per area instead of one per group or page.
 * A group becomes an area only when the router matches the same routes for
 * every path below it: no later sibling outside the group serves such a path,
 * and a path that none of its routes serves still falls through, either to a
 * route of the group that covers the area's own path (a layout) or to the
 * site's catch-all route `*`, which the area then ends with as well.
 * @param list sibling routes, in the router's order.
 * @param parentPath their parent route's path ('' at the root).
 * @param canGroup which routes may join an area: layout groups and pages, not other layouts.
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
    // The catch-all's path `*` is above no path, so it never counts here.
    const fallsThrough = later.some((route) => !('exact' in route && route.exact) && isUnder(key, route.path));
    if (fallsThrough && !coversKey) continue;
    areas.set(members[0], {path: key, area: true, routes: catchAll && !coversKey ? [...members, catchAll] : members});
  }
  const grouped = new Set([...areas.values()].flatMap((area) => area.routes.filter((route) => route.path !== '*')));
  return list.flatMap((route) => (areas.has(route) ? [areas.get(route)!] : grouped.has(route) ? [] : [route]));
}

/** Describes a value for an error message, shortly. */
const shortly = (value: unknown) => JSON.stringify(value)?.slice(0, 160) ?? String(value);

/**
 * Checks that a route of the evaluated table has the shape the split relies on.
 * @throws Error naming the assumption `routesShape`.
 */
function checkRoute(route: unknown): asserts route is GeneratedRoute {
  const candidate = route as Partial<GeneratedRoute> | null;
  const creator = candidate?.component?.creator;
  if (
    typeof candidate?.path !== 'string' ||
    !Array.isArray(creator) ||
    (creator[0] !== '*' && (creator.length !== 2 || typeof creator[1] !== 'string')) ||
    creator[0] !== candidate.path ||
    (candidate.routes !== undefined && !Array.isArray(candidate.routes))
  ) {
    throw assumptionBroken('routesShape', `a route reads ${shortly(route)}`);
  }
  candidate.routes?.forEach(checkRoute);
}

/**
 * Reads the route table Docusaurus generated (`routes.js`): its array literal,
 * evaluated with ComponentCreator calls recorded as their arguments.
 * @throws Error naming the assumption `routesShape` when the file does not have the expected shape.
 */
export function parseRoutes(source: string): GeneratedRoute[] {
  const start = source.indexOf('export default');
  if (start < 0) throw assumptionBroken('routesShape', 'routes.js has no default export');
  const literal = source
    .slice(start + 'export default'.length)
    .trim()
    .replace(/;$/, '');
  let routes: unknown;
  try {
    const evaluate = new Function('ComponentCreator', `return ${literal};`) as (
      creator: (...args: string[]) => unknown,
    ) => unknown;
    routes = evaluate((...args: string[]) => ({creator: args}));
  } catch (error) {
    throw assumptionBroken('routesShape', `its default export is not a literal (${(error as Error).message})`);
  }
  if (!Array.isArray(routes) || routes.length === 0)
    throw assumptionBroken('routesShape', 'the default export is not a list of routes');
  routes.forEach(checkRoute);
  if (routes.at(-1).path !== '*')
    throw assumptionBroken('routesShape', 'the table does not end with the catch-all route "*"');
  return routes as GeneratedRoute[];
}

/** A registry line as Docusaurus writes it. */
const registryLine =
  /^\s*"([^"]+)": \[\(\) => import\(\/\* webpackChunkName: "([^"]+)" \*\/ "([^"]+)"\), "([^"]+)", require\.resolveWeak\("([^"]+)"\)\],(?:\};)?$/;

/**
 * Reads the chunk registry Docusaurus generated (`registry.js`): one entry per
 * line, `"<name>": [() => import(/* webpackChunkName: "<name>" *\/ "<module>"), "<module>", require.resolveWeak("<module>")],`
 * (the last line ends with the object's `};`).
 * @throws Error naming the assumption `registryFormat` and the line when an entry does not have that shape.
 */
export function parseRegistry(source: string): Map<string, RegistryEntry> {
  const lines = source.split('\n');
  if (!lines[0].startsWith('export default {'))
    throw assumptionBroken('registryFormat', 'registry.js does not start with `export default {`');
  const entries = new Map<string, RegistryEntry>();
  for (const line of lines.slice(1)) {
    if (!line.trim() || /^\s*\};?\s*$/.test(line)) continue;
    const match = line.match(registryLine);
    if (!match || match[1] !== match[2] || match[3] !== match[4] || match[3] !== match[5]) {
      throw assumptionBroken('registryFormat', `a line reads ${line.trim().slice(0, 160)}`);
    }
    entries.set(match[1], {name: match[2], module: match[3]});
  }
  return entries;
}

/** The chunk names of a route's entry in routesChunkNames (nested objects and arrays flattened). */
export function chunkNamesOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  // The values of an array or object; null, a number or a boolean has none.
  return Object.values(value ?? {}).flatMap(chunkNamesOf);
}

/** The key of a route in routesChunkNames: its ComponentCreator arguments, as ComponentCreator builds it. */
export const chunkNamesKey = (route: GeneratedRoute): string =>
  `${route.component.creator[0]}-${route.component.creator[1]}`;

/**
 * Checks that every route has its chunk names under its key, and that every
 * chunk name is in the registry.
 * @throws Error naming the assumption `chunkNamesKeys` or `registryFormat`.
 */
export function checkChunkNames(
  routes: readonly GeneratedRoute[],
  chunkNames: Record<string, unknown>,
  registry: ReadonlyMap<string, RegistryEntry>,
): void {
  const visit = (list: readonly GeneratedRoute[]) => {
    for (const route of list) {
      if (route.path !== '*') {
        const names = chunkNames[chunkNamesKey(route)];
        if (names === undefined)
          throw assumptionBroken('chunkNamesKeys', `no entry "${chunkNamesKey(route)}" for the route ${route.path}`);
        const missing = chunkNamesOf(names).filter((name) => !registry.has(name));
        if (missing.length > 0)
          throw assumptionBroken(
            'registryFormat',
            `the chunks ${missing.join(', ')} of the route ${route.path} are not in the registry`,
          );
      }
      if (route.routes) visit(route.routes);
    }
  };
  visit(routes);
}

/** A layout group's route: a route below others, not exact, whose child routes have no children themselves. */
export function isLayoutGroupRoute(route: GeneratedRoute, depth: number): boolean {
  return depth > 0 && !route.exact && Boolean(route.routes?.length) && route.routes!.every((child) => !child.routes);
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 10);

/** The start of every route group's chunk name ({@link groupChunkName}). */
export const groupChunkPrefix = 'routes-';

/**
 * The chunk name of the route group at `index` of the split (`routes-0`, …, `routes-a`, …, base 36). The prefix
 * keeps the names apart from Docusaurus' own chunk names (hashes and `__comp---…`), and lets the post-build step
 * find the groups' chunks among the others.
 * @param index the group's place among the split's groups, from 0.
 */
export const groupChunkName = (index: number): string => `${groupChunkPrefix}${index.toString(36)}`;

const str = (value: unknown) => JSON.stringify(value);

/**
 * JavaScript source of registry entries: those in `named` as Docusaurus writes
 * them (with their chunk name), the others without a chunk name. The module
 * path, the entry's second element, is left empty: react-loadable reports it
 * only to the server render's `Loadable.Capture`, and the split registry is the
 * browser's only (the server build keeps Docusaurus' own). Paths like
 * `/…/.docusaurus/…/sidebar-view-920a0ca387d7.json` cost every page bytes.
 */
function registrySource(
  names: Iterable<string>,
  registry: ReadonlyMap<string, RegistryEntry>,
  named: (name: string) => boolean,
): string {
  return [...names]
    .sort()
    .map((name) => {
      const entry = registry.get(name)!;
      const module = str(entry.module);
      const comment = named(name) ? `/* webpackChunkName: ${str(entry.name)} */ ` : '';
      return `  ${str(name)}: [() => import(${comment}${module}), "", require.resolveWeak(${module})],`;
    })
    .join('\n');
}

/** The files of the split, by name below the split's folder, and its groups. */
export interface SplitFiles {
  files: Record<string, string>;
  groups: GroupInfo[];
}

/**
 * Splits the generated route table, chunk names and registry into the shell
 * (`routes.js`, `registry.js`, `routesChunkNames.js`) and one module per group
 * (`groups/<id>.js`), which call the functions of lib/route-groups.ts.
 * @param routes the parsed `routes.js`.
 * @param chunkNames the parsed `routesChunkNames.json`.
 * @param registry the parsed `registry.js`.
 * @param runtime the module the generated code imports (lib/route-groups.ts).
 * @throws Error naming an assumption when the three do not agree (see {@link checkChunkNames}).
 */
export function splitRoutes(
  routes: GeneratedRoute[],
  chunkNames: Record<string, unknown>,
  registry: ReadonlyMap<string, RegistryEntry>,
  runtime: string = runtimeModule,
): SplitFiles {
  checkChunkNames(routes, chunkNames, registry);
  const groups = new Map<SplitRoute, GroupInfo>();
  const visit = (list: GeneratedRoute[], depth: number) => {
    for (const route of list) {
      if (isLayoutGroupRoute(route, depth)) {
        const id = hashOf(`${route.path}|${chunkNamesKey(route)}|${route.exact}`);
        // Chunk names by the groups' order (layout groups, then areas, each in route order): every page's runtime
        // maps each name to its chunk id (Docusaurus' `__webpack_require__.gca`), and main.js's route table names
        // each group, so a short name is two short strings per group on every page. Module paths keep the hashed id.
        groups.set(route, {
          id,
          kind: 'layout',
          chunkName: groupChunkName(groups.size),
          path: route.path,
          exact: Boolean(route.exact),
          pages: pagePaths(route),
        });
      } else if (route.routes) visit(route.routes, depth + 1);
    }
  };
  visit(routes, 0);

  const canGroup = (route: SplitRoute) => groups.has(route) || !route.routes?.length;
  const arrange = (list: GeneratedRoute[], parentPath: string): SplitRoute[] =>
    groupIntoAreas(
      list.map((route) =>
        // A layout's children may now include areas, which the source writer handles like routes.
        route.routes && !groups.has(route)
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
        groups.set(route, {
          id,
          kind: 'area',
          chunkName: groupChunkName(groups.size),
          path: route.path,
          exact: false,
          pages: pagePaths(route).filter((page) => page !== '*'),
        });
      } else if (route.routes && !groups.has(route)) collectAreas(route.routes);
    }
  };
  collectAreas(table);

  /** Chunk names of the routes of `list` and their descendants, down to the next groups. */
  const namesOf = (list: SplitRoute[]) => {
    const own: Record<string, unknown> = {};
    const walk = (current: SplitRoute[]) => {
      for (const route of current) {
        if (isArea(route)) continue;
        if (route.path !== '*') own[chunkNamesKey(route)] = chunkNames[chunkNamesKey(route)];
        if (route.routes && !groups.has(route)) walk(route.routes);
      }
    };
    walk(list);
    return own;
  };

  /**
   * JavaScript source of a route and its children, down to the next groups, which it loads lazily.
   * @param creator the source of the call that makes a component from a (path, hash) pair.
   * @param modulePath the path of a group's module, relative to the module being written.
   */
  const routeSource = (
    route: SplitRoute,
    indent: string,
    creator: string,
    modulePath: (id: string) => string,
  ): string => {
    const group = groups.get(route);
    const load = (info: GroupInfo) =>
      `() => import(/* webpackChunkName: ${str(info.chunkName)} */ ${str(modulePath(info.id))})`;
    if (isArea(route)) {
      return `${indent}areaGroup({path: ${str(route.path)}, chunkName: ${str(group!.chunkName)}, load: ${load(group!)}})`;
    }
    const {component, routes: children, path: routePath, exact, ...attributes} = route;
    const make = `${creator}(${component.creator.map(str).join(', ')})`;
    if (group) {
      return [
        `${indent}layoutGroup({`,
        `${indent}  path: ${str(routePath)},`,
        `${indent}  exact: ${Boolean(exact)},`,
        `${indent}  chunkName: ${str(group.chunkName)},`,
        `${indent}  component: ${make},`,
        `${indent}  load: ${load(group)},`,
        ...(Object.keys(attributes).length > 0 ? [`${indent}  attributes: ${str(attributes)},`] : []),
        `${indent}})`,
      ].join('\n');
    }
    const fields = Object.entries({path: routePath, ...(exact === undefined ? {} : {exact}), ...attributes}).map(
      ([name, value]) => `${indent}  ${str(name)}: ${str(value)},`,
    );
    const nested = children
      ? [
          `${indent}  routes: [`,
          ...children.map((child) => `${routeSource(child, `${indent}    `, creator, modulePath)},`),
          `${indent}  ],`,
        ]
      : [];
    return [`${indent}{`, ...fields, `${indent}  component: ${make},`, ...nested, `${indent}}`].join('\n');
  };

  const files: Record<string, string> = {};
  const imports = (names: string[]) => `import {${names.join(', ')}} from ${str(runtime)};`;
  // A chunk registered by one group only (a page's content) loads without a chunk name, so that the runtime's map
  // of chunk names (Docusaurus' `__webpack_require__.gca`, which every page loads) does not grow with the pages.
  // One registered by several groups, or by the shell, keeps its name: each unnamed `import()` of it would be a
  // chunk of its own, and a page would load them all.
  const shellNames = namesOf(table);
  const groupNames = new Map([...groups].map(([route]) => [route, namesOf(route.routes!)]));
  const registrants = new Map<string, number>();
  for (const names of [shellNames, ...groupNames.values()]) {
    for (const name of new Set(Object.values(names).flatMap(chunkNamesOf)))
      registrants.set(name, (registrants.get(name) ?? 0) + 1);
  }
  const shared = (name: string) => registrants.get(name)! > 1;
  for (const [route, group] of groups) {
    const list = route.routes!;
    const names = groupNames.get(route)!;
    const body = list.map((child) => `${routeSource(child, '    ', 'component', (id) => `./${id}.js`)},`).join('\n');
    files[`groups/${group.id}.js`] = [
      imports(['areaGroup', 'groupRoutes', 'layoutGroup']),
      '',
      'export default groupRoutes(',
      '  {',
      '    registry: {',
      registrySource(new Set(Object.values(names).flatMap(chunkNamesOf)), registry, shared).replace(
        /^ {2}/gm,
        '      ',
      ),
      '    },',
      `    chunkNames: ${str(names)},`,
      '  },',
      '  (component) => [',
      body,
      '  ],',
      ');',
      '',
    ].join('\n');
  }
  files['routes.js'] = [
    "import ComponentCreator from '@docusaurus/ComponentCreator';",
    imports(['areaGroup', 'layoutGroup', 'routeTable']),
    '',
    'export default routeTable([',
    ...table.map((route) => `${routeSource(route, '  ', 'ComponentCreator', (id) => `./groups/${id}.js`)},`),
    ']);',
    '',
  ].join('\n');
  files['registry.js'] =
    `export default {\n${registrySource(new Set(Object.values(shellNames).flatMap(chunkNamesOf)), registry, () => true)}\n};\n`;
  files['routesChunkNames.js'] = `export default ${str(shellNames)};\n`;
  return {files, groups: [...groups.values()]};
}
