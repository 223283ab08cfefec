/**
 * Loading the search engine: Pagefind's browser script (a plain ES module
 * outside the site's bundles, which starts its worker and loads its
 * WebAssembly and the index metadata), the site's vocabulary and the ranking
 * table (lib/search/ranking-table.mjs). Kept apart
 * from the search code (engine.ts) because the navbar, in every page's main
 * bundle, starts this loading before the reader searches: when the browser
 * is idle after the page has loaded, and again on intent (pointer over or
 * focus on the search button, the shortcut).
 */
import {
  excerptLength,
  highlightParam,
  rankingOptions,
  rankingTableFile,
  searchBasePath,
  vocabularyFile,
} from '../../../lib/search/options.mjs';

export {highlightParam, searchBasePath};

/** The vocabulary file: the words of titles and headings, most frequent first (plugins/search). */
export const vocabularyPath = `${searchBasePath}${vocabularyFile}`;

/** The ranking table: per Pagefind result id, what the re-ranking reads (lib/search/ranking-table.mjs). */
export type RankingTable = Record<string, Array<string | number>>;

/** The part of Pagefind's result data this site reads. */
export interface PagefindResultData {
  url: string;
  /** An excerpt of the page's text, as HTML with the matched words in `<mark>`. */
  excerpt: string;
  meta: {
    title?: string;
    breadcrumbs?: string;
    kind?: string;
    method?: string;
    endpoint?: string;
    /** The terms the page's opening defines, comma-separated (plugins/search, `definedTerms`). */
    defines?: string;
  };
  sub_results?: Array<{title: string; url: string; excerpt: string}>;
}

/** The part of Pagefind's browser API this site uses. */
export interface Pagefind {
  options(options: Record<string, unknown>): Promise<void>;
  /** Loads the engine (worker, WebAssembly, index metadata) ahead of the first search. */
  init(): Promise<void>;
  /** Loads the index chunks a term's words need, without searching. */
  preload(term: string): Promise<void>;
  search(
    term: string | null,
    options?: {filters?: Record<string, string | {any: string[]}>},
  ): Promise<{results: Array<{id: string; score: number; data(): Promise<PagefindResultData>}>}>;
}

let pagefind: Promise<Pagefind> | null = null;
let vocabulary: Promise<string[]> | null = null;
let rankingTable: Promise<RankingTable | undefined> | null = null;
let idleScheduled = false;

/**
 * Loads Pagefind's browser script once per page session, configures it and
 * starts its engine (`init`, not awaited).
 * @returns the engine, once its script has loaded and taken the options.
 * @throws Error (a rejected promise) when the script cannot be loaded: offline, or no index built. A later call
 *   tries again.
 */
export function loadPagefind(): Promise<Pagefind> {
  pagefind ??= (async () => {
    const module = (await import(/* webpackIgnore: true */ `${searchBasePath}pagefind.js`)) as Pagefind;
    await module.options({excerptLength, highlightParam, basePath: searchBasePath, ranking: rankingOptions});
    module.init().catch(() => undefined);
    return module;
  })();
  pagefind.catch(() => {
    pagefind = null;
  });
  return pagefind;
}

/**
 * Loads the site vocabulary once per page session.
 * @returns its words, most frequent first; empty when the file cannot be loaded.
 */
export function loadVocabulary(): Promise<string[]> {
  vocabulary ??= fetch(vocabularyPath)
    .then((response) => (response.ok ? (response.json() as Promise<string[]>) : []))
    .catch(() => []);
  return vocabulary;
}

/**
 * Loads the ranking table once per page session.
 * @returns the table; undefined when it cannot be loaded (the search then keeps Pagefind's order).
 */
export function loadRankingTable(): Promise<RankingTable | undefined> {
  rankingTable ??= fetch(`${searchBasePath}${rankingTableFile}`)
    .then((response) => (response.ok ? (response.json() as Promise<RankingTable>) : undefined))
    .catch(() => undefined);
  return rankingTable;
}

/**
 * Starts loading the engine, the vocabulary and the ranking table; failures
 * are left to the first search, which reports them.
 */
export function preloadSearch(): void {
  loadPagefind().catch(() => undefined);
  void loadVocabulary();
  void loadRankingTable();
}

/**
 * Whether the reader asked the browser to save data (the `Save-Data`
 * preference, `navigator.connection.saveData`): then nothing loads before
 * the reader shows intent.
 */
function savesData(): boolean {
  return Boolean((navigator as Navigator & {connection?: {saveData?: boolean}}).connection?.saveData);
}

/**
 * Once per page session, starts {@link preloadSearch} when the browser is
 * idle after the page's load event, so that a first search waits only for the
 * index chunks of its own words. Does nothing when the reader saves data.
 * @param timeoutMs the longest wait for an idle moment after the load event, in milliseconds.
 */
export function preloadSearchWhenIdle(timeoutMs = 3000): void {
  if (idleScheduled || savesData()) return;
  idleScheduled = true;
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(preloadSearch, {timeout: timeoutMs});
    else window.setTimeout(preloadSearch, 0);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, {once: true});
}
