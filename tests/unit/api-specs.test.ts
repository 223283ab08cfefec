import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';
import {describe, expect, it} from 'vitest';
import {readOperationManifest, readSpecOperations} from '../api-operations';
import {apiServers, apiSpecsDir} from '../../config/api';
import {apiPrefix, findRoute} from '../../lib/product';
import {listSources, readSource} from './content-utils';

const key = (op: {group: string; page: string; method: string; path: string}) =>
  `${op.group} ${op.page} ${op.method} ${op.path}`;
const manifest = readOperationManifest();
const withRoute = manifest.filter((op) => op.method !== '-');
const withoutRoute = manifest.filter((op) => op.method === '-');

describe('OpenAPI files', () => {
  it('describe exactly the operations of the manifest that the product has', () => {
    expect(readSpecOperations().map(key).sort()).toEqual(withRoute.map(key).sort());
  });

  it('describe only methods and paths the product server has, with its parameter names', () => {
    const missing = readSpecOperations()
      .filter((op) => findRoute(op.method, `${apiPrefix()}${op.path}`)?.method !== op.method)
      .map(key);
    expect(missing).toEqual([]);
  });

  it('name the cloud server and the self-hosted server, in that order', () => {
    for (const file of readdirSync(apiSpecsDir).filter((f) => f.endsWith('.yaml'))) {
      const spec = YAML.parse(readFileSync(path.join(apiSpecsDir, file), 'utf8'));
      expect(
        (spec.servers ?? []).map((server: {url: string}) => server.url),
        file,
      ).toEqual(apiServers.map((s) => s.url));
    }
  });
});

describe('pages whose action the product has no endpoint for', () => {
  const pages = listSources('api-docs').map(readSource);
  for (const op of withoutRoute) {
    it(`${op.group}/${op.page} is a hand-written page that says so and shows no request`, () => {
      const page = pages.find((p) => p.data.slug === `/${op.group}/${op.page}`);
      expect(page, `a page in api-docs/ with slug /${op.group}/${op.page}`).toBeDefined();
      expect(page!.body).toMatch(/no endpoint/i);
      expect(page!.body).not.toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/|curl .*-X (GET|DELETE)/m);
    });
  }
});

describe('the route check', () => {
  it('accepts a product route and rejects a made-up one or another parameter name', () => {
    expect(findRoute('POST', '/api/v1/prediction/{id}')?.path).toBe('/api/v1/prediction/:id');
    expect(findRoute('GET', '/api/v1/attachments/{attachmentId}')).toBeUndefined();
    expect(findRoute('GET', '/api/v1/document-store/stores')).toBeUndefined();
    expect(findRoute('POST', '/api/v1/prediction/{chatflowId}')).toBeUndefined();
  });
});
