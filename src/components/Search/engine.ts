/**
 * The site search, on Pagefind: a static index written next to the site at
 * build time (`plugins/search`), cut into small chunks so that a query
 * downloads only the parts of the index for its words and the fragments of the
 * results it shows. Pagefind matches whole words and word prefixes; this module
 * adds typo tolerance on top: when a query finds nothing, each unknown word is
 * replaced by the closest word of the site's vocabulary (page titles and
 * headings, also written at build time) and the query runs again.
 *
 * Everything here runs in the browser, in a chunk loaded when the reader
 * shows intent to search; Pagefind itself is loaded by loader.ts.
 */
import {analyseQuery} from '../../../lib/search/rank.mjs';
import type {PagefindResultData} from './loader';
import {findResults, orderedResults} from '../../../lib/search/results.mjs';
import {loadPagefind, loadRankingTable, loadVocabulary, type Pagefind, type RankingTable} from './loader';
import {bestSection, excerptParts as rowExcerptParts, nearestWord, suggestionFor} from '../../../lib/search/rows.mjs';

/** One row of search results: a page, the section of it that matches best, and an excerpt. */
export interface SearchHit {
  /** The page's URL, with the search terms for highlighting. */
  url: string;
  title: string;
  /** Where the page sits in the site, e.g. "Developers › Deployment". */
  breadcrumbs: string;
  /** The heading of the best matching section, when it is not the page's top. */
  section?: string;
  /** Excerpt text split into plain and matched parts. */
  excerpt: ExcerptPart[];
  /** The page's kind (lib/search/index-html.mjs): hub, doc, node, variant, api-tag, api-op or blog. */
  kind?: string;
  /** An API operation's method and path. */
  method?: string;
  endpoint?: string;
}

/** A piece of an excerpt; `match` pieces are the searched words. */
export interface ExcerptPart {
  text: string;
  match: boolean;
}

/**
 * The closest word of `words` to `word` when it is a likely typo: at most one
 * edit for words of up to five letters, two for longer ones; the more frequent
 * word wins a tie (`words` is ordered by frequency). Undefined when `word` is
 * itself a word of the vocabulary or nothing is close.
 */
export function closestWord(word: string, words: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  if (lower.length < 4 || words.includes(lower)) return undefined;
  return nearestWord(lower, words, lower.length <= 5 ? 1 : 2);
}

/**
 * The query with every word that is not in the vocabulary replaced by its
 * closest word; undefined when nothing changes.
 */
export function correctQuery(query: string, words: readonly string[]): string | undefined {
  let changed = false;
  const corrected = query.replace(/[\p{L}\p{N}]+/gu, (word) => {
    const replacement = closestWord(word, words);
    if (!replacement) return word;
    changed = true;
    return replacement;
  });
  return changed ? corrected : undefined;
}

/** Splits Pagefind's excerpt HTML into plain and matched text, decoding its entities (marks on whole words). */
export function excerptParts(html: string): ExcerptPart[] {
  return rowExcerptParts(html);
}

/** The words of a text: letters and digits, lower-cased. */
function wordsOf(text: string): string[] {
  // Stryker disable next-line MethodExpression: the query and the marks are folded alike, so either case finds the same words
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Whether Pagefind's excerpts mark every typed word of four letters or more (or
 * a word starting with it, or its stem): when a word is missing, Pagefind
 * matched only part of it ("pin" for "pincone"), and the query may be a typo.
 * @param query what the reader typed.
 * @param excerpts the excerpt HTML of the top results.
 */
export function typedWordsFound(query: string, excerpts: readonly string[]): boolean {
  const marked = new Set(
    excerpts.flatMap((html) => [...html.matchAll(/<mark>([\s\S]*?)<\/mark>/g)].flatMap((m) => wordsOf(m[1]))),
  );
  return wordsOf(query)
    .filter((word) => word.length >= 4)
    .every((word) =>
      [...marked].some((mark) => mark.startsWith(word) || (word.startsWith(mark) && mark.length >= word.length - 2)),
    );
}

/**
 * A result of Pagefind as a row: the most relevant section when it is not the
 * top of the page (lib/search/rows.mjs), and the page's kind and, for an API
 * operation, its method and path.
 * @param data Pagefind's result data.
 * @param terms the query's significant words.
 */
export function toHit(data: PagefindResultData, terms: readonly string[]): SearchHit {
  const best = bestSection(data, [...terms]);
  const pageUrl = data.url.split('#')[0];
  return {
    url: best ? best.url : data.url,
    title: data.meta.title ?? pageUrl,
    breadcrumbs: data.meta.breadcrumbs ?? '',
    section: best ? best.title : undefined,
    excerpt: excerptParts(best ? best.excerpt : data.excerpt),
    kind: data.meta.kind,
    method: data.meta.method,
    endpoint: data.meta.endpoint,
  };
}

/**
 * Settles as `promise` does, or rejects with the signal's reason as soon as the
 * signal aborts (the work behind `promise` goes on; its outcome is dropped).
 * @param promise the work to wait for.
 * @param signal the abort signal, if any.
 */
export function unlessAborted<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, {once: true});
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** What a search returns. */
export interface SearchOutcome {
  hits: SearchHit[];
  /** How many pages match in all. */
  total: number;
  /** The query that was run instead, when the typed one found nothing and a corrected one did. */
  corrected?: string;
  /** When nothing matches: the closest query of real words, to offer. */
  suggestion?: string;
}

/** Options of {@link searchSite} and {@link searchWith}. */
export interface SearchOptions {
  /**
   * Aborts the search once the reader has typed on: the search rejects at once, even while its rows' data is
   * loading, so that the next search need not wait; a search aborted before its rows' data was asked for asks for
   * its first row's only (the longer query mostly shows the same page first).
   */
  signal?: AbortSignal;
  /**
   * Called with the first row as soon as its data has arrived, before the
   * others, when the rows are already final (the query needs no typo
   * correction): the row order is fixed before any data loads, so later rows
   * only join below it.
   */
  onFirstRow?: (partial: SearchOutcome) => void;
}

/**
 * Searches the site. When the query has a word that is not in the vocabulary
 * and Pagefind finds it nowhere, the query is corrected and run again.
 * @param query what the reader typed.
 * @param limit how many rows to return (the data of each is fetched; the rest are only counted).
 * @param options an abort signal and a callback for the first row.
 * @throws Error when Pagefind cannot be loaded; the signal's reason when it aborts.
 */
export async function searchSite(query: string, limit: number, options: SearchOptions = {}): Promise<SearchOutcome> {
  const [engine, words, table] = await Promise.all([loadPagefind(), loadVocabulary(), loadRankingTable()]);
  return searchWith(engine, {words, table}, query, limit, options);
}

/** The shortest typed word whose index chunks load while the reader types. */
export const preloadMinLength = 3;

/**
 * Starts loading the index chunks that the words of a query need, while the
 * reader is still typing it (Pagefind's `preload`): the search that runs when
 * typing pauses then waits only for its results' data.
 * @param query what the reader has typed so far.
 */
export function preloadQuery(query: string): void {
  // A word of one or two letters starts a range of the index that its full form rarely needs.
  const text = analyseQuery(query)
    .terms.filter((word) => word.length >= preloadMinLength)
    .join(' ');
  if (!text) return;
  loadPagefind()
    .then((engine) => engine.preload(text))
    .catch(() => undefined);
}

/** What a search reads besides the engine: the site's vocabulary and the ranking table (lib/search/ranking-table.mjs). */
export interface SearchIndexFiles {
  /** The words of titles and headings, most frequent first. */
  words: readonly string[];
  table: RankingTable | undefined;
}

/**
 * The search of {@link searchSite} on a given engine and index files: the
 * browser passes Pagefind's script, the relevance benchmark
 * (lib/bench/search-relevance.mjs) the same script loaded in Node.
 * @param engine Pagefind's `search`.
 * @param files the vocabulary and the ranking table.
 * @param query what the reader typed.
 * @param limit how many rows to return.
 * @param options as for {@link searchSite}.
 */
export async function searchWith(
  engine: Pick<Pagefind, 'search'>,
  {words, table}: SearchIndexFiles,
  query: string,
  limit: number,
  {signal, onFirstRow}: SearchOptions = {},
): Promise<SearchOutcome> {
  const run = async (text: string, onFirst?: (partial: SearchOutcome) => void) => {
    const analysis = analyseQuery(text);
    const {results, extra} = await findResults(engine, analysis, table);
    const ordered: Array<{data(): Promise<PagefindResultData>}> = orderedResults(
      results,
      extra,
      analysis,
      limit,
      table,
    );
    if (signal?.aborted) {
      // The reader typed on, and the longer query mostly puts the same page first: its data (which Pagefind keeps
      // once loaded) starts loading now rather than after the next search.
      ordered[0]?.data().catch(() => undefined);
      signal.throwIfAborted();
    }
    const pending = ordered.map((result) => result.data());
    if (onFirst && pending.length > 1) {
      pending[0].then(
        (data) => signal?.aborted || onFirst({hits: [toHit(data, analysis.terms)], total: results.length}),
        () => undefined,
      );
    }
    const data = await unlessAborted(Promise.all(pending), signal);
    return {
      hits: data.map((d) => toHit(d, analysis.terms)),
      total: results.length,
      excerpts: data.slice(0, 3).map((d) => d.excerpt),
    };
  };
  const corrected = correctQuery(query, words);
  // Without a possible correction, the first run's rows are the answer: show its first row at once.
  const first = await run(query, corrected ? undefined : onFirstRow);
  if (corrected && (first.total === 0 || !typedWordsFound(query, first.excerpts))) {
    const second = await run(corrected);
    if (second.total > 0) return {hits: second.hits, total: second.total, corrected};
  }
  if (first.total === 0) return {hits: [], total: 0, suggestion: suggestionFor(query, words)};
  return {hits: first.hits, total: first.total};
}
