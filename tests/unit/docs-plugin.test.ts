import {describe, expect, it} from 'vitest';
import type {RouteConfig} from '@docusaurus/types';
import {
  categoryLinkClass,
  folderOf,
  sectionsOf,
  sidebarView,
  splitIntoSections,
  trailTo,
  type SidebarItem,
} from '../../plugins/docs';

const sidebar: SidebarItem[] = [
  {type: 'link', href: '/docs/intro', docId: 'intro', label: 'Intro'},
  {
    type: 'category',
    label: 'Nodes',
    href: '/docs/nodes/',
    items: [
      {type: 'link', href: '/docs/nodes/', docId: 'nodes/index', label: 'Overview'},
      {type: 'link', href: '/docs/nodes/a', docId: 'nodes/a', label: 'A'},
      {
        type: 'category',
        label: 'More',
        href: '/docs/category/more',
        items: [{type: 'link', href: '/docs/nodes/more/b', docId: 'nodes/more/b', label: 'B'}],
      },
    ],
  },
  {type: 'category', label: 'No page', items: [{type: 'link', href: '/docs/c', docId: 'c', label: 'C'}]},
];
const docs = Object.fromEntries(
  ['intro', 'nodes/index', 'nodes/a', 'nodes/more/b', 'c'].map((id) => [
    id,
    {id, title: id, description: `About ${id}.`},
  ]),
);
const leaf = (path: string): RouteConfig => ({path, exact: true, component: '@theme/DocItem', sidebar: 'docs'});

describe('docs sections: sidebar views', () => {
  it('finds the categories on the way to a page', () => {
    expect(trailTo(sidebar, '/docs/intro')).toEqual([]);
    expect(trailTo(sidebar, '/docs/nodes/a')).toEqual([1]);
    expect(trailTo(sidebar, '/docs/nodes/more/b')).toEqual([1, 2]);
    expect(trailTo(sidebar, '/docs/category/more')).toEqual([1, 2]);
    expect(trailTo(sidebar, '/docs/nowhere')).toBeNull();
  });

  it('opens the categories of the trail and shows the others as links to their page, or with their items', () => {
    const view = sidebarView(sidebar, []);
    expect(view[1]).toEqual({
      type: 'link',
      label: 'Nodes',
      href: '/docs/nodes/',
      className: categoryLinkClass,
      unlisted: false,
    });
    const withDocs = sidebarView(sidebar, [], (path) => (path === '/docs/nodes/' ? 'nodes/index' : undefined));
    expect(withDocs[1]).toMatchObject({type: 'link', href: '/docs/nodes/', docId: 'nodes/index'});
    expect(view[2]).toMatchObject({type: 'category', label: 'No page', items: [{href: '/docs/c'}]});
    const inside = sidebarView(sidebar, [1]);
    expect(inside[1]).toMatchObject({type: 'category', collapsed: false});
    expect((inside[1].items ?? [])[2]).toMatchObject({type: 'link', href: '/docs/category/more'});
  });

  it('gives a folder to each page path', () => {
    expect(folderOf('/docs/nodes/a')).toBe('/docs/nodes');
    expect(folderOf('/docs/nodes/')).toBe('/docs/nodes');
    expect(folderOf('/docs/intro')).toBe('/docs');
  });
});

describe('docs sections: routes', () => {
  const version = {docs, docsSidebars: {docs: sidebar}};

  it('groups pages that show the same sidebar and share a folder, most specific path first', () => {
    const sections = sectionsOf(
      [
        leaf('/docs/intro'),
        leaf('/docs/nodes/'),
        leaf('/docs/nodes/a'),
        leaf('/docs/nodes/more/b'),
        leaf('/docs/category/more'),
      ],
      version,
    );
    expect(sections.map((s) => [s.path, s.exact, s.routes.map((r) => r.path)])).toEqual([
      ['/docs/nodes/more', false, ['/docs/nodes/more/b']],
      ['/docs/category', false, ['/docs/category/more']],
      ['/docs/nodes', false, ['/docs/nodes/', '/docs/nodes/a']],
      ['/docs', false, ['/docs/intro']],
    ]);
    const nodes = sections.find((s) => s.path === '/docs/nodes')!;
    expect(Object.keys(nodes.view.docs).sort()).toEqual(['c', 'intro', 'nodes/a', 'nodes/index']);
    expect(nodes.view.docs['nodes/a'].description).toBe('About nodes/a.');
  });

  it('gives a page its own section when another section would catch its URL', () => {
    // /docs/nodes is a page of the /docs folder, but the section of /docs/nodes/* would match it first.
    const sections = sectionsOf([leaf('/docs/nodes'), leaf('/docs/nodes/a')], {docs, docsSidebars: {docs: sidebar}});
    expect(sections.map((s) => [s.path, s.exact])).toEqual([
      ['/docs/nodes', true],
      ['/docs/nodes', false],
    ]);
  });

  it('replaces the layout route by section routes with their view, and empties the version metadata', async () => {
    const created: Record<string, string> = {};
    const createData = async (name: string, data: string | object) => {
      created[name] = typeof data === 'string' ? data : JSON.stringify(data);
      return `/generated/${name}`;
    };
    const root: RouteConfig = {
      path: '/docs',
      component: '@theme/DocVersionRoot',
      props: {version: {docs: {...docs}, docsSidebars: {docs: sidebar}}},
      routes: [
        {
          path: '/docs',
          exact: false,
          component: '@theme/DocRoot',
          routes: [leaf('/docs/intro'), leaf('/docs/nodes/a')],
        },
      ],
    };
    await splitIntoSections(root, createData);
    expect(root.routes!.map((r) => [r.path, r.component])).toEqual([
      ['/docs/nodes', '@theme/DocRoot'],
      ['/docs', '@theme/DocRoot'],
    ]);
    const module = root.routes![0].modules!.sidebarView as string;
    expect(JSON.parse(created[module.replace('/generated/', '')]).sidebar).toBe('docs');
    expect((root.props as {version: {docs: object; docsSidebars: object}}).version).toEqual({
      docs: {},
      docsSidebars: {},
    });
  });
});
