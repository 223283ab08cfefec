// @vitest-environment jsdom
/**
 * The browser helpers of the route split (lib/route-groups.ts) that run
 * around Docusaurus rather than inside it: the guard on the bundler's chunk
 * URL function and the wrapping of `window.docusaurus`. Each test imports a
 * fresh copy of the module, whose install state is per page load.
 */
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';

type RouteGroups = typeof import('../../lib/route-groups');
let groups: RouteGroups;

beforeEach(async () => {
  vi.resetModules();
  groups = await import('../../lib/route-groups');
  document.head.innerHTML = '';
  delete (window as {docusaurus?: unknown}).docusaurus;
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
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
    vi.stubGlobal('__webpack_require__', {gca});
    groups.routeTable([
      groups.areaGroup({path: '/area', chunkName: 'routes-area', load: () => Promise.resolve({default: []})}),
      groups.areaGroup({path: '/merged', chunkName: 'routes-merged', load: () => Promise.resolve({default: []})}),
    ]);
    groups.installGroupPrefetch();
    const {prefetch} = window.docusaurus as {prefetch: (path: string) => unknown};
    prefetch('/area/page');
    prefetch('/area/other');
    const links = document.head.querySelectorAll('link[rel="prefetch"]');
    expect([...links].map((link) => link.getAttribute('href'))).toEqual(['/assets/js/h/4.js']);
    expect(docusaurus.prefetch).toHaveBeenCalledWith('/area/page');
    prefetch('/merged/page');
    prefetch('/elsewhere');
    expect(document.head.querySelectorAll('link[rel="prefetch"]')).toHaveLength(1);
    expect(docusaurus.prefetch).toHaveBeenCalledTimes(4);
  });
});
