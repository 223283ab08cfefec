/**
 * One operation page's share of the store, without the store: the light half
 * of `ApiPageStore`, loaded with the page.
 */
import type {ThemeConfig} from 'docusaurus-theme-openapi-docs/src/types';
import type {ApiItem} from 'docusaurus-plugin-openapi-docs/src/types';
import type {ServerObject} from 'docusaurus-plugin-openapi-docs/src/openapi/types';

/** What the page's parts read of a Redux store: react-redux's Provider and hooks use only these. */
export interface StoreLike {
  getState(): unknown;
  subscribe(listener: () => void): () => void;
  dispatch(action: unknown): unknown;
}

/**
 * A stand-in for the page's Redux store, given to the method and path heading
 * (`@theme/ApiExplorer/MethodEndpoint`), which reads one value, the chosen
 * server, at every render. Until the real store exists its state is what the
 * real store starts with (`server.value`: the server saved in the explorer's
 * storage, if any); once `attach`ed, it passes everything to the real store.
 */
export interface EndpointStore extends StoreLike {
  /** Hands over to the real store and tells the subscribers. */
  attach(store: StoreLike): void;
}

/** One operation page, as `ApiPageStoreProvider` creates it. */
export interface ApiPage {
  /** The `api` frontmatter field: the operation as gzip-compressed JSON, base64-encoded. */
  encodedApi: string;
  /** The OpenAPI theme's `themeConfig.api` options (auth persistence, request timeout…). */
  options: ThemeConfig['api'];
  /** The method and path heading's store (see EndpointStore). */
  endpointStore: EndpointStore;
  /** The decoded operation and its store, once a part has asked for them. */
  loaded?: {api: ApiItem; store: StoreLike};
}

/**
 * The server the reader chose in the explorer before (the theme's
 * persistence middleware saves it under `server`), as the theme reads it: from
 * sessionStorage, or where `options.authPersistence` says; nothing on the
 * server render or when the value is not a server.
 * @param options the theme's `themeConfig.api` options.
 */
export function savedServer(options: ThemeConfig['api']): ServerObject | undefined {
  const persistence = options?.authPersistence ?? 'sessionStorage';
  if (persistence === false || typeof window === 'undefined') return undefined;
  try {
    const saved = (persistence === 'sessionStorage' ? sessionStorage : localStorage).getItem('server');
    const server = saved ? (JSON.parse(saved) as ServerObject) : undefined;
    return server?.url ? server : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Creates the stand-in store of a page's method and path heading.
 * @param server the server the real store will start with (see savedServer).
 * @throws {Error} from `dispatch` before `attach`: the heading only reads.
 */
export function createEndpointStore(server: ServerObject | undefined): EndpointStore {
  const initial = {server: {value: server}};
  const listeners = new Set<() => void>();
  let real: StoreLike | undefined;
  return {
    getState: () => (real ? real.getState() : initial),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch(action) {
      if (!real) throw new Error('ApiPageStore: the endpoint heading dispatched before the page store existed');
      return real.dispatch(action);
    },
    attach(store) {
      if (real) return;
      real = store;
      const notify = () => {
        for (const listener of [...listeners]) listener();
      };
      store.subscribe(notify);
      notify();
    },
  };
}

/**
 * A page object for one operation.
 * @param encodedApi the `api` frontmatter field.
 * @param options the theme's `themeConfig.api` options.
 */
export function createApiPage(encodedApi: string, options: ThemeConfig['api']): ApiPage {
  return {encodedApi, options, endpointStore: createEndpointStore(savedServer(options))};
}
