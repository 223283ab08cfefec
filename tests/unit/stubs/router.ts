/** Test stand-in for @docusaurus/router: a fixed location, no query string. */
export function useLocation(): {pathname: string; search: string; hash: string} {
  return {pathname: '/docs/intro', search: '', hash: ''};
}
