import {createRequire} from 'node:module';
import {describe, expect, it} from 'vitest';
import {apiModulesPattern, browserAliases} from '../../plugins/api-chunks';

const require = createRequire(import.meta.url);

describe('API chunk splitting', () => {
  it('matches modules of the OpenAPI theme and of the given packages only', () => {
    const pattern = apiModulesPattern(['redux']);
    expect(pattern.test('/site/node_modules/docusaurus-theme-openapi-docs/lib/theme/ApiItem/index.js')).toBe(true);
    expect(pattern.test('/site/node_modules/redux/dist/redux.mjs')).toBe(true);
    expect(pattern.test('/site/node_modules/react-dom/index.js')).toBe(false);
  });
});

describe('browser aliases of the OpenAPI theme’s libraries', () => {
  it('the crypto-js stand-in hashes with SHA-1 exactly as the whole library does', async () => {
    const {default: standIn} = (await import(browserAliases['crypto-js$'])) as {
      default: {SHA1: (message: string) => {toString(): string}};
    };
    const whole = require('crypto-js') as {SHA1: (message: string) => {toString(): string}};
    for (const message of ['abc', 'bearerAuth', '']) {
      expect(standIn.SHA1(message).toString()).toBe(whole.SHA1(message).toString());
    }
    expect(standIn.SHA1('abc').toString()).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
  });

  it('the pako stand-in un-gzips what pako gzips', () => {
    const inflateOnly = require(browserAliases.pako$) as {ungzip: (data: Uint8Array) => Uint8Array};
    const pako = require('pako') as {gzip: (data: string) => Uint8Array};
    const operation = JSON.stringify({method: 'post', path: '/prediction/{id}'});
    expect(new TextDecoder().decode(inflateOnly.ungzip(pako.gzip(operation)))).toBe(operation);
  });
});
