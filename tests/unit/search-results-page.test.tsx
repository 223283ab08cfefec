// @vitest-environment jsdom
/**
 * What `useSiteSearch` (src/components/Search/SearchResults.tsx) keeps of a
 * search that reports a first row or fails, when it is the latest search and
 * when the reader has typed past it, and what its rows and its server render
 * show. The search itself is replaced: each call waits for the test to report
 * its first row, answer or fail it.
 */
import React from 'react';
import {act, cleanup, render, renderHook} from '@testing-library/react';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';

import type {SearchHit, SearchOutcome} from '../../src/components/Search/engine';

/** Each call of the mocked search: its query and how to report its first row, answer it or fail it. */
interface Call {
  query: string;
  onFirstRow?: (partial: SearchOutcome) => void;
  resolve(outcome: SearchOutcome): void;
  reject(error: Error): void;
}
const calls: Call[] = [];

vi.mock('../../src/components/Search/engine', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/components/Search/engine')>()),
  preloadQuery: vi.fn(),
  searchSite: vi.fn(
    (query: string, _limit: number, options: {onFirstRow?: (partial: SearchOutcome) => void}) =>
      new Promise<SearchOutcome>((resolve, reject) =>
        calls.push({query, onFirstRow: options.onFirstRow, resolve, reject}),
      ),
  ),
}));

const {HitContent, useSiteSearch} = await import('../../src/components/Search/SearchResults');

const hit = (title: string, fields: Partial<SearchHit> = {}): SearchHit => ({
  url: `/docs/${title.toLowerCase()}/`,
  title,
  breadcrumbs: 'Using AnswerAI',
  excerpt: [],
  ...fields,
});
const outcome = (title: string, total = 1): SearchOutcome => ({hits: [hit(title)], total});

const unavailable = 'Search is not available right now. Check your connection and try again.';

beforeEach(() => {
  calls.length = 0;
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Lets the hook's timers and promise callbacks run. */
const settle = () => act(async () => vi.advanceTimersByTime(0));

/** Renders the hook on `query`, showing the first row early, and lets its search start. */
async function searching(query: string) {
  const view = renderHook(({query}) => useSiteSearch(query, 6, {firstRowEarly: true}), {initialProps: {query}});
  await settle();
  return view;
}

describe('a search that reports its first row', () => {
  it('shows that row, still loading, while it is the latest search', async () => {
    const {result} = await searching('memory');
    await act(async () => calls[0].onFirstRow?.(outcome('Memory', 4)));
    expect(result.current).toEqual({query: 'memory', outcome: outcome('Memory', 4), loading: true});
  });

  it('changes nothing once the reader has typed past it', async () => {
    const {result, rerender} = await searching('memory');
    rerender({query: 'pinecone'});
    await settle();
    await act(async () => calls[0].onFirstRow?.(outcome('Memory', 4)));
    expect(result.current).toEqual({query: 'pinecone', loading: true});
  });
});

describe('a search that fails', () => {
  it('says the search is not available, and stops loading, while it is the latest search', async () => {
    const {result} = await searching('memory');
    await act(async () => calls[0].reject(new Error('offline')));
    expect(result.current).toEqual({query: 'memory', loading: false, error: unavailable});
  });

  it('changes nothing once the reader has typed past it', async () => {
    const {result, rerender} = await searching('memory');
    rerender({query: 'pinecone'});
    await settle();
    await act(async () => calls[0].reject(new Error('offline')));
    await settle();
    expect(calls.map((call) => call.query)).toEqual(['memory', 'pinecone']);
    expect(result.current).toEqual({query: 'pinecone', loading: true});
    await act(async () => calls[1].resolve(outcome('Pinecone')));
    expect(result.current).toEqual({query: 'pinecone', outcome: outcome('Pinecone'), loading: false});
  });
});

describe('before any search runs', () => {
  it('renders the query, not loading, as the server does', () => {
    // The first render is the one the server sends: effects, and so searches, run only in the browser.
    const rendered: unknown[] = [];
    renderHook(() => rendered.push(useSiteSearch('memory', 6)));
    expect(rendered[0]).toEqual({query: 'memory', loading: false});
  });
});

describe('a result row', () => {
  it('shows its breadcrumbs in their own element', () => {
    const view = render(<HitContent hit={hit('Memory')} />);
    expect(view.container.querySelector('.hitBreadcrumbs')?.textContent).toBe('Using AnswerAI');
  });
});
