/**
 * The Redux store of an operation page of the API reference, created only
 * when an interactive part of the page first needs it.
 *
 * The OpenAPI theme's ApiItem decodes the operation (gzip, base64) and builds
 * the explorer's Redux store while the page renders, so pako, crypto-js,
 * Redux Toolkit and react-redux (about 30 KB of gzipped JavaScript) load and
 * run with every operation page. Nothing the page shows at load reads that
 * store: the parameters and schemas render as static stand-ins until the
 * reader comes near them (RenderWhenNear), and the explorer waits for a click.
 * So the page provides only this context; each of those parts, when it turns
 * interactive, renders inside `WithApiPageStore`, which loads the store's
 * module (`./store`) as a chunk of its own and creates the page's one store
 * the first time any of them asks. Every part shares that store, as they
 * shared the theme's single Provider.
 */
import React, {createContext, lazy, useContext, useMemo, type ComponentType, type ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {ThemeConfig} from 'docusaurus-theme-openapi-docs/src/types';
import type {ApiPageStoreScopeProps} from './store';
import {createApiPage, type ApiPage} from './page';

export type {ApiPage};

const ApiPageStoreContext = createContext<ApiPage | null>(null);

let storeModule: Promise<typeof import('./store')> | null = null;
/** The store's module once loaded, so a part rendered after that needs no Suspense. */
let loadedStoreModule: typeof import('./store') | null = null;

/**
 * Loads the store's module (pako, Redux Toolkit, react-redux and the theme's
 * store setup), once. A part that needs the store calls it together with its
 * own chunk, so the two load side by side.
 * @returns the module's promise; it rejects when the chunk fails to load.
 */
export function loadApiPageStoreModule(): Promise<typeof import('./store')> {
  storeModule ??= import('./store').then((module) => (loadedStoreModule = module));
  return storeModule;
}

const LoadedScope = lazy(() => loadApiPageStoreModule().then((module) => ({default: module.ApiPageStoreScope})));

/**
 * Makes the page's operation available to the parts that need its store.
 * Cheap: it keeps the encoded operation and creates nothing.
 * @param props.api the operation as the OpenAPI plugin writes it in the
 *   page's frontmatter (`api`: gzip-compressed JSON, base64-encoded).
 * @param props.children the page content.
 */
export function ApiPageStoreProvider({api, children}: {api: string; children: ReactNode}): ReactNode {
  const {siteConfig} = useDocusaurusContext();
  const options = (siteConfig.themeConfig as ThemeConfig).api;
  // One page object per operation, and so one store, however many parts ask for it.
  const page = useMemo(() => createApiPage(api, options), [api, options]);
  return <ApiPageStoreContext.Provider value={page}>{children}</ApiPageStoreContext.Provider>;
}

/**
 * Renders its children inside the page's Redux store Provider, suspending
 * (for the nearest Suspense boundary) while the store's module loads. Outside
 * an operation page (no ApiPageStoreProvider above) it renders the children
 * as they are: the theme's parts work without a store there.
 * @param props.children the content, or a function of the decoded operation
 *   (the explorer's `item`).
 * @throws {Error} when `children` is a function and there is no page above.
 */
export function WithApiPageStore({children}: Pick<ApiPageStoreScopeProps, 'children'>): ReactNode {
  const page = useContext(ApiPageStoreContext);
  if (!page) {
    if (typeof children === 'function') throw new Error('WithApiPageStore: no ApiPageStoreProvider above this part');
    return children;
  }
  const Scope = loadedStoreModule?.ApiPageStoreScope ?? LoadedScope;
  return <Scope page={page}>{children}</Scope>;
}

/**
 * The operation page this component is part of (see ApiPageStoreProvider),
 * or null outside one. Its `endpointStore` serves the method and path heading.
 */
export function useApiPage(): ApiPage | null {
  return useContext(ApiPageStoreContext);
}

/**
 * Wraps a dynamic import of a component that reads the page's store (the
 * theme's schemas and parameters, whose tabs dispatch to it) so that the
 * component renders inside `WithApiPageStore`, and the store's module loads
 * beside the component's chunk.
 * @param load a dynamic import of the component, e.g. `() => import('@theme-original/RequestSchema')`.
 * @returns a dynamic import of the wrapped component, for `React.lazy` or `renderWhenNear`.
 */
export function withApiPageStore<Props extends object>(
  load: () => Promise<{default: ComponentType<Props>}>,
): () => Promise<{default: ComponentType<Props>}> {
  return () =>
    Promise.all([load(), loadApiPageStoreModule()]).then(([{default: Component}]) => {
      function InPageStore(props: Props): ReactNode {
        return (
          <WithApiPageStore>
            <Component {...props} />
          </WithApiPageStore>
        );
      }
      InPageStore.displayName = `WithApiPageStore(${Component.displayName ?? Component.name})`;
      return {default: InPageStore};
    });
}
