import {existsSync, readdirSync} from 'node:fs';
import path from 'node:path';
import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';
import {listApiGroups} from '../config/api';

/**
 * The API reference's sidebar: the index and the combined specification, then
 * one generated category per API group. Each group's `sidebar.ts` is written by
 * `npm run gen-api` (run automatically before `start` and `build`). A group's
 * hand-written pages (`api-docs/pages/<group>/*.mdx`, for actions the product
 * has no endpoint for) follow its generated operations.
 *
 * @throws Error when a group's generated sidebar is missing, naming the command to run.
 */
type SidebarItems = Extract<SidebarsConfig[string], unknown[]>;

function groupSidebars(): SidebarItems {
  return listApiGroups().flatMap((group) => {
    const file = path.join(__dirname, group, 'sidebar.ts');
    if (!existsSync(file)) {
      throw new Error(`API sidebar for "${group}" not found at ${file}: run "npm run gen-api" first.`);
    }
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const items = require(file).default as SidebarItems;
    const pagesDir = path.join(__dirname, 'pages', group);
    const pages = existsSync(pagesDir)
      ? readdirSync(pagesDir)
          .filter((name) => name.endsWith('.mdx'))
          .sort()
          .map((name) => ({type: 'doc' as const, id: `pages/${group}/${name.replace(/\.mdx$/, '')}`}))
      : [];
    const [category] = items as Array<{type: string; items?: unknown[]}>;
    if (pages.length > 0 && category?.type === 'category') category.items = [...(category.items ?? []), ...pages];
    return items;
  });
}

const sidebars: SidebarsConfig = {
  api: ['index', 'full-api-spec', ...groupSidebars()],
};

export default sidebars;
