/**
 * Build plugin: keeps what every page's main bundle carries to what the browser runs.
 *
 * The site configuration: Docusaurus gives the browser the whole
 * `docusaurus.config.ts` as JSON (`@generated/docusaurus.config`), including
 * what only the build reads: every plugin's options (the OpenAPI plugin's
 * per-file configuration, the code themes) and the HTML template, about 2.5 KB
 * gzip on every page. In the browser bundle that module is replaced by a copy
 * without the {@link buildOnlyFields}. No client code of Docusaurus, its themes
 * or the site reads them (tests/unit/client-bundle.test.ts searches that code
 * for reads). The build fails if Docusaurus' own module still reaches the
 * bundle, for example because it was renamed.
 *
 * `tslib`: Docusaurus' `@docusaurus/utils-common` is compiled to CommonJS and
 * requires TypeScript's helper library for one helper (`__importDefault`). A
 * CommonJS `require` keeps every export of the module it loads, so the browser
 * bundle carried all of tslib's helpers (about 4 KB gzip). In the browser
 * bundle `tslib` resolves to a generated module that re-exports only the
 * {@link tslibHelpers} from tslib's ES module build. After an upgrade, a client
 * module may use another helper: the build then fails naming the module and
 * the helper.
 *
 * The compile hint: the entry chunks (`main.js` and its runtime), whose code runs on every page load, start with
 * V8's {@link compileHint}, so Chromium compiles all their functions at once while the file streams in, off the
 * main thread, instead of each one on the main thread the first time it is called while the page hydrates.
 */
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {DocusaurusConfig, LoadContext, Plugin} from '@docusaurus/types';
import {prependAliases} from '../../lib/generated-aliases';

/** The fields of the site configuration that only the build reads, left out of the browser's copy. */
export const buildOnlyFields = ['plugins', 'presets', 'themes', 'ssrTemplate'] as const;

/** The module name under which Docusaurus' client imports the site configuration. */
export const generatedConfigModule = '@generated/docusaurus.config';

/**
 * The browser's copy of the site configuration, as an ES module: the configuration
 * serialised as Docusaurus serialises it (JSON), without the {@link buildOnlyFields}.
 * @param siteConfig the loaded site configuration (`context.siteConfig`).
 */
export function clientConfigModule(siteConfig: DocusaurusConfig): string {
  const config: Record<string, unknown> = {...siteConfig};
  for (const field of buildOnlyFields) delete config[field];
  return `export default ${JSON.stringify(config)};\n`;
}

/** The tslib helpers the browser bundle keeps: those its CommonJS modules use. */
export const tslibHelpers: readonly string[] = ['__importDefault'];

/** tslib's ES module build, whose helpers are separate exports. */
export const tslibEsModule = require.resolve('tslib/tslib.es6.mjs');

/**
 * The source of the browser's `tslib`: the given helpers, re-exported from
 * {@link tslibEsModule} by its path (the browser bundle resolves `tslib` itself to this module).
 * @param helpers the helpers' names.
 */
export function tslibShimSource(helpers: readonly string[] = tslibHelpers): string {
  return `export {${helpers.join(', ')}} from ${JSON.stringify(tslibEsModule)};\n`;
}

/**
 * The tslib helpers a CommonJS module uses that are not in `exported`.
 * @param source the module's source, as compiled by TypeScript (`const tslib_1 = require("tslib")`, then `tslib_1.__name`).
 * @param exported the helpers the browser's tslib exports.
 * @returns the missing helpers' names, sorted; empty when the module does not require tslib.
 */
export function missingTslibHelpers(source: string, exported: readonly string[]): string[] {
  // Most bundled modules never name tslib: skip the regular expressions for them.
  if (!source.includes('tslib')) return [];
  const bindings = [...source.matchAll(/(\w+)\s*=\s*require\(\s*["']tslib["']\s*\)/g)].map((match) => match[1]);
  const used = new Set(
    bindings.flatMap((binding) => [...source.matchAll(new RegExp(`\\b${binding}\\.(__\\w+)`, 'g'))].map((m) => m[1])),
  );
  return [...used].filter((name) => !exported.includes(name)).sort();
}

/**
 * V8's explicit compile hint for a whole file (Chromium 136 and later; other engines read a comment): every function of
 * the file is compiled eagerly. It must be the file's first line.
 */
export const compileHint = '//# allFunctionsCalledOnLoad';

/**
 * The options of the bundler's `BannerPlugin` that make {@link compileHint} the first line of the entry chunks' scripts. The
 * banner goes in after minification, which drops comments, and before the real content hash, so the file names
 * still follow the content.
 * @param stages the bundler's `Compilation` class, whose static fields number the asset-processing stages.
 */
export function compileHintBanner(stages: {PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE: number}) {
  return {
    banner: compileHint,
    raw: true,
    entryOnly: true,
    // Only scripts: in the entry's style sheet the line would be the start of a selector, and its first rule lost.
    test: /\.js$/,
    stage: stages.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
  };
}

interface BundlerModule {
  resource?: string;
}
interface BundlerCompiler {
  hooks: {compilation: {tap(name: string, callback: (compilation: Compilation) => void): void}};
}
interface Compilation {
  errors: Error[];
  hooks: {finishModules: {tap(name: string, callback: (modules: Iterable<BundlerModule>) => void): void}};
}

/**
 * Bundler plugin that fails the client build (a compilation error) when it bundles Docusaurus' own
 * copy of the site configuration, or a CommonJS module that uses a tslib helper the browser's tslib lacks.
 */
export class ClientBundleCheck {
  /**
   * @param generatedConfig the path of Docusaurus' generated site configuration (`<generated files>/docusaurus.config.mjs`).
   * @param helpers the helpers the browser's tslib exports.
   */
  constructor(
    private readonly generatedConfig: string,
    private readonly helpers: readonly string[] = tslibHelpers,
  ) {}

  apply(compiler: BundlerCompiler) {
    compiler.hooks.compilation.tap('client-bundle', (compilation) => {
      compilation.hooks.finishModules.tap('client-bundle', (modules) => {
        for (const {resource} of modules) {
          if (resource === this.generatedConfig) {
            compilation.errors.push(
              new Error(
                `client-bundle: the browser bundle has Docusaurus' full site configuration (${resource}), ` +
                  `not the copy without ${buildOnlyFields.join(', ')}: the alias of ${generatedConfigModule} ` +
                  'no longer applies. See README, "Upgrading Docusaurus and Rspack".',
              ),
            );
          }
          if (!resource?.endsWith('js')) continue;
          const missing = missingTslibHelpers(readFileSync(resource, 'utf8'), this.helpers);
          if (missing.length > 0) {
            compilation.errors.push(
              new Error(
                `client-bundle: ${resource} uses the tslib helper(s) ${missing.join(', ')}, which the browser's ` +
                  'tslib does not export. Add them to `tslibHelpers` in plugins/client-bundle/index.ts.',
              ),
            );
          }
        }
      });
    });
  }
}

export default function clientBundlePlugin(context: LoadContext): Plugin {
  const dir = path.join(context.generatedFilesDir, 'client-bundle');
  const clientConfig = path.join(dir, 'docusaurus.config.mjs');
  const tslibShim = path.join(dir, 'tslib.mjs');
  return {
    name: 'client-bundle',
    configureWebpack(config, isServer, utils) {
      if (isServer) return {};
      mkdirSync(dir, {recursive: true});
      writeFileSync(clientConfig, clientConfigModule(context.siteConfig));
      writeFileSync(tslibShim, tslibShimSource());
      // Checked by ClientBundleCheck.
      prependAliases(config, {[`${generatedConfigModule}$`]: clientConfig, tslib$: tslibShim});
      // Rspack's plugin type, which Docusaurus' configuration type (webpack's) does not name.
      const check = new ClientBundleCheck(path.join(context.generatedFilesDir, 'docusaurus.config.mjs'));
      const {BannerPlugin, Compilation} = utils.currentBundler.instance;
      return {plugins: [check as never, new BannerPlugin(compileHintBanner(Compilation))]};
    },
  };
}
