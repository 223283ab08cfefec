/**
 * Client module: on a page opened from a search result (its URL carries
 * `?highlight=<term>`), marks the searched terms in the page's content with
 * Pagefind's highlighter, loaded only then. Runs after every route update,
 * so it also works after a client-side navigation.
 */
import type {ClientModule} from '@docusaurus/types';
import {highlightParam, searchBasePath} from '../components/Search/loader';

interface HighlighterModule {
  default: new (options: {
    highlightParam: string;
    addStyles: boolean;
    markOptions?: Record<string, unknown>;
  }) => unknown;
}

const clientModule: ClientModule = {
  onRouteDidUpdate({location}) {
    if (!new URLSearchParams(location.search).has(highlightParam)) return;
    import(/* webpackIgnore: true */ `${searchBasePath}pagefind-highlight.js`)
      .then((module: HighlighterModule) => {
        // Styled by the site's CSS (`mark.search-term`); Pagefind's inline style is off.
        new module.default({highlightParam, addStyles: false, markOptions: {className: 'search-term'}});
      })
      .catch(() => undefined);
  },
};

export default clientModule;
