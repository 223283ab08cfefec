/**
 * The browser's search steps (`src/components/Search/engine.ts`) one rule at
 * a time: typo correction and its limits, when a correction runs, what a row
 * shows, and how a search ends when the reader types on. Pagefind is a
 * stand-in engine whose pages answer at once; the loader is replaced, so
 * `searchSite` and `preloadQuery` are seen passing on what it loads.
 * `search.test.ts` checks the same code on slow engines and the real index.
 */
import {beforeEach, describe, expect, it, vi} from 'vitest';
import {patience} from './patience';

const loaded = vi.hoisted(() => ({
  preloaded: [] as string[],
  searched: [] as string[],
  words: ['pinecone'],
}));

vi.mock('../../src/components/Search/loader', () => {
  const engine = {
    preload: async (text: string) => void loaded.preloaded.push(text),
    search: async (text: string) => {
      loaded.searched.push(text);
      return {results: []};
    },
  };
  return {
    loadPagefind: async () => engine,
    loadVocabulary: async () => loaded.words,
    loadRankingTable: async () => undefined,
  };
});

const {closestWord, preloadQuery, searchSite, searchWith, toHit, typedWordsFound, unlessAborted} =
  await import('../../src/components/Search/engine');

/** A page of the stand-in engine: its excerpt marks what it matched. */
interface Page {
  url: string;
  excerpt: string;
  title?: string;
}

/** An engine that answers each query with the pages listed for it, and records what it was asked. */
function engineFor(pagesByQuery: Record<string, Page[]>) {
  const asked: string[] = [];
  const loadedData: string[] = [];
  return {
    asked,
    loadedData,
    engine: {
      search: async (text: string) => {
        asked.push(text);
        return {
          results: (pagesByQuery[text] ?? []).map((page, index) => ({
            id: page.url,
            score: 10 - index,
            data: async () => {
              loadedData.push(page.url);
              return {url: page.url, excerpt: page.excerpt, meta: {title: page.title ?? page.url}};
            },
          })),
        };
      },
    },
  };
}

const files = (words: string[]) => ({words, table: undefined});

beforeEach(() => {
  loaded.preloaded.length = 0;
  loaded.searched.length = 0;
});

describe('typo correction', () => {
  it('corrects words of four letters or more: one edit up to five letters, two from six', () => {
    expect(closestWord('pinx', ['pine'])).toBe('pine');
    expect(closestWord('pix', ['pie'])).toBeUndefined();
    expect(closestWord('pront', ['prompt'])).toBeUndefined();
    expect(closestWord('pronnt', ['prompt'])).toBe('prompt');
    expect(closestWord('PINX', ['pine'])).toBe('pine');
  });

  it('tells whether the excerpts mark every typed word of four letters or more', () => {
    // Marks hold several words, and a mark may be a longer form of the word, or a stem of it.
    expect(typedWordsFound('buffer memory', ['the <mark>buffer memory</mark> node'])).toBe(true);
    expect(typedWordsFound('pinecone', ['<mark>Pinecones</mark>'])).toBe(true);
    expect(typedWordsFound('embeddings', ['<mark>embeddin</mark>'])).toBe(true);
    expect(typedWordsFound('embeddings', ['<mark>embeddi</mark>'])).toBe(false);
    // Short words need no mark; every long word does.
    expect(typedWordsFound('an pinecone', ['<mark>pinecone</mark>'])).toBe(true);
    expect(typedWordsFound('pine', ['no mark here'])).toBe(false);
    expect(typedWordsFound('pinecone index', ['<mark>pinecone</mark>'])).toBe(false);
    expect(typedWordsFound('pinecone index', ['<mark>pinecone</mark> and', 'an <mark>index</mark>'])).toBe(true);
    // Signs are not words: a query of signs only has none to find.
    expect(typedWordsFound('?!', ['<mark>x</mark>'])).toBe(true);
  });
});

describe('a row', () => {
  it('links to the section whose heading names a word of the query, before the section with the most matches', () => {
    const data = {
      url: '/docs/memory/',
      excerpt: 'page',
      meta: {title: 'Chat'},
      sub_results: [
        {
          title: 'Limits',
          url: '/docs/memory/#limits',
          excerpt: '<mark>buffer</mark> <mark>buffer</mark> <mark>x</mark>',
        },
        {title: 'Buffer window', url: '/docs/memory/#buffer-window', excerpt: 'one <mark>buffer</mark>'},
      ],
    };
    expect(toHit(data, ['window']).section).toBe('Buffer window');
    expect(toHit(data, []).section).toBe('Limits');
  });

  it("falls back to the page's address for its title and to no breadcrumbs", () => {
    const hit = toHit({url: '/docs/x/#part', excerpt: 'text', meta: {}}, []);
    expect(hit).toEqual({
      url: '/docs/x/#part',
      title: '/docs/x/',
      breadcrumbs: '',
      section: undefined,
      excerpt: [{text: 'text', match: false}],
      kind: undefined,
      method: undefined,
      endpoint: undefined,
    });
  });
});

describe('unlessAborted', () => {
  it('rejects at once with the reason of a signal that has already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('typed on'));
    await expect(unlessAborted(new Promise(() => undefined), controller.signal)).rejects.toThrow('typed on');
  });

  it('settles as the work does, and stops listening to the signal then', async () => {
    const controller = new AbortController();
    const remove = vi.spyOn(controller.signal, 'removeEventListener');
    const add = vi.spyOn(controller.signal, 'addEventListener');
    await expect(unlessAborted(Promise.resolve('done'), controller.signal)).resolves.toBe('done');
    expect(add).toHaveBeenCalledWith('abort', expect.any(Function), {once: true});
    expect(remove).toHaveBeenCalledWith('abort', add.mock.calls[0][1]);
    await expect(unlessAborted(Promise.reject(new Error('failed')), controller.signal)).rejects.toThrow('failed');
  });
});

describe('when a correction runs', () => {
  const pinecone = {url: '/docs/pinecone/', excerpt: 'the <mark>pinecone</mark> store'};
  const pin = {url: '/docs/pin/', excerpt: 'to <mark>pin</mark> a chat'};

  it('does not, when the typed words are found', async () => {
    // "pineconez" is one edit from "pinecone", and Pagefind marked "pinecone" for it: the typed word was found.
    const {engine, asked} = engineFor({pineconez: [pinecone]});
    const outcome = await searchWith(engine, files(['pinecone']), 'pineconez', 6);
    expect(asked).toEqual(['pineconez']);
    expect(outcome).toEqual({hits: [expect.objectContaining({url: '/docs/pinecone/'})], total: 1});
  });

  it('does, when Pagefind matched only part of a typed word, and keeps the typed results if the correction finds nothing', async () => {
    const {engine, asked} = engineFor({pincone: [pin]});
    const outcome = await searchWith(engine, files(['pinecone']), 'pincone', 6);
    expect(asked).toEqual(['pincone', 'pinecone']);
    expect(outcome).toEqual({hits: [expect.objectContaining({url: '/docs/pin/'})], total: 1});
  });

  it('shows the corrected results when the typed words find only parts', async () => {
    const {engine} = engineFor({pincone: [pin], pinecone: [pinecone]});
    expect(await searchWith(engine, files(['pinecone']), 'pincone', 6)).toEqual({
      hits: [expect.objectContaining({url: '/docs/pinecone/'})],
      total: 1,
      corrected: 'pinecone',
    });
  });

  it('reads the first three excerpts only', async () => {
    const unmarked = (url: string) => ({url, excerpt: 'nothing marked'});
    const {engine, asked} = engineFor({
      pincone: [unmarked('/a/'), unmarked('/b/'), unmarked('/c/'), {url: '/d/', excerpt: '<mark>pincone</mark>'}],
    });
    await searchWith(engine, files(['pinecone']), 'pincone', 6);
    expect(asked).toEqual(['pincone', 'pinecone']);
  });

  it('offers the closest real words when nothing matches', async () => {
    const {engine} = engineFor({});
    expect(await searchWith(engine, files(['pinecone']), 'pincone', 6)).toEqual({
      hits: [],
      total: 0,
      suggestion: 'pinecone',
    });
  });
});

describe('the first row early', () => {
  it('is not shown apart when it is the only row', async () => {
    const {engine} = engineFor({pinecone: [{url: '/one/', excerpt: '<mark>pinecone</mark>'}]});
    const onFirstRow = vi.fn();
    await searchWith(engine, files(['pinecone']), 'pinecone', 6, {onFirstRow});
    expect(onFirstRow).not.toHaveBeenCalled();
  });
});

describe('a search the reader typed past', () => {
  it('ends with the reason of the abort also when it found nothing', async () => {
    const {engine} = engineFor({});
    const controller = new AbortController();
    controller.abort(new Error('typed on'));
    await expect(searchWith(engine, files([]), 'nothing', 6, {signal: controller.signal})).rejects.toThrow('typed on');
  });
});

describe('searchSite and preloadQuery', () => {
  it('search with what the loader loads', async () => {
    loaded.words = ['pinecone'];
    expect(await searchSite('pincone', 6)).toEqual({hits: [], total: 0, suggestion: 'pinecone'});
    expect(loaded.searched).toEqual(['pincone', 'pinecone']);
  });

  it('preloads the index chunks of the words of three letters or more', async () => {
    preloadQuery('a pi pin pinecone');
    preloadQuery('to a');
    preloadQuery('$ ?');
    await vi.waitFor(() => expect(loaded.preloaded).toEqual(['pin pinecone']), patience);
  });
});
