/**
 * Types of the OpenAPI theme's components that the site imports by their
 * `@theme/` name (so a swizzle applies), taken from the theme's own
 * declarations, or from the site's swizzle where there is one.
 */
declare module '@theme/ApiItem/Layout' {
  export {default} from 'docusaurus-theme-openapi-docs/lib/theme/ApiItem/Layout';
}
declare module '@theme/SchemaExpansion' {
  export * from 'docusaurus-theme-openapi-docs/lib/theme/SchemaExpansion';
  export {default} from 'docusaurus-theme-openapi-docs/lib/theme/SchemaExpansion';
}
declare module '@theme/SkeletonLoader' {
  export {default} from 'docusaurus-theme-openapi-docs/lib/theme/SkeletonLoader';
}
declare module '@theme/ApiExplorer' {
  export {default} from '@site/src/theme/ApiExplorer';
}
