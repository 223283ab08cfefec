/**
 * What the route split (plugins/route-split, lib/route-groups.ts) takes for
 * granted about Docusaurus and Rspack, by name. Docusaurus and Rspack promise
 * none of it; every check that finds one broken, in the build or in a test
 * (tests/unit/route-split-contract.test.ts), names it with
 * {@link assumptionBroken}. README, "Upgrading Docusaurus and Rspack", says
 * what to do when one breaks.
 */
export const assumptions = {
  routesShape:
    'routes.js is `export default [...]`, each route a literal whose component is `ComponentCreator(path, hash)`',
  registryFormat:
    'registry.js has one line per chunk: `"<name>": [() => import(/* webpackChunkName: "<name>" */ "<module>"), "<module>", require.resolveWeak("<module>")]`',
  chunkNamesKeys: 'routesChunkNames.json is keyed `${path}-${hash}` by the two arguments of each ComponentCreator call',
  aliasesWin:
    "the @generated aliases of the route split (and of plugins/client-bundle) win over Docusaurus' @generated alias in the client build",
  creatorReadsAtCall:
    'ComponentCreator(path, hash) reads @generated/registry and @generated/routesChunkNames when it is called, not later',
  windowDocusaurus:
    "window.docusaurus holds core's prefetch(path) and preload(path), and Link calls them when a link comes into view or is hovered",
  preloadAfterHistory:
    "a route component's preload() runs after the history has moved: window.location is the location about to be shown",
  chunkAsset:
    "__webpack_require__.gca(chunkName), added by Docusaurus' ChunkAssetPlugin, gives the URL of a named chunk, and core's prefetch is the only caller in Docusaurus",
  chunkFilename:
    'async chunk files are named by output.chunkFilename with no per-chunk placeholder, so the runtime holds no map of them',
} as const;

export type AssumptionName = keyof typeof assumptions;

/**
 * The error that reports a broken assumption: its name, what it says, and what was found.
 * @param name the assumption.
 * @param found what the check found instead.
 */
export function assumptionBroken(name: AssumptionName, found: string): Error {
  return new Error(
    `route-split: the assumption "${name}" no longer holds (${assumptions[name]}): ${found}. ` +
      'See README, "Upgrading Docusaurus and Rspack".',
  );
}
