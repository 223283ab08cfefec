import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {
  groupIntoAreas,
  splitRoutes,
  withGroupBundle,
  addGroupBundles,
  type GeneratedRoute,
  type RegistryEntry,
} from '../../plugins/route-split';
import {asLoaded, chains, loadSplit} from './load-split';

const leaf = (path: string): GeneratedRoute => ({path, exact: true, component: {creator: [path, 'abc']}});
const layout = (path: string, pages: string[]): GeneratedRoute => ({
  path,
  component: {creator: [path, 'def']},
  routes: pages.map(leaf),
});
const anyRoute = () => true;
const paths = (list: Array<{path: string; area?: boolean; routes?: unknown[]}>) =>
  list.map((route) => (route.area ? `area ${route.path}` : route.path));

describe('areas', () => {
  it('group three or more sibling routes under one path segment, in place of the first', () => {
    const list = ['/', '/blog', '/blog/a', '/blog/b', '/search', '*'].map(leaf);
    const grouped = groupIntoAreas(list, '', anyRoute);
    expect(paths(grouped)).toEqual(['/', 'area /blog', '/search', '*']);
  });

  it('end with the catch-all route when no route of theirs covers their path', () => {
    const list = ['/blog', '/blog/a', '/blog/b', '*'].map(leaf);
    const [area] = groupIntoAreas(list, '', anyRoute) as Array<{routes: GeneratedRoute[]}>;
    expect(area.routes.map((route) => route.path)).toEqual(['/blog', '/blog/a', '/blog/b', '*']);
  });

  it('are not made when a later route outside them serves a path below them', () => {
    const list = [leaf('/blog/a'), leaf('/blog/b'), leaf('/blog/c'), layout('/x', ['/blog/d'])];
    expect(paths(groupIntoAreas(list, '', anyRoute))).toEqual(['/blog/a', '/blog/b', '/blog/c', '/x']);
  });

  it('are not made when an unknown path below them must fall through to a later layout, unless one of theirs covers it', () => {
    const sections = [
      layout('/docs/dev/a', ['/docs/dev/a/1']),
      layout('/docs/dev/b', ['/docs/dev/b/1']),
      layout('/docs/dev/c', ['/docs/dev/c/1']),
    ];
    const docsRoot = layout('/docs', ['/docs/intro']);
    expect(paths(groupIntoAreas([...sections, docsRoot], '/docs', anyRoute))).toEqual([
      '/docs/dev/a',
      '/docs/dev/b',
      '/docs/dev/c',
      '/docs',
    ]);
    const covering = layout('/docs/dev', ['/docs/dev/intro']);
    expect(paths(groupIntoAreas([...sections, covering, docsRoot], '/docs', anyRoute))).toEqual([
      'area /docs/dev',
      '/docs',
    ]);
  });
});

describe('the split table', () => {
  const sections = ['a', 'b', 'c'].map((name) => ({
    ...layout(`/docs/dev/${name}`, [`/docs/dev/${name}/1`, `/docs/dev/${name}/2`]),
    sidebar: `dev-${name}`,
  }));
  const routes: GeneratedRoute[] = [
    leaf('/'),
    {
      path: '/docs',
      component: {creator: ['/docs', 'root']},
      routes: [
        {
          path: '/docs',
          component: {creator: ['/docs', 'ver']},
          routes: [...sections, layout('/docs/dev', ['/docs/dev']), layout('/docs', ['/docs/intro'])],
        },
      ],
    },
    leaf('*'),
  ];
  const all = [
    routes[0],
    routes[1],
    routes[1].routes![0],
    ...routes[1].routes![0].routes!,
    ...routes[1].routes![0].routes!.flatMap((s) => s.routes!),
    routes[2],
  ];
  const chunkNames = Object.fromEntries(
    all.map((route) => [`${route.component.creator[0]}-${route.component.creator[1]}`, {__comp: `c${route.path}`}]),
  );
  const registry = new Map<string, RegistryEntry>(
    Object.values(chunkNames).map(({__comp}) => [__comp, {name: __comp, module: `@site/${__comp}.js`}]),
  );
  const {files, groups: modules} = splitRoutes(routes, chunkNames, registry);

  it('loads, as the browser loads it, into the routes, fields, chunk names and registry entries it was given', async () => {
    const loaded = await loadSplit(files);
    expect(chains(loaded.routes)).toEqual(chains(asLoaded(routes)));
    // Docusaurus gives the catch-all route no chunk names (its ComponentCreator has no hash): the split leaves its
    // names and their registry entries out.
    const {'*-abc': catchAll, ...pageChunkNames} = chunkNames;
    expect(catchAll).toBeDefined();
    expect(loaded.chunkNames).toEqual(pageChunkNames);
    expect(loaded.registry).toEqual(
      Object.fromEntries([...registry].filter(([name]) => name !== 'c*').map(([name, entry]) => [name, entry.module])),
    );
  });

  it('starts with the areas and the layout groups outside them, not their pages', () => {
    expect(files['routes.js']).toContain('"./groups/');
    expect(files['routes.js']).toContain('areaGroup({path: "/docs/dev"');
    expect(files['routes.js']).not.toContain('"/docs/dev/a"');
    expect(files['routes.js']).not.toContain('/docs/dev/a/1');
    expect(files['routesChunkNames.js']).not.toContain('/docs/dev/a');
  });

  it('gives the area its layout groups, and each layout group its pages, with their chunks', () => {
    const area = modules.find((module) => module.kind === 'area')!;
    expect(area.path).toBe('/docs/dev');
    expect(area.pages).toEqual(expect.arrayContaining(['/docs/dev/a/1', '/docs/dev/c/2', '/docs/dev']));
    const areaFile = files[`groups/${area.id}.js`];
    expect(areaFile).toContain('"/docs/dev/a"');
    expect(areaFile).not.toContain('"/docs/dev/a/1"');
    const section = modules.find((module) => module.path === '/docs/dev/a')!;
    expect(files[`groups/${section.id}.js`]).toContain('"/docs/dev/a/1"');
    expect(files[`groups/${section.id}.js`]).toContain('c/docs/dev/a/1');
  });

  it("registers a group's page chunks without a chunk name, and the shell's with theirs", () => {
    const section = modules.find((module) => module.path === '/docs/dev/a')!;
    expect(files[`groups/${section.id}.js`]).toContain('"c/docs/dev/a/1": [() => import("@site/c/docs/dev/a/1.js"), ');
    expect(files['registry.js']).toContain('"c/": [() => import(/* webpackChunkName: "c/" */ "@site/c/.js"), ');
  });

  it('fails naming the assumption when a chunk of a route is not in the registry', () => {
    const partial = new Map([...registry].filter(([name]) => name !== 'c/docs/dev/a/1'));
    expect(() => splitRoutes(routes, chunkNames, partial)).toThrow(/"registryFormat".*\/docs\/dev\/a\/1/);
  });
});

describe("a page's HTML", () => {
  const html = '<head><link rel=preload as=script href=/assets/js/main.1.js data-bundle></head>';

  it('names a group chunk before the bundles, once', () => {
    const once = withGroupBundle(html, '/assets/js/abc/1.js');
    expect(once).toBe(
      '<head><link rel=preload as=script fetchpriority=low href=/assets/js/abc/1.js data-bundle><link rel=preload as=script href=/assets/js/main.1.js data-bundle></head>',
    );
    expect(withGroupBundle(once, '/assets/js/abc/1.js')).toBe(once);
  });

  it('is left alone without bundle links', () => {
    expect(withGroupBundle('<p>x</p>', '/assets/js/abc/1.js')).toBe('<p>x</p>');
  });
});

describe("addGroupBundles: the post-build step that names each page's groups in its HTML", () => {
  const head = (extra = '') =>
    `<head>${extra}<link rel=preload as=script href=/assets/js/main.1.js data-bundle></head>`;
  const link = (file: string) => `<link rel=preload as=script fetchpriority=low href=/${file} data-bundle>`;
  let root: string;
  let outDir: string;
  let generatedDir: string;
  const page = (pagePath: string) => path.join(outDir, pagePath.replace(/\/$/, ''), 'index.html');
  const write = (groups: unknown, files: unknown) => {
    mkdirSync(path.join(generatedDir, 'route-split'), {recursive: true});
    writeFileSync(path.join(generatedDir, 'route-split', 'groups.json'), JSON.stringify(groups));
    writeFileSync(path.join(generatedDir, 'route-split', 'group-files.json'), JSON.stringify(files));
  };
  const group = (kind: 'area' | 'layout', groupPath: string, pages: string[]) => ({
    id: groupPath,
    kind,
    chunkName: `group-${kind}-${groupPath}`,
    path: groupPath,
    exact: false,
    pages,
  });

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'group-bundles-'));
    outDir = path.join(root, 'build');
    generatedDir = path.join(root, '.docusaurus');
    for (const pagePath of ['/docs/dev/a', '/docs/dev/b/', '/docs/other']) {
      mkdirSync(path.dirname(page(pagePath)), {recursive: true});
      writeFileSync(page(pagePath), head());
    }
  });

  afterEach(() => rmSync(root, {recursive: true, force: true}));

  it('does nothing for a build without a split (no groups written)', () => {
    expect(addGroupBundles(outDir, generatedDir)).toBe(0);
    write([], {});
    rmSync(path.join(generatedDir, 'route-split', 'group-files.json'));
    expect(addGroupBundles(outDir, generatedDir)).toBe(0);
    expect(readFileSync(page('/docs/dev/a'), 'utf8')).toBe(head());
  });

  it("names a page's area before its layout group, whatever their order in groups.json, and counts each page once", () => {
    const layout = group('layout', '/docs/dev', ['/docs/dev/a', '/docs/dev/b/']);
    const area = group('area', '/docs', ['/docs/dev/a', '/docs/dev/b/', '/docs/other']);
    write([area, layout], {[layout.chunkName]: 'assets/js/h/1.js', [area.chunkName]: 'assets/js/h/2.js'});
    expect(addGroupBundles(outDir, generatedDir)).toBe(3);
    const both = head(link('assets/js/h/2.js') + link('assets/js/h/1.js'));
    expect(readFileSync(page('/docs/dev/a'), 'utf8')).toBe(both);
    expect(readFileSync(page('/docs/dev/b/'), 'utf8')).toBe(both);
    expect(readFileSync(page('/docs/other'), 'utf8')).toBe(head(link('assets/js/h/2.js')));
  });

  it('fails naming the group when its chunk has no file', () => {
    write([group('layout', '/docs/dev', ['/docs/dev/a'])], {});
    expect(() => addGroupBundles(outDir, generatedDir)).toThrow(
      'route-split: no file for the chunk of the group /docs/dev',
    );
  });

  it('fails naming the page and the group when a page of the group has no HTML file', () => {
    const layout = group('layout', '/docs/dev', ['/docs/dev/missing']);
    write([layout], {[layout.chunkName]: 'assets/js/h/1.js'});
    expect(() => addGroupBundles(outDir, generatedDir)).toThrow(
      'route-split: the page /docs/dev/missing of the group /docs/dev has no HTML file',
    );
  });
});
