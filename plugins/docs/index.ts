/**
 * The main docs, served by Docusaurus' docs plugin with one change: the
 * descriptions of the docs travel only to the pages that show them.
 *
 * The docs plugin gives every docs page the version's metadata: the sidebar
 * and, for each doc, its id, title, description and sidebar. The descriptions
 * are more than half of that data (12 of 20 KB gzipped with ~330 docs) and only
 * the cards of an index page (`<DocCardList />` on a category's own page, or a
 * generated category index) show them. This wrapper removes them from the
 * version metadata and gives each category page the descriptions of the docs
 * its cards list, as route context (`docCardDescriptions`), which
 * src/theme/DocCard reads. Everything else is the docs plugin as configured.
 */
import {createHash} from 'node:crypto';
import docsPlugin, {validateOptions} from '@docusaurus/plugin-content-docs';
import type {LoadContext, Plugin, PluginContentLoadedActions, RouteConfig} from '@docusaurus/types';
import type {PluginOptions} from '@docusaurus/plugin-content-docs';

export {validateOptions};

/** The key of the route context that carries a category page's card descriptions. */
export const cardDescriptionsKey = 'docCardDescriptions';

/** The parts of the version metadata prop this plugin reads. */
interface VersionProp {
  docs: Record<string, {description?: string}>;
  docsSidebars: Record<string, SidebarItem[]>;
}

interface SidebarItem {
  type: string;
  href?: string;
  docId?: string;
  items?: SidebarItem[];
}

/**
 * For each category with a page of its own (a doc or a generated index, its
 * `href`), the descriptions of the docs that are its direct items, by doc id.
 * @param sidebars the version's sidebars as the docs plugin passes them to the client.
 * @param descriptions every doc's description, by doc id.
 * @returns a map from the category page's path to its cards' descriptions.
 */
export function cardDescriptionsByPage(
  sidebars: Record<string, SidebarItem[]>,
  descriptions: Record<string, string>,
): Map<string, Record<string, string>> {
  const pages = new Map<string, Record<string, string>>();
  const visit = (items: SidebarItem[]) => {
    for (const item of items) {
      if (item.type !== 'category' || !item.items) continue;
      if (item.href) {
        const cards = Object.fromEntries(
          item.items.flatMap((child) =>
            child.type === 'link' && child.docId && descriptions[child.docId]
              ? [[child.docId, descriptions[child.docId]]]
              : [],
          ),
        );
        if (Object.keys(cards).length > 0) pages.set(item.href, cards);
      }
      visit(item.items);
    }
  };
  Object.values(sidebars).forEach(visit);
  return pages;
}

/**
 * Moves the doc descriptions out of every version route's metadata into the
 * route context of the category pages below it. Routes are changed in place.
 * @param route a route the docs plugin adds (the docs root, with the version routes below).
 * @param createData the plugin's `createData` action, which writes a JSON module and returns its path.
 */
export async function moveDescriptions(
  route: RouteConfig,
  createData: PluginContentLoadedActions['createData'],
): Promise<void> {
  const version = (route.props as {version?: VersionProp} | undefined)?.version;
  if (version) {
    const descriptions: Record<string, string> = {};
    for (const [id, doc] of Object.entries(version.docs)) {
      if (doc.description) descriptions[id] = doc.description;
      delete doc.description;
    }
    const pages = cardDescriptionsByPage(version.docsSidebars, descriptions);
    const attach = async (routes: RouteConfig[]) => {
      for (const child of routes) {
        const cards = pages.get(child.path);
        if (cards && child.exact) {
          const json = JSON.stringify(cards);
          const file = `card-descriptions-${createHash('sha256').update(json).digest('hex').slice(0, 12)}.json`;
          // Nested routes take their context as `{data}`; Docusaurus merges it with the parents'.
          const data = {...(child.context?.data as object | undefined), [cardDescriptionsKey]: await createData(file, json)};
          child.context = {...child.context, data};
        }
        if (child.routes) await attach(child.routes);
      }
    };
    if (route.routes) await attach(route.routes);
  }
  for (const child of route.routes ?? []) await moveDescriptions(child, createData);
}

/**
 * Docusaurus' docs plugin, with the descriptions moved (see above).
 * @param context the site's load context.
 * @param options the docs plugin's options, unchanged.
 */
export default async function docsWithCardDescriptions(
  context: LoadContext,
  options: PluginOptions,
): Promise<Plugin<unknown>> {
  const plugin = (await docsPlugin(context, options)) as Plugin<unknown>;
  const contentLoaded = plugin.contentLoaded!.bind(plugin);
  return {
    ...plugin,
    async contentLoaded(args) {
      const routes: RouteConfig[] = [];
      await contentLoaded({...args, actions: {...args.actions, addRoute: (route) => routes.push(route)}});
      for (const route of routes) {
        await moveDescriptions(route, args.actions.createData);
        args.actions.addRoute(route);
      }
    },
  };
}
