import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {preloadMinLength, preloadQuery, searchSite, type SearchHit, type SearchOutcome} from './engine';
import styles from './styles.module.css';

/** The state of a search as the interface shows it. */
export interface SearchState {
  query: string;
  outcome?: SearchOutcome;
  loading: boolean;
  /** A message when the search could not run (offline, no index). */
  error?: string;
}

/**
 * How long typing must pause before the search of a query with a short word
 * runs, in milliseconds: longer than the gap between two keys of a fast
 * typist, so that a prefix of one or two letters, which matches a large part
 * of the index and is rarely the answer, is not searched while the reader
 * types on.
 */
export const searchDebounceMs = 60;

/**
 * The shortest word that lets a search start without waiting for a pause in
 * typing: the length from which `preloadQuery` loads a word's index chunks,
 * so that such a search mostly finds them loaded.
 */
export const immediateSearchMinLength = preloadMinLength;

/**
 * How long after a change the search of `query` starts, in milliseconds: at
 * once when every word has at least {@link immediateSearchMinLength}
 * letters, otherwise after `debounceMs`.
 * @param query what the reader typed (trimmed, not empty).
 * @param debounceMs the pause a query with a short word waits for.
 */
export function searchDelayMs(query: string, debounceMs: number): number {
  return query.split(/\s+/).every((word) => word.length >= immediateSearchMinLength) ? 0 : debounceMs;
}

/**
 * Runs the site search for `query` as the reader types, keeping the latest
 * answer. Searches run one at a time: a change made while a search is running
 * waits for it, and only the latest query then runs. A search the reader has
 * typed past ends at once, loading at most its first row's data if it had
 * not asked for its rows yet (see `SearchOptions.signal`), and an older
 * answer that arrives late is dropped. The index chunks for the words typed
 * so far start loading at each keystroke.
 * @param query what the reader typed; empty clears the results.
 * @param limit how many rows to fetch.
 * @param options.debounceMs how long a query with a word shorter than {@link immediateSearchMinLength} waits after
 *   the last change, in milliseconds (0 runs at once, as on a results page); see {@link searchDelayMs}.
 * @param options.firstRowEarly show the first row as soon as its data arrives (the dialog, where the reader is
 *   typing), instead of all rows at once (a results page, which must not grow under the reader's eyes).
 */
export function useSiteSearch(
  query: string,
  limit: number,
  {debounceMs = searchDebounceMs, firstRowEarly = false}: {debounceMs?: number; firstRowEarly?: boolean} = {},
): SearchState {
  const [state, setState] = useState<SearchState>({query, loading: false});
  const latest = useRef(0);
  // Settles when the search that last started ends: answered, failed or aborted (an aborted search ends once Pagefind
  // has searched, without waiting for its rows' data).
  const running = useRef<Promise<unknown>>(Promise.resolve());
  useEffect(() => {
    const trimmed = query.trim();
    // Stryker disable next-line UpdateOperator: ids are only compared for equality, and counting down keeps them apart
    const id = ++latest.current;
    if (trimmed === '') {
      setState({query, loading: false});
      return;
    }
    preloadQuery(trimmed);
    setState((previous) => ({...previous, query, loading: true, error: undefined}));
    const typedOn = new AbortController();
    const start = () =>
      running.current.then(() => {
        if (typedOn.signal.aborted) return;
        const search = searchSite(trimmed, limit, {
          signal: typedOn.signal,
          onFirstRow: firstRowEarly
            ? (partial) => id === latest.current && setState({query, outcome: partial, loading: true})
            : undefined,
        });
        running.current = search.catch(() => undefined);
        search.then(
          (outcome) => id === latest.current && setState({query, outcome, loading: false}),
          () =>
            id === latest.current &&
            setState({
              query,
              loading: false,
              error: 'Search is not available right now. Check your connection and try again.',
            }),
        );
      });
    const timer = window.setTimeout(start, searchDelayMs(trimmed, debounceMs));
    return () => {
      window.clearTimeout(timer);
      typedOn.abort();
    };
  }, [query, limit, debounceMs, firstRowEarly]);
  return state;
}

/** Props of {@link HitContent}. */
export interface HitContentProps {
  hit: SearchHit;
}

/** The label of a page kind (lib/search/index-html.mjs) that a row shows. */
export function kindLabel(kind: string | undefined): string {
  switch (kind) {
    case 'api-op':
    case 'api-tag':
      return 'API';
    case 'blog':
      return 'Blog';
    case 'node':
    case 'variant':
      return 'Node';
    default:
      return 'Docs';
  }
}

/**
 * What a result row shows: the page type and its place (breadcrumbs, or an
 * API operation's method and path), the title and the matching section, and
 * an excerpt with the matches marked.
 */
export function HitContent({hit}: HitContentProps): ReactNode {
  return (
    <>
      <span className={styles.hitPlace}>
        <span className={styles.hitKind}>{kindLabel(hit.kind)}</span>
        {hit.method && hit.endpoint ? (
          <code className={styles.hitEndpoint}>
            <span className={styles.hitMethod}>{hit.method}</span> {hit.endpoint}
          </code>
        ) : (
          hit.breadcrumbs && <span className={styles.hitBreadcrumbs}>{hit.breadcrumbs}</span>
        )}
      </span>
      <span className={styles.hitTitle}>
        {hit.title}
        {hit.section && <span className={styles.hitSection}> › {hit.section}</span>}
      </span>
      <span className={styles.hitExcerpt}>
        {hit.excerpt.map((part, index) => (part.match ? <mark key={index}>{part.text}</mark> : part.text))}
      </span>
    </>
  );
}

/** Props of {@link SearchStatus}. */
export interface SearchStatusProps {
  state: SearchState;
  className?: string;
  /** Runs the suggested query in place (the dialog); without it the suggestion links to the results page. */
  onSuggest?: (query: string) => void;
}

/**
 * The line above or instead of results: searching, nothing found (with the
 * closest real word when there is one), a correction ("Showing results for
 * …"), or the error. Announced politely to screen readers.
 */
export function SearchStatus({state, className, onSuggest}: SearchStatusProps): ReactNode {
  const {outcome, loading, error, query} = state;
  let message: ReactNode = null;
  if (error) message = error;
  else if (loading && !outcome) message = 'Searching…';
  else if (outcome && outcome.total === 0 && query.trim()) {
    const suggestion = outcome.suggestion;
    message = (
      <>
        No results for “{query.trim()}”.
        {suggestion && (
          <>
            {' '}
            Did you mean{' '}
            {onSuggest ? (
              <button type="button" className={styles.suggestion} onClick={() => onSuggest(suggestion)}>
                {suggestion}
              </button>
            ) : (
              <Link to={`/search?q=${encodeURIComponent(suggestion)}`}>{suggestion}</Link>
            )}
            ?
          </>
        )}
      </>
    );
  } else if (outcome?.corrected)
    message = `No results for “${query.trim()}”. Showing results for “${outcome.corrected}”.`;
  return (
    <p className={clsx(styles.status, className)} role="status" aria-live="polite">
      {message}
    </p>
  );
}
