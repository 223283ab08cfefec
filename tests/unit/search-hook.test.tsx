// @vitest-environment jsdom
/**
 * The search hook of the dialog and the results page (`useSiteSearch`,
 * src/components/Search/SearchResults.tsx): when it searches, which searches
 * it drops, what it keeps of a search that reports a first row or fails while
 * it is the latest one and once the reader has typed past it, and what its
 * first render and its rows show. The search itself is replaced: each call
 * waits for the test to report its first row, answer it or fail it.
 */
import React from 'react';
import {act, cleanup, render, renderHook} from '@testing-library/react';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';

import type {SearchHit, SearchOutcome} from '../../src/components/Search/engine';

/** Each call of the mocked search: its query, its abort signal, and how to report its first row, answer it or fail it. */
interface Call {
  query: string;
  signal?: AbortSignal;
  /** Whether the search was asked to report its first row early. */
  firstRowEarly: boolean;
  onFirstRow?: (partial: SearchOutcome) => void;
  resolve(outcome: SearchOutcome): void;
  reject(error: Error): void;
}
const calls: Call[] = [];

vi.mock('../../src/components/Search/engine', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/components/Search/engine')>()),
  preloadQuery: vi.fn(),
  searchSite: vi.fn(
    (query: string, _limit: number, options: {signal?: AbortSignal; onFirstRow?: (partial: SearchOutcome) => void}) =>
      new Promise<SearchOutcome>((resolve, reject) =>
        calls.push({
          query,
          signal: options.signal,
          firstRowEarly: options.onFirstRow !== undefined,
          onFirstRow: options.onFirstRow,
          resolve,
          reject,
        }),
      ),
  ),
}));

const {HitContent, searchDelayMs, searchDebounceMs, useSiteSearch} =
  await import('../../src/components/Search/SearchResults');

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

/** Lets the hook's promise callbacks run. */
const settle = () => act(async () => undefined);

describe('searchDelayMs', () => {
  it('starts a query of words of three letters or more at once, and waits for a pause on a shorter word', () => {
    expect(searchDelayMs('pin', 60)).toBe(0);
    expect(searchDelayMs('buffer window memory', 60)).toBe(0);
    expect(searchDelayMs('pi', 60)).toBe(60);
    expect(searchDelayMs('buffer wi', 60)).toBe(60);
    expect(searchDelayMs('pi', 0)).toBe(0);
    expect(searchDelayMs('buffer  window', 60)).toBe(0);
  });
});

describe('useSiteSearch', () => {
  it('runs one search at a time and then only the latest query', async () => {
    const {result, rerender} = renderHook(({query}) => useSiteSearch(query, 6), {initialProps: {query: 'pin'}});
    await act(async () => vi.advanceTimersByTime(0));
    expect(calls.map((call) => call.query)).toEqual(['pin']);

    // Typed on while "pin" runs: the two newer queries wait, and the older of them never runs.
    rerender({query: 'pine'});
    rerender({query: 'pinecone'});
    await act(async () => vi.advanceTimersByTime(0));
    expect(calls.map((call) => call.query)).toEqual(['pin']);
    expect(calls[0].signal?.aborted).toBe(true);

    calls[0].resolve(outcome('stale'));
    await settle();
    expect(calls.map((call) => call.query)).toEqual(['pin', 'pinecone']);
    // The answer to a query typed past is dropped.
    expect(result.current.outcome).toBeUndefined();
    expect(result.current.loading).toBe(true);

    calls[1].resolve(outcome('Pinecone'));
    await settle();
    expect(result.current).toMatchObject({query: 'pinecone', loading: false, outcome: outcome('Pinecone')});
  });

  it('drops a query typed past while it waited for the running search', async () => {
    const {rerender} = renderHook(({query}) => useSiteSearch(query, 6), {initialProps: {query: 'pin'}});
    await act(async () => vi.advanceTimersByTime(0));
    // "pine" is due while "pin" runs: it waits for "pin", and is typed past before "pin" ends.
    rerender({query: 'pine'});
    await act(async () => vi.advanceTimersByTime(0));
    rerender({query: 'pinecone'});
    await act(async () => vi.advanceTimersByTime(0));
    calls[0].resolve(outcome('stale'));
    await settle();
    expect(calls.map((call) => call.query)).toEqual(['pin', 'pinecone']);
  });

  it('asks for the first row early only when told to', async () => {
    renderHook(() => useSiteSearch('pinecone', 6));
    await act(async () => vi.advanceTimersByTime(0));
    renderHook(() => useSiteSearch('memory', 6, {firstRowEarly: true}));
    await act(async () => vi.advanceTimersByTime(0));
    expect(calls.map((call) => [call.query, call.firstRowEarly])).toEqual([
      ['pinecone', false],
      ['memory', true],
    ]);
  });

  it('waits for a pause in typing before it searches a query with a short word', async () => {
    const {rerender} = renderHook(({query}) => useSiteSearch(query, 6), {initialProps: {query: 'p'}});
    await act(async () => vi.advanceTimersByTime(searchDebounceMs - 1));
    rerender({query: 'pi'});
    await act(async () => vi.advanceTimersByTime(searchDebounceMs - 1));
    expect(calls).toEqual([]);
    await act(async () => vi.advanceTimersByTime(1));
    expect(calls.map((call) => call.query)).toEqual(['pi']);
  });

  it('clears the results when the query is emptied', async () => {
    const {result, rerender} = renderHook(({query}) => useSiteSearch(query, 6), {initialProps: {query: 'pinecone'}});
    await act(async () => vi.advanceTimersByTime(0));
    calls[0].resolve(outcome('Pinecone'));
    await settle();
    rerender({query: ''});
    await settle();
    expect(result.current).toEqual({query: '', loading: false});
  });
});

/** Lets the hook's timers and promise callbacks run. */
const runTimers = () => act(async () => vi.advanceTimersByTime(0));

/** Renders the hook on `query`, showing the first row early, and lets its search start. */
async function searching(query: string) {
  const view = renderHook(({query}) => useSiteSearch(query, 6, {firstRowEarly: true}), {initialProps: {query}});
  await runTimers();
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
    await runTimers();
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
    await runTimers();
    await act(async () => calls[0].reject(new Error('offline')));
    await runTimers();
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
