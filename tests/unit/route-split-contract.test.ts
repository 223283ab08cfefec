/**
 * Contract tests of the route split's build side (plugins/route-split):
 * the pinned Docusaurus generates the routes of a small site
 * (tests/fixtures/route-split-site) and its client configuration, and Rspack
 * bundles a small app with Docusaurus' runtime additions. Each describe block
 * is one assumption of lib/route-split-assumptions.ts; when an upgrade of
 * Docusaurus or Rspack breaks it, the block that fails names it, and so does
 * the build.
 */
import {existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {Configuration} from '@rspack/core';
import {transformSync} from 'esbuild';
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest';
import {installChunkAssetFilter} from '../../lib/route-groups';
import {assumptions} from '../../lib/route-split-assumptions';
import {generatedConfigModule} from '../../plugins/client-bundle';
import {RouteSplitBundlerPlugin, chunkFilename, splitDirName, type GeneratedRoute} from '../../plugins/route-split';
import {asLoaded, chains, loadSplit} from './load-split';
import {
  checkChunkNames,
  chunkNamesKey,
  chunkNamesOf,
  parseRegistry,
  parseRoutes,
  splitRoutes,
} from '../../plugins/route-split/split';

const siteDir = path.join(__dirname, '..', 'fixtures', 'route-split-site');
const generatedDir = path.join(siteDir, '.docusaurus');
// Docusaurus' internals, loaded from the pinned version: these tests are about them.
const core = path.join(__dirname, '..', '..', 'node_modules', '@docusaurus', 'core', 'lib');

interface Generated {
  routesSource: string;
  registrySource: string;
  chunkNames: Record<string, unknown>;
  props: {plugins: unknown[]; siteConfig: {future: {faster: unknown}}} & Record<string, unknown>;
}
let generated: Generated;
const nodeEnv = process.env.NODE_ENV;

beforeAll(async () => {
  // Chunk names are short hashes in production builds, as the site's are.
  process.env.NODE_ENV = 'production';
  const {loadSite} = (await import(path.join(core, 'server', 'site.js'))) as {
    loadSite: (params: {siteDir: string}) => Promise<{props: Generated['props']}>;
  };
  const site = await loadSite({siteDir});
  generated = {
    routesSource: readFileSync(path.join(generatedDir, 'routes.js'), 'utf8'),
    registrySource: readFileSync(path.join(generatedDir, 'registry.js'), 'utf8'),
    chunkNames: JSON.parse(readFileSync(path.join(generatedDir, 'routesChunkNames.json'), 'utf8')),
    props: site.props,
  };
}, 120_000);

/** Puts an environment variable back as it was (assigning undefined would set the string "undefined"). */
function restoreEnv(name: string, value: string | undefined) {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

afterAll(() => {
  restoreEnv('NODE_ENV', nodeEnv);
});

/** Every route of a table, depth first. */
const allRoutes = (routes: readonly GeneratedRoute[]): GeneratedRoute[] =>
  routes.flatMap((route) => [route, ...allRoutes(route.routes ?? [])]);

describe(`routesShape: ${assumptions.routesShape}`, () => {
  it("reads the table Docusaurus generated, every route with its ComponentCreator's path and hash", () => {
    const routes = parseRoutes(generated.routesSource);
    const paths = allRoutes(routes).map((route) => route.path);
    expect(paths).toEqual(
      expect.arrayContaining(['/', '/docs', '/docs/intro', '/docs/guide/one', '/docs/reference/c/two', '*']),
    );
    for (const route of allRoutes(routes).filter((r) => r.path !== '*')) {
      expect(route.component.creator).toEqual([route.path, expect.stringMatching(/^\w+$/)]);
    }
  });

  it('fails naming the assumption when the table has another shape', () => {
    const withoutHash = generated.routesSource.replace(
      /ComponentCreator\('\/docs', '\w+'\)/,
      "ComponentCreator('/docs')",
    );
    expect(() => parseRoutes(withoutHash)).toThrow(/"routesShape" no longer holds/);
    const lazy = generated.routesSource.replace("ComponentCreator('/', ", "ComponentCreator('/other', ");
    expect(() => parseRoutes(lazy)).toThrow(/"routesShape"/);
    expect(() => parseRoutes(generated.routesSource.replace('export default', 'export const routes ='))).toThrow(
      /"routesShape"/,
    );
    expect(() => parseRoutes(generated.routesSource.replace(/\{\s*path: '\*',[^}]*\},/, ''))).toThrow(/catch-all/);
    expect(() => parseRoutes('export default routes();')).toThrow(/"routesShape"/);
  });
});

describe(`registryFormat: ${assumptions.registryFormat}`, () => {
  it('reads every entry of the registry Docusaurus generated, one per chunk name of the routes', () => {
    const registry = parseRegistry(generated.registrySource);
    const names = new Set(Object.values(generated.chunkNames).flatMap(chunkNamesOf));
    expect(new Set(registry.keys())).toEqual(names);
    for (const [name, entry] of registry) {
      expect(entry.name).toBe(name);
      expect(/^@(site|generated|theme)\//.test(entry.module) || path.isAbsolute(entry.module), entry.module).toBe(true);
    }
  });

  it('fails naming the assumption and the line when an entry has another shape', () => {
    const withoutName = generated.registrySource.replace(/\/\* webpackChunkName: "\w+" \*\/ /, '');
    expect(() => parseRegistry(withoutName)).toThrow(/"registryFormat" no longer holds.*import\(/);
    const otherWeak = generated.registrySource.replace(
      /require\.resolveWeak\("([^"]+)"\)/,
      'require.resolveWeak("$1x")',
    );
    expect(() => parseRegistry(otherWeak)).toThrow(/"registryFormat"/);
    expect(() => parseRegistry(`const r = {};\n${generated.registrySource}`)).toThrow(/"registryFormat"/);
  });
});

describe(`chunkNamesKeys: ${assumptions.chunkNamesKeys}`, () => {
  it('finds the chunk names of every route under its key, and every chunk name in the registry', () => {
    const routes = parseRoutes(generated.routesSource);
    expect(() => checkChunkNames(routes, generated.chunkNames, parseRegistry(generated.registrySource))).not.toThrow();
    for (const route of allRoutes(routes).filter((r) => r.path !== '*')) {
      expect(generated.chunkNames, route.path).toHaveProperty([chunkNamesKey(route)]);
    }
  });

  it('fails naming the assumption when the keys change', () => {
    const routes = parseRoutes(generated.routesSource);
    const byPath = Object.fromEntries(
      Object.entries(generated.chunkNames).map(([key, value]) => [key.replace(/-\w+$/, ''), value]),
    );
    expect(() => checkChunkNames(routes, byPath, parseRegistry(generated.registrySource))).toThrow(
      /"chunkNamesKeys" no longer holds/,
    );
    const partial = new Map([...parseRegistry(generated.registrySource)].slice(1));
    expect(() => checkChunkNames(routes, generated.chunkNames, partial)).toThrow(
      /"registryFormat".*not in the registry/,
    );
  });
});

describe("the split of the fixture's routes", () => {
  const split = () =>
    splitRoutes(parseRoutes(generated.routesSource), generated.chunkNames, parseRegistry(generated.registrySource));

  it('makes a layout group per sidebar folder and an area of the three reference folders', () => {
    const groups = split().groups.map((group) => `${group.kind} ${group.path}`);
    expect(groups).toEqual(
      expect.arrayContaining([
        'layout /docs/guide',
        'layout /docs/reference/a',
        'layout /docs/reference/b',
        'layout /docs/reference/c',
        'area /docs/reference',
      ]),
    );
  });

  it('names the chunks that several groups register, so each is one chunk', () => {
    const {files} = split();
    const docItem = Object.entries(files).filter(
      ([name, source]) => name.startsWith('groups/') && source.includes('"@theme/DocItem"'),
    );
    expect(docItem.length).toBeGreaterThan(1);
    for (const [name, source] of docItem)
      expect(source, name).toMatch(/webpackChunkName: "\w+" \*\/ "@theme\/DocItem"/);
  });

  it('keeps the pages of the groups out of the shell, and puts them in their group', () => {
    const {files, groups} = split();
    expect(files['routes.js']).not.toContain('/docs/guide/one');
    expect(files['routes.js']).not.toContain('/docs/reference/a');
    const guide = groups.find((group) => group.path === '/docs/guide')!;
    expect(guide.pages).toEqual(['/docs/guide/one', '/docs/guide/two']);
    expect(files[`groups/${guide.id}.js`]).toContain('"/docs/guide/one"');
    const area = groups.find((group) => group.kind === 'area')!;
    expect(files[`groups/${area.id}.js`]).toContain('layoutGroup({');
    expect(files[`groups/${area.id}.js`]).not.toContain('"/docs/reference/a/one"');
  });

  it("writes modules that parse, import only the typed functions of lib/route-groups, and name no page's content chunk", () => {
    const {files} = split();
    for (const [name, source] of Object.entries(files)) {
      expect(() => transformSync(source, {loader: 'js', format: 'esm'}), name).not.toThrow();
      const imports = [...source.matchAll(/^import .* from (.+);$/gm)].map((match) =>
        JSON.parse(match[1].replace(/'/g, '"')),
      );
      expect(
        imports.every((module) => module === '@docusaurus/ComponentCreator' || module.endsWith('lib/route-groups.ts')),
        name,
      ).toBe(true);
      // A page's content loads without a chunk name; what several groups share keeps its name.
      if (name.startsWith('groups/')) expect(source, name).not.toMatch(/webpackChunkName: "\w+" \*\/ "@site\/docs\//);
      // Registry entries leave the module path empty: only the server render reads it.
      const entries = [
        ...source.matchAll(
          /\[\(\) => import\((?:\/\*.*?\*\/ )?("[^"]+")\), ("[^"]*"), require\.resolveWeak\(("[^"]+")\)\]/g,
        ),
      ];
      if (name === 'registry.js' || name.startsWith('groups/')) expect(entries.length, name).toBeGreaterThan(0);
      for (const [, imported, modulePath, weak] of entries) {
        expect(modulePath, name).toBe('""');
        expect(weak, name).toBe(imported);
      }
    }
  });
});

describe('the split, loaded as the browser loads it', () => {
  it('gives every page the layouts, fields, chunk names and registry entries Docusaurus generated for it', async () => {
    const original = parseRoutes(generated.routesSource);
    const {files} = splitRoutes(original, generated.chunkNames, parseRegistry(generated.registrySource));
    const loaded = await loadSplit(files);
    expect(chains(asLoaded(original)).length).toBeGreaterThan(5);
    expect(chains(loaded.routes)).toEqual(chains(asLoaded(original)));
    const keys = allRoutes(original).map(chunkNamesKey);
    for (const key of keys.filter((key) => !key.startsWith('*'))) {
      expect(loaded.chunkNames[key], key).toEqual(generated.chunkNames[key]);
    }
    const registry = parseRegistry(generated.registrySource);
    expect(Object.keys(loaded.registry).sort()).toEqual([...registry.keys()].sort());
    for (const [name, entry] of registry) expect(loaded.registry[name], name).toBe(entry.module);
  });
});

/** Docusaurus' client configuration for the fixture, with every plugin's configureWebpack applied, as `docusaurus build` makes it. */
async function clientConfig() {
  const {createBuildClientConfig} = await import(path.join(core, 'webpack', 'client.js'));
  const {createConfigureWebpackUtils, executePluginsConfigureWebpack} = await import(
    path.join(core, 'webpack', 'configure.js')
  );
  const configureWebpackUtils = await createConfigureWebpackUtils({siteConfig: generated.props.siteConfig});
  const {config} = await createBuildClientConfig({
    props: generated.props,
    minify: false,
    faster: generated.props.siteConfig.future.faster,
    configureWebpackUtils,
    bundleAnalyzer: false,
  });
  const configured = executePluginsConfigureWebpack({
    plugins: generated.props.plugins,
    config,
    isServer: false,
    configureWebpackUtils,
  }) as Configuration;
  // Docusaurus sets no target, so Rspack defaults to `browserslist`, whose environment its native side reads from the
  // process environment (NODE_ENV), not from `process.env` as changed above: in a worker thread (Stryker runs the
  // tests in threads) that is vitest's `test`, which package.json's browserslist does not name. The site's builds use
  // `production`; name it.
  return {...configured, target: configured.target ?? 'browserslist:production'};
}

describe(`aliasesWin: ${assumptions.aliasesWin}`, () => {
  it("resolves @generated/routes, registry and routesChunkNames to the split's files in Docusaurus' client configuration", async () => {
    const config = await clientConfig();
    const {rspack} = await import('@rspack/core');
    const compiler = rspack({...config, plugins: []} as Configuration);
    const resolver = compiler.resolverFactory.get('normal', compiler.options.resolve);
    const splitDir = path.join(generatedDir, splitDirName);
    for (const [request, file] of [
      ['@generated/routes', 'routes.js'],
      ['@generated/registry', 'registry.js'],
      ['@generated/routesChunkNames', 'routesChunkNames.js'],
    ]) {
      expect(resolver.resolveSync({}, siteDir, request), request).toBe(path.join(splitDir, file));
    }
    // plugins/client-bundle's copy of the site configuration wins the same way.
    expect(resolver.resolveSync({}, siteDir, generatedConfigModule)).toBe(
      path.join(generatedDir, 'client-bundle', 'docusaurus.config.mjs'),
    );
    // The order is what makes them win: after Docusaurus' alias, Docusaurus' own file is found.
    const {alias} = compiler.options.resolve as {alias: Record<string, string>};
    const reversed = rspack({
      ...config,
      plugins: [],
      resolve: {...config.resolve, alias: Object.fromEntries(Object.entries(alias).reverse())},
    } as Configuration);
    const other = reversed.resolverFactory.get('normal', reversed.options.resolve);
    expect(other.resolveSync({}, siteDir, '@generated/routes')).toBe(path.join(generatedDir, 'routes.js'));
    expect(other.resolveSync({}, siteDir, generatedConfigModule)).toBe(
      path.join(generatedDir, 'docusaurus.config.mjs'),
    );
  }, 120_000);
});

/**
 * Bundles a small app with Rspack: a main module that loads a named group
 * chunk (`routes-g`), which loads two pages without a chunk name; with
 * Docusaurus' ChunkAssetPlugin and the split's chunk file name and bundler plugin.
 */
async function bundleApp(options: {chunkFilename?: string; splitRoutes?: boolean} = {}) {
  const {rspack} = await import('@rspack/core');
  const {default: ChunkAssetPlugin} = await import(path.join(core, 'webpack', 'plugins', 'ChunkAssetPlugin.js'));
  const dir = mkdtempSync(path.join(tmpdir(), 'route-split-contract-'));
  const generatedFiles = path.join(dir, 'generated');
  const split = path.join(generatedFiles, splitDirName);
  const write = (file: string, source: string) => {
    const full = path.join(dir, file);
    rmSync(full, {force: true});
    mkdirSync(path.dirname(full), {recursive: true});
    writeFileSync(full, source);
  };
  write('generated/routes.js', 'export default "docusaurus";');
  write('generated/registry.js', 'export default "docusaurus";');
  write('generated/routesChunkNames.json', '{}');
  write(`generated/${splitDirName}/routes.js`, 'export default "split";');
  write(`generated/${splitDirName}/registry.js`, 'export default "split";');
  write(`generated/${splitDirName}/routesChunkNames.js`, 'export default "split";');
  write(
    'src/main.js',
    [
      "import routes from '@generated/routes';",
      "import registry from '@generated/registry';",
      "import names from '@generated/routesChunkNames';",
      'globalThis.app = {routes, registry, names, load: () => import(/* webpackChunkName: "routes-g" */ "./group.js")};',
    ].join('\n'),
  );
  write('src/group.js', 'export default [() => import("./page-a.js"), () => import("./page-b.js")];');
  write('src/page-a.js', 'export default "page a";');
  write('src/page-b.js', 'export default "page b";');
  const alias: Record<string, string> =
    options.splitRoutes === false
      ? {'@generated': generatedFiles}
      : {
          '@generated/routes$': path.join(split, 'routes.js'),
          '@generated/registry$': path.join(split, 'registry.js'),
          '@generated/routesChunkNames$': path.join(split, 'routesChunkNames.js'),
          '@generated': generatedFiles,
        };
  const compiler = rspack({
    mode: 'production',
    context: dir,
    entry: {main: './src/main.js'},
    optimization: {runtimeChunk: true, minimize: false},
    output: {
      path: path.join(dir, 'out'),
      publicPath: '/',
      filename: 'assets/js/[name].[contenthash:8].js',
      chunkFilename: options.chunkFilename ?? chunkFilename,
    },
    resolve: {alias},
    plugins: [new ChunkAssetPlugin(), new RouteSplitBundlerPlugin(generatedFiles, split) as never],
  });
  const stats = await new Promise<{hasErrors(): boolean; toString(): string}>((resolve, reject) =>
    compiler.run((error, result) => (error ? reject(error) : resolve(result!))),
  );
  await new Promise((resolve) => compiler.close(resolve));
  if (stats.hasErrors()) {
    rmSync(dir, {recursive: true, force: true});
    throw new Error(stats.toString());
  }
  const out = path.join(dir, 'out');
  const files = readdirSync(out, {recursive: true, encoding: 'utf8'});
  const runtime = readFileSync(
    path.join(
      out,
      files.find((file) => /runtime~main/.test(file))!,
    ),
    'utf8',
  );
  return {dir, out, files, runtime, groupFiles: JSON.parse(readFileSync(path.join(split, 'group-files.json'), 'utf8'))};
}

describe(`chunkFilename and chunkAsset: ${assumptions.chunkFilename}; ${assumptions.chunkAsset}`, () => {
  let app: Awaited<ReturnType<typeof bundleApp>>;
  beforeAll(async () => {
    app = await bundleApp();
  }, 120_000);
  afterAll(() => rmSync(app.dir, {recursive: true, force: true}));

  it("is the split's name in Docusaurus' client configuration", async () => {
    expect((await clientConfig()).output?.chunkFilename).toBe(chunkFilename);
  }, 120_000);

  it('gives the runtime no map of chunk ids: a chunk file name is the build hash and the id', () => {
    const filename = app.runtime.match(/__webpack_require__\.u = [\s\S]*?\n\};?\n/)?.[0] ?? '';
    expect(filename).toContain('__webpack_require__.h()');
    expect(filename).not.toMatch(/\{\s*"?\w+"?\s*:\s*"[0-9a-f]+"/);
  });

  it("lets __webpack_require__.gca find a named group chunk's file, and leaves unnamed page chunks out of its map", () => {
    const webpackRequire: Record<string, unknown> = {};
    // Runs the runtime's definitions of p, h, u and gca on a stand-in of __webpack_require__.
    const definitions = ['p', 'h', 'u', 'gca']
      .map(
        (name) => app.runtime.match(new RegExp(`__webpack_require__\\.${name} = [\\s\\S]*?(?=\\n\\}\\)\\(\\);)`))?.[0],
      )
      .filter(Boolean)
      .join(';\n');
    new Function('__webpack_require__', definitions)(webpackRequire);
    const gca = webpackRequire.gca as (name: string) => string;
    const url = gca('routes-g');
    expect(app.files).toContain(url.replace(/^\//, ''));
    expect(`/${app.groupFiles['routes-g']}`).toBe(url);
    // Docusaurus skips a chunk name whose URL says "undefined"; names the bundler merged away must, with the filter.
    expect(gca('5e9f5e1a')).toBe('/assets/js/' + url.split('/')[3] + '/5e9f5e1a.js');
    // The filter also looks for the chunk's script in the page: an empty page here, where Node has no document.
    vi.stubGlobal('document', {scripts: []});
    installChunkAssetFilter(webpackRequire as {gca: (name: string) => string});
    expect((webpackRequire.gca as (name: string) => string)('5e9f5e1a')).toContain('undefined');
    expect((webpackRequire.gca as (name: string) => string)('routes-g')).toBe(url);
    vi.unstubAllGlobals();
    const gcaMap = app.runtime.match(/__webpack_require__\.gca = [^\n]*/)?.[0] ?? '';
    expect(gcaMap).toContain('routes-g');
    expect(app.files.filter((file) => /^assets\/js\/[0-9a-f]{8}\/[^/]+\.js$/.test(file)).length).toBe(3);
  });

  it("is called by core's prefetch alone among Docusaurus' packages: the filter may answer a URL once", () => {
    const docusaurusPackages = path.join(core, '..', '..');
    const callers = readdirSync(docusaurusPackages)
      .flatMap((name) => {
        const lib = path.join(docusaurusPackages, name, 'lib');
        return existsSync(lib)
          ? readdirSync(lib, {recursive: true, encoding: 'utf8'}).map((file) => path.join(lib, file))
          : [];
      })
      .filter((file) => file.endsWith('.js') && /__webpack_require__\.gca\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(docusaurusPackages, file));
    expect(callers).toEqual([path.join('core', 'lib', 'client', 'docusaurus.js')]);
  });

  it('fails the build naming the assumption when the chunk file name has a per-chunk part', async () => {
    await expect(bundleApp({chunkFilename: 'assets/js/[id].[contenthash:8].js'})).rejects.toThrow(
      /"chunkFilename" no longer holds/,
    );
  }, 120_000);

  it("fails the build naming the assumption when Docusaurus' generated routes reach the bundle", async () => {
    await expect(bundleApp({splitRoutes: false})).rejects.toThrow(/"aliasesWin" no longer holds/);
  }, 120_000);
});

describe('the fixture', () => {
  it('is generated into its own folder, which git ignores', () => {
    expect(existsSync(path.join(generatedDir, 'routes.js'))).toBe(true);
  });
});
