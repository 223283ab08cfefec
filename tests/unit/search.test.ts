import {describe, expect, it} from 'vitest';
import {
  closestWord,
  correctQuery,
  excerptParts,
  toHit,
  typedWordsFound,
  searchWith,
  type SearchOutcome,
} from '../../src/components/Search/engine';
import {breadcrumbsMeta} from '../../src/components/Search/meta';
import {vocabularyOf} from '../../plugins/search';
import {definedTerms, prepareForIndex, titleWeights, weights} from '../../plugins/search/build-index.mjs';
import {analyseQuery, definesTerm, definitionAsked, rerank} from '../../lib/search/rank.mjs';
import {findResults, orderedResults} from '../../lib/search/results.mjs';
import {tableEntry, tableFacts} from '../../lib/search/ranking-table.mjs';

const vocabulary = ['pinecone', 'retriever', 'chatopenai', 'memory', 'variables', 'prompt'];

describe('typo correction', () => {
  it('replaces a misspelt word by the closest word of the vocabulary', () => {
    expect(closestWord('pincone', vocabulary)).toBe('pinecone');
    expect(closestWord('retriver', vocabulary)).toBe('retriever');
    expect(closestWord('chatopenia', vocabulary)).toBe('chatopenai');
    expect(correctQuery('Pincone index', vocabulary)).toBe('pinecone index');
  });

  it('leaves known, short and distant words alone', () => {
    expect(closestWord('pinecone', vocabulary)).toBeUndefined();
    expect(closestWord('mem', vocabulary)).toBeUndefined();
    expect(closestWord('kubernetes', vocabulary)).toBeUndefined();
    expect(correctQuery('memory', vocabulary)).toBeUndefined();
  });

  it('tells when Pagefind matched only part of a typed word', () => {
    expect(typedWordsFound('pincone', ['API callers can <mark>pin</mark> a conversation'])).toBe(false);
    expect(typedWordsFound('pinecone', ['The <mark>Pinecone</mark> node'])).toBe(true);
    expect(typedWordsFound('embeddings', ['OpenAI <mark>Embedding</mark> node'])).toBe(true);
  });
});

describe('queries and results', () => {
  it('splits excerpts into text and matches, decoding entities', () => {
    expect(excerptParts('a &lt;b&gt; <mark>sidekick</mark> &amp; more')).toEqual([
      {text: 'a <b> ', match: false},
      {text: 'sidekick', match: true},
      {text: ' & more', match: false},
    ]);
  });

  it('shows the best matching section of a page', () => {
    const hit = toHit(
      {
        url: '/docs/x/?highlight=memory',
        excerpt: 'page <mark>memory</mark>',
        meta: {title: 'Page', breadcrumbs: 'Using AnswerAI › Chat'},
        sub_results: [
          {title: 'Page', url: '/docs/x/?highlight=memory', excerpt: 'top'},
          {
            title: 'Memory settings',
            url: '/docs/x/?highlight=memory#memory-settings',
            excerpt: 'the <mark>memory</mark> <mark>memory</mark>',
          },
        ],
      },
      ['memory'],
    );
    expect(hit).toMatchObject({
      url: '/docs/x/?highlight=memory#memory-settings',
      title: 'Page',
      section: 'Memory settings',
    });
    expect(hit.breadcrumbs).toBe('Using AnswerAI › Chat');
  });

  it('answers "what is" questions with the page that defines the term first', () => {
    expect(definitionAsked('what is a sidekick')).toBe('sidekick');
    expect(definitionAsked('What are chatflows?')).toBe('chatflows');
    expect(definitionAsked('What is the Sidekick Studio')).toBe('sidekick studio');
    expect(definitionAsked('how do I add memory')).toBeUndefined();
    expect(definitionAsked('whatever is')).toBeUndefined();
    expect(analyseQuery('what is a sidekick')).toMatchObject({terms: ['sidekick'], defines: 'sidekick'});
    expect(definesTerm('sidekick, sidekick studio', 'sidekicks')).toBe(true);
    expect(definesTerm('sidekick studio', 'sidekick')).toBe(false);
    expect(definesTerm(undefined, 'sidekick')).toBe(false);
    // The page that defines the term comes first although other titles have the word; the order is kept otherwise.
    const page = (title: string, defines?: string) => ({item: title, title, url: `/docs/${title}/`, meta: {defines}});
    const pages = [
      page('Sidekick settings'),
      page('Sidekick teams'),
      page('Getting started', 'sidekick, sidekick studio'),
    ];
    const ranked = (query: string) => rerank(pages, analyseQuery(query));
    expect(ranked('what is a sidekick')).toEqual(['Getting started', 'Sidekick settings', 'Sidekick teams']);
    expect(ranked('What are sidekicks?')[0]).toBe('Getting started');
    expect(ranked('sidekick')[0]).toBe('Sidekick settings');
    expect(ranked('what is a chatflow')).toEqual(['Sidekick settings', 'Sidekick teams', 'Getting started']);
  });
});

describe('the search index', () => {
  it('records breadcrumbs, with the section of pages outside the docs sidebar', () => {
    expect(breadcrumbsMeta('/docs/developers/embed', ['Developers'])).toBe('breadcrumbs:Developers');
    expect(breadcrumbsMeta('/docs/api/prediction/create-prediction', ['Prediction'])).toBe(
      'breadcrumbs:API reference › Prediction',
    );
    expect(breadcrumbsMeta('/blog/welcome', [])).toBe('breadcrumbs:Blog');
    expect(breadcrumbsMeta('/docs/x', ['A, B'])).toBe('breadcrumbs:A B');
  });

  /** The data of the rows {@link orderedResults} returns, as the engine loads it. */
  const orderedData = (...args: Parameters<typeof orderedResults>) =>
    Promise.all(orderedResults(...args).map((result: {data(): Promise<{url: string}>}) => result.data()));

  it('brings the page that defines an asked term into the re-ranked window, wherever Pagefind ranks it', async () => {
    const loaded: string[] = [];
    const result = (id: string) => ({
      id,
      score: Number(id.slice(1)),
      data: async () => {
        loaded.push(id);
        return {url: `/docs/${id}/`, meta: {}, excerpt: '', sub_results: []};
      },
    });
    // Pagefind ranks twelve pages about sidekicks first; the defining page comes last.
    const leaves = Array.from({length: 12}, (_, i) => result(`p${100 - i}`));
    const intro = result('p1');
    const table: Record<string, Array<string | number>> = Object.fromEntries(
      leaves.map((leaf, i) => [leaf.id, [`Sidekick page ${i}`, 'doc', 2]]),
    );
    table.p1 = ['Getting started', 'doc', 2, 'sidekick, sidekick studio'];
    const engine = {search: async () => ({results: [...leaves, intro]})};
    const analysis = analyseQuery('what is a sidekick');
    const {results, extra} = await findResults(engine, analysis, table);
    expect(extra.map((r) => r.id)).toContain('p1');
    const rows = await orderedData(results, extra, analysis, 6, table);
    expect(rows[0].url).toBe('/docs/p1/');
    // Only the rows returned load their data.
    expect(loaded.sort()).toEqual(rows.map((row) => row.url.split('/')[2]).sort());
    // Any other query leaves the defining page where Pagefind ranks it.
    const other = await findResults(engine, analyseQuery('sidekick'), table);
    expect(other.extra.map((r) => r.id)).not.toContain('p1');
  });

  it('brings the best hubs and main pages among all matches into the window, by the ranking table', async () => {
    const result = (id: string, score: number) => ({id, score, data: async () => ({url: `/docs/${id}/`, meta: {}})});
    // Ten API operations first, then a variant, then the hub and the main node.
    const operations = Array.from({length: 10}, (_, i) => result(`op${i}`, 100 - i));
    const results = [...operations, result('variant', 50), result('hub', 40), result('node', 30)];
    const table: Record<string, Array<string | number>> = {
      ...Object.fromEntries(operations.map((op) => [op.id, ['Get retriever', 'api-op', 4]])),
      variant: ['Retriever (LlamaIndex)', 'variant', 5],
      hub: ['Retrievers', 'hub', 4],
      node: ['Retriever', 'node', 5],
    };
    const engine = {search: async () => ({results})};
    const analysis = analyseQuery('retriever');
    const {extra} = await findResults(engine, analysis, table);
    expect(extra.map((r) => r.id)).toEqual(['hub', 'hub', 'node']);
    const rows = await orderedData(results, extra, analysis, 3, table);
    expect(rows.map((row) => row.url)).toEqual(['/docs/hub/', '/docs/node/', '/docs/op0/']);
    // Without the table, Pagefind's order stays.
    const bare = await orderedData(results, [], analysis, 3, undefined);
    expect(bare.map((row) => row.url)).toEqual(['/docs/op0/', '/docs/op1/', '/docs/op2/']);
  });

  it('records what the re-ranking reads of a page, and reads it back', () => {
    const api = {
      url: '/docs/api/prediction/create-prediction',
      meta: {title: 'Create', kind: 'api-op', method: 'POST', endpoint: '/api/v1/prediction/:id'},
    };
    expect(tableEntry(api)).toEqual(['Create', 'api-op', 4, '', 'POST', '/api/v1/prediction/:id']);
    expect(tableEntry({url: '/docs/intro/#x', meta: {title: 'Intro', kind: 'doc'}})).toEqual(['Intro', 'doc', 2]);
    expect(tableFacts({a: tableEntry(api)}, 'a')).toEqual({
      title: 'Create',
      depth: 4,
      meta: {kind: 'api-op', defines: '', method: 'POST', endpoint: '/api/v1/prediction/:id'},
    });
    expect(tableFacts({}, 'a')).toBeUndefined();
    expect(tableFacts(undefined, 'a')).toBeUndefined();
  });

  it('records the terms the opening paragraph defines, in bold', () => {
    const html =
      '<div data-pagefind-body><h1>Intro</h1><p>It is called a <strong>sidekick</strong>, built in <strong>Sidekick&nbsp;Studio</strong>.</p><p><strong>Not</strong> this one.</p></div>';
    expect(definedTerms(html)).toEqual(['sidekick', 'sidekick studio']);
    expect(prepareForIndex(html)).toContain(
      `<p data-pagefind-weight="${weights.definition}" data-pagefind-meta="defines">sidekick, sidekick studio</p>`,
    );
    expect(definedTerms('<div data-pagefind-body><h1>T</h1><p>Plain.</p></div>')).toEqual([]);
    // The minifier leaves out optional closing tags: the paragraph still ends where the next block starts.
    expect(
      definedTerms(
        '<div data-pagefind-body><h1>T</h1><p>A <strong>sidekick</strong>.<h2>More</h2><p><strong>Not</strong> this',
      ),
    ).toEqual(['sidekick']);
  });

  it('weights the title and adds the description of indexed pages', () => {
    const html =
      '<head><meta name=description content="All about it."></head><div data-pagefind-body><h1 class=t>Title</h1><p>x</p></div>';
    const prepared = prepareForIndex(html, {url: '/docs/x/'});
    expect(prepared).toContain(`<h1 data-pagefind-weight="${titleWeights.doc}" class=t>Title</h1>`);
    expect(prepared).toContain('<span data-pagefind-meta="kind:doc"></span>');
    expect(prepared).toContain(`<p data-pagefind-weight="${weights.description}">All about it.`);
    expect(prepareForIndex('<p>no body</p>')).toBe('<p>no body</p>');
  });

  it('builds the vocabulary from the titles and headings of indexed pages, most frequent first', () => {
    const pages = [
      '<title>Pinecone | AnswerAI</title><div data-pagefind-body><h1>Pinecone</h1><h2>Troubleshooting</h2></div>',
      '<div data-pagefind-body><h2>Troubleshooting</h2><h4>Ignored heading</h4></div>',
      '<h1>Not indexed page</h1>',
    ];
    expect(vocabularyOf(pages)).toEqual(['pinecone', 'troubleshooting', 'answerai']);
  });
});

describe('search outcome', () => {
  /** An engine whose results' data arrive when `release` is called, the first row's before the others. */
  function slowEngine(count: number) {
    const releases: Array<() => void> = [];
    const results = Array.from({length: count}, (_, i) => ({
      id: `p${i}`,
      score: count - i,
      data: () =>
        new Promise<{url: string; excerpt: string; meta: {title: string}}>((resolve) =>
          releases.push(() => resolve({url: `/docs/p${i}/`, excerpt: '<mark>pinecone</mark>', meta: {title: `P${i}`}})),
        ),
    }));
    return {engine: {search: async () => ({results})}, releases};
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('shows the first row as soon as its data arrives, when the query needs no correction', async () => {
    const {engine, releases} = slowEngine(4);
    const partials: SearchOutcome[] = [];
    const outcome = searchWith(engine, {words: ['pinecone'], table: undefined}, 'pinecone', 3, {
      onFirstRow: (partial) => partials.push(partial),
    });
    await settle();
    releases[0]();
    await settle();
    expect(partials).toEqual([{hits: [expect.objectContaining({url: '/docs/p0/'})], total: 4}]);
    releases.slice(1).forEach((release) => release());
    expect((await outcome).hits.map((hit) => hit.url)).toEqual(['/docs/p0/', '/docs/p1/', '/docs/p2/']);
  });

  it('waits for all rows when a typo correction may replace them', async () => {
    const {engine, releases} = slowEngine(4);
    const partials: SearchOutcome[] = [];
    const outcome = searchWith(engine, {words: ['pinecone'], table: undefined}, 'pincone', 3, {
      onFirstRow: (partial) => partials.push(partial),
    });
    // The typed word is not marked in the excerpts: the corrected query runs too; release its rows as well.
    for (let round = 0; round < 4; round += 1) {
      await settle();
      releases.splice(0).forEach((release) => release());
    }
    expect((await outcome).corrected).toBe('pinecone');
    expect(partials).toEqual([]);
  });

  it("once the reader has typed on, fetches only the first row's data, which the longer query mostly shows too", async () => {
    const {engine, releases} = slowEngine(4);
    const typedOn = new AbortController();
    typedOn.abort();
    await expect(
      searchWith(engine, {words: [], table: undefined}, 'pinecone', 3, {signal: typedOn.signal}),
    ).rejects.toThrow();
    expect(releases).toHaveLength(1);
  });

  it("rejects as soon as the reader types on while the rows' data loads", async () => {
    const {engine, releases} = slowEngine(4);
    const typedOn = new AbortController();
    const outcome = searchWith(engine, {words: [], table: undefined}, 'pinecone', 3, {signal: typedOn.signal});
    await settle();
    expect(releases).toHaveLength(3);
    typedOn.abort();
    // No row's data has arrived, and none needs to for the search to end.
    const state = await Promise.race([
      outcome.then(
        () => 'resolved',
        () => 'rejected',
      ),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 50)),
    ]);
    expect(state).toBe('rejected');
  });
});
