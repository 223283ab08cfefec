import {existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, beforeEach, describe, expect, it} from 'vitest';
import {
  groupIntoAreas,
  parseRegistry,
  parseRoutes,
  groupChunkName,
  splitRoutes,
  withGroupBundle,
  addGroupBundles,
  RouteSplitBundlerPlugin,
  chunkFilename,
  type GeneratedRoute,
  type RegistryEntry,
} from '../../plugins/route-split';
import routeSplitPlugin from '../../plugins/route-split';
import {chunkNamesOf, isLayoutGroupRoute} from '../../plugins/route-split/split';
import {asLoaded, chains, loadSplit} from './load-split';
import {assumptions} from '../../lib/route-split-assumptions';

const leaf = (path: string): GeneratedRoute => ({path, exact: true, component: {creator: [path, 'abc']}});
const layout = (path: string, pages: string[]): GeneratedRoute => ({
  path,
  component: {creator: [path, 'def']},
  routes: pages.map(leaf),
});
const anyRoute = () => true;

/** One line of Docusaurus' registry.js, as it writes it. */
const registryEntry = (name: string, module: string) =>
  `  "${name}": [() => import(/* webpackChunkName: "${name}" */ "${module}"), "${module}", require.resolveWeak("${module}")],`;

const paths = (list: Array<{path: string; area?: boolean; routes?: unknown[]}>) =>
  list.map((route) => (route.area ? `area ${route.path}` : route.path));

/**
 * Chunk names for every route of a table (`{__comp: "c<path>"}` under the route's key, the catch-all's
 * included), and a registry with an entry for each of them (module `@site/c<path>.js`).
 */
function chunksOf(routes: readonly GeneratedRoute[]) {
  const all = (list: readonly GeneratedRoute[]): GeneratedRoute[] =>
    list.flatMap((route) => [route, ...all(route.routes ?? [])]);
  const chunkNames: Record<string, {__comp: string}> = Object.fromEntries(
    all(routes).map((route) => [
      `${route.component.creator[0]}-${route.component.creator[1]}`,
      {__comp: `c${route.path}`},
    ]),
  );
  const registry = new Map<string, RegistryEntry>(
    Object.values(chunkNames).map(({__comp}) => [__comp, {name: __comp, module: `@site/${__comp}.js`}]),
  );
  return {chunkNames, registry};
}

/**
 * Checks that a generated module reads as if written by hand: each line indented two spaces per level of
 * brackets it is in (a line that opens brackets adds one level, a line that closes them takes one off), and,
 * outside strings and comments, no run of spaces after the indentation, so each field or entry has a line.
 * @param name the module's name, for the failure message.
 */
function expectReadable(name: string, source: string) {
  let level = 0;
  for (const [index, line] of source.split('\n').entries()) {
    if (!line.trim()) continue;
    const code = line.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|\/\*.*?\*\//g, '_');
    const opened = (code.match(/[[({]/g) ?? []).length - (code.match(/[\])}]/g) ?? []).length;
    if (opened < 0) level -= 1;
    const where = `${name}:${index + 1}: ${line}`;
    expect(line.length - line.trimStart().length, where).toBe(2 * level);
    expect(code.trim(), where).not.toContain('  ');
    if (opened > 0) level += 1;
  }
  expect(level, name).toBe(0);
}

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

  it('are not made when a later route outside them serves a path below them, or their own path', () => {
    const list = [leaf('/blog/a'), leaf('/blog/b'), leaf('/blog/c'), layout('/x', ['/blog/d'])];
    expect(paths(groupIntoAreas(list, '', anyRoute))).toEqual(['/blog/a', '/blog/b', '/blog/c', '/x']);
    const own = [leaf('/blog/a'), leaf('/blog/b'), leaf('/blog/c'), layout('/x', ['/blog'])];
    expect(paths(groupIntoAreas(own, '', anyRoute))).toEqual(['/blog/a', '/blog/b', '/blog/c', '/x']);
    const one = [leaf('/blog/a'), leaf('/blog/b'), leaf('/blog/c'), layout('/x', ['/x/1', '/blog/d'])];
    expect(paths(groupIntoAreas(one, '', anyRoute)), 'one of its pages below them').toEqual([
      '/blog/a',
      '/blog/b',
      '/blog/c',
      '/x',
    ]);
  });

  it('hold only routes below their parent path, not routes that merely start with it', () => {
    const list = ['/blogging/a', '/blogging/b', '/blogging/c'].map(leaf);
    expect(paths(groupIntoAreas(list, '/blog', anyRoute))).toEqual(['/blogging/a', '/blogging/b', '/blogging/c']);
  });

  it('are made at the end of a list without a catch-all (the pages of a layout)', () => {
    const list = ['/docs/blog/a', '/docs/blog/b', '/docs/blog/c'].map(leaf);
    expect(paths(groupIntoAreas(list, '/docs', anyRoute))).toEqual(['area /docs/blog']);
  });

  it('are made below a parent path that ends with a slash (a layout at the root)', () => {
    const list = ['/blog/a', '/blog/b', '/blog/c', '/search'].map(leaf);
    expect(paths(groupIntoAreas(list, '/', anyRoute))).toEqual(['area /blog', '/search']);
  });

  it('hold only the routes that may be grouped', () => {
    const list = ['/blog/a', '/blog/b', '/blog/c', '*'].map(leaf);
    const notC = (route: {path: string}) => route.path !== '/blog/c';
    expect(paths(groupIntoAreas(list, '', notC))).toEqual(['/blog/a', '/blog/b', '/blog/c', '*']);
  });

  it('are made when the later routes are exact, or not at or above their path', () => {
    const list = ['/docs/blog/a', '/docs/blog/b', '/docs/blog/c', '/docs'].map(leaf);
    expect(paths(groupIntoAreas(list, '/docs', anyRoute))).toEqual(['area /docs/blog', '/docs']);
    const elsewhere = [...['/blog/a', '/blog/b', '/blog/c'].map(leaf), layout('/x', ['/x/1']), leaf('*')];
    expect(paths(groupIntoAreas(elsewhere, '', anyRoute))).toEqual(['area /blog', '/x', '*']);
  });

  it('end with the catch-all even when it has routes below their path, which it then serves in the area', () => {
    const catchAll: GeneratedRoute = {path: '*', component: {creator: ['*']}, routes: [leaf('/blog/x')]};
    const [area] = groupIntoAreas([...['/blog/a', '/blog/b', '/blog/c'].map(leaf), catchAll], '', anyRoute);
    expect(area).toEqual({
      path: '/blog',
      area: true,
      routes: [...['/blog/a', '/blog/b', '/blog/c'].map(leaf), catchAll],
    });
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

  it('read `exact: false` as not exact, in their routes and in the later ones', () => {
    const sections = ['a', 'b', 'c'].map((name) => layout(`/docs/dev/${name}`, [`/docs/dev/${name}/1`]));
    const docsRoot = {...layout('/docs', ['/docs/intro']), exact: false};
    expect(paths(groupIntoAreas([...sections, docsRoot], '/docs', anyRoute))).toEqual([
      '/docs/dev/a',
      '/docs/dev/b',
      '/docs/dev/c',
      '/docs',
    ]);
    const covering = {...layout('/docs/dev', ['/docs/dev/intro']), exact: false};
    expect(paths(groupIntoAreas([...sections, covering, docsRoot], '/docs', anyRoute))).toEqual([
      'area /docs/dev',
      '/docs',
    ]);
  });
});

describe('layout group routes', () => {
  it('are routes below the top, not exact, whose child routes have none of their own', () => {
    expect(isLayoutGroupRoute(layout('/docs/dev', ['/docs/dev/a']), 1)).toBe(true);
    expect(isLayoutGroupRoute(layout('/docs', ['/docs/a']), 0), 'at the top').toBe(false);
    expect(isLayoutGroupRoute({...layout('/docs/dev', ['/docs/dev/a']), exact: true}, 1), 'exact').toBe(false);
    const nested = {...layout('/docs', []), routes: [layout('/docs/dev', ['/docs/dev/a'])]};
    expect(isLayoutGroupRoute(nested, 1), 'child routes with routes').toBe(false);
  });

  it('are not routes without child routes, whether they have none or an empty list', () => {
    const notExact: GeneratedRoute = {path: '/docs/page', component: {creator: ['/docs/page', 'abc']}};
    expect(isLayoutGroupRoute(notExact, 1)).toBe(false);
    expect(isLayoutGroupRoute(layout('/docs/dev', []), 1)).toBe(false);
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
  const {chunkNames, registry} = chunksOf(routes);
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

  it('writes modules that read as if written by hand: indented by nesting, one field or entry a line', () => {
    expect(Object.keys(files)).toHaveLength(3 + modules.length);
    for (const [name, source] of Object.entries(files)) expectReadable(name, source);
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

  it('names the chunk of each group by its place, layout groups first, and loads each group by its name', () => {
    expect(modules.map((module) => module.kind)).toEqual(['layout', 'layout', 'layout', 'layout', 'layout', 'area']);
    expect(modules.map((module) => module.chunkName)).toEqual([
      'routes-0',
      'routes-1',
      'routes-2',
      'routes-3',
      'routes-4',
      'routes-5',
    ]);
    expect(groupChunkName(35)).toBe('routes-z');
    expect(groupChunkName(36)).toBe('routes-10');
    const source = Object.values(files).join('\n');
    for (const module of modules) {
      const imports = source.match(new RegExp(`webpackChunkName: "${module.chunkName}" \\*/ "[^"]+"`, 'g'));
      expect(imports).toHaveLength(1);
      expect(imports![0]).toMatch(new RegExp(`"\\./(groups/)?${module.id}\\.js"$`));
    }
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

describe('the areas of a split', () => {
  it('leave out a route whose routes have routes of their own (not a layout group): it loads with the shell', () => {
    const nested: GeneratedRoute = {
      path: '/docs/x/c',
      component: {creator: ['/docs/x/c', 'nest']},
      routes: [layout('/docs/x/c/d', ['/docs/x/c/d/1'])],
    };
    const routes: GeneratedRoute[] = [
      {path: '/docs', component: {creator: ['/docs', 'root']}, routes: [leaf('/docs/x/a'), leaf('/docs/x/b'), nested]},
      leaf('*'),
    ];
    const {chunkNames, registry} = chunksOf(routes);
    expect(
      splitRoutes(routes, chunkNames, registry).groups.map(({kind, path: groupPath}) => `${kind} ${groupPath}`),
    ).toEqual(['layout /docs/x/c/d']);
  });
});

describe('the groups of a split', () => {
  const routes: GeneratedRoute[] = [
    layout('/top', ['/top/a', '/top/b']),
    ...['/blog/a', '/blog/b', '/blog/c'].map(leaf),
    {
      path: '/docs',
      component: {creator: ['/docs', 'root']},
      routes: [
        {...layout('/docs/exact', ['/docs/exact/a']), exact: true},
        layout('/docs/plain', ['/docs/plain/a']),
        {...layout('/docs/attr', ['/docs/attr/a']), sidebar: 'side', title: 'a; b'},
        {
          path: '/docs/mixed',
          component: {creator: ['/docs/mixed', 'mix']},
          routes: [leaf('/docs/mixed/a'), layout('/docs/mixed/b', ['/docs/mixed/b/1'])],
        },
        leaf('/docs/intro'),
      ],
    },
    leaf('*'),
  ];
  const {chunkNames, registry} = chunksOf(routes);
  // A module path with a run of spaces, which the split must keep as it is.
  registry.set('c/docs/plain/a', {name: 'c/docs/plain/a', module: '@site/docs/plain/a  b.md'});
  const {files, groups} = splitRoutes(routes, chunkNames, registry);

  it('makes layout groups of the non-exact layouts below the top whose routes are all pages, and areas at the top too', () => {
    expect(groups.map(({kind, path: groupPath, exact, pages}) => ({kind, path: groupPath, exact, pages}))).toEqual([
      {kind: 'layout', path: '/docs/plain', exact: false, pages: ['/docs/plain/a']},
      {kind: 'layout', path: '/docs/attr', exact: false, pages: ['/docs/attr/a']},
      {kind: 'layout', path: '/docs/mixed/b', exact: false, pages: ['/docs/mixed/b/1']},
      // The catch-all the area ends with is not one of its pages: it has no HTML file of its own.
      {kind: 'area', path: '/blog', exact: false, pages: ['/blog/a', '/blog/b', '/blog/c']},
    ]);
  });

  it('loads into the routes it was given, and the module paths of the registry as they were', async () => {
    const loaded = await loadSplit(files);
    expect(chains(loaded.routes)).toEqual(chains(asLoaded(routes)));
    expect(loaded.registry).toEqual(
      Object.fromEntries([...registry].filter(([name]) => name !== 'c*').map(([name, entry]) => [name, entry.module])),
    );
    for (const [name, source] of Object.entries(files)) expectReadable(name, source);
  });

  it("declares each group to lib/route-groups with its path and chunk name, a layout's exactness, and its other fields only when it has some", async () => {
    const {groups: declared} = await loadSplit(files);
    const byPath = (a: {path: string}, b: {path: string}) => a.path.localeCompare(b.path);
    expect(declared.sort(byPath)).toEqual(
      groups
        .map(({kind, path: groupPath, chunkName}) => ({
          kind,
          path: groupPath,
          chunkName,
          ...(kind === 'layout' ? {exact: false} : {}),
          ...(groupPath === '/docs/attr' ? {attributes: {sidebar: 'side', title: 'a; b'}} : {}),
        }))
        .sort(byPath),
    );
  });

  it('writes only the fields a route has: no `exact` for a route without one', () => {
    expect(Object.values(files).join('\n')).not.toMatch(/\bundefined\b/);
  });

  it('names each group module by a 10-digit hash of its group, the same for the same routes', () => {
    expect(groups.map((group) => group.id)).toEqual(splitRoutes(routes, chunkNames, registry).groups.map((g) => g.id));
    expect(new Set(groups.map((group) => group.id)).size).toBe(groups.length);
    for (const group of groups) expect(group.id).toMatch(/^[0-9a-f]{10}$/);
  });

  it("writes each registry's entries in the order of their chunk names, whatever the order of the routes' names", () => {
    const reordered = {...chunkNames, '/top/a-abc': {content: 'c/top/b', __comp: 'c/top/a'}};
    const again = splitRoutes(routes, reordered, registry).files['registry.js'];
    const names = [...again.matchAll(/^ {2}"([^"]+)":/gm)].map((match) => match[1]);
    expect(names).toEqual([...names].sort());
    expect(names).toContain('c/top/b');
  });

  it('fails naming the assumption and the route when a route has no chunk names', () => {
    const partial = Object.fromEntries(Object.entries(chunkNames).filter(([key]) => key !== '/docs/plain-def'));
    expect(() => splitRoutes(routes, partial, registry)).toThrow(
      `route-split: the assumption "chunkNamesKeys" no longer holds (${assumptions.chunkNamesKeys}): no entry "/docs/plain-def" for the route /docs/plain`,
    );
  });

  it('fails naming every chunk of a route that is not in the registry', () => {
    const names = {...chunkNames, '/top-def': {__comp: 'x1', content: 'x2'}};
    expect(() => splitRoutes(routes, names, registry)).toThrow(
      'the chunks x1, x2 of the route /top are not in the registry',
    );
  });
});

describe('chunkNamesOf', () => {
  it("gives the chunk names of a route's entry, nested objects and lists included, and nothing for other values", () => {
    expect(
      chunkNamesOf({__comp: 'a', __context: {plugin: 'b'}, items: ['c', [{content: 'd'}]], none: null, n: 1}),
    ).toEqual(['a', 'b', 'c', 'd']);
    expect(chunkNamesOf(null)).toEqual([]);
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

  it('names a group chunk also when a bundle link begins the HTML', () => {
    const bundle = '<link rel=preload as=script href=/assets/js/main.1.js data-bundle>';
    expect(withGroupBundle(bundle, '/assets/js/abc/1.js')).toBe(
      `<link rel=preload as=script fetchpriority=low href=/assets/js/abc/1.js data-bundle>${bundle}`,
    );
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

describe('parseRoutes and parseRegistry: what they refuse, and the message that names it', () => {
  const table = (...routes: string[]) =>
    `import ComponentCreator from '@docusaurus/ComponentCreator';\n\nexport default [\n${routes.join(',\n')}\n];\n`;
  const page = `{path: '/a', component: ComponentCreator('/a', 'abc'), exact: true}`;
  const catchAll = `{path: '*', component: ComponentCreator('*')}`;
  const broken = (detail: string) =>
    `route-split: the assumption "routesShape" no longer holds (${assumptions.routesShape}): ${detail}. See README`;

  it('reads a table of literals, nested routes included, and records each ComponentCreator call', () => {
    const nested = `{path: '/docs', component: ComponentCreator('/docs', 'd1'), routes: [${page.replace(/\/a/g, '/docs/a')}]}`;
    expect(parseRoutes(table(nested, catchAll))).toEqual([
      {
        path: '/docs',
        component: {creator: ['/docs', 'd1']},
        routes: [{path: '/docs/a', exact: true, component: {creator: ['/docs/a', 'abc']}}],
      },
      {path: '*', component: {creator: ['*']}},
    ]);
    // A trailing semicolon with spaces after it, and none at all.
    expect(parseRoutes(`export default [${page}, ${catchAll}];  \n`)).toHaveLength(2);
    expect(parseRoutes(`export default [${page}, ${catchAll}]`)).toHaveLength(2);
    // The literal on the next line (a bare `return` before a line break would return nothing).
    expect(parseRoutes(`export default\n[${page}, ${catchAll}];`)).toHaveLength(2);
  });

  it('keeps a semicolon inside a string of the table', () => {
    const titled = `{path: '/a', component: ComponentCreator('/a', 'abc'), title: 'a; b'}`;
    expect(parseRoutes(table(titled, catchAll))[0].title).toBe('a; b');
  });

  it.each([
    ['no default export', 'export const routes = [];', 'routes.js has no default export'],
    ['an empty table', table(), 'the default export is not a list of routes'],
    ['an object', 'export default {};', 'the default export is not a list of routes'],
    ['no catch-all at the end', table(page), 'the table does not end with the catch-all route "*"'],
    [
      'a route without a path',
      table(`{component: ComponentCreator('/a', 'abc')}`, catchAll),
      `a route reads {"component":{"creator":["/a","abc"]}}`,
    ],
    ['a route without a component', table(`{path: '/a'}`, catchAll), 'a route reads {"path":"/a"}'],
    [
      'a creator path that is not a string',
      table(`{path: '/a', component: ComponentCreator(1, 'abc')}`, catchAll),
      'a route reads {"path":"/a","component":{"creator":[1,"abc"]}}',
    ],
    [
      'a page without a hash',
      table(`{path: '/a', component: ComponentCreator('/a')}`, catchAll),
      'a route reads {"path":"/a","component":{"creator":["/a"]}}',
    ],
    [
      'a creator with more arguments than a path and a hash',
      table(`{path: '/a', component: ComponentCreator('/a', 'abc', 'x')}`, catchAll),
      'a route reads {"path":"/a","component":{"creator":["/a","abc","x"]}}',
    ],
    [
      'a path that is not a string, even when the creator has it',
      table(`{path: 1, component: ComponentCreator(1, 'abc')}`, catchAll),
      'a route reads {"path":1,"component":{"creator":[1,"abc"]}}',
    ],
    [
      'a hash that is not a string',
      table(`{path: '/a', component: ComponentCreator('/a', 1)}`, catchAll),
      'a route reads {"path":"/a","component":{"creator":["/a",1]}}',
    ],
    [
      'a creator path that is not the route path',
      table(`{path: '/a', component: ComponentCreator('/b', 'abc')}`, catchAll),
      'a route reads {"path":"/a","component":{"creator":["/b","abc"]}}',
    ],
    [
      'routes that are not a list',
      table(`{path: '/a', component: ComponentCreator('/a', 'abc'), routes: {}}`, catchAll),
      'a route reads {"path":"/a","component":{"creator":["/a","abc"]},"routes":{}}',
    ],
    [
      'a bad nested route',
      table(`{path: '/a', component: ComponentCreator('/a', 'abc'), routes: [{path: '/a/b'}]}`, catchAll),
      'a route reads {"path":"/a/b"}',
    ],
    ['a route that is not a value', table('null', catchAll), 'a route reads null'],
    ['a route that is undefined', table('undefined', catchAll), 'a route reads undefined'],
  ])('refuses %s', (_name, source, detail) => {
    expect(() => parseRoutes(source)).toThrow(broken(detail));
  });

  it('refuses a default export that is not a literal, with the evaluation error', () => {
    expect(() => parseRoutes('export default routes();')).toThrow(
      broken('its default export is not a literal (routes is not defined)'),
    );
  });

  it('shortens a long route in the message to 160 characters', () => {
    const long = `{path: '/a', component: ComponentCreator('/b', '${'x'.repeat(300)}')}`;
    const message = (() => {
      try {
        parseRoutes(table(long, catchAll));
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    const shown = /a route reads (.*)\. See README/.exec(message)![1];
    expect(shown).toHaveLength(160);
  });

  const registryBroken = (detail: string) =>
    `route-split: the assumption "registryFormat" no longer holds (${assumptions.registryFormat}): ${detail}`;

  it('reads one registry entry per line, skipping blank lines and the closing brace', () => {
    const source = [
      'export default {',
      registryEntry('a1', '@site/a.md'),
      '',
      '   ',
      registryEntry('b2', '@theme/B') + '};',
      '',
    ].join('\n');
    expect([...parseRegistry(source)]).toEqual([
      ['a1', {name: 'a1', module: '@site/a.md'}],
      ['b2', {name: 'b2', module: '@theme/B'}],
    ]);
    expect(parseRegistry(['export default {', registryEntry('a1', '@site/a.md'), '  };  '].join('\n')).size).toBe(1);
    expect(parseRegistry(['export default {', registryEntry('a1', '@site/a.md'), '}'].join('\n')).size).toBe(1);
    // A line that only starts like the closing brace is read, and refused.
    expect(() => parseRegistry(['export default {', registryEntry('a1', '@site/a.md'), '}; b2'].join('\n'))).toThrow(
      registryBroken('a line reads }; b2. See README'),
    );
  });

  it('shortens a long registry line in the message to 160 characters', () => {
    const long = registryEntry('a1', '@site/a.md').replace('"a1"', `"${'x'.repeat(300)}"`);
    expect(() => parseRegistry(['export default {', long].join('\n'))).toThrow(
      registryBroken(`a line reads ${long.trim().slice(0, 160)}. See README`),
    );
  });

  it.each([
    [
      'another first line',
      ['module.exports = {', registryEntry('a1', '@site/a.md')],
      'registry.js does not start with `export default {`',
    ],
    ['an empty file', [''], 'registry.js does not start with `export default {`'],
    [
      'a first line with code before the export',
      ['const registry = 1; export default {', registryEntry('a1', '@site/a.md')],
      'registry.js does not start with `export default {`',
    ],
    [
      'a line with text before the entry',
      ['export default {', `x ${registryEntry('a1', '@site/a.md')}`],
      `a line reads x ${registryEntry('a1', '@site/a.md')}`,
    ],
    [
      'a line with text after the entry',
      ['export default {', `${registryEntry('a1', '@site/a.md')} x`],
      `a line reads ${registryEntry('a1', '@site/a.md').trim()} x`,
    ],
    [
      'a chunk name unlike the entry name',
      [
        'export default {',
        registryEntry('a1', '@site/a.md').replace('webpackChunkName: "a1"', 'webpackChunkName: "b2"'),
      ],
      `a line reads ${registryEntry('a1', '@site/a.md').replace('webpackChunkName: "a1"', 'webpackChunkName: "b2"').trim()}`,
    ],
    [
      'a module path unlike the import',
      ['export default {', registryEntry('a1', '@site/a.md').replace(', "@site/a.md", ', ', "@site/b.md", ')],
      'a line reads',
    ],
    [
      'a weak id unlike the import',
      [
        'export default {',
        registryEntry('a1', '@site/a.md').replace('resolveWeak("@site/a.md")', 'resolveWeak("@site/b.md")'),
      ],
      'a line reads',
    ],
    [
      'a line of another shape',
      ['export default {', '  "a1": () => import("@site/a.md"),'],
      'a line reads "a1": () => import("@site/a.md"),',
    ],
  ])('refuses %s', (_name, lines, detail) => {
    expect(() => parseRegistry(lines.join('\n'))).toThrow(registryBroken(detail));
  });
});

describe('the plugin in the client build (routeSplitPlugin and RouteSplitBundlerPlugin)', () => {
  let root: string;
  let generated: string;
  const split = () => path.join(generated, 'route-split');
  const nodeEnv = process.env.NODE_ENV;

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'route-split-plugin-'));
    generated = path.join(root, '.docusaurus');
    mkdirSync(generated);
    const pages = ['a', 'b'].map(
      (name) => `{path: '/docs/${name}', exact: true, component: ComponentCreator('/docs/${name}', 'p${name}')}`,
    );
    writeFileSync(
      path.join(generated, 'routes.js'),
      `import ComponentCreator from '@docusaurus/ComponentCreator';\n\nexport default [\n` +
        `{path: '/docs', component: ComponentCreator('/docs', 'd0'), routes: [` +
        `{path: '/docs', component: ComponentCreator('/docs', 'd1'), routes: [${pages.join(', ')}]}]},\n` +
        `{path: '*', component: ComponentCreator('*')}\n];\n`,
    );
    const names = {'/docs-d0': 'n0', '/docs-d1': 'n1', '/docs/a-pa': 'na', '/docs/b-pb': 'nb'};
    writeFileSync(
      path.join(generated, 'routesChunkNames.json'),
      JSON.stringify(Object.fromEntries(Object.entries(names).map(([key, name]) => [key, {__comp: name}]))),
    );
    writeFileSync(
      path.join(generated, 'registry.js'),
      ['export default {', ...Object.values(names).map((name) => registryEntry(name, `@site/${name}.js`)), '};'].join(
        '\n',
      ),
    );
  });

  afterEach(() => {
    rmSync(root, {recursive: true, force: true});
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  });

  const configure = (isServer: boolean, config: Record<string, unknown> = {}) =>
    routeSplitPlugin({generatedFilesDir: generated} as never).configureWebpack!(
      config as never,
      isServer,
      {} as never,
      {} as never,
    ) as {plugins?: unknown[]};

  it('is named route-split, as Docusaurus names each plugin', () => {
    expect(routeSplitPlugin({generatedFilesDir: generated} as never).name).toBe('route-split');
  });

  it('leaves the server build and development builds alone', () => {
    process.env.NODE_ENV = 'production';
    const config = {output: {chunkFilename: 'x.js'}};
    expect(configure(true, config)).toEqual({});
    process.env.NODE_ENV = 'development';
    expect(configure(false, config)).toEqual({});
    expect(config).toEqual({output: {chunkFilename: 'x.js'}});
    expect(existsSync(split())).toBe(false);
  });

  it("writes the split, points Docusaurus' generated modules at it ahead of other aliases, names the chunk files, and adds its bundler plugin", () => {
    process.env.NODE_ENV = 'production';
    const config = {output: {path: '/out', chunkFilename: 'x.js'}, resolve: {alias: {'@generated': '/gen'}}};
    const result = configure(false, config);
    expect(readdirSync(split()).sort()).toEqual([
      'groups',
      'groups.json',
      'registry.js',
      'routes.js',
      'routesChunkNames.js',
    ]);
    const groups = JSON.parse(readFileSync(path.join(split(), 'groups.json'), 'utf8')) as Array<{path: string}>;
    expect(groups.map((group) => group.path)).toEqual(['/docs']);
    expect(readdirSync(path.join(split(), 'groups'))).toHaveLength(1);
    expect(Object.entries(config.resolve.alias)).toEqual([
      ['@generated/routes$', path.join(split(), 'routes.js')],
      ['@generated/registry$', path.join(split(), 'registry.js')],
      ['@generated/routesChunkNames$', path.join(split(), 'routesChunkNames.js')],
      ['@generated', '/gen'],
    ]);
    expect(config.output).toEqual({path: '/out', chunkFilename});
    expect(result.plugins).toHaveLength(1);
    expect(result.plugins![0]).toBeInstanceOf(RouteSplitBundlerPlugin);
  });

  /** A stand-in of Rspack's compiler that records the plugin's hooks. */
  function compiler(outputChunkFilename: unknown) {
    const hooks: {
      compilation?: (c: unknown) => void;
      finishModules?: (m: unknown) => void;
      done?: (s: unknown) => void;
    } = {};
    const value = {
      options: {output: {chunkFilename: outputChunkFilename}},
      hooks: {
        done: {tap: (_name: string, callback: (stats: unknown) => void) => void (hooks.done = callback)},
        thisCompilation: {tap: (_name: string, callback: (c: unknown) => void) => void (hooks.compilation = callback)},
      },
    };
    const compile = (resources: string[]) => {
      hooks.compilation!({
        hooks: {finishModules: {tap: (_name: string, cb: (m: unknown) => void) => void (hooks.finishModules = cb)}},
      });
      hooks.finishModules!(resources.map((resource) => ({resource})));
    };
    return {value, hooks, compile};
  }
  const splitResources = () =>
    ['routes.js', 'registry.js', 'routesChunkNames.js'].map((name) => path.join(split(), name));

  it("accepts a bundle with the split's three modules and none of Docusaurus' own", () => {
    const fake = compiler(chunkFilename);
    new RouteSplitBundlerPlugin(generated, split()).apply(fake.value as never);
    expect(() => fake.compile([...splitResources(), '/site/src/page.tsx'])).not.toThrow();
  });

  it("fails naming the assumption when the chunk file name is not the split's", () => {
    const fake = compiler('assets/js/[name].js');
    new RouteSplitBundlerPlugin(generated, split()).apply(fake.value as never);
    expect(() => fake.compile(splitResources())).toThrow(
      `route-split: the assumption "chunkFilename" no longer holds (${assumptions.chunkFilename}): output.chunkFilename is "assets/js/[name].js"`,
    );
  });

  it.each([
    ['routes.js', 'routes.js'],
    ['registry.js', 'registry.js'],
    ['routesChunkNames.json', 'routesChunkNames.js'],
  ])("fails naming the assumption when Docusaurus' %s is bundled, or the split's %s is not", (original, own) => {
    const withOriginal = compiler(chunkFilename);
    new RouteSplitBundlerPlugin(generated, split()).apply(withOriginal.value as never);
    const message = `route-split: the assumption "aliasesWin" no longer holds (${assumptions.aliasesWin}): the client bundle has Docusaurus' ${original}, or not the split's ${own}`;
    expect(() => withOriginal.compile([...splitResources(), path.join(generated, original)])).toThrow(message);
    const withoutOwn = compiler(chunkFilename);
    new RouteSplitBundlerPlugin(generated, split()).apply(withoutOwn.value as never);
    expect(() => withoutOwn.compile(splitResources().filter((file) => !file.endsWith(own)))).toThrow(message);
  });

  it("records the JavaScript file of each group's chunk, and no other chunk, once the client is bundled", () => {
    mkdirSync(split(), {recursive: true});
    const fake = compiler(chunkFilename);
    new RouteSplitBundlerPlugin(generated, split()).apply(fake.value as never);
    let options: unknown;
    fake.hooks.done!({
      toJson: (given: unknown) => {
        options = given;
        return {
          chunks: [
            {names: ['routes-abc'], files: ['assets/css/x.css', 'assets/js/h/1.js']},
            {names: ['main'], files: ['assets/js/main.js']},
            {files: ['assets/js/h/2.js']},
            {names: ['routes-def', 'other']},
          ],
        };
      },
    });
    expect(options).toEqual({all: false, chunks: true, chunkNames: true, chunkFiles: true});
    expect(JSON.parse(readFileSync(path.join(split(), 'group-files.json'), 'utf8'))).toEqual({
      'routes-abc': 'assets/js/h/1.js',
    });
  });
});
