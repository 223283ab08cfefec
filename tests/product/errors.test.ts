/**
 * The error answers of every operation of the API reference, as the product server gives them, against what the
 * OpenAPI files document: for each operation that needs a key, a request without one, with a bearer value that is
 * no key and with the key of an organization the server does not allow; for each operation on one resource, a
 * request with an id that does not exist. (What a whitelisted route does with a bearer value that is no key
 * depends on the sign-in provider's answer, which no local server can give, so it is not tested.) Each answer's status must be documented for its operation and its body must validate against the
 * schema documented for that status; the statuses the guides state are pinned explicitly.
 */
import {randomUUID} from 'node:crypto';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {beforeAll, describe, expect, test} from 'vitest';
import {productState} from './api';
import {siteDir} from './examples/extract';
import {ApiReference, type Operation} from './examples/openapi';

const reference = new ApiReference();
const routes: Array<{method: string; path: string; whitelisted: boolean}> = JSON.parse(
  readFileSync(path.join(siteDir, 'data', 'product', 'api-routes.json'), 'utf8'),
).routes;

/** Whether the server lets the operation's route through without a key (its whitelist, per the product facts). */
function whitelisted(operation: Operation): boolean {
  const route = `/api/v1${operation.path.replace(/\{(\w+)\}/g, ':$1')}`;
  const shape = (value: string) => value.replace(/:\w+/g, ':');
  const match = routes.find(
    (candidate) => candidate.method === operation.method && shape(candidate.path) === shape(route),
  );
  if (!match) throw new Error(`${operation.operationId}: no product route ${operation.method} ${route}`);
  return match.whitelisted;
}

/** One request of an operation with every path parameter set to a new UUID. */
async function send(operation: Operation, authorization: string | undefined) {
  const route = operation.path.replace(/\{\w+\}/g, () => randomUUID());
  const headers: Record<string, string> = {'Content-Type': 'application/json'};
  if (authorization) headers.Authorization = authorization;
  const response = await fetch(`${productState().baseUrl}/api/v1${route}`, {
    method: operation.method,
    headers,
    body: ['GET', 'HEAD', 'DELETE'].includes(operation.method) ? undefined : '{}',
    redirect: 'manual',
  });
  return {
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    body: await response.text(),
  };
}

/** Checks that an answer is documented for its operation, and returns it. */
function expectDocumented(operation: Operation, answer: Awaited<ReturnType<typeof send>>) {
  expect(reference.check(operation, answer.status, answer.contentType, answer.body), answer.body).toEqual([]);
  return answer;
}

const protectedOperations = reference.operations.filter((operation) => !whitelisted(operation));

describe('an operation that needs an API key', () => {
  beforeAll(() => {
    expect(protectedOperations.length).toBeGreaterThan(30);
  });

  for (const operation of protectedOperations) {
    describe(`${operation.operationId} (${operation.method} ${operation.path})`, () => {
      test('answers 400 with an empty message when no Authorization header is sent', async () => {
        const answer = expectDocumented(operation, await send(operation, undefined));
        expect(answer.status).toBe(400);
        expect(JSON.parse(answer.body)).toEqual({statusCode: 400, success: false, message: '', stack: {}});
      });

      test('answers 401 when the bearer value is not a key', async () => {
        const answer = expectDocumented(operation, await send(operation, 'Bearer not-an-answerai-key'));
        expect(answer.status).toBe(401);
      });

      test("answers 401 with a plain-text reason when the key's organization is not allowed", async () => {
        const answer = expectDocumented(
          operation,
          await send(operation, `Bearer ${productState().accounts.foreign.apiKey}`),
        );
        expect(answer.status).toBe(401);
        expect(answer.body).toBe("Unauthorized: API key organization doesn't match");
      });

      test('does not let `x-request-from: internal` stand in for a key', async () => {
        const route = operation.path.replace(/\{\w+\}/g, () => randomUUID());
        const response = await fetch(`${productState().baseUrl}/api/v1${route}`, {
          method: operation.method,
          headers: {'x-request-from': 'internal'},
          redirect: 'manual',
        });
        expect(response.status).toBe(400);
      });
    });
  }
});

describe('an operation on a resource that does not exist', () => {
  const onOneResource = reference.operations.filter(
    (operation) => /\{\w+\}$/.test(operation.path) && !operation.path.startsWith('/chatflows/apikey'),
  );
  for (const operation of onOneResource) {
    test(`${operation.operationId} answers with a documented status`, async () => {
      const answer = expectDocumented(
        operation,
        await send(operation, `Bearer ${productState().accounts.main.apiKey}`),
      );
      expect(answer.status).toBeGreaterThanOrEqual(200);
    });
  }

  test('a prediction on an unknown chatflow answers 500, not 404', async () => {
    const id = randomUUID();
    const response = await fetch(`${productState().baseUrl}/api/v1/prediction/${id}`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({question: 'Hello?'}),
    });
    expect(response.status).toBe(500);
    expect((await response.json()).message).toBe(
      `Error: chatflowsService.getChatflowForPrediction - Chatflow ${id} not found`,
    );
  });

  test("a chatflow that does not exist answers 404 with the access check's body", async () => {
    const response = await fetch(`${productState().baseUrl}/api/v1/chatflows/${randomUUID()}`, {
      headers: {Authorization: `Bearer ${productState().accounts.main.apiKey}`},
    });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({error: 'Resource not found'});
  });
});

describe('a route the server does not have', () => {
  test('answers 400 without a key, like every protected route', async () => {
    const response = await fetch(`${productState().baseUrl}/api/v1/no-such-route`, {redirect: 'manual'});
    expect(response.status).toBe(400);
  });

  test('redirects to ANSWERAI_DOMAIN with a key', async () => {
    const response = await fetch(`${productState().baseUrl}/api/v1/no-such-route`, {
      redirect: 'manual',
      headers: {Authorization: `Bearer ${productState().accounts.main.apiKey}`},
    });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toMatch(new RegExp(`^${productState().stubUrl}/.+/api/v1/no-such-route$`));
  });
});
