// @vitest-environment jsdom
/**
 * Loading the search engine (`src/components/Search/loader.ts`) in jsdom:
 * Pagefind's browser script is a stand-in module, `fetch` a stand-in that
 * records its URLs. Each test imports a fresh copy of the loader, whose
 * once-per-page state starts empty.
 */
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {patience} from './patience';
import {
  excerptLength,
  highlightParam,
  rankingOptions,
  rankingTableFile,
  searchBasePath,
  vocabularyFile,
} from '../../lib/search/options.mjs';

/**
 * What the stand-in Pagefind script records, and whether it fails. Vitest
 * evaluates the stand-in once per file, so a failure to load is a failure of
 * its first call, `options`, which `loadPagefind` awaits as it awaits the script.
 */
const engine = vi.hoisted(() => ({
  fails: false,
  options: [] as unknown[],
  inits: 0,
}));

vi.mock('/pagefind/pagefind.js', () => {
  return {
    options: async (options: unknown) => {
      engine.options.push(options);
      if (engine.fails) throw new Error('Failed to fetch dynamically imported module');
    },
    init: async () => {
      engine.inits += 1;
      throw new Error('init fails quietly');
    },
    preload: async () => undefined,
    search: async () => ({results: []}),
  };
});

/** The URLs the page fetched, and the response each gets. */
const fetched: string[] = [];
let respond: (url: string) => Promise<Response>;

type Loader = typeof import('../../src/components/Search/loader');
let loader: Loader;

beforeEach(async () => {
  vi.resetModules();
  engine.fails = false;
  engine.options = [];
  engine.inits = 0;
  fetched.length = 0;
  respond = async (url) => new Response(JSON.stringify(url.endsWith(vocabularyFile) ? ['pinecone'] : {a: [1]}));
  vi.stubGlobal('fetch', (url: string) => {
    fetched.push(url);
    return respond(url);
  });
  loader = await import('../../src/components/Search/loader');
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('loadPagefind', () => {
  it("loads Pagefind's script once, with the site's options, and starts its engine", async () => {
    expect(searchBasePath).toBe('/pagefind/');
    const first = loader.loadPagefind();
    expect(loader.loadPagefind()).toBe(first);
    const module = await first;
    expect(typeof module.search).toBe('function');
    expect(engine.options).toEqual([
      {excerptLength, highlightParam, basePath: searchBasePath, ranking: rankingOptions},
    ]);
    expect(engine.inits).toBe(1);
    await loader.loadPagefind();
    expect(engine.options).toHaveLength(1);
  });

  it('rejects when the script cannot load, and tries again on the next call', async () => {
    engine.fails = true;
    await expect(loader.loadPagefind()).rejects.toThrow('Failed to fetch');
    engine.fails = false;
    const module = await loader.loadPagefind();
    expect(typeof module.search).toBe('function');
    expect(engine.options).toHaveLength(2);
    expect(engine.inits).toBe(1);
  });
});

describe('the vocabulary and the ranking table', () => {
  it('load once each, from beside the index', async () => {
    expect(loader.vocabularyPath).toBe(`${searchBasePath}${vocabularyFile}`);
    expect(await loader.loadVocabulary()).toEqual(['pinecone']);
    expect(await loader.loadRankingTable()).toEqual({a: [1]});
    await loader.loadVocabulary();
    await loader.loadRankingTable();
    expect(fetched).toEqual([`${searchBasePath}${vocabularyFile}`, `${searchBasePath}${rankingTableFile}`]);
  });

  it('are empty when the server answers with an error', async () => {
    // An error page that happens to be JSON is still no vocabulary.
    respond = async () => new Response('["not", "found"]', {status: 404});
    expect(await loader.loadVocabulary()).toEqual([]);
    expect(await loader.loadRankingTable()).toBeUndefined();
  });

  it('are empty when the network fails', async () => {
    respond = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await loader.loadVocabulary()).toEqual([]);
    expect(await loader.loadRankingTable()).toBeUndefined();
  });
});

describe('preloadSearch', () => {
  it('starts loading the engine, the vocabulary and the ranking table, and leaves failures to the search', async () => {
    engine.fails = true;
    loader.preloadSearch();
    await vi.waitFor(() => expect(fetched).toHaveLength(2), patience);
    await vi.waitFor(() => expect(engine.options).toHaveLength(1), patience);
  });
});

describe('preloadSearchWhenIdle', () => {
  /** Makes the document look loading or loaded. */
  const readyState = (state: DocumentReadyState) =>
    Object.defineProperty(document, 'readyState', {value: state, configurable: true});
  afterEach(() => readyState('complete'));

  it('preloads when the browser is idle, once per page, waiting at most the given time', () => {
    const idle = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    readyState('complete');
    loader.preloadSearchWhenIdle(1234);
    loader.preloadSearchWhenIdle(1234);
    expect(idle).toHaveBeenCalledTimes(1);
    expect(idle).toHaveBeenCalledWith(loader.preloadSearch, {timeout: 1234});
    expect(fetched).toEqual([]);
  });

  it('waits for the load event while the page loads', () => {
    const idle = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    readyState('loading');
    loader.preloadSearchWhenIdle();
    expect(idle).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveBeenCalledTimes(1);
    expect(idle).toHaveBeenCalledWith(loader.preloadSearch, {timeout: 3000});
  });

  it('falls back to a timer where the browser has no idle callback', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    readyState('complete');
    loader.preloadSearchWhenIdle();
    expect(fetched).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(fetched).toHaveLength(2);
  });

  it('loads nothing ahead when the reader saves data', () => {
    const idle = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    vi.stubGlobal('navigator', {...navigator, connection: {saveData: true}});
    loader.preloadSearchWhenIdle();
    expect(idle).not.toHaveBeenCalled();
    vi.stubGlobal('navigator', {...navigator, connection: {saveData: false}});
    loader.preloadSearchWhenIdle();
    expect(idle).toHaveBeenCalledTimes(1);
  });
});
