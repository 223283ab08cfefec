// @vitest-environment jsdom
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {gzipSync} from 'node:zlib';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {createApiPage, createEndpointStore, savedServer} from '../../src/components/ApiPageStore/page';

// The theme's store modules require `@theme/…` aliases that only its bundler resolves; here they are stand-ins
// that hand back what the page store passes them, so the tests read the initial state the page builds.
vi.mock('docusaurus-theme-openapi-docs/lib/theme/ApiItem/store', () => ({
  createStoreWithState: (state: unknown, middlewares: unknown[]) => ({state, middlewares}),
}));
vi.mock('docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/Authorization/slice', () => ({
  createAuth: (input: unknown) => ({createdFrom: input}),
}));
vi.mock('docusaurus-theme-openapi-docs/lib/theme/ApiExplorer/persistenceMiddleware', () => ({
  createPersistenceMiddleware: (options: unknown) => ({middlewareFor: options}),
}));

const {createPageStore, decodeApi} = await import('../../src/components/ApiPageStore/store');

type State = Record<string, unknown> & {params: Record<string, Array<{name: string; value?: unknown}>>};
const initialState = (api: object, options?: object) =>
  (createPageStore(api as never, options as never) as unknown as {state: State}).state;

beforeEach(() => sessionStorage.clear());
afterEach(() => localStorage.clear());

describe('decodeApi', () => {
  it('decodes the operation the OpenAPI plugin writes into a generated page', () => {
    const mdx = readFileSync(path.join(__dirname, '../../api-docs/prediction/create-prediction.api.mdx'), 'utf8');
    const encoded = /^api: (\S+)$/m.exec(mdx)![1];
    const api = decodeApi(encoded);
    expect(api.method).toBe('post');
    expect(api.path).toBe('/prediction/{id}');
  });

  it('fails naming the frontmatter field when the value is not base64 gzip of JSON', () => {
    expect(() => decodeApi('not gzip')).toThrow(/"api" frontmatter is not base64 gzip of JSON/);
    expect(() => decodeApi(gzipSync('{').toString('base64'))).toThrow(/"api" frontmatter/);
  });
});

describe('createPageStore: the initial state of the theme’s ApiItem', () => {
  it('offers the response types of the 2XX responses only, in their order, as Accept', () => {
    const state = initialState({
      responses: {
        '200': {content: {'application/json': {}}},
        '201': {content: {'text/event-stream': {}, 'application/json': {}}},
        '404': {content: {'text/plain': {}}},
        default: {content: {'text/html': {}}},
      },
    });
    expect(state.accept).toEqual({
      value: 'application/json',
      options: ['application/json', 'text/event-stream', 'application/json'],
    });
  });

  it('offers the request body’s content types, and nothing without a body', () => {
    expect(
      initialState({requestBody: {content: {'multipart/form-data': {}, 'application/json': {}}}}).contentType,
    ).toEqual({
      value: 'multipart/form-data',
      options: ['multipart/form-data', 'application/json'],
    });
    expect(initialState({}).contentType).toEqual({value: undefined, options: []});
  });

  it('sorts parameters by where they go and prefills each from its default, example, schema example or first named example', () => {
    const {params} = initialState({
      parameters: [
        {name: 'id', in: 'path', schema: {default: 'd', example: 's'}, example: 'e'},
        {name: 'page', in: 'query', schema: {example: 's'}, example: 'e'},
        {name: 'limit', in: 'query', schema: {example: 's'}},
        {name: 'X-Key', in: 'header', examples: {first: {value: 'one'}, second: {value: 'two'}}},
        {name: 'session', in: 'cookie', schema: {type: 'string'}},
      ],
    });
    expect(params.path).toEqual([expect.objectContaining({name: 'id', value: 'd'})]);
    expect(params.query.map((p) => p.value)).toEqual(['e', 's']);
    expect(params.header[0].value).toBe('one');
    expect(params.cookie[0]).not.toHaveProperty('value');
  });

  it('starts with the server saved for the session, and the spec’s servers to choose from', () => {
    const servers = [{url: 'https://a.example/api/v1'}, {url: 'http://localhost:4000/api/v1'}];
    expect(initialState({servers}).server).toEqual({value: undefined, options: servers});
    sessionStorage.setItem('server', JSON.stringify(servers[1]));
    expect(initialState({servers}).server).toEqual({value: servers[1], options: servers});
  });

  it('builds the auth state and the persistence middleware from the operation and the theme options', () => {
    const options = {authPersistence: 'localStorage'};
    const security = [{bearerAuth: []}];
    const securitySchemes = {bearerAuth: {type: 'http', scheme: 'bearer'}};
    const store = createPageStore({security, securitySchemes} as never, options as never) as unknown as {
      state: State;
      middlewares: unknown[];
    };
    expect(store.state.auth).toEqual({createdFrom: {security, securitySchemes, options}});
    expect(store.middlewares).toEqual([{middlewareFor: options}]);
    expect(store.state).toMatchObject({
      response: {value: undefined},
      body: {type: 'empty'},
      schemaSelection: {selections: {}},
      encodingSelection: {},
    });
  });
});

describe('savedServer', () => {
  const server = {url: 'http://localhost:4000/api/v1'};

  it('reads the server from sessionStorage, or from the storage the options name', () => {
    sessionStorage.setItem('server', JSON.stringify(server));
    expect(savedServer(undefined)).toEqual(server);
    expect(savedServer({authPersistence: 'localStorage'} as never)).toBeUndefined();
    localStorage.setItem('server', JSON.stringify(server));
    expect(savedServer({authPersistence: 'localStorage'} as never)).toEqual(server);
    expect(savedServer({authPersistence: false} as never)).toBeUndefined();
  });

  it('ignores a saved value that is not a server', () => {
    sessionStorage.setItem('server', '{');
    expect(savedServer(undefined)).toBeUndefined();
    sessionStorage.setItem('server', JSON.stringify({variables: {}}));
    expect(savedServer(undefined)).toBeUndefined();
  });
});

describe('the endpoint heading’s stand-in store', () => {
  it('starts with the saved server, keeps one state object until the real store comes, then passes everything on', () => {
    const server = {url: 'https://a.example'};
    const store = createEndpointStore(server);
    expect(store.getState()).toEqual({server: {value: server}});
    expect(store.getState()).toBe(store.getState());
    expect(() => store.dispatch({type: 'x'})).toThrow(/dispatched before the page store existed/);

    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    let realState = {server: {value: {url: 'https://b.example'}}};
    const realListeners: Array<() => void> = [];
    const real = {
      getState: () => realState,
      subscribe: (l: () => void) => (realListeners.push(l), () => {}),
      dispatch: vi.fn((action: unknown) => action),
    };
    store.attach(real);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.getState()).toBe(realState);
    expect(store.dispatch({type: 'y'})).toEqual({type: 'y'});
    expect(real.dispatch).toHaveBeenCalledWith({type: 'y'});

    realState = {server: {value: {url: 'https://c.example'}}};
    realListeners.forEach((l) => l());
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    realListeners.forEach((l) => l());
    expect(listener).toHaveBeenCalledTimes(2);

    store.attach({...real, getState: () => ({})});
    expect(store.getState()).toBe(realState);
  });

  it('is created for each page with the server saved for the session', () => {
    sessionStorage.setItem('server', JSON.stringify({url: 'https://a.example'}));
    const page = createApiPage('encoded', undefined);
    expect(page.encodedApi).toBe('encoded');
    expect(page.endpointStore.getState()).toEqual({server: {value: {url: 'https://a.example'}}});
  });
});
