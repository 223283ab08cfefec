/**
 * The options the site passes to Pagefind's browser API and where the index's
 * files are, one source for the indexer (plugins/search), the browser
 * (src/components/Search/loader.ts) and the relevance benchmark
 * (lib/bench/search-relevance.mjs), which must rank exactly as readers see.
 */

/**
 * Pagefind's ranking options, tuned on the judged set (tests/search/judgements.json): term frequency counts
 * half (a page that repeats a word is not much more about it) and page length barely counts (hub pages are
 * long: they present every page below them).
 */
export const rankingOptions = {termFrequency: 0.5, pageLength: 0.1, termSaturation: 1.4};

/** Words in an excerpt: a little longer than Pagefind's default of 30 characters' worth, for context in a row. */
export const excerptLength = 24;

/** The URL folder of Pagefind's files in the built site (plugins/search writes them). */
export const searchBasePath = '/pagefind/';

/**
 * Whether a URL is a file of Pagefind's folder: the engine, its index and the files beside it.
 * @param {string} url an absolute URL, or a path.
 */
export function inSearchFolder(url) {
  return new URL(url, 'http://site.invalid').pathname.startsWith(searchBasePath);
}

/** The site's vocabulary beside the index (plugins/search): the words of titles and headings, most frequent first. */
export const vocabularyFile = 'vocabulary.json';

/** The ranking table beside the index (lib/search/ranking-table.mjs). */
export const rankingTableFile = 'ranking-table.json';

/** The query parameter that carries the searched terms to a result page, where they are highlighted. */
export const highlightParam = 'highlight';
