/**
 * Places a plugin's aliases before those already in Docusaurus' client bundler
 * configuration. The bundler takes the first alias that matches a request, and
 * Docusaurus' `@generated` alias (its generated files folder) matches every
 * `@generated/…` request, so an alias of one generated module must come first
 * to win. That is the assumption `aliasesWin` of lib/route-split-assumptions.ts;
 * the bundler checks of plugins/route-split and plugins/client-bundle fail the
 * build when it no longer holds.
 * @param config the client configuration passed to `configureWebpack`; its `resolve` is replaced.
 * @param alias the aliases to put first, by request (`$` at the end for an exact match) and file path.
 */
export function prependAliases(config: {resolve?: {alias?: unknown}}, alias: Record<string, string>): void {
  config.resolve = {...config.resolve, alias: {...alias, ...(config.resolve?.alias as object)}};
}
