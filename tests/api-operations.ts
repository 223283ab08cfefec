import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

/** One operation of the API reference. */
export interface ApiOperation {
  /** API group: the spec file's name and the route segment, e.g. "document-store". */
  group: string;
  /** Page slug under /docs/api/<group>/, e.g. "get-file-chunks". */
  page: string;
  /** HTTP method in upper case; `-` in the manifest for a page whose action the product has no endpoint for. */
  method: string;
  /** Path template with {braces}, relative to the base URL; `(no product route)` with method `-`. */
  path: string;
}

const siteDir = path.join(__dirname, '..');
const methods = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * The pages the reference must have: the manifest `tests/api-operations.tsv`,
 * with the product's method and path of each operation, or `-` where the
 * product has no endpoint for the page's action.
 */
export function readOperationManifest(): ApiOperation[] {
  return readFileSync(path.join(__dirname, 'api-operations.tsv'), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [group, page, method, route] = line.split('\t');
      return {group, page, method, path: route};
    });
}

/** kebab-case of an operationId, as the OpenAPI plugin names its pages. */
export function pageSlug(operationId: string): string {
  return operationId
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[\s_]+/g, '-')
    .toLowerCase();
}

/** The operations the OpenAPI files in `api-specs/` describe. */
export function readSpecOperations(): ApiOperation[] {
  const specsDir = path.join(siteDir, 'api-specs');
  return readdirSync(specsDir)
    .filter((file) => file.endsWith('.yaml'))
    .sort()
    .flatMap((file) => {
      const spec = YAML.parse(readFileSync(path.join(specsDir, file), 'utf8'));
      const group = file.replace(/\.yaml$/, '');
      return Object.entries(spec.paths ?? {}).flatMap(([route, item]) =>
        methods
          .filter((method) => (item as Record<string, unknown>)[method])
          .map((method) => ({
            group,
            page: pageSlug((item as Record<string, {operationId: string}>)[method].operationId),
            method: method.toUpperCase(),
            path: route,
          })),
      );
    });
}
