import {describe, expect, it} from 'vitest';
import type {RouteConfig} from '@docusaurus/types';
import {cardDescriptionsByPage, cardDescriptionsKey, moveDescriptions} from '../../plugins/docs';

const sidebars = {
  docs: [
    {type: 'link', href: '/docs/intro', docId: 'intro'},
    {
      type: 'category',
      href: '/docs/nodes/',
      items: [
        {type: 'link', href: '/docs/nodes/a', docId: 'nodes/a'},
        {type: 'link', href: 'https://example.com'},
        {
          type: 'category',
          href: '/docs/category/more',
          items: [{type: 'link', href: '/docs/nodes/b', docId: 'nodes/b'}],
        },
        {type: 'category', items: [{type: 'link', href: '/docs/nodes/c', docId: 'nodes/c'}]},
      ],
    },
  ],
};
const descriptions = {intro: 'Start here.', 'nodes/a': 'Node A.', 'nodes/b': 'Node B.', 'nodes/c': 'Node C.'};

describe('docs plugin: card descriptions', () => {
  it('gives each category page the descriptions of its direct doc items', () => {
    const pages = cardDescriptionsByPage(sidebars, descriptions);
    expect(Object.fromEntries(pages)).toEqual({
      '/docs/nodes/': {'nodes/a': 'Node A.'},
      '/docs/category/more': {'nodes/b': 'Node B.'},
    });
  });

  it('removes descriptions from the version metadata and puts them in the category pages’ route context', async () => {
    const docs = Object.fromEntries(
      Object.entries(descriptions).map(([id, description]) => [id, {id, title: id, description, sidebar: 'docs'}]),
    );
    const nodesPage: RouteConfig = {path: '/docs/nodes/', component: 'DocItem', exact: true};
    const morePage: RouteConfig = {path: '/docs/category/more', component: 'Index', exact: true};
    const introPage: RouteConfig = {path: '/docs/intro', component: 'DocItem', exact: true};
    const root: RouteConfig = {
      path: '/docs',
      component: 'DocsRoot',
      routes: [
        {
          path: '/docs',
          component: 'DocVersionRoot',
          props: {version: {docs, docsSidebars: sidebars}},
          routes: [{path: '/docs', component: 'DocRoot', routes: [introPage, nodesPage, morePage]}],
        },
      ],
    };
    const written = new Map<string, string>();
    await moveDescriptions(root, async (name, data) => {
      written.set(`/data/${name}`, String(data));
      return `/data/${name}`;
    });

    expect(Object.values(docs).map((doc) => doc.description)).toEqual([undefined, undefined, undefined, undefined]);
    expect(introPage.context).toBeUndefined();
    const nodesFile = (nodesPage.context?.data as Record<string, string>)[cardDescriptionsKey];
    expect(JSON.parse(written.get(nodesFile)!)).toEqual({'nodes/a': 'Node A.'});
    const moreFile = (morePage.context?.data as Record<string, string>)[cardDescriptionsKey];
    expect(JSON.parse(written.get(moreFile)!)).toEqual({'nodes/b': 'Node B.'});
  });
});
