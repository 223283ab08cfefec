/**
 * plugins/client-bundle: the browser's copy of the site configuration and its
 * `tslib`. What the plugin leaves out must be what no client code reads, and
 * what it keeps of tslib must be what the client code uses.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import * as tslib from 'tslib/tslib.es6.mjs';
import config from '../../docusaurus.config';
import {
  buildOnlyFields,
  clientConfigModule,
  missingTslibHelpers,
  shimHelpers,
  tslibShim,
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
  it('exports helpers that tslib has', () => {
    const helpers = shimHelpers();
    expect([...helpers]).toContain('__importDefault');
    for (const name of helpers) expect(typeof (tslib as Record<string, unknown>)[name], name).toBe('function');
  });

  it("exports every helper Docusaurus' client code uses", () => {
    const users = clientFiles
      .concat(sourceFiles(path.join(modules, '@docusaurus/utils-common/lib')))
      .filter((file) => readFileSync(file, 'utf8').includes('require("tslib")'));
    expect(users.length).toBeGreaterThan(0);
    for (const file of users) expect(missingTslibHelpers(readFileSync(file, 'utf8'), shimHelpers()), file).toEqual([]);
  });

  it('names the helpers a CommonJS module uses that the shim lacks', () => {
    const source = [
      'const tslib_1 = require("tslib");',
      'const a = tslib_1.__importDefault(require("./a"));',
      'const b = tslib_1.__importStar(require("./b"));',
      'tslib_1.__awaiter(this, void 0, void 0, function* () {});',
    ].join('\n');
    expect(missingTslibHelpers(source, new Set(['__importDefault']))).toEqual(['__awaiter', '__importStar']);
    expect(missingTslibHelpers('const x = require("other"); x.__awaiter();', new Set())).toEqual([]);
  });

  it('is the module the plugin aliases', () => {
    expect(tslibShim).toBe(path.join(siteDir, 'plugins', 'client-bundle', 'tslib.ts'));
  });
});
