/**
 * Each rule of the search's ranking (lib/search/rank.mjs), one at a time, on
 * queries and titles chosen so that the rule alone decides: what a query asks
 * for, how a title matches, how an API operation matches a typed path, and the
 * order `rerank` gives when everything but one key is equal.
 * `search-rank.test.ts` checks the rules together on the site's own pages.
 */
import {describe, expect, it} from 'vitest';
import {
  analyseQuery,
  candidateKinds,
  definesTerm,
  definitionAsked,
  kindRank,
  rerank,
  titleTier,
} from '../../lib/search/rank.mjs';

describe('what a query asks for', () => {
  it('reads a definition question with any spacing, and nothing else as one', () => {
    expect(definitionAsked('what  is  a  sidekick')).toBe('sidekick');
    expect(definitionAsked('What are\tthe   chatflows ?')).toBe('chatflows');
    expect(definitionAsked('what is an  agent')).toBe('agent');
    expect(definitionAsked('  what is a sidekick  ')).toBe('sidekick');
    expect(definitionAsked('so what is a sidekick')).toBeUndefined();
    expect(definitionAsked('what is a sidekick studio, really')).toBe('sidekick studio, really');
  });

  it('matches a defined term in any item of the list, with spaces around it, and its singular', () => {
    expect(definesTerm('agent,  sidekick ', 'sidekick')).toBe(true);
    expect(definesTerm('sidekick', 'sidekicks')).toBe(true);
    expect(definesTerm('', 'sidekick')).toBe(false);
    expect(definesTerm('sidekick studio', 'studio')).toBe(false);
  });

  it('splits on any run of white space and keeps words with signs inside', () => {
    expect(analyseQuery('  buffer \t window   memory ')).toMatchObject({
      text: 'buffer window memory',
      terms: ['buffer', 'window', 'memory'],
      api: false,
    });
    expect(analyseQuery('vars.$flow.state').terms).toEqual(['vars', 'flow', 'state']);
    expect(analyseQuery('chat-models openai_key').terms).toEqual(['chat-models', 'openai_key']);
    expect(analyseQuery('"pinecone"  "index"').terms).toEqual(['pinecone', 'index']);
  });

  it('has no terms for a query of spaces or signs only', () => {
    expect(analyseQuery('   ')).toMatchObject({text: '', terms: [], api: false});
    expect(analyseQuery('$ ? !')).toMatchObject({text: '', terms: []});
  });

  it('keeps the stop words of a query made of nothing else', () => {
    expect(analyseQuery('what is it').terms).toEqual(['what', 'is', 'it']);
  });

  it('reads an API path: its meaningful segments are the words, its parameters and trailing slashes go', () => {
    expect(analyseQuery('/api/v1/chatflows/{id}/')).toMatchObject({
      text: 'chatflows',
      path: '/api/v1/chatflows/:id',
      api: true,
    });
    expect(analyseQuery('/api/v1/prediction/:id//').path).toBe('/api/v1/prediction/:id');
    expect(analyseQuery('API/V1/Documents').terms).toEqual(['Documents']);
    // Only a segment that starts with a parameter sign is a parameter.
    expect(analyseQuery('/api/v1/documents:upsert').terms).toEqual(['documents', 'upsert']);
    // A slash between numbers or signs is no path.
    expect(analyseQuery('1/2')).toMatchObject({path: undefined, api: false, terms: ['1', '2']});
    expect(analyseQuery('and/or')).toMatchObject({path: 'and/or', terms: ['and', 'or']});
  });

  it('reads a method only in capitals, and a camelCase word as an API lookup', () => {
    expect(analyseQuery('DELETE chatflow')).toMatchObject({method: 'DELETE', path: undefined, api: true});
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
      expect(analyseQuery(`${method} x`).method).toBe(method);
    expect(analyseQuery('delete chatflow')).toMatchObject({method: undefined, api: false});
    expect(analyseQuery('overrideConfig sessionId').api).toBe(true);
    expect(analyseQuery('memory overrideConfig').api).toBe(true);
    expect(analyseQuery('Override')).toMatchObject({api: false});
    expect(analyseQuery('OpenAI').api).toBe(false);
    expect(analyseQuery('overrideconfig').api).toBe(false);
    expect(analyseQuery('xA-b').api).toBe(false);
    expect(analyseQuery('iPhone2').api).toBe(true);
  });
});

describe('how a title matches', () => {
  it('is 0 for the query itself, its plural or singular, and titles with only stop words besides', () => {
    expect(titleTier('Libraries', ['library'])).toBe(0);
    expect(titleTier('Library', ['libraries'])).toBe(0);
    expect(titleTier('Bus', ['bus'])).toBe(0);
    expect(titleTier('Add a sidekick', ['add', 'sidekicks'])).toBe(0);
    expect(titleTier('Pinecone (LlamaIndex)', ['pinecone'])).toBe(0);
    expect(titleTier('Pinecone (AnswerAI)', ['pinecone'])).toBe(0);
    expect(titleTier('Pinecone (Other)', ['pinecone'])).toBe(1);
  });

  it('is 0 for a synonym of the title, unless the title says more than the query', () => {
    // synonyms.mjs: a knowledge base is a document store.
    expect(titleTier('Knowledge base', ['document', 'store'])).toBe(0);
    expect(titleTier('Knowledge bases', ['document', 'stores'])).toBe(0);
    expect(titleTier('Knowledge base settings', ['document', 'store'])).toBe(2);
    expect(titleTier('Knowledge base', ['document'])).toBe(2);
    expect(titleTier('Knowledge base', ['agent', 'flows'])).toBe(2);
  });

  it('is 1 when every word starts a title word, or, from four letters, is inside one', () => {
    expect(titleTier('ChatAnthropic', ['anthropic'])).toBe(1);
    expect(titleTier('ChatAnt', ['ant'])).toBe(2);
    expect(titleTier('Antelope', ['ant'])).toBe(1);
    expect(titleTier('Workspace', ['pace'])).toBe(1);
    expect(titleTier('Buffer Memory', ['memory', 'window'])).toBe(2);
    expect(titleTier('Anything', [])).toBe(2);
    // Plural endings come off the end of a word only.
    expect(titleTier('Diesel', ['die'])).toBe(1);
    expect(titleTier('Test suite', ['tests'])).toBe(1);
  });
});

describe('kinds', () => {
  it('ranks every kind, API operations with the guides for an API lookup', () => {
    const kinds = ['hub', 'api-tag', 'doc', 'node', 'variant', 'api-op', 'blog', undefined];
    expect(kinds.map((kind) => kindRank(kind, false))).toEqual([0, 0, 1, 1, 2, 3, 4, 1]);
    expect(kinds.map((kind) => kindRank(kind, true))).toEqual([0, 0, 1, 1, 2, 1, 4, 1]);
  });

  it('brings the best hubs and main pages into the window by kind', () => {
    expect(candidateKinds).toEqual([
      {kinds: ['hub', 'api-tag'], count: 2},
      {kinds: ['hub', 'api-tag', 'doc', 'node'], count: 3},
    ]);
  });
});

describe('rerank', () => {
  const page = (title: string, meta: Record<string, string> = {}, url = `/docs/${title}/`) => ({
    item: title,
    title,
    url,
    meta,
  });

  it('keeps the order of equal pages', () => {
    expect(rerank([page('Alpha'), page('Beta'), page('Gamma')], analyseQuery('zzz'))).toEqual([
      'Alpha',
      'Beta',
      'Gamma',
    ]);
  });

  it('puts the parent before its children among pages whose title matches', () => {
    const ranked = rerank(
      [
        page('Sidekick settings', {kind: 'doc'}, '/docs/studio/sidekick/settings/'),
        page('Sidekick studio', {kind: 'doc'}, '/docs/studio/'),
        {...page('Sidekick teams', {kind: 'doc'}, '/docs/a/b/c/d/e/'), depth: 1},
      ],
      analyseQuery('sidekick'),
    );
    // The depth given wins over the URL's.
    expect(ranked).toEqual(['Sidekick teams', 'Sidekick studio', 'Sidekick settings']);
  });

  it('ignores depth and hubs where no title names the query, but still moves posts and operations down', () => {
    const ranked = rerank(
      [
        page('Deep guide', {kind: 'doc'}, '/docs/a/b/c/d/'),
        page('A post', {kind: 'blog'}, '/blog/x/'),
        page('An operation', {kind: 'api-op'}, '/docs/api/x/'),
        page('A hub', {kind: 'hub'}, '/docs/a/'),
        page('Variant', {kind: 'variant'}, '/docs/v/'),
      ],
      analyseQuery('memory'),
    );
    expect(ranked).toEqual(['Deep guide', 'A hub', 'Variant', 'An operation', 'A post']);
  });

  it('ranks matching titles by kind before depth', () => {
    const ranked = rerank(
      [
        page('Memory post', {kind: 'blog'}, '/m/'),
        page('Memory operation', {kind: 'api-op'}, '/m/'),
        page('Memory variant', {kind: 'variant'}, '/m/'),
        page('Memory guide', {kind: 'doc'}, '/a/b/c/m/'),
        page('Memory hub', {kind: 'hub'}, '/a/b/c/d/m/'),
      ],
      analyseQuery('memory'),
    );
    expect(ranked).toEqual(['Memory hub', 'Memory guide', 'Memory variant', 'Memory operation', 'Memory post']);
  });

  it('puts the page that defines an asked term first, and ranks by title otherwise', () => {
    const pages = [page('Agent teams', {}), page('Overview', {defines: 'agent'}), page('Agents', {})];
    expect(rerank(pages, analyseQuery('what is an agent'))).toEqual(['Overview', 'Agents', 'Agent teams']);
    expect(rerank(pages, analyseQuery('agent'))).toEqual(['Agents', 'Agent teams', 'Overview']);
  });

  describe('an operation whose path the reader typed', () => {
    const op = (title: string, method: string, endpoint: string) => page(title, {kind: 'api-op', method, endpoint});
    const ops = [
      page('Chatflows guide', {kind: 'doc'}),
      op('Update a chatflow', 'PUT', '/api/v1/chatflows/:id'),
      op('List chatflows', 'GET', '/api/v1/chatflows/'),
      op('Get a chatflow', 'GET', '/api/v1/chatflows/:id'),
      op('Get by key', 'GET', '/api/v1/chatflows/apikey/:apikey'),
    ];

    it('comes first: the same path, then a longer one, with the typed method', () => {
      expect(rerank(ops, analyseQuery('GET /api/v1/chatflows/{chatflowId}'))).toEqual([
        'Get a chatflow',
        'Chatflows guide',
        'Update a chatflow',
        'List chatflows',
        'Get by key',
      ]);
      expect(rerank(ops, analyseQuery('GET /api/v1/chatflows')).slice(0, 3)).toEqual([
        'List chatflows',
        'Get a chatflow',
        'Get by key',
      ]);
    });

    it('is matched without the /api/v1 prefix and without a method', () => {
      expect(rerank(ops, analyseQuery('/chatflows/:id')).slice(0, 2)).toEqual(['Update a chatflow', 'Get a chatflow']);
    });

    it('is the same path also with trailing slashes, and comes before a longer one listed first', () => {
      const ranked = rerank(
        [op('Get a chatflow', 'GET', '/api/v1/chatflows/:id'), op('List chatflows', 'GET', '/api/v1/chatflows//')],
        analyseQuery('GET /api/v1/chatflows'),
      );
      expect(ranked).toEqual(['List chatflows', 'Get a chatflow']);
    });

    it('counts for nothing without a typed path', () => {
      // A method alone lifts no operation: the titles and Pagefind's order decide.
      expect(rerank(ops, analyseQuery('GET chatflows'))).toEqual([
        'Chatflows guide',
        'Update a chatflow',
        'List chatflows',
        'Get a chatflow',
        'Get by key',
      ]);
      expect(rerank([page('Guide'), page('Op', {kind: 'api-op'})], analyseQuery('/api/v1/guide'))).toEqual([
        'Guide',
        'Op',
      ]);
    });
  });
});
