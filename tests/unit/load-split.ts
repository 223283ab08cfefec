/**
 * Loads the route split's generated modules as the browser would, for the
 * route split's unit and contract tests: see `loadSplit`.
 */
import path from 'node:path';
import {transformSync} from 'esbuild';
import {expect} from 'vitest';
import type {GeneratedRoute} from '../../plugins/route-split';

/** A route as the browser has it once every group has loaded: what the split's modules declare, areas inlined. */
export interface LoadedRoute {
  path: string;
  exact: boolean;
  creator: unknown[];
  attributes: Record<string, unknown>;
  routes?: LoadedRoute[];
}

/** A group as the split's modules declare it to lib/route-groups: its options, but for its component and loader. */
export interface DeclaredGroup {
  kind: 'layout' | 'area';
  path: string;
  chunkName: string;
  exact?: unknown;
  attributes?: unknown;
}

/** The module the generated code must import lib/route-groups' functions from (split.ts' `runtimeModule`). */
const runtimeFile = path.join(__dirname, '..', '..', 'lib', 'route-groups.ts');

/**
 * Runs the split's generated modules (esbuild to CommonJS, `import()` as `require`) with stand-ins of
 * Docusaurus' ComponentCreator and of lib/route-groups that record what they are given, loads every group, and
 * returns the route tree with each area's routes in its place, the groups the modules declare (in the order they
 * are declared), the chunk names and registry entries the groups and the shell declare, and the module each
 * registry entry imports.
 * @param files the split's files (`splitRoutes(...).files`), by their path in the split's folder.
 * @throws an assertion error when a module imports a file the split did not write, or a registry entry's module
 *   path is not empty or its weak id is not its import.
 */
export async function loadSplit(files: Record<string, string>) {
  const chunkNames: Record<string, unknown> = {};
  const registry: Record<string, string> = {};
  const addRegistry = async (entries: Record<string, [() => Promise<{id: string}>, string, string]>) => {
    for (const [name, [load, modulePath, weakId]] of Object.entries(entries)) {
      const {id} = await load();
      expect(modulePath, name).toBe('');
      expect(weakId, name).toBe(id);
      registry[name] = id;
    }
  };
  const creator = (...args: unknown[]) => ({creator: args});
  const groups: DeclaredGroup[] = [];
  const declare = (kind: DeclaredGroup['kind'], options: Record<string, unknown>) => {
    const declared = Object.entries(options).filter(([name]) => name !== 'component' && name !== 'load');
    groups.push({kind, ...Object.fromEntries(declared)} as DeclaredGroup);
  };
  const runtime = {
    routeTable: (routes: unknown[]) => routes,
    areaGroup: (options: {path: string; load: () => Promise<{default: unknown[]}>}) => {
      declare('area', options);
      return {area: options};
    },
    layoutGroup: (options: Record<string, unknown>) => {
      declare('layout', options);
      return {layout: options};
    },
    groupRoutes: (
      chunks: {registry: Parameters<typeof addRegistry>[0]; chunkNames: Record<string, unknown>},
      routes: (component: typeof creator) => unknown[],
    ) => {
      Object.assign(chunkNames, chunks.chunkNames);
      pending.push(addRegistry(chunks.registry));
      return routes(creator);
    },
  };
  const pending: Promise<void>[] = [];
  const evaluate = (name: string): {default: unknown} => {
    expect(files, name).toHaveProperty([name]);
    const {code} = transformSync(files[name], {loader: 'js', format: 'cjs', supported: {'dynamic-import': false}});
    const module = {exports: {} as {default: unknown}};
    const require = Object.assign(
      (id: string) => {
        if (id === '@docusaurus/ComponentCreator') return {__esModule: true, default: creator};
        if (id === runtimeFile) return runtime;
        if (id.startsWith('./')) return evaluate(path.posix.join(path.posix.dirname(name), id));
        return {id};
      },
      {resolveWeak: (id: string) => id},
    );
    new Function('module', 'exports', 'require', code)(module, module.exports, require);
    return module.exports;
  };
  type Declared = {area?: {path: string; load: () => Promise<{default: Declared[]}>}} & {
    layout?: Record<string, unknown> & {load: () => Promise<{default: Declared[]}>};
  } & Record<string, unknown>;
  const expand = async (list: Declared[]): Promise<LoadedRoute[]> => {
    const out: LoadedRoute[] = [];
    for (const declared of list) {
      if (declared.area) {
        // The catch-all an area may end with is the split's own (see groupIntoAreas); Docusaurus' is at the top.
        const members = (await declared.area.load()).default.filter((route) => route.path !== '*');
        out.push(...(await expand(members)));
      } else if (declared.layout) {
        const {path: layoutPath, exact, component, attributes = {}, load} = declared.layout;
        out.push({
          path: layoutPath as string,
          exact: Boolean(exact),
          creator: (component as {creator: unknown[]}).creator,
          attributes: attributes as Record<string, unknown>,
          routes: await expand((await load()).default),
        });
      } else {
        const {path: routePath, exact, component, routes, ...attributes} = declared;
        out.push({
          path: routePath as string,
          exact: Boolean(exact),
          creator: (component as {creator: unknown[]}).creator,
          attributes,
          ...(routes ? {routes: await expand(routes as Declared[])} : {}),
        });
      }
    }
    return out;
  };
  const routes = await expand(evaluate('routes.js').default as Declared[]);
  Object.assign(chunkNames, evaluate('routesChunkNames.js').default);
  await addRegistry(evaluate('registry.js').default as Parameters<typeof addRegistry>[0]);
  await Promise.all(pending);
  return {routes, groups, chunkNames, registry};
}

/** Docusaurus' route table in the shape of LoadedRoute. */
export const asLoaded = (routes: readonly GeneratedRoute[]): LoadedRoute[] =>
  routes.map(({path: routePath, exact, component, routes: children, ...attributes}) => ({
    path: routePath,
    exact: Boolean(exact),
    creator: component.creator,
    attributes,
    ...(children ? {routes: asLoaded(children)} : {}),
  }));

/** Each page route with the chain of layouts above it, as one line, sorted: the routes a URL can match. */
export const chains = (routes: readonly LoadedRoute[], above = ''): string[] =>
  routes
    .flatMap((route) => {
      const line = `${above} > ${JSON.stringify({...route, routes: undefined})}`;
      return route.routes ? chains(route.routes, line) : [line];
    })
    .sort();
