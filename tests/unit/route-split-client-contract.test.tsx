// @vitest-environment jsdom
/**
 * Contract tests of the route split's browser side (lib/route-groups.ts)
 * against the pinned Docusaurus' own client code, run as Docusaurus ships it:
 * ComponentCreator, Link, PendingNavigation and the preload helper. Each
 * describe block is one assumption of lib/route-split-assumptions.ts; when a
 * Docusaurus upgrade breaks it, the block that fails names it.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import React, {type ReactNode} from 'react';
import {act, cleanup, fireEvent, render, screen} from '@testing-library/react';
import {BrowserRouter, useHistory, useLocation} from 'react-router-dom';
import {afterEach, describe, expect, it, vi} from 'vitest';
import registry from '@generated/registry';
import routesChunkNames from '@generated/routesChunkNames';
import generatedRoutes from '@generated/routes';
import Link from '../../node_modules/@docusaurus/core/lib/client/exports/Link.js';
import PendingNavigation from '../../node_modules/@docusaurus/core/lib/client/PendingNavigation.js';
import {assumptions} from '../../lib/route-split-assumptions';
import {
  areaGroup,
  groupRoutes,
  installGroupPrefetch,
  layoutGroup,
  routeTable,
  type PreloadableComponent,
} from '../../lib/route-groups';

const docusaurusClient = path.join(__dirname, '..', '..', 'node_modules', '@docusaurus', 'core', 'lib', 'client');

afterEach(() => {
  cleanup();
  window.history.pushState({}, '', '/');
});

// Docusaurus scrolls to the top after a navigation; jsdom does not implement it.
window.scrollTo = () => undefined;

/** The route context module every Docusaurus route has (`__context`): the plugin that made the route. */
const pluginContext = [
  () => Promise.resolve({default: {name: 'test-plugin', id: 'default'}}),
  '@generated/plugin.json',
  'ctx',
] as const;

/** A page component whose module "loads" through `load`. */
function pageModule(text: string) {
  const Page = () => <p>{text}</p>;
  const load = vi.fn(() => Promise.resolve({default: Page}));
  return {load, entry: [load, `@site/${text}.mdx`, text] as const};
}

describe(`creatorReadsAtCall: ${assumptions.creatorReadsAtCall}`, () => {
  it("gives a group's routes components that load their chunks, and leaves Docusaurus' objects as they were", async () => {
    const page = pageModule('group-page');
    const [route] = groupRoutes(
      {
        registry: {aaa11111: page.entry, ccc33333: pluginContext},
        chunkNames: {'/g/page-1a2': {__comp: 'aaa11111', __context: {plugin: 'ccc33333'}}},
      },
      (component) => [{path: '/g/page', exact: true, component: component('/g/page', '1a2')}],
    );
    expect(Object.keys(registry)).toEqual([]);
    expect(Object.keys(routesChunkNames)).toEqual([]);
    const Component = route.component as PreloadableComponent;
    await Component.preload!();
    expect(page.load).toHaveBeenCalledTimes(1);
    render(<Component />);
    expect(await screen.findByText('group-page')).toBeTruthy();
  });

  it('keeps entries the shell put there', () => {
    (registry as Record<string, unknown>).shell = ['loader'];
    try {
      groupRoutes({registry: {shell: pageModule('other').entry}, chunkNames: {}}, () => []);
      expect(registry).toHaveProperty('shell', ['loader']);
    } finally {
      delete (registry as Record<string, unknown>).shell;
    }
  });
});

describe(`preloadAfterHistory: ${assumptions.preloadAfterHistory}`, () => {
  it("Docusaurus' PendingNavigation preloads the next route once window.location has moved to it", async () => {
    const seen: string[] = [];
    const Recorder = Object.assign(() => <p>{window.location.pathname}</p>, {
      preload: () => {
        seen.push(window.location.pathname);
        return Promise.resolve();
      },
    });
    (generatedRoutes as unknown[]).splice(0, Infinity, {path: '/', component: Recorder});
    let push: (to: string) => void = () => undefined;
    function App(): ReactNode {
      const location = useLocation();
      push = useHistory().push;
      return (
        <PendingNavigation location={location}>
          <Recorder />
        </PendingNavigation>
      );
    }
    render(
      <BrowserRouter>
        <App />
      </BrowserRouter>,
    );
    await act(async () => push('/docs/next'));
    expect(seen).toEqual(['/docs/next']);
  });
});

describe(`windowDocusaurus: ${assumptions.windowDocusaurus}`, () => {
  it("Docusaurus' client mounts its prefetch and preload on window.docusaurus", () => {
    const entry = readFileSync(path.join(docusaurusClient, 'clientEntry.js'), 'utf8');
    const docusaurus = readFileSync(path.join(docusaurusClient, 'docusaurus.js'), 'utf8');
    expect(entry, 'clientEntry.js').toMatch(/window\.docusaurus = docusaurus;/);
    expect(docusaurus, 'docusaurus.js').toMatch(/const docusaurus = \{\s*prefetch,\s*preload,\s*\};/);
  });

  it("Docusaurus' Link goes through window.docusaurus as it is when the link is seen and hovered: the groups load first", async () => {
    const core = {prefetch: vi.fn(() => false as const), preload: vi.fn(() => Promise.resolve())};
    Object.assign(window, {docusaurus: core});
    const load = vi.fn(() => Promise.resolve({default: []}));
    routeTable([areaGroup({path: '/area', chunkName: 'routes-area', load})]);
    installGroupPrefetch();
    expect(window.docusaurus).not.toBe(core);
    render(
      <BrowserRouter>
        <Link to="/area/page">A page of the area</Link>
      </BrowserRouter>,
    );
    // jsdom has no IntersectionObserver: Link prefetches on mount, and the prefetch runs in a task of its own.
    await vi.waitFor(() => expect(core.prefetch).toHaveBeenCalledWith('/area/page'));
    fireEvent.mouseEnter(screen.getByText('A page of the area'));
    await vi.waitFor(() => expect(core.preload).toHaveBeenCalledWith('/area/page'));
    expect(load).toHaveBeenCalledTimes(1);
  });
});

describe('layout groups', () => {
  it("load with the route's preload, then preload the page of the location", async () => {
    const page = pageModule('layout-page');
    const groupModule = {
      default: groupRoutes(
        {
          registry: {bbb22222: page.entry, ccc33333: pluginContext},
          chunkNames: {'/docs/x/page-3c4': {__comp: 'bbb22222', __context: {plugin: 'ccc33333'}}},
        },
        (component) => [{path: '/docs/x/page', exact: true, component: component('/docs/x/page', '3c4')}],
      ),
    };
    const layout = Object.assign(({children}: {children?: ReactNode}) => <div>{children}</div>, {
      preload: vi.fn(() => Promise.resolve()),
    });
    const load = vi.fn(() => Promise.resolve(groupModule));
    const route = layoutGroup({path: '/docs/x', exact: false, chunkName: 'routes-x', component: layout, load});
    window.history.pushState({}, '', '/docs/x/page');
    await (route.component as PreloadableComponent).preload!();
    expect(route.routes).toHaveLength(1);
    expect(layout.preload).toHaveBeenCalled();
    expect(page.load).toHaveBeenCalledTimes(1);
    await (route.component as PreloadableComponent).preload!();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('load again after a failed load', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({default: [{path: '/y/page', exact: true}]});
    const route = layoutGroup({path: '/y', exact: false, chunkName: 'routes-y', component: () => null, load});
    await expect((route.component as PreloadableComponent).preload!()).rejects.toThrow('offline');
    await (route.component as PreloadableComponent).preload!();
    expect(route.routes).toHaveLength(1);
  });
});
