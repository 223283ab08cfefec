/**
 * Browser side of the route split (plugins/route-split): the route table the
 * browser starts with stops at *route groups*; a group's routes, with their
 * chunk registry, are a module of their own that loads with the group.
 *
 * There are two kinds of group:
 * - a **layout group**: a layout route (the docs' sidebar layouts that
 *   plugins/docs makes) whose child routes are pages;
 * - an **area**: sibling routes under one path (`/blog`, the node reference's
 *   categories) that load together; its module holds layout groups and pages.
 *
 * The code that plugins/route-split generates calls the typed functions of
 * this module, and only them: {@link routeTable} for the table of `main.js`,
 * {@link layoutGroup} and {@link areaGroup} for each group, and
 * {@link groupRoutes} in each group's module.
 *
 * The assumptions about Docusaurus' client that this module rests on are
 * named in lib/route-split-assumptions.ts; tests/unit/route-split-contract.test.ts
 * checks each of them against the pinned Docusaurus.
 */
import React, {type ComponentType, type ReactNode} from 'react';
import ComponentCreator from '@docusaurus/ComponentCreator';
import renderRoutes from '@docusaurus/renderRoutes';
import {matchPath} from '@docusaurus/router';
import registry from '@generated/registry';
import routesChunkNames from '@generated/routesChunkNames';
import type {RouteConfig} from 'react-router-config';
import {idleQueue} from './idle-queue';

/** A route component Docusaurus can preload (react-loadable). */
export type PreloadableComponent = ComponentType<Record<string, unknown>> & {preload?: () => Promise<unknown>};

/** Loads a group's module, whose default export is the group's routes. */
export type GroupLoader = () => Promise<{default: RouteConfig[]}>;

/**
 * A chunk registry entry as Docusaurus' registry.js writes it: loader, module path, module id. In the browser's
 * registry (plugins/route-split) the module path is empty: only the server render reads it.
 */
export type RegistryEntry = readonly [load: () => Promise<unknown>, modulePath: string, moduleId: unknown];

/** A loaded or not yet loaded group, as the prefetch and preload of links see it. */
interface Group {
  path: string;
  chunkName: string;
  loaded: () => boolean;
  ensure: () => Promise<void>;
}

/** The site's route table, as the shell hands it over ({@link routeTable}). */
// Stryker disable next-line ArrayDeclaration: groupFor finds a group only by a group route's component, which no element of a placeholder table has
let table: RouteConfig[] = [];

/** The groups, by the route component that stands for them in the table. */
const groupsByComponent = new Map<unknown, Group>();

/**
 * Records the site's route table (the shell's, which the generated
 * `routes.js` passes here), for {@link groupFor}.
 * @param routes the table; returned unchanged.
 */
export function routeTable<T extends RouteConfig[]>(routes: T): T {
  table = routes;
  return routes;
}

/**
 * The routes of `routes` (and their descendants) that match `pathname`,
 * outermost first, as the router matches them: the first matching route of
 * each list, then its children.
 */
export function matchRoutes(routes: readonly RouteConfig[], pathname: string): RouteConfig[] {
  for (const route of routes) {
    const match =
      route.path === undefined || matchPath(pathname, {path: route.path, exact: route.exact, strict: route.strict});
    if (match) return [route, ...(route.routes ? matchRoutes(route.routes, pathname) : [])];
  }
  return [];
}

/**
 * Preloads the components of the routes of `routes` that match `pathname`.
 * @param routes a route table (a group's routes).
 * @param pathname a location's path.
 */
export function preloadMatching(routes: readonly RouteConfig[], pathname: string): Promise<unknown> {
  return Promise.all(
    matchRoutes(routes, pathname).map((route) => (route.component as PreloadableComponent | undefined)?.preload?.()),
  );
}

/**
 * A group's loading: once, again after a failure; the group's routes are put
 * into `routes` (the group route's own `routes`, which the router reads) in place.
 * One failure handler per load, not per caller: a caller that retries at once
 * keeps its new load, whatever other callers of the failed one do.
 */
function groupLoading(load: GroupLoader, routes: RouteConfig[]): () => Promise<void> {
  let loading: Promise<void> | null = null;
  return () => {
    if (loading) return loading;
    // Only one load is under way at a time, and none follows a success: the routes go in once.
    loading = load().then((module) => {
      routes.push(...module.default);
    });
    // Registered before any caller's, so a caller that retries on failure starts a new load.
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };
}

/**
 * A component standing for a group in the route table: renders `render`, and
 * its preload (which Docusaurus calls for every route matching a location,
 * before it shows the location) loads the group and preloads the routes of it
 * that match the location shown (assumption `preloadAfterHistory`).
 */
function groupComponent(
  group: Group,
  routes: RouteConfig[],
  render: PreloadableComponent,
  displayName: string,
): PreloadableComponent {
  function GroupRoute(props: Record<string, unknown>): ReactNode {
    return React.createElement(render, props);
  }
  GroupRoute.displayName = displayName;
  GroupRoute.preload = () =>
    Promise.all([render.preload?.(), group.ensure()]).then(() => preloadMatching(routes, window.location.pathname));
  groupsByComponent.set(GroupRoute, group);
  return GroupRoute as PreloadableComponent;
}

/** A layout group, as the generated code declares it. */
export interface LayoutGroupOptions {
  /** The layout route's path, and whether it matches that path only. */
  path: string;
  exact: boolean;
  /** The name of the group module's chunk (`routes-<n>`, plugins/route-split). */
  chunkName: string;
  /** The layout's own component (from ComponentCreator). */
  component: PreloadableComponent;
  /** Loads the group's module. */
  load: GroupLoader;
  /** The route's other fields, as Docusaurus generated them. */
  attributes?: Record<string, unknown>;
}

/**
 * The route of a layout group: the layout, whose pages load with the group.
 * @returns a route whose `routes` fill in once the group has loaded.
 */
export function layoutGroup({
  path,
  exact,
  chunkName,
  component,
  load,
  attributes = {},
}: LayoutGroupOptions): RouteConfig {
  const routes: RouteConfig[] = [];
  const group: Group = {path, chunkName, ensure: groupLoading(load, routes), loaded: () => routes.length > 0};
  return {
    ...attributes,
    path,
    exact,
    component: groupComponent(group, routes, component, `LayoutGroup(${path})`),
    routes,
  };
}

/** An area, as the generated code declares it. */
export interface AreaGroupOptions {
  /** The path its routes share. */
  path: string;
  /** The name of the area module's chunk (`routes-<n>`, plugins/route-split). */
  chunkName: string;
  /** Loads the area's module. */
  load: GroupLoader;
}

/** Renders an area's routes (its groups and pages), which load with the area. */
export function AreaRoutes({route}: {route: RouteConfig}): ReactNode {
  return renderRoutes(route.routes);
}

/**
 * The route of an area: no component of its own, its routes load with it.
 * @returns a route (not exact) whose `routes` fill in once the area has loaded.
 */
export function areaGroup({path, chunkName, load}: AreaGroupOptions): RouteConfig {
  const routes: RouteConfig[] = [];
  const group: Group = {path, chunkName, ensure: groupLoading(load, routes), loaded: () => routes.length > 0};
  return {
    path,
    exact: false,
    component: groupComponent(group, routes, AreaRoutes as PreloadableComponent, `Area(${path})`),
    routes,
  };
}

/** What a group's module declares besides its routes: their chunk registry and chunk names. */
export interface GroupChunks {
  /** Registry entries of the group's routes (chunks without a name: see plugins/route-split). */
  registry: Record<string, RegistryEntry>;
  /** The chunk names of the group's routes, keyed `${path}-${hash}` as Docusaurus keys them. */
  chunkNames: Record<string, unknown>;
}

/** Makes a route's component from the (path, hash) pair Docusaurus gave the route (the catch-all route `*` has no hash). */
export type ComponentOf = (path: string, hash?: string) => PreloadableComponent;

/**
 * A group module's routes. Their components are made by Docusaurus'
 * ComponentCreator, which finds a route's chunks in `@generated/registry` and
 * `@generated/routesChunkNames`: the group's entries are put there while the
 * components are made, and taken out again (assumption `creatorReadsAtCall`),
 * so that core's prefetch, which reads routesChunkNames, never asks for the
 * unnamed chunks of a group's pages by name.
 * @param chunks the group's registry entries and chunk names.
 * @param routes makes the group's routes, with their components from `component`.
 */
export function groupRoutes(chunks: GroupChunks, routes: (component: ComponentOf) => RouteConfig[]): RouteConfig[] {
  const sharedRegistry = registry as unknown as Record<string, RegistryEntry>;
  const sharedNames = routesChunkNames as unknown as Record<string, unknown>;
  const addedEntries = Object.keys(chunks.registry).filter((name) => !(name in sharedRegistry));
  const addedNames = Object.keys(chunks.chunkNames).filter((key) => !(key in sharedNames));
  for (const name of addedEntries) sharedRegistry[name] = chunks.registry[name];
  for (const key of addedNames) sharedNames[key] = chunks.chunkNames[key];
  try {
    // Stryker disable next-line StringLiteral: only the catch-all `*` comes without a hash (the split checks routes' shape), and ComponentCreator ignores the hash of `*`
    return routes((path, hash = '') => ComponentCreator(path, hash) as PreloadableComponent);
  } finally {
    for (const name of addedEntries) delete sharedRegistry[name];
    for (const key of addedNames) delete sharedNames[key];
  }
}

/**
 * The outermost group not loaded yet on the router's way to `pathname`, if
 * any (the routes the router matches, as far as they are loaded).
 */
export function groupFor(pathname: string): Group | undefined {
  const path = pathname.split(/[?#]/)[0];
  for (const route of matchRoutes(table, path)) {
    const group = groupsByComponent.get(route.component);
    if (group && !group.loaded()) return group;
  }
  return undefined;
}

/** Loads the groups on the way to `pathname` (an area, then a layout group); resolves once its page is in the table. */
export async function ensureGroupsFor(pathname: string): Promise<void> {
  const done = new Set<Group>();
  for (let group = groupFor(pathname); group && !done.has(group); group = groupFor(pathname)) {
    done.add(group);
    await group.ensure();
  }
}

declare const __webpack_require__: {gca?: (chunkName: string) => string};

/**
 * Whether the page has a `<script>` of `url`, run or loading. The HTML's loader
 * gives its scripts absolute URLs, the bundler's runtime the path; a script's
 * `src` property is always the absolute URL, which ends with the path.
 * @param url a chunk's URL as `__webpack_require__.gca` gives it.
 */
function pageHasScript(url: string): boolean {
  return Array.from(document.scripts).some((script) => script.src.endsWith(url));
}

/**
 * Docusaurus' prefetch asks `__webpack_require__.gca` for the URL of each chunk
 * name of a route, and skips a URL that says "undefined": what a name gives when
 * the bundler merged its module into another chunk (a module `main.js` already
 * holds, such as the site's configuration), since the map of content hashes does
 * not know it. Chunk files named without a per-chunk part (plugins/route-split)
 * make every URL look valid, so such a name would be prefetched and answer 404.
 * This wraps `gca` so that a name it does not know (whose URL is the name's own
 * file, where a known name gives its chunk's numeric id) says "undefined" again.
 *
 * Core's prefetch also adds a `<link rel="prefetch">` for every chunk of every
 * route it prefetches, though routes share most of their chunks and the page
 * has run some already: some 200 links on a docs page. So the wrapper gives
 * each URL once, and "undefined" for a chunk the page has run (a `<script>` of
 * that URL). Besides {@link prefetchGroupModule}, whose group chunks no route
 * names, core's prefetch is the only caller of `gca` (the assumption
 * "chunkAsset").
 * @param webpackRequire the bundler's require function (injected for tests).
 */
export function installChunkAssetFilter(
  webpackRequire: {gca?: (chunkName: string) => string} | undefined = typeof __webpack_require__ === 'undefined'
    ? undefined
    : __webpack_require__,
): void {
  const gca = webpackRequire?.gca;
  if (!webpackRequire || !gca || (gca as {filtered?: boolean}).filtered) return;
  const givenOut = new Set<string>();
  const filtered = (chunkName: string) => {
    const url = gca(chunkName);
    if (url.endsWith(`/${chunkName}.js`) || givenOut.has(url) || pageHasScript(url)) return 'undefined';
    givenOut.add(url);
    return url;
  };
  webpackRequire.gca = Object.assign(filtered, {filtered: true});
}

/** Prefetches (downloads without running) the module of the group of `pathname`, once, when not loaded yet. */
function prefetchGroupModule(pathname: string): void {
  const group = groupFor(pathname);
  const gca = typeof __webpack_require__ === 'undefined' ? undefined : __webpack_require__.gca;
  const url = group ? gca?.(group.chunkName) : undefined;
  // The filter on gca (installChunkAssetFilter) answers "undefined" for a URL given before or a chunk the page has run.
  if (!url || url.includes('undefined')) return;
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = url;
  document.head.appendChild(link);
}

/** The part of `window.docusaurus` (core's prefetch and preload by path) this module wraps. */
export interface DocusaurusGlobal {
  prefetch: (path: string) => false | Promise<unknown>;
  preload: (path: string) => false | Promise<unknown>;
}

let installed = false;

/**
 * Makes Docusaurus' link prefetching and preloading work for pages of groups
 * not loaded yet. A link in sight (prefetch) downloads, without running, the
 * group's module along with what core prefetches, in the browser's idle time
 * and once per path; a link hovered or touched (preload) loads the groups on
 * the way, then core preloads the page, at once.
 * Idempotent; call it once the app runs (a client module's route update).
 * Reports on the console, naming the assumption, when `window.docusaurus` is
 * not there: the console-clean end-to-end test then fails.
 */
export function installGroupPrefetch(): void {
  const global = window as unknown as {docusaurus?: Partial<DocusaurusGlobal>};
  if (installed) return;
  const core = global.docusaurus;
  if (typeof core?.prefetch !== 'function' || typeof core.preload !== 'function') {
    // The name only (lib/route-split-assumptions.ts has the text), to keep the texts out of the main bundle.
    console.error('route-split: the assumption "windowDocusaurus" no longer holds');
    return;
  }
  installed = true;
  const {prefetch: corePrefetch, preload: corePreload} = core as DocusaurusGlobal;
  // Each link in sight asks from its IntersectionObserver callback, so the links of the first screen ask in one
  // task, and each prefetch matches its path against every route: run there, they made one long task while the
  // page started. Queued, they run in idle time, a few per task.
  const idle = idleQueue(4);
  const asked = new Set<string>();
  // Answers false, as core does for a path it will not fetch now: the prefetch runs later, and Link ignores the answer.
  const prefetch = (path: string) => {
    if (!asked.has(path)) {
      asked.add(path);
      idle.add(() => {
        prefetchGroupModule(path);
        void corePrefetch(path);
      });
    }
    return false as const;
  };
  const preload = (path: string) => ensureGroupsFor(path).then(() => corePreload(path));
  global.docusaurus = Object.freeze({...core, prefetch, preload});
}
