// @vitest-environment jsdom
import {act, cleanup, renderHook} from '@testing-library/react';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';

import type {SearchOutcome} from '../../src/components/Search/engine';

/** Each call of the mocked search: its query, its abort signal and how to finish it. */
interface Call {
  query: string;
  signal?: AbortSignal;
  /** Whether the search was asked to report its first row early. */
  firstRowEarly: boolean;
  resolve(outcome: SearchOutcome): void;
}
const calls: Call[] = [];

vi.mock('../../src/components/Search/engine', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/components/Search/engine')>()),
  preloadQuery: vi.fn(),
  searchSite: vi.fn(
    (query: string, _limit: number, options: {signal?: AbortSignal; onFirstRow?: unknown}) =>
      new Promise<SearchOutcome>((resolve) =>
        calls.push({query, signal: options.signal, firstRowEarly: options.onFirstRow !== undefined, resolve}),
      ),
  ),
}));

const {searchDelayMs, searchDebounceMs, useSiteSearch} = await import('../../src/components/Search/SearchResults');

const outcome = (title: string): SearchOutcome => ({
  hits: [{url: `/${title}`, title, breadcrumbs: 'Docs', excerpt: []}],
  total: 1,
});

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
