/**
 * Client side of the route split (plugins/route-split): the route table the
 * browser starts with holds every route of the site down to the docs'
 * sections, but not the pages of each section; those, with their chunk
 * registry, load with the section, as their own chunk, when a page of the
 * section is shown, preloaded or prefetched.
 *
 * Sections under one path are grouped into areas, loaded the same way: the
 * table starts with the areas, an area's module holds its sections (and
 * pages that belong to no section, such as the blog's), a section's module its pages.
 *
 * The generated route table wraps each section's layout component with
 * {@link withSection}: its `preload()` (which Docusaurus calls for every route
 * matching a location before it renders, on the first load and on every
 * navigation) loads the section, adds its pages to the section route's
 * `routes`, and preloads the page matching the location.
 */
import React, {type ComponentType, type ReactNode} from 'react';
import {matchRoutes, renderRoutes, type RouteConfig} from 'react-router-config';

/** A route component Docusaurus can preload (react-loadable). */
export type PreloadableComponent = ComponentType<Record<string, unknown>> & {preload?: () => Promise<unknown>};

/** Loads a section module: its pages' routes, after registering their chunks. */
export type SectionLoader = () => Promise<{default: RouteConfig[]}>;

/** A registered section: its route path and exactness, its chunk's name, and how to load it. */
interface RegisteredSection {
  path: string;
  exact: boolean;
  chunkName: string;
  loaded: () => boolean;
  ensure: () => Promise<void>;
}

/** The site's route table, as the shell hands it over ({@link setRouteTable}). */
let routeTable: RouteConfig[] = [];

/**
 * Records the site's route table (the shell's, which the generated `routes.js`
 * passes here), for {@link sectionFor}.
 * @param routes the table; returned unchanged.
 */
export function setRouteTable<T extends RouteConfig[]>(routes: T): T {
  routeTable = routes;
  return routes;
}

/** The registered sections and areas, by their route component, for {@link sectionFor}. */
const sectionsByComponent = new Map<unknown, RegisteredSection>();

/**
 * Preloads the components of the routes of `routes` that match `pathname`.
 * @param routes a route table (a section's pages).
 * @param pathname a location's path.
 */
export function preloadMatching(routes: RouteConfig[], pathname: string): Promise<unknown> {
  return Promise.all(
    matchRoutes(routes, pathname).map(({route}) => (route.component as PreloadableComponent | undefined)?.preload?.()),
  );
}

/**
 * The layout component of a section, whose pages load with the section.
 * @param component the section's layout component (Docusaurus' ComponentCreator result).
 * @param load loads the section module.
 * @param routes the section route's `routes`, filled in place once the section has loaded.
 * @param path the section route's path, and `exact` whether it matches only that path.
 * @param chunkName the name of the section module's chunk.
 * @returns a component that renders `component` and preloads the section with it.
 */
export function withSection(
  component: PreloadableComponent,
  load: SectionLoader,
  routes: RouteConfig[],
  path: string,
  exact: boolean,
  chunkName: string,
): PreloadableComponent {
  let loading: Promise<void> | null = null;
  const ensure = () => {
    loading ??= load().then((module) => {
      if (routes.length === 0) routes.push(...module.default);
    });
    loading.catch(() => {
      loading = null;
    });
    return loading;
  };
  const registered: RegisteredSection = {path, exact, chunkName, ensure, loaded: () => routes.length > 0};
  function SectionLayout(props: Record<string, unknown>): ReactNode {
    return React.createElement(component, props);
  }
  SectionLayout.displayName = `Section(${path})`;
  sectionsByComponent.set(SectionLayout, registered);
  // Docusaurus preloads the routes matching the location it is about to show, which is then the browser's location
  // (the first load, and navigations, where the history has already moved); a preload on hover has loaded the
  // section once the reader follows the link.
  SectionLayout.preload = () =>
    Promise.all([component.preload?.(), ensure()]).then(() => preloadMatching(routes, window.location.pathname));
  return SectionLayout as PreloadableComponent;
}

/**
 * The route component of an area: renders the area's routes (its sections
 * and pages), which load with the area (see {@link withSection}).
 * @param props.route the area's route, as the router passes it.
 */
export function AreaRoutes({route}: {route: RouteConfig}): ReactNode {
  return renderRoutes(route.routes);
}

/**
 * The outermost section or area not loaded yet on the router's way to
 * `pathname`, if any (the routes the router matches, as far as they are loaded).
 */
export function sectionFor(pathname: string): RegisteredSection | undefined {
  const path = pathname.split(/[?#]/)[0];
  for (const {route} of matchRoutes(routeTable, path)) {
    const section = sectionsByComponent.get(route.component);
    if (section && !section.loaded()) return section;
  }
  return undefined;
}

/**
 * Loads the area and the section of `pathname`, if any; resolves once the
 * page's route is in the route table.
 */
export async function ensureSectionFor(pathname: string): Promise<void> {
  // An area registers its sections when it loads: at most area, then section.
  for (let section = sectionFor(pathname); section; section = sectionFor(pathname)) await section.ensure();
}

declare const __webpack_require__: {gca?: (chunkName: string) => string};

/** Prefetches (downloads without running) the module of the section of `pathname`, when not loaded yet. */
function prefetchSectionModule(pathname: string): void {
  const section = sectionFor(pathname);
  const url = section && !section.loaded() ? __webpack_require__.gca?.(section.chunkName) : undefined;
  if (!url || url.includes('undefined') || document.querySelector(`link[rel="prefetch"][href="${url}"]`)) return;
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = url;
  document.head.appendChild(link);
}

/** The part of `window.docusaurus` (core's prefetch and preload by path) this module wraps. */
interface DocusaurusGlobal {
  prefetch: (path: string) => false | Promise<unknown>;
  preload: (path: string) => false | Promise<unknown>;
}

let installed = false;

/**
 * Makes Docusaurus' link prefetching and preloading work for pages of sections
 * not loaded yet. A link in sight (prefetch) downloads, without running, the
 * section's module along with what core prefetches (the section's layout); a
 * link hovered or touched (preload) loads the section, then core preloads the
 * page. Idempotent; call it once the app runs (a client module's route update).
 */
export function installSectionPrefetch(): void {
  const global = window as unknown as {docusaurus?: DocusaurusGlobal};
  if (installed || !global.docusaurus) return;
  installed = true;
  const core = global.docusaurus;
  const prefetch = (path: string) => {
    prefetchSectionModule(path);
    return core.prefetch(path);
  };
  const preload = (path: string) => ensureSectionFor(path).then(() => core.preload(path));
  global.docusaurus = Object.freeze({...core, prefetch, preload});
}
