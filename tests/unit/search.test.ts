import {describe, expect, it} from 'vitest';
import {
  closestWord,
  correctQuery,
  excerptParts,
  rankByTitle,
  significantWords,
  toHit,
  typedWordsFound,
  type SearchHit,
} from '../../src/components/Search/engine';
import {breadcrumbsMeta} from '../../src/components/Search/meta';
import {vocabularyOf} from '../../plugins/search';
import {definedTerms, prepareForIndex, titleWeights, weights} from '../../plugins/search/build-index.mjs';
import {analyseQuery, definesTerm, definitionAsked, rerank} from '../../lib/search/rank.mjs';
import {findResults, orderedData} from '../../lib/search/results.mjs';

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
  it('drops stop words from questions', () => {
    expect(significantWords('how do I add memory to a chatbot')).toEqual(['add', 'memory', 'chatbot']);
    expect(significantWords('what is')).toEqual(['what', 'is']);
  });

  it('splits excerpts into text and matches, decoding entities', () => {
    expect(excerptParts('a &lt;b&gt; <mark>sidekick</mark> &amp; more')).toEqual([
      {text: 'a <b> ', match: false},
      {text: 'sidekick', match: true},
      {text: ' & more', match: false},
    ]);
  });

  it('shows the best matching section of a page', () => {
    const hit = toHit({
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
    });
    expect(hit).toMatchObject({
      url: '/docs/x/?highlight=memory#memory-settings',
      title: 'Page',
      section: 'Memory settings',
    });
    expect(hit.breadcrumbs).toBe('Using AnswerAI › Chat');
  });

  it('puts the page titled like the query first', () => {
    const hit = (title: string): SearchHit => ({url: `/${title}`, title, breadcrumbs: '', excerpt: []});
    const ranked = rankByTitle(
      [hit('Get all variables'), hit('Create a variable'), hit('Variables'), hit('Prompt')],
      ['variables'],
    );
    expect(ranked.map((h) => h.title)).toEqual(['Variables', 'Get all variables', 'Create a variable', 'Prompt']);
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

  it('brings the page that defines an asked term into the re-ranked window, wherever Pagefind ranks it', async () => {
    const result = (id: string, title: string, defines?: string) => ({
      id,
      score: Number(id.slice(1)),
      data: async () => ({url: `/docs/${id}/`, meta: {title, defines}, excerpt: '', sub_results: []}),
    });
    // Pagefind ranks twelve pages about sidekicks first; the defining page comes last.
    const leaves = Array.from({length: 12}, (_, i) => result(`p${100 - i}`, `Sidekick page ${i}`));
    const intro = result('p1', 'Getting started', 'sidekick, sidekick studio');
    const searches: unknown[] = [];
    const engine = {
      search: async (term: string | null, options?: {filters?: Record<string, unknown>}) => {
        searches.push(options?.filters ?? term);
        if (options?.filters?.defines) return {results: [intro]};
        return {results: options?.filters ? [] : [...leaves, intro]};
      },
    };
    const analysis = analyseQuery('what is a sidekick');
    const {results, extra} = await findResults(engine, analysis);
    expect(searches).toContainEqual({defines: {any: ['sidekick']}});
    const rows = await orderedData(results, extra, analysis, 6);
    expect(rows[0].url).toBe('/docs/p1/');
    // Any other query leaves the defining filter alone.
    searches.length = 0;
    await findResults(engine, analyseQuery('sidekick'));
    expect(searches.some((entry) => typeof entry === 'object' && entry !== null && 'defines' in entry)).toBe(false);
  });

  it('records the terms the opening paragraph defines, in bold', () => {
    const html =
      '<div data-pagefind-body><h1>Intro</h1><p>It is called a <strong>sidekick</strong>, built in <strong>Sidekick&nbsp;Studio</strong>.</p><p><strong>Not</strong> this one.</p></div>';
    expect(definedTerms(html)).toEqual(['sidekick', 'sidekick studio']);
    expect(prepareForIndex(html)).toContain(
      `<p data-pagefind-weight="${weights.definition}" data-pagefind-meta="defines">sidekick, sidekick studio</p>`,
    );
    // One filter value per term, so that a question can bring the page into the re-ranked window.
    expect(prepareForIndex(html)).toContain(
      '<span data-pagefind-filter="defines:sidekick"></span><span data-pagefind-filter="defines:sidekick studio"></span>',
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
