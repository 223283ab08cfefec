/**
 * The store side of `ApiPageStore`, loaded as a chunk of its own: decodes an
 * operation page's operation and creates the OpenAPI theme's Redux store for
 * it, with the initial state the theme's ApiItem builds in the browser
 * (docusaurus-theme-openapi-docs 5.2.0, `src/theme/ApiItem/index.tsx`):
 * the accepted response types of the 2XX responses, the request body's
 * content types, the servers and the one the reader chose before (from the
 * auth persistence storage), the parameters prefilled from their default or
 * first example, and the security options with their saved values. The
 * slices, the store and the persistence middleware are the theme's own, so
 * the explorer and the schema tabs work on it unchanged.
 */
import React, {type ReactNode} from 'react';
import {Provider} from 'react-redux';
import {ungzip} from 'pako';
import {createStoreWithState} from 'docusaurus-theme-openapi-docs/lib/theme/ApiItem/store';
import {createAuth} from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Authorization/slice';
import {createPersistenceMiddleware} from 'docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/persistenceMiddleware';
import type {ThemeConfig} from 'docusaurus-theme-openapi-docs/src/types';
import type {ApiItem} from 'docusaurus-plugin-openapi-docs/src/types';
import type {ParameterObject} from 'docusaurus-plugin-openapi-docs/src/openapi/types';
import {savedServer, type ApiPage} from './page';

export interface ApiPageStoreScopeProps {
  page: ApiPage;
  children: ReactNode | ((api: ApiItem) => ReactNode);
}

/**
 * Decodes the operation the OpenAPI plugin writes into an operation page's
 * frontmatter.
 * @param encoded gzip-compressed JSON, base64-encoded.
 * @throws {Error} naming the operation field when it is not base64 gzip of JSON.
 */
export function decodeApi(encoded: string): ApiItem {
  try {
    const binary = atob(encoded);
    const bytes = Uint8Array.from(binary, (character) => character.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(ungzip(bytes))) as ApiItem;
  } catch (error) {
    throw new Error(`ApiPageStore: the page's "api" frontmatter is not base64 gzip of JSON (${String(error)})`);
  }
}

/** The 2XX status codes, whose response types the explorer offers as `Accept`. */
const successStatus = /^2\d\d$/;

/**
 * Creates the theme's Redux store for one operation, in the browser (it reads
 * the auth persistence storage: sessionStorage unless `options.authPersistence`
 * says otherwise; the chosen server through `savedServer`).
 * @param api the decoded operation.
 * @param options the theme's `themeConfig.api` options.
 */
export function createPageStore(api: ApiItem, options: ThemeConfig['api']) {
  const accept = Object.entries(api.responses ?? {})
    .filter(([code]) => successStatus.test(code))
    .flatMap(([, response]) => Object.keys((response as {content?: object}).content ?? {}));
  const contentTypes = Object.keys(api.requestBody?.content ?? {});
  const params: Record<'path' | 'query' | 'header' | 'cookie', ParameterObject[]> = {
    path: [],
    query: [],
    header: [],
    cookie: [],
  };
  for (const param of (api.parameters ?? []) as ParameterObject[]) {
    const examples = param.examples && typeof param.examples === 'object' ? Object.values(param.examples) : [];
    const prefill =
      param.schema?.default ??
      param.example ??
      param.schema?.example ??
      (examples[0] as {value?: unknown} | undefined)?.value;
    params[param.in as keyof typeof params]?.push(
      prefill === undefined ? param : ({...param, value: prefill} as ParameterObject),
    );
  }
  const server = savedServer(options);
  return createStoreWithState(
    {
      accept: {value: accept[0], options: accept},
      contentType: {value: contentTypes[0], options: contentTypes},
      server: {value: server, options: api.servers ?? []},
      response: {value: undefined},
      body: {type: 'empty'},
      params,
      auth: createAuth({security: api.security, securitySchemes: api.securitySchemes, options}),
      schemaSelection: {selections: {}},
      encodingSelection: {},
    } as Parameters<typeof createStoreWithState>[0],
    [createPersistenceMiddleware(options)],
  );
}

/**
 * Renders its children inside the page's store Provider, creating the store
 * on first use (ApiPageStore's `WithApiPageStore` renders it).
 * @param props.page the page, whose `loaded` this fills.
 * @param props.children the content, or a function of the decoded operation.
 */
export function ApiPageStoreScope({page, children}: ApiPageStoreScopeProps): ReactNode {
  if (!page.loaded) {
    const api = decodeApi(page.encodedApi);
    const store = createPageStore(api, page.options);
    page.loaded = {api, store};
    // After this render: the heading's subscribers are other components, which must not update during it.
    queueMicrotask(() => page.endpointStore.attach(store));
  }
  const {api, store} = page.loaded;
  return (
    <Provider store={store as ReturnType<typeof createPageStore>}>
      {typeof children === 'function' ? children(api) : children}
    </Provider>
  );
}
