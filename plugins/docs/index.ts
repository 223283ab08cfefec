/**
 * The main docs, served by Docusaurus' docs plugin with one change: each docs
 * page loads the part of the sidebar it shows, not the whole docs.
 *
 * The docs plugin gives every docs page the version's metadata: every sidebar
 * and, for each doc, its id, title, description and sidebar. That grows with
 * every page of the site. This wrapper keeps the version metadata small (no
 * sidebars, no docs) and splits the docs' layout route (the `DocRoot` that
 * renders the sidebar) into one route per *section*: the docs that show the
 * same sidebar. Each section route carries its sidebar view as a module
 * (`sidebarView`, read by src/theme/DocRoot):
 *
 * - the sidebar's top level, and each category on the way to the section,
 *   opened, with all its items; categories elsewhere become links to their
 *   own page (their items are shown there), or, when they have no page, keep
 *   their items in the same way;
 * - the doc metadata (title, description) of the docs the view links to, which
 *   the cards of a category page show.
 *
 * A section's route path is the folder its docs share, so the router finds the
 * section of a URL by its path; a doc whose URL another section's folder would
 * catch gets a section of its own at its exact path. Everything else is the
 * docs plugin as configured.
 */
import {createHash} from 'node:crypto';
import docsPlugin, {validateOptions} from '@docusaurus/plugin-content-docs';
import type {LoadContext, Plugin, PluginContentLoadedActions, RouteConfig} from '@docusaurus/types';
import type {PluginOptions} from '@docusaurus/plugin-content-docs';
import {matchPath} from 'react-router';

export {validateOptions};

/** A sidebar item as the version metadata carries it. */
export interface SidebarItem {
  type: string;
  label?: string;
  href?: string;
  docId?: string;
  className?: string;
  collapsed?: boolean;
  items?: SidebarItem[];
  [key: string]: unknown;
}

/** A doc of the version metadata. */
export interface VersionDoc {
  id: string;
  title: string;
  description?: string;
  sidebar?: string;
}

/** The version metadata prop, as far as this wrapper reads and changes it. */
interface VersionProp {
  docs: Record<string, VersionDoc>;
  docsSidebars: Record<string, SidebarItem[]>;
}

/** What a section route gives its pages: their sidebar, as shown, and the docs it links to. */
export interface SidebarView {
  /** The sidebar's name. */
  sidebar: string | null;
  items: SidebarItem[];
  docs: Record<string, VersionDoc>;
}

/** Class of a category shown as a link to its page (src/css/custom.css draws it like a closed category). */
export const categoryLinkClass = 'sidebar-category-link';

/**
 * The indices, from the sidebar's top level down, of the categories that hold
 * the item linking to `href` (a category that links to it holds it too);
 * null when no item links there.
 */
export function trailTo(items: readonly SidebarItem[], href: string): number[] | null {
  for (let index = 0; index < items.length; index += 1) {
    const item = items[index];
    if (item.type === 'category') {
      if (item.href === href) return [index];
      const inner = trailTo(item.items ?? [], href);
      if (inner) return [index, ...inner];
    } else if (item.href === href) return [];
  }
  return null;
}

/** The id of the doc at a path, if a doc is there (a category's page may be a doc or a generated index). */
export type DocIdOf = (path: string) => string | undefined;

/**
 * The sidebar as the pages under the categories of `trail` show it (see the
 * file's comment).
 * @param items a sidebar's items.
 * @param trail indices of the open categories, outermost first.
 * @param docIdOf finds the doc a category's page is, so its link keeps the doc's card.
 */
export function sidebarView(items: readonly SidebarItem[], trail: readonly number[], docIdOf: DocIdOf = () => undefined): SidebarItem[] {
  return items.map((item, index): SidebarItem => {
    if (item.type !== 'category') return item;
    if (trail[0] === index) return {...item, collapsed: false, items: sidebarView(item.items ?? [], trail.slice(1), docIdOf)};
    if (!item.href) return {...item, items: sidebarView(item.items ?? [], [], docIdOf)};
    const className = [item.className, categoryLinkClass].filter(Boolean).join(' ');
    const docId = docIdOf(item.href);
    return {type: 'link', label: item.label, href: item.href, className, ...(docId ? {docId} : {}), unlisted: false};
  });
}

/** The ids of the docs a view links to. */
function linkedDocs(items: readonly SidebarItem[]): string[] {
  return items.flatMap((item) => [...(item.docId ? [item.docId] : []), ...linkedDocs(item.items ?? [])]);
}

/** The folder of a route path: `/docs/a/b` and `/docs/a/b/` are in `/docs/a` and `/docs/a/b`. */
export function folderOf(path: string): string {
  return path.endsWith('/') ? path.replace(/\/+$/, '') || '/' : path.replace(/\/[^/]*$/, '') || '/';
}

/** One section: its route path, whether it matches only that path, its view and its docs' routes. */
interface Section {
  path: string;
  exact: boolean;
  viewKey: string;
  view: SidebarView;
  routes: RouteConfig[];
}

/**
 * Splits the docs of a layout route into sections (see the file's comment).
 * @param leaves the layout route's child routes (docs and generated category indexes).
 * @param version the version metadata, with its sidebars and docs.
 * @param docIdOf finds the doc at a path (see {@link sidebarView}).
 * @returns the sections, in the order the router must try them.
 */
export function sectionsOf(leaves: readonly RouteConfig[], version: VersionProp, docIdOf: DocIdOf = () => undefined): Section[] {
  const byKey = new Map<string, Section>();
  const viewOf = (leaf: RouteConfig): [string, SidebarView] => {
    const name = typeof leaf.sidebar === 'string' ? leaf.sidebar : null;
    const items = name ? (version.docsSidebars[name] ?? []) : [];
    const trail = name ? trailTo(items, leaf.path) : null;
    const shown = sidebarView(items, trail ?? [], docIdOf);
    const docs = Object.fromEntries(linkedDocs(shown).flatMap((id) => (version.docs[id] ? [[id, version.docs[id]]] : [])));
    return [`${name}:${(trail ?? []).join('.')}`, {sidebar: name, items: shown, docs}];
  };
  for (const leaf of leaves) {
    const [viewKey, view] = viewOf(leaf);
    const path = folderOf(leaf.path);
    const key = `${viewKey}@${path}`;
    const section = byKey.get(key) ?? {path, exact: false, viewKey, view, routes: []};
    section.routes.push(leaf);
    byKey.set(key, section);
  }
  const order = (sections: Section[]) =>
    sections.sort((a, b) => Number(b.exact) - Number(a.exact) || b.path.length - a.path.length || a.path.localeCompare(b.path));
  const sections = order([...byKey.values()]);
  // A doc must be found in the first section whose path matches its URL; otherwise it gets a section of its own.
  const moved: Section[] = [];
  for (const section of sections) {
    section.routes = section.routes.filter((leaf) => {
      const first = sections.find((candidate) => matchPath(leaf.path, {path: candidate.path, exact: candidate.exact}));
      if (first === section) return true;
      moved.push({path: leaf.path, exact: true, viewKey: section.viewKey, view: section.view, routes: [leaf]});
      return false;
    });
  }
  return order([...moved, ...sections.filter((section) => section.routes.length > 0)]);
}

/** A short, stable hash of a text, for file names. */
const hashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

/**
 * Replaces each docs layout route below `route` by its section routes, and
 * empties the sidebars and docs of the version metadata. Routes are changed in place.
 * @param route a route the docs plugin adds (the docs root, with the version routes below).
 * @param createData the plugin's `createData` action, which writes a JSON module and returns its path.
 * @param docIdOf finds the doc at a path (see {@link sidebarView}).
 */
export async function splitIntoSections(
  route: RouteConfig,
  createData: PluginContentLoadedActions['createData'],
  docIdOf: DocIdOf = () => undefined,
): Promise<void> {
  const version = (route.props as {version?: VersionProp} | undefined)?.version;
  if (version && route.routes) {
    const split: RouteConfig[] = [];
    for (const child of route.routes) {
      // The layout route: the version's path, not exact, with the docs below it.
      if (child.exact === false && child.routes?.length) {
        for (const section of sectionsOf(child.routes, version, docIdOf)) {
          const json = JSON.stringify(section.view);
          const sidebarView = await createData(`sidebar-view-${hashOf(json)}.json`, json);
          split.push({
            ...child,
            path: section.path,
            exact: section.exact,
            routes: section.routes,
            modules: {...child.modules, sidebarView},
          });
        }
      } else split.push(child);
    }
    route.routes = split;
    version.docs = {};
    version.docsSidebars = {};
  }
  for (const child of route.routes ?? []) await splitIntoSections(child, createData, docIdOf);
}

/** The docs plugin's global data, as far as this wrapper changes it. */
interface GlobalData {
  versions: Array<{mainDocId: string; docs: Array<{id: string; path: string; sidebar?: string}>}>;
}

/**
 * The docs plugin's global data (which the main bundle of every page carries)
 * without the list of every doc: each version keeps its main doc only, which
 * the navbar's version item links to. The theme looks docs up in that list to
 * mark navbar items of type `doc` as active; this site has none.
 */
export function withoutDocList(data: GlobalData): GlobalData {
  return {
    ...data,
    versions: data.versions.map((version) => ({
      ...version,
      docs: version.docs.filter((doc) => doc.id === version.mainDocId),
    })),
  };
}

/**
 * Docusaurus' docs plugin, with its layout route split into sections (see above)
 * and its global data without the list of every doc.
 * @param context the site's load context.
 * @param options the docs plugin's options, unchanged.
 */
export default async function docsInSections(context: LoadContext, options: PluginOptions): Promise<Plugin<unknown>> {
  const plugin = (await docsPlugin(context, options)) as Plugin<unknown>;
  const contentLoaded = plugin.contentLoaded!.bind(plugin);
  return {
    ...plugin,
    async contentLoaded(args) {
      const routes: RouteConfig[] = [];
      const setGlobalData = (data: unknown) => args.actions.setGlobalData(withoutDocList(data as GlobalData));
      await contentLoaded({...args, actions: {...args.actions, setGlobalData, addRoute: (route) => routes.push(route)}});
      const content = args.content as {loadedVersions: Array<{docs: Array<{id: string; permalink: string}>}>};
      const docIds = new Map(content.loadedVersions.flatMap((version) => version.docs.map((doc) => [doc.permalink, doc.id])));
      for (const route of routes) {
        await splitIntoSections(route, args.actions.createData, (path) => docIds.get(path));
        args.actions.addRoute(route);
      }
    },
  };
}
