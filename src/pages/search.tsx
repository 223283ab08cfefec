/**
 * The full search results page at `/search?q=…`: the same search as the
 * navbar's dialog, with more results, each a link to the matching section.
 */
import React, {useEffect, useState, type ReactNode} from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import {useHistory, useLocation} from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {HitContent, SearchStatus, useSiteSearch} from '@site/src/components/Search/SearchResults';
import styles from '@site/src/components/Search/styles.module.css';

/** How many results the page lists. */
export const pageResultCount = 30;

/** The `q` parameter of a location's query string. */
export function queryOf(search: string): string {
  return new URLSearchParams(search).get('q') ?? '';
}

/** The page. Reads and writes the query in the URL, so a search can be shared and the back button works. */
export default function SearchPage(): ReactNode {
  const location = useLocation();
  const history = useHistory();
  // The static HTML has no query string: read it once hydrated, so the first render matches the HTML.
  const query = useIsBrowser() ? queryOf(location.search) : '';
  const [draft, setDraft] = useState(query);
  useEffect(() => setDraft(query), [query]);
  const state = useSiteSearch(query, pageResultCount, {debounceMs: 0});
  const hits = state.outcome?.hits ?? [];
  const heading = query.trim() ? `Search results for “${query.trim()}”` : 'Search the documentation';

  return (
    <Layout title={heading} description="Search the AnswerAI documentation, API reference and blog.">
      <main className="container margin-vert--lg">
        <h1>{heading}</h1>
        <form
          role="search"
          className={styles.pageForm}
          onSubmit={(event) => {
            event.preventDefault();
            history.push(`/search?q=${encodeURIComponent(draft.trim())}`);
          }}>
          <input
            type="search"
            aria-label="Search the docs"
            placeholder="Search the docs"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="button button--primary">
            Search
          </button>
        </form>
        <SearchStatus state={state} />
        {state.outcome && state.outcome.total > 0 && (
          <p>
            {state.outcome.total} {state.outcome.total === 1 ? 'page matches' : 'pages match'}
            {state.outcome.total > hits.length ? `; the first ${hits.length} are shown.` : '.'}
          </p>
        )}
        <ul className={styles.pageResults}>
          {hits.map((hit) => (
            <li key={hit.url}>
              <Link to={hit.url}>
                <HitContent hit={hit} />
              </Link>
            </li>
          ))}
        </ul>
      </main>
    </Layout>
  );
}
