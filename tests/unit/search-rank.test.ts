import {describe, expect, it} from 'vitest';
import {analyseQuery, kindRank, rerank, titleTier} from '../../lib/search/rank.mjs';
import {indexExtras, isVariantTitle, keepBoundaries, operationOf, pageKind} from '../../lib/search/index-html.mjs';
import {bestSection, excerptParts, suggestionFor} from '../../lib/search/rows.mjs';
import {synonymsOf} from '../../lib/search/synonyms.mjs';

describe('queries', () => {
  it('reads an API path and method, drops quotes and signs Pagefind cannot parse', () => {
    expect(analyseQuery('POST /api/v1/prediction/{id}')).toMatchObject({
      text: 'prediction',
      method: 'POST',
      path: '/api/v1/prediction/:id',
      api: true,
    });
    expect(analyseQuery('"pinecone"').text).toBe('pinecone');
    expect(analyseQuery('$vars').text).toBe('vars');
    expect(analyseQuery('overrideConfig').api).toBe(true);
    expect(analyseQuery('how do I add memory to a chatbot').terms).toEqual(['add', 'memory', 'chatbot']);
    expect(analyseQuery('DATABASE_TYPE').text).toBe('DATABASE_TYPE');
  });
});

describe('ranking', () => {
  it('ranks titles that are the query, then titles with every word of it', () => {
    expect(titleTier('Retrievers', ['retriever'])).toBe(0);
    expect(titleTier('Delete a chatflow', ['delete', 'chatflow'])).toBe(0);
    expect(titleTier('ChatAnthropic', ['anthropic'])).toBe(1);
    expect(titleTier('Deploy on AWS', ['deploy'])).toBe(1);
    expect(titleTier('Memory', ['buffer', 'memory'])).toBe(2);
  });

  it('puts hubs before guides and main nodes, then variants, API operations and posts', () => {
    const order = ['blog', 'api-op', 'variant', 'node', 'hub'].sort((a, b) => kindRank(a, false) - kindRank(b, false));
    expect(order).toEqual(['hub', 'node', 'variant', 'api-op', 'blog']);
    expect(kindRank('api-op', true)).toBe(kindRank('doc', true));
  });

  it('puts the main node above its variants and the hub above its leaves', () => {
    const page = (title: string, kind: string, url = `/docs/x/${title}/`) => ({item: title, title, url, meta: {kind}});
    expect(
      rerank(
        [
          page('Answer ChatAnthropic', 'variant'),
          page('Anthropic Agent (LlamaIndex)', 'variant'),
          page('ChatAnthropic', 'node'),
        ],
        analyseQuery('anthropic'),
      )[0],
    ).toBe('ChatAnthropic');
    expect(
      rerank(
        [
          page('LLM Filter Retriever', 'node'),
          page('Retriever', 'node', '/docs/a/b/retriever/'),
          page('Retrievers', 'hub', '/docs/a/'),
        ],
        analyseQuery('retriever'),
      )[0],
    ).toBe('Retrievers');
  });

  it('puts the operation whose path the reader typed first', () => {
    const op = (title: string, method: string, endpoint: string) => ({
      item: title,
      title,
      meta: {kind: 'api-op', method, endpoint},
    });
    const ranked = rerank(
      [
        {item: 'Prediction API', title: 'Prediction API', meta: {kind: 'api-tag'}},
        op('List all chatflows', 'GET', '/api/v1/chatflows'),
        op('Create prediction', 'POST', '/api/v1/prediction/:id'),
      ],
      analyseQuery('POST /api/v1/prediction/{id}'),
    );
    expect(ranked[0]).toBe('Create prediction');
  });
});

describe('the index', () => {
  it('keeps cell and block boundaries that the minifier left without closing tags', () => {
    expect(keepBoundaries('<table><tr><th>Parameter<th>Type<tr><td>strength<td>Number</table>')).toBe(
      ' <table> <tr> <th>Parameter <th>Type <tr> <td>strength <td>Number</table>',
    );
    expect(keepBoundaries('<pre><div>a</div><div>b</div></pre>')).toBe('<pre><div>a</div><div>b</div></pre>');
  });

  it('records the kind of a page, an operation and the synonyms of its title', () => {
    expect(isVariantTitle('ChatAnthropic (LlamaIndex)')).toBe(true);
    expect(isVariantTitle('Answer ChatAnthropic')).toBe(true);
    expect(isVariantTitle('ChatAnthropic')).toBe(false);
    expect(pageKind('/docs/using-answerai/sidekick-studio/nodes/retrievers/', 'Retrievers', '', true)).toBe('hub');
    expect(pageKind('/blog/welcome/', 'Welcome', '', false)).toBe('blog');
    const html =
      '<pre class=openapi__method-endpoint><span class="badge badge--success">POST</span> <h2 class=openapi__method-endpoint-path>/prediction/:id</h2></pre>';
    expect(operationOf(html)).toEqual({method: 'POST', endpoint: '/api/v1/prediction/:id'});
    expect(pageKind('/docs/api/prediction/create-prediction/', 'Create prediction', html, false)).toBe('api-op');
    const extras = indexExtras({kind: 'hub'}, 'Sidekick Studio', 6);
    expect(extras).toContain('data-pagefind-meta="kind:hub"');
    expect(extras).toContain('data-pagefind-filter="kind:hub"');
    expect(extras).toContain('chatflow');
    expect(synonymsOf('Knowledge bases')).toEqual(['document store']);
  });
});

describe('rows', () => {
  const section = (title: string, excerpt: string) => ({
    title,
    url: `/p/#${title.toLowerCase().replace(/ /g, '-')}`,
    excerpt,
  });

  it('links a page named by the query to its top, never to a template section', () => {
    const data = {
      url: '/p/',
      meta: {title: 'Pinecone'},
      sub_results: [
        section('Additional parameters', '<mark>Pinecone</mark> <mark>Pinecone</mark> <mark>Pinecone</mark>'),
      ],
    };
    expect(bestSection(data, ['pinecone'])).toBeUndefined();
    const other = {
      ...data,
      meta: {title: 'Other'},
      sub_results: [...data.sub_results, section('Setup', '<mark>Pinecone</mark>')],
    };
    expect(bestSection(other, ['pinecone'])?.title).toBe('Setup');
    const named = {...other, sub_results: [...other.sub_results, section('How it differs from Pinecone', 'x')]};
    expect(bestSection(named, ['pinecone'])?.title).toBe('How it differs from Pinecone');
  });

  it('marks whole words, leaving punctuation outside the mark', () => {
    expect(excerptParts('a <mark>temperature,</mark> and <mark>&quot;key</mark>')).toEqual([
      {text: 'a ', match: false},
      {text: 'temperature', match: true},
      {text: ', and "', match: false},
      {text: 'key', match: true},
    ]);
  });

  it('offers the closest real word when nothing matches', () => {
    expect(suggestionFor('pineconnee', ['pinecone', 'memory'])).toBe('pinecone');
    expect(suggestionFor('kubernetes', ['pinecone', 'memory'])).toBeUndefined();
  });
});
