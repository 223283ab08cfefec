/**
 * The error statuses the OpenAPI files document, against what the product's code can answer: each documented 4xx
 * or 5xx status of an operation must be one its route's code names (`routeErrors` of `data/product/behaviour.json`,
 * read by the extractor from the controller and the services it calls) or one a middleware in front of the route
 * answers. The live tests (`tests/product/errors.test.ts`) check the other direction: every status the running
 * server answers is documented.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {ApiReference, type Operation} from '../product/examples/openapi';
import {siteDir} from './content-utils';

interface Route {
  method: string;
  path: string;
  whitelisted: boolean;
  ability?: string;
}

const productDir = path.join(siteDir, 'data', 'product');
const routes: Route[] = JSON.parse(readFileSync(path.join(productDir, 'api-routes.json'), 'utf8')).routes;
const routeErrors: Array<{method: string; path: string; statuses: number[]}> = JSON.parse(
  readFileSync(path.join(productDir, 'behaviour.json'), 'utf8'),
).routeErrors;

/** Operations whose route runs the server's per-chatflow rate limiter (`getRateLimiterMiddleware` in the router). */
const rateLimited = new Set(['createPrediction', 'vectorUpsert']);

/** The product route of an operation (`{id}` → `:id`, under `/api/v1`). */
function routeOf(operation: Operation): Route {
  const shape = (value: string) => value.replace(/:\w+/g, ':');
  const target = shape(`/api/v1${operation.path.replace(/\{(\w+)\}/g, ':$1')}`);
  const route = routes.find((candidate) => candidate.method === operation.method && shape(candidate.path) === target);
  if (!route) throw new Error(`${operation.operationId}: no product route ${operation.method} ${target}`);
  return route;
}

/**
 * The statuses the code can answer for an operation, each with where it comes from: the route's own code, and the
 * middlewares in front of it (the JSON body parser, for every method: 400 for malformed JSON, 413 above its size
 * limit; the API-key
 * check off the whitelist: 400 without a header, 401; the access check `enforceAbility` where the route names an
 * ability: 401, 403, 404, 500; the rate limiter: 429; the error handler: 500 for anything else).
 */
export function possibleStatuses(operation: Operation): Map<number, string> {
  const route = routeOf(operation);
  const possible = new Map<number, string>([[500, 'error handler']]);
  const add = (status: number, from: string) => possible.set(status, possible.get(status) ?? from);
  for (const entry of routeErrors.filter((entry) => entry.method === route.method && entry.path === route.path)) {
    for (const status of entry.statuses) add(status, 'route code');
  }
  // express.json() parses a JSON body whatever the method.
  add(400, 'JSON body parser');
  add(413, 'JSON body parser');
  if (!route.whitelisted) {
    add(400, 'API-key check');
    add(401, 'API-key check');
  }
  if (route.ability) for (const status of [401, 403, 404]) add(status, 'access check');
  if (rateLimited.has(operation.operationId)) add(429, 'rate limiter');
  return possible;
}

describe('documented error statuses', () => {
  const reference = new ApiReference();

  it('cover every operation', () => {
    expect(reference.operations.length).toBeGreaterThan(40);
  });

  it.each(reference.operations.map((operation) => [operation.operationId, operation] as const))(
    '%s documents only statuses its code can answer',
    (_id, operation) => {
      const possible = possibleStatuses(operation);
      const documented = Object.keys(operation.responses)
        .filter((status) => /^[45]\d\d$/.test(status))
        .map(Number);
      expect(documented.filter((status) => !possible.has(status))).toEqual([]);
    },
  );
});
