// @vitest-environment jsdom
/**
 * The browser side of the route split (lib/route-groups.ts): how it matches
 * routes, how layout groups and areas load, render and are found on the way
 * to a page, how a group's chunks are lent to Docusaurus, the guard on the
 * bundler's chunk URL function and the wrapping of `window.docusaurus`. Each
 * test imports a fresh copy of the module, whose state (the route table, the
 * install state) is per page load. tests/unit/route-split-client-contract.test.tsx
 * runs the module against Docusaurus' own client code.
 */
import {createElement} from 'react';
import {cleanup, render, screen} from '@testing-library/react';
import {MemoryRouter} from 'react-router-dom';
import {renderRoutes, type RouteConfig} from 'react-router-config';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import type {PreloadableComponent} from '../../lib/route-groups';

type RouteGroups = typeof import('../../lib/route-groups');
let groups: RouteGroups;

beforeEach(async () => {
  vi.resetModules();
  groups = await import('../../lib/route-groups');
  document.head.innerHTML = '';
  delete (window as {docusaurus?: unknown}).docusaurus;
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A component that renders `text`, without a preload of its own. */
function textComponent(text: string) {
  return function Text() {
    return createElement('p', null, text);
  };
}

describe('matchRoutes', () => {
  const page = {path: '/docs/page', exact: true};
  const child = {path: '/guide/start', exact: true};
  const layout = {path: '/guide', routes: [child]};
  const catchAll = {component: textComponent('Not found')};

  it('matches as the router does: the first matching route of each list, then its children, outermost first', () => {
    expect(groups.matchRoutes([page, layout], '/guide/start')).toEqual([layout, child]);
    expect(groups.matchRoutes([page, layout], '/docs/page')).toEqual([page]);
    expect(groups.matchRoutes([page, layout], '/guide')).toEqual([layout]);
  });

  it('matches no route for a path outside the routes, and a route without a path for every path', () => {
    expect(groups.matchRoutes([page, layout], '/blog')).toEqual([]);
    expect(groups.matchRoutes([page, layout, catchAll], '/blog')).toEqual([catchAll]);
  });
});

describe('preloadMatching', () => {
  it('preloads the matching routes that can preload, passing over routes without a component or a preload', async () => {
    const preload = vi.fn(() => Promise.resolve());
    const page = Object.assign(textComponent('Page'), {preload});
    const routes: RouteConfig[] = [
      {path: '/guide', routes: [{path: '/guide/start', exact: true, component: textComponent('Start')}]},
    ];
    await expect(groups.preloadMatching(routes, '/guide/start')).resolves.toEqual([undefined, undefined]);
    await groups.preloadMatching([{path: '/page', component: page}], '/page');
    expect(preload).toHaveBeenCalledTimes(1);
  });
});

describe('layout groups and areas', () => {
  /**
   * A site whose table holds the area `/area`, whose module holds the layout
   * group `/area/guide`, whose module holds the page `/area/guide/page`.
   */
  function site() {
    // The router hands a layout its route, whose `routes` are the group's once loaded.
    const Layout = (props: Record<string, unknown>) =>
      createElement('main', null, 'The guide layout', renderRoutes((props.route as RouteConfig).routes));
    const guidePages = [{path: '/area/guide/page', exact: true, component: textComponent('The guide page')}];
    const loadGuide = vi.fn(() => Promise.resolve({default: guidePages}));
    const guide = groups.layoutGroup({
      path: '/area/guide',
      exact: false,
      chunkName: 'routes-guide',
      component: Layout,
      load: loadGuide,
    });
    const loadArea = vi.fn(() => Promise.resolve({default: [guide]}));
    const area = groups.areaGroup({path: '/area', chunkName: 'routes-area', load: loadArea});
    const table = groups.routeTable([area, {path: '/', exact: true, component: textComponent('Home')}]);
    return {table, guide, area, loadArea, loadGuide};
  }

  it('are found on the way to a page while not loaded, outermost first: the area, then its layout group', async () => {
    site();
    expect(groups.groupFor('/area/guide/page?from=home#top')?.chunkName).toBe('routes-area');
    await groups.groupFor('/area/guide/page')!.ensure();
    expect(groups.groupFor('/area/guide/page')?.chunkName).toBe('routes-guide');
    await groups.groupFor('/area/guide/page')!.ensure();
    expect(groups.groupFor('/area/guide/page')).toBeUndefined();
    expect(groups.groupFor('/')).toBeUndefined();
  });

  it("load on the way to a page, after which the router renders the area's layout with the page in it", async () => {
    const {table, loadArea, loadGuide} = site();
    await groups.ensureGroupsFor('/area/guide/page');
    expect(loadArea).toHaveBeenCalledTimes(1);
    expect(loadGuide).toHaveBeenCalledTimes(1);
    render(createElement(MemoryRouter, {initialEntries: ['/area/guide/page']}, renderRoutes(table)));
    expect(screen.getByText('The guide layout')).toBeTruthy();
    expect(screen.getByText('The guide page')).toBeTruthy();
  });

  it('are named in React DevTools after their kind and path', () => {
    const {guide, area} = site();
    expect((guide.component as {displayName?: string}).displayName).toBe('LayoutGroup(/area/guide)');
    expect((area.component as {displayName?: string}).displayName).toBe('Area(/area)');
  });

  it('load once more, and keep one copy of their routes, when a load retried after a failure overlaps another caller of the same load', async () => {
    const pages = [{path: '/y/page', exact: true}];
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({default: pages});
    const route = groups.layoutGroup({path: '/y', exact: false, chunkName: 'routes-y', component: () => null, load});
    groups.routeTable([route]);
    const group = groups.groupFor('/y/page')!;
    // The first caller retries as soon as the load fails, before the second caller hears of the failure.
    const retried = group.ensure().catch(() => group.ensure());
    const other = group.ensure().catch(() => undefined);
    await Promise.all([retried, other]);
    // Docusaurus preloads the route of each location it shows.
    await (route.component as PreloadableComponent).preload!();
    expect(route.routes).toEqual(pages);
    // The failed load and the retry; the second caller's news of the failure does not undo the retry.
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('groupRoutes', () => {
  it("takes out only the chunk names it put in: a name the shell declared stays the shell's", async () => {
    const {default: routesChunkNames} = await import('@generated/routesChunkNames');
    const shared = routesChunkNames as Record<string, unknown>;
    shared['/shared-1a2'] = {__comp: 'shell0001'};
    groups.groupRoutes(
      {registry: {}, chunkNames: {'/shared-1a2': {__comp: 'group0001'}, '/own-3c4': {__comp: 'group0002'}}},
      () => [],
    );
    expect(shared).toEqual({'/shared-1a2': {__comp: 'shell0001'}});
  });
});

describe('installChunkAssetFilter', () => {
  const bundlerGca = (id: string) => `/assets/js/h/${id}.js`;

  it('makes a chunk name the bundler does not know answer "undefined", and leaves known names their URL', () => {
    const known: Record<string, string> = {'routes-docs': '17'};
    const webpackRequire = {gca: (name: string) => bundlerGca(known[name] ?? name)};
    groups.installChunkAssetFilter(webpackRequire);
    expect(webpackRequire.gca('routes-docs')).toBe('/assets/js/h/17.js');
    expect(webpackRequire.gca('5e9f5e1a')).toBe('undefined');
  });

  it('gives a URL once, and "undefined" for a chunk the page has run, so core adds one prefetch link per chunk', () => {
    const ids: Record<string, string> = {shared: '3', page: '4', runtimeLoaded: '6', other: '5'};
    const webpackRequire = {gca: (name: string) => bundlerGca(ids[name] ?? name)};
    groups.installChunkAssetFilter(webpackRequire);
    expect(webpackRequire.gca('shared')).toBe('/assets/js/h/3.js');
    expect(webpackRequire.gca('shared')).toBe('undefined');
    // The HTML's loader gives its scripts absolute URLs; the bundler's runtime gives the path.
    const fromHtml = document.createElement('script');
    fromHtml.setAttribute('src', new URL('/assets/js/h/4.js', document.baseURI).href);
    const fromRuntime = document.createElement('script');
    fromRuntime.setAttribute('src', '/assets/js/h/6.js');
    document.head.append(fromHtml, fromRuntime);
    expect(webpackRequire.gca('page')).toBe('undefined');
    expect(webpackRequire.gca('runtimeLoaded')).toBe('undefined');
    expect(webpackRequire.gca('other')).toBe('/assets/js/h/5.js');
  });

  it('wraps once, however often it is called', () => {
    const original = vi.fn((name: string) => `/assets/js/h/${name === 'a' ? '1' : name}.js`);
    const webpackRequire = {gca: original};
    groups.installChunkAssetFilter(webpackRequire);
    const wrapped = webpackRequire.gca;
    groups.installChunkAssetFilter(webpackRequire);
    expect(webpackRequire.gca).toBe(wrapped);
    webpackRequire.gca('a');
    expect(original).toHaveBeenCalledTimes(1);
  });

  it('does nothing without a bundler or its chunk URL function (a development build, a test)', () => {
    expect(() => groups.installChunkAssetFilter(undefined)).not.toThrow();
    const webpackRequire: {gca?: (name: string) => string} = {};
    groups.installChunkAssetFilter(webpackRequire);
    expect(webpackRequire.gca).toBeUndefined();
  });

  it("wraps the bundler's own chunk URL function when given none", () => {
    const webpackRequire = {gca: (name: string) => bundlerGca(name)};
    vi.stubGlobal('__webpack_require__', webpackRequire);
    groups.installChunkAssetFilter();
    expect(webpackRequire.gca('5e9f5e1a')).toBe('undefined');
  });
});

describe('installGroupPrefetch', () => {
  const core = () => ({prefetch: vi.fn(() => false as const), preload: vi.fn(() => Promise.resolve())});

  it('reports the broken assumption on the console, and installs nothing, without prefetch and preload', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    groups.installGroupPrefetch();
    const onlyPrefetch = {prefetch: vi.fn()};
    Object.assign(window, {docusaurus: onlyPrefetch});
    groups.installGroupPrefetch();
    expect(error).toHaveBeenCalledTimes(2);
    expect(error.mock.calls[0][0]).toMatch(/route-split: the assumption "windowDocusaurus" no longer holds/);
    expect(window.docusaurus).toBe(onlyPrefetch);
    // Once window.docusaurus is there, a later call installs.
    const docusaurus = core();
    Object.assign(window, {docusaurus});
    groups.installGroupPrefetch();
    expect(window.docusaurus).not.toBe(docusaurus);
  });

  it('installs once: a second call leaves the first wrapper', () => {
    Object.assign(window, {docusaurus: core()});
    groups.installGroupPrefetch();
    const installed = window.docusaurus;
    expect(Object.isFrozen(installed)).toBe(true);
    Object.assign(window, {docusaurus: core()});
    groups.installGroupPrefetch();
    expect(window.docusaurus).not.toBe(installed);
    expect(typeof (window.docusaurus as {prefetch: unknown}).prefetch).toBe('function');
    // The second core was not wrapped: its own functions are still there.
    expect(vi.isMockFunction((window.docusaurus as {prefetch: unknown}).prefetch)).toBe(true);
  });

  it("prefetches the module of a group not loaded yet once, beside core's prefetch, and not for a URL the bundler does not know", () => {
    const docusaurus = core();
    Object.assign(window, {docusaurus});
    const gca = vi.fn((name: string) => (name === 'routes-area' ? '/assets/js/h/4.js' : 'undefined'));
    const webpackRequire = {gca};
    vi.stubGlobal('__webpack_require__', webpackRequire);
    // As in the browser (src/clientModules/routeGroups.ts): the filter gives each URL once.
    groups.installChunkAssetFilter(webpackRequire);
    groups.routeTable([
      groups.areaGroup({path: '/area', chunkName: 'routes-area', load: () => Promise.resolve({default: []})}),
      groups.areaGroup({path: '/merged', chunkName: 'routes-merged', load: () => Promise.resolve({default: []})}),
    ]);
    vi.useFakeTimers();
    groups.installGroupPrefetch();
    const {prefetch} = window.docusaurus as {prefetch: (path: string) => unknown};
    prefetch('/area/page');
    prefetch('/area/other');
    // jsdom has no idle callbacks: the prefetches wait for tasks of their own.
    expect(document.head.querySelectorAll('link[rel="prefetch"]')).toHaveLength(0);
    expect(docusaurus.prefetch).not.toHaveBeenCalled();
    vi.runAllTimers();
    const links = document.head.querySelectorAll('link[rel="prefetch"]');
    expect([...links].map((link) => link.getAttribute('href'))).toEqual(['/assets/js/h/4.js']);
    expect(docusaurus.prefetch).toHaveBeenCalledWith('/area/page');
    prefetch('/merged/page');
    prefetch('/elsewhere');
    vi.runAllTimers();
    expect(document.head.querySelectorAll('link[rel="prefetch"]')).toHaveLength(1);
    expect(docusaurus.prefetch).toHaveBeenCalledTimes(4);
    vi.useRealTimers();
  });

  it('asks core once per path, once the browser is idle, and answers false at once', async () => {
    const docusaurus = {prefetch: vi.fn(() => Promise.resolve()), preload: vi.fn(() => Promise.resolve())};
    Object.assign(window, {docusaurus});
    groups.installGroupPrefetch();
    const {prefetch} = window.docusaurus as {prefetch: (path: string) => unknown};
    expect(prefetch('/a/page')).toBe(false);
    expect(prefetch('/a/page')).toBe(false);
    expect(docusaurus.prefetch).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(docusaurus.prefetch).toHaveBeenCalledWith('/a/page'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(docusaurus.prefetch).toHaveBeenCalledTimes(1);
  });
});
