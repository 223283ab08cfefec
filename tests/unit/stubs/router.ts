/** Test stand-in for @docusaurus/router: a fixed location, no query string; react-router's matchPath. */
export {matchPath} from 'react-router-dom';

export function useLocation(): {pathname: string; search: string; hash: string} {
  return {pathname: '/docs/intro', search: '', hash: ''};
}
