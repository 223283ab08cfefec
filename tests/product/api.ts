/**
 * A small client for the running product server, for the tests that run the docs against it: the server's state
 * (URL, seeded API keys) comes from `.product-server/state.json`, which `npm run product:start` or the test setup
 * writes.
 */
import {readState, type ProductServerState} from '../../product-server/server.mjs';

/** The running server's state; throws when no server runs from this checkout. */
export function productState(): ProductServerState {
  const state = readState();
  if (!state) throw new Error('The product server is not running: start it with `npm run product:start`.');
  return state;
}

/** A response of the product server, its body parsed as JSON when it is JSON. */
export interface ApiResponse<T = unknown> {
  status: number;
  headers: Headers;
  /** Parsed JSON, or the text when the body is not JSON. */
  body: T;
  text: string;
}

/** Options of `api()`. */
export interface ApiOptions {
  method?: string;
  /** Sent as JSON unless it is a FormData or a string. */
  body?: unknown;
  /** The API key to send as `Authorization: Bearer <key>`; `null` sends no header. Default: the main account's. */
  key?: string | null;
  headers?: Record<string, string>;
  /** Follow redirects (default false: a redirect is returned as it is). */
  follow?: boolean;
}

/**
 * Sends one request to `/api/v1<path>` of the product server.
 * @param path the path under `/api/v1`, with its query string
 * @returns the status, headers and body
 */
export async function api<T = unknown>(path: string, options: ApiOptions = {}): Promise<ApiResponse<T>> {
  const state = productState();
  const headers: Record<string, string> = {...options.headers};
  const key = options.key === undefined ? state.accounts.main.apiKey : options.key;
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || typeof options.body === 'string') body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const response = await fetch(`${state.baseUrl}/api/v1${path}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    redirect: options.follow ? 'follow' : 'manual',
  });
  const text = await response.text();
  let parsed: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    try {
      parsed = JSON.parse(text);
    } catch {
      // Keep the text: the server declared JSON but sent something else.
    }
  }
  return {status: response.status, headers: response.headers, body: parsed as T, text};
}

/**
 * Like `api()`, but throws with the status and body unless the status is 2xx.
 * @returns the parsed body
 */
export async function apiOk<T = unknown>(path: string, options: ApiOptions = {}): Promise<T> {
  const response = await api<T>(path, options);
  if (response.status < 200 || response.status > 299) {
    throw new Error(
      `${options.method ?? 'GET'} /api/v1${path} answered ${response.status}: ${response.text.slice(0, 300)}`,
    );
  }
  return response.body;
}

/** The requests the stub received (model calls, `ANSWERAI_DOMAIN` calls, echo calls), oldest first. */
export async function stubRequests(): Promise<
  Array<{method: string; url: string; headers: Record<string, string>; body: unknown}>
> {
  return (await fetch(`${productState().stubUrl}/__stub/requests`)).json();
}

/** Forgets the requests the stub recorded. */
export async function clearStubRequests(): Promise<void> {
  await fetch(`${productState().stubUrl}/__stub/requests`, {method: 'DELETE'});
}
