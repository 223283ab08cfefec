/**
 * plugins/client-bundle: the browser's copy of the site configuration and its
 * `tslib`. What the plugin leaves out must be what no client code reads, and
 * what it keeps of tslib must be what the client code uses; its bundler check
 * fails a small Rspack build that breaks either.
 */
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import config from '../../docusaurus.config';
import clientBundlePlugin, {
  ClientBundleCheck,
  buildOnlyFields,
  clientConfigModule,
  compileHint,
  compileHintBanner,
  missingTslibHelpers,
  tslibEsModule,
  tslibHelpers,
  tslibShimSource,
} from '../../plugins/client-bundle';

const siteDir = path.join(__dirname, '..', '..');
const modules = path.join(siteDir, 'node_modules');

/**
 * The code that runs in the browser: Docusaurus' client, the themes and client
 * parts of the plugins the site uses, the OpenAPI theme and the site's own `src/`.
 */
const clientDirs = [
  '@docusaurus/core/lib/client',
  '@docusaurus/theme-common/lib',
  '@docusaurus/theme-classic/lib/theme',
  '@docusaurus/plugin-content-docs/lib/client',
  '@docusaurus/plugin-content-blog/lib/client',
  'docusaurus-theme-openapi-docs/lib/theme',
].map((dir) => path.join(modules, dir));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((file) => /\.(m?js|tsx?)$/.test(file) && !file.endsWith('.d.ts'))
    .map((file) => path.join(dir, file));
}

const clientFiles = [...clientDirs, path.join(siteDir, 'src')].flatMap(sourceFiles);

/** Reads of `field` of the site configuration in `source`: `siteConfig.field`, or destructured from `siteConfig`. */
function readsField(source: string, field: string): boolean {
  const member = new RegExp(`siteConfig\\??\\.${field}\\b`);
  const destructured = new RegExp(
    `siteConfig\\s*:\\s*\\{[^}]*\\b${field}\\b[^}]*\\}|\\{[^}]*\\b${field}\\b[^}]*\\}\\s*=\\s*siteConfig\\b`,
  );
  return member.test(source) || destructured.test(source);
}

describe("the browser's site configuration", () => {
  it('searches enough client code to mean something', () => {
    expect(clientFiles.length).toBeGreaterThan(300);
    // The search finds a field the client does read.
    expect(clientFiles.some((file) => readsField(readFileSync(file, 'utf8'), 'baseUrl'))).toBe(true);
  });

  it.each(buildOnlyFields)('leaves out %s, which no client code reads', (field) => {
    const readers = clientFiles.filter((file) => readsField(readFileSync(file, 'utf8'), field));
    expect(readers.map((file) => path.relative(siteDir, file))).toEqual([]);
  });

  it('is the configuration as JSON without the build-only fields, everything else kept', () => {
    const source = clientConfigModule(config as never);
    const copy = JSON.parse(source.replace(/^export default /, '').replace(/;\n$/, '')) as Record<string, unknown>;
    for (const field of buildOnlyFields) expect(copy).not.toHaveProperty(field);
    const rest = Object.fromEntries(
      Object.entries(config).filter(([key]) => !(buildOnlyFields as readonly string[]).includes(key)),
    );
    expect(copy).toEqual(JSON.parse(JSON.stringify(rest)));
    expect(copy).toMatchObject({title: 'AnswerAI', baseUrl: '/'});
    expect(source.length).toBeLessThan(JSON.stringify(config).length / 2);
  });
});

describe("the browser's tslib", () => {
  it("re-exports, from tslib's ES module build, helpers that tslib has", async () => {
    expect(tslibHelpers).toContain('__importDefault');
    const esm = (await import(tslibEsModule)) as Record<string, unknown>;
    for (const name of tslibHelpers) expect(typeof esm[name], name).toBe('function');
    expect(tslibShimSource(['__a', '__b'])).toBe(`export {__a, __b} from ${JSON.stringify(tslibEsModule)};\n`);
    expect(tslibEsModule).toMatch(/tslib\.es6\.mjs$/);
  });

  it("exports every helper Docusaurus' client code uses", () => {
    const users = clientFiles
      .concat(sourceFiles(path.join(modules, '@docusaurus/utils-common/lib')))
      .filter((file) => readFileSync(file, 'utf8').includes('require("tslib")'));
    expect(users.length).toBeGreaterThan(0);
    for (const file of users) expect(missingTslibHelpers(readFileSync(file, 'utf8'), tslibHelpers), file).toEqual([]);
  });

  it('names the helpers a CommonJS module uses that the shim lacks', () => {
    const source = [
      'const tslib_1 = require("tslib");',
      'const a = tslib_1.__importDefault(require("./a"));',
      'const b = tslib_1.__importStar(require("./b"));',
      'tslib_1.__awaiter(this, void 0, void 0, function* () {});',
      // Minified and spaced forms, and a second binding.
      "var t=require( 'tslib' );t.__rest({}, []);",
    ].join('\n');
    expect(missingTslibHelpers(source, ['__importDefault'])).toEqual(['__awaiter', '__importStar', '__rest']);
    expect(missingTslibHelpers('const x = require("other"); x.__awaiter();', [])).toEqual([]);
  });
});

/** What a small Rspack build of the tests leaves: its output files and the errors it reports. */
interface SmallBuild {
  /** The output folder's files, by name. */
  output: Record<string, string>;
  errors: string[];
}

/**
 * Builds `files` (main.js is the entry) with Rspack for the web in production mode, in a temporary folder that is
 * removed afterwards.
 * @param files source files by name.
 * @param options more of Rspack's options (optimization, output file names, plugins, …), given the folder.
 * @throws the bundler's own error when it cannot run; build errors are returned in `errors`.
 */
async function buildSmallApp(
  files: Record<string, string>,
  options: (dir: string) => Record<string, unknown>,
): Promise<SmallBuild> {
  const {rspack} = await import('@rspack/core');
  const dir = mkdtempSync(path.join(tmpdir(), 'client-bundle-'));
  try {
    for (const [name, source] of Object.entries(files)) writeFileSync(path.join(dir, name), source);
    const {output, ...rest} = options(dir) as {output?: object};
    const compiler = rspack({
      mode: 'production',
      context: dir,
      target: 'web',
      entry: {main: './main.js'},
      output: {path: path.join(dir, 'out'), ...output},
      ...rest,
    });
    const stats = await new Promise<{toJson(o: object): {errors?: Array<{message: string}>}}>((resolve, reject) =>
      compiler.run((error, result) => (error ? reject(error) : resolve(result!))),
    );
    await new Promise((resolve) => compiler.close(resolve));
    const out = path.join(dir, 'out');
    return {
      // A build with errors may write nothing.
      output: Object.fromEntries(
        (existsSync(out) ? readdirSync(out) : []).map((name) => [name, readFileSync(path.join(out, name), 'utf8')]),
      ),
      errors: (stats.toJson({all: false, errors: true}).errors ?? []).map((error) => error.message),
    };
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

describe('the bundler check', () => {
  /** Bundles `files` (main.js is the entry) with the check, whose site configuration is config.mjs; returns the errors. */
  async function bundleErrors(files: Record<string, string>, helpers?: readonly string[]): Promise<string[]> {
    const build = await buildSmallApp({...files, 'tslib.js': 'exports.__awaiter = () => {};'}, (dir) => ({
      optimization: {minimize: false},
      resolve: {alias: {tslib$: path.join(dir, 'tslib.js')}},
      plugins: [new ClientBundleCheck(path.join(dir, 'config.mjs'), helpers) as never],
    }));
    return build.errors;
  }

  const app = {
    'main.js': "import config from './config.mjs'; import './helpers.cjs'; console.log(config);",
    'config.mjs': 'export default {title: "x"};',
    'helpers.cjs': 'const tslib_1 = require("tslib"); tslib_1.__awaiter();',
  };

  it("fails the build naming Docusaurus' site configuration when it is bundled, and a helper the shim lacks", async () => {
    const errors = await bundleErrors(app, ['__importDefault']);
    expect(errors).toHaveLength(2);
    expect(errors.join('\n')).toMatch(/browser bundle has Docusaurus' full site configuration \(.*config\.mjs\)/);
    expect(errors.join('\n')).toMatch(/helpers\.cjs uses the tslib helper\(s\) __awaiter, which the browser's tslib/);
  });

  it('passes a bundle without that module whose helpers the shim has', async () => {
    const errors = await bundleErrors({...app, 'main.js': "import './helpers.cjs';", 'config.mjs': ''}, ['__awaiter']);
    expect(errors).toEqual([]);
  });
});

describe('the compile hint', () => {
  it('is the first line of the minified entry chunks, and of no other chunk', async () => {
    const {rspack} = await import('@rspack/core');
    const {output, errors} = await buildSmallApp(
      {
        'main.js': "/* dropped */ import './main.css'; import('./later.js').then((m) => console.log(m.x));",
        'main.css': ':root{--a:1}',
        'later.js': 'export const x = 1;',
      },
      () => ({
        optimization: {runtimeChunk: {name: 'runtime'}, realContentHash: true},
        experiments: {css: true},
        output: {filename: '[name].[contenthash].js', chunkFilename: '[id].[contenthash].js'},
        plugins: [new rspack.BannerPlugin(compileHintBanner(rspack.Compilation))],
      }),
    );
    expect(errors).toEqual([]);
    const files = Object.keys(output).sort();
    const entries = files.filter((file) => /^(main|runtime)\..*\.js$/.test(file));
    expect(entries).toHaveLength(2);
    for (const file of entries) expect(output[file].split('\n')[0], file).toBe(compileHint);
    // The entry's style sheet keeps its first rule: the hint is a comment in scripts only.
    const styles = files.filter((file) => file.endsWith('.css'));
    expect(styles).toHaveLength(1);
    expect(output[styles[0]]).toMatch(/^:root\s*\{/);
    const others = files.filter((file) => !entries.includes(file) && !styles.includes(file));
    expect(others).toHaveLength(1);
    expect(output[others[0]]).not.toContain(compileHint);
    // Minified: the source's comment is gone, so the hint went in after the minifier.
    expect(output[entries[0]]).not.toContain('dropped');
  });
});

describe('the plugin', () => {
  type ConfigureWebpack = (config: object, isServer: boolean, utils: object) => {plugins?: unknown[]};
  const pluginIn = (generatedFilesDir: string) =>
    clientBundlePlugin({generatedFilesDir, siteConfig: config} as never) as unknown as {
      configureWebpack: ConfigureWebpack;
    };

  it("puts its aliases before Docusaurus' @generated alias, writes both modules and adds the check and the compile hint, in the client build only", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'client-bundle-plugin-'));
    const webpackConfig = {resolve: {alias: {'@generated': dir}}};
    const rspack = await import('@rspack/core');
    const utils = {currentBundler: {name: 'rspack', instance: rspack}};
    expect(pluginIn(dir).configureWebpack({...webpackConfig}, true, utils)).toEqual({});
    const result = pluginIn(dir).configureWebpack(webpackConfig, false, utils);
    const own = path.join(dir, 'client-bundle');
    expect(Object.entries(webpackConfig.resolve.alias)).toEqual([
      ['@generated/docusaurus.config$', path.join(own, 'docusaurus.config.mjs')],
      ['tslib$', path.join(own, 'tslib.mjs')],
      ['@generated', dir],
    ]);
    expect(readFileSync(path.join(own, 'tslib.mjs'), 'utf8')).toBe(tslibShimSource());
    expect(readFileSync(path.join(own, 'docusaurus.config.mjs'), 'utf8')).toBe(clientConfigModule(config as never));
    expect(result.plugins).toHaveLength(2);
    expect(result.plugins![0]).toBeInstanceOf(ClientBundleCheck);
    expect(result.plugins![1]).toBeInstanceOf(rspack.BannerPlugin);
    rmSync(dir, {recursive: true, force: true});
  });
});
