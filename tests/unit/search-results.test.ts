/**
 * The steps between a query and its rows, one rule at a time, on stand-in
 * engines that answer each query with the pages listed for it: how a query of
 * several words is relaxed (lib/search/results.mjs `findResults`), which
 * candidates join the re-ranked window and in what order the rows come
 * (`orderedResults`), how the ranking table is built from the index
 * (lib/search/ranking-table.mjs), and what a row shows (lib/search/rows.mjs).
 * `search.test.ts` checks the same steps together on pages like the site's.
 */
import {describe, expect, it} from 'vitest';
import {analyseQuery, rerankWindow} from '../../lib/search/rank.mjs';
import {findResults, orderedResults} from '../../lib/search/results.mjs';
import {buildRankingTable, tableEntry} from '../../lib/search/ranking-table.mjs';
import {pageKinds} from '../../lib/search/index-html.mjs';
import {boilerplateHeadings, bestSection, excerptParts, nearestWord, suggestionFor} from '../../lib/search/rows.mjs';
import {breadcrumbsMeta} from '../../src/components/Search/meta';

/** A result of the stand-in engine: its data is never loaded by the steps tested here. */
interface Result {
  id: string;
  score: number;
  data(): Promise<{url: string; meta: Record<string, string>}>;
}

const result = (id: string, score: number): Result => ({
  id,
  score,
  data: async () => ({url: `/docs/${id}/`, meta: {}}),
});

/** An engine that answers each query with the `[id, score]` pages listed for it, and records what it was asked. */
function engineFor(pagesByQuery: Record<string, Array<[string, number]>>) {
  const asked: string[] = [];
  return {
    asked,
    search: async (query: string) => {
      asked.push(query);
      return {results: (pagesByQuery[query] ?? []).map(([id, score]) => result(id, score))};
    },
  };
}

/** An engine that answers every query with `results`. */
const engineOf = (results: Result[]) => ({search: async () => ({results})});

const ids = (results: Result[]) => results.map((r) => r.id);

describe('finding the pages of a query', () => {
  it('searches nothing for a query without terms', async () => {
    const engine = engineFor({'': [['any', 1]]});
    expect(await findResults(engine, analyseQuery(' $ ? '), {})).toEqual({results: [], extra: []});
    expect(engine.asked).toEqual([]);
  });

  it('relaxes a query of several words that finds fewer than three pages: pages with more of its words first', async () => {
    const engine = engineFor({
      'buffer memory': [
        ['both', 1],
        ['other', 1],
      ],
      buffer: [
        ['both', 1],
        ['buffer', 5],
      ],
      memory: [
        ['memory', 2],
        ['both', 1],
      ],
    });
    const {results, extra} = await findResults(engine, analyseQuery('buffer memory'), {});
    expect(engine.asked).toEqual(['buffer memory', 'buffer', 'memory']);
    expect(ids(results)).toEqual(['both', 'buffer', 'memory']);
    expect(extra).toEqual([]);
  });

  it('keeps what a query of several words finds when that is three pages or more', async () => {
    const engine = engineFor({
      'buffer memory': [
        ['a', 1],
        ['b', 2],
        ['c', 3],
      ],
      buffer: [['d', 9]],
    });
    const {results} = await findResults(engine, analyseQuery('buffer memory'), {});
    expect(engine.asked).toEqual(['buffer memory']);
    expect(ids(results)).toEqual(['a', 'b', 'c']);
  });

  it('keeps what a query of one word finds, however little', async () => {
    const engine = engineFor({memory: [['a', 1]]});
    const {results} = await findResults(engine, analyseQuery('memory'), {});
    expect(engine.asked).toEqual(['memory']);
    expect(ids(results)).toEqual(['a']);
  });

  it('ranks the pages of a relaxed query by how many words they have, then by their summed score', async () => {
    const engine = engineFor({
      alpha: [
        ['p', 1],
        ['q', 4],
        ['r', 0.5],
      ],
      beta: [
        ['q', 2],
        ['s', 9],
        ['r', 0.5],
      ],
      gamma: [
        ['p', 1],
        ['t', 3],
        ['u', 8],
      ],
    });
    const {results} = await findResults(engine, analyseQuery('alpha beta gamma'), {});
    expect(engine.asked).toEqual(['alpha beta gamma', 'alpha', 'beta', 'gamma']);
    // Two words each: q (6), p (2), r (1); then one word each: s (9), u (8), t (3).
    expect(ids(results)).toEqual(['q', 'p', 'r', 's', 'u', 't']);
  });
});

describe('the candidates that join the re-ranked window', () => {
  /** Pagefind's order: four API operations, then hubs (h2 a copy of h1), a tag, main pages and a page the table lacks. */
  const results = [
    result('op0', 100),
    result('op1', 99),
    result('op2', 98),
    result('op3', 97),
    result('h1', 50),
    result('h2', 50 + 1e-12),
    result('tag', 40),
    result('h3', 30),
    result('d1', 20),
    result('unknown', 15),
    result('n1', 10),
    result('d2', 4),
  ];
  const table: Record<string, Array<string | number>> = {
    op0: ['Get sidekick', 'api-op', 4],
    op1: ['List sidekicks', 'api-op', 4],
    op2: ['Update sidekick', 'api-op', 4],
    op3: ['Delete sidekick', 'api-op', 4],
    h1: ['Sidekicks', 'hub', 2],
    h2: ['Sidekicks', 'hub', 3],
    tag: ['Sidekick API', 'api-tag', 3],
    h3: ['Sidekick Studio', 'hub', 2],
    d1: ['Getting started', 'doc', 2, 'sidekick, sidekick studio'],
    n1: ['Sidekick node', 'node', 4, 'agent, sidekick'],
    d2: ['Concepts', 'doc', 2, 'sidekick'],
  };

  it('are the first two hubs and three main pages of distinct scores, and the first two pages that define the term', async () => {
    const {results: found, extra} = await findResults(engineOf(results), analyseQuery('what is a sidekick'), table);
    expect(ids(found)).toEqual(ids(results));
    expect(ids(extra)).toEqual(['h1', 'tag', 'h1', 'tag', 'h3', 'd1', 'n1']);
  });

  it('are only hubs and main pages for a query that asks no definition', async () => {
    const {extra} = await findResults(engineOf(results), analyseQuery('sidekick'), table);
    expect(ids(extra)).toEqual(['h1', 'tag', 'h1', 'tag', 'h3']);
  });

  it('are none without a ranking table', async () => {
    const {extra} = await findResults(engineOf(results), analyseQuery('what is a sidekick'), undefined);
    expect(extra).toEqual([]);
  });

  it('are none when no more pages match than the window holds', async () => {
    const window = results.slice(4, 4 + rerankWindow);
    expect(window).toHaveLength(rerankWindow);
    const {extra} = await findResults(engineOf(window), analyseQuery('what is a sidekick'), table);
    expect(extra).toEqual([]);
  });

  it('count pages whose scores differ by 1e-9 as different pages', async () => {
    const pages = [...results.slice(0, 8), result('hubA', 2e-9), result('hubB', 1e-9), result('hubC', 1e-9)];
    const hubs = {hubA: ['Hub A', 'hub', 2], hubB: ['Hub B', 'hub', 2], hubC: ['Hub C', 'hub', 2]};
    const {extra} = await findResults(engineOf(pages), analyseQuery('hub'), hubs);
    expect(ids(extra)).toEqual(['hubA', 'hubB', 'hubA', 'hubB']);
  });
});

describe('the order of the rows', () => {
  it('is the re-ranked window, then the other pages in Pagefind order, each once, cut at the limit', () => {
    // r2 is a copy of r1 (the same score): it keeps its place after the window; r10 is a candidate from beyond it.
    const results = Array.from({length: 12}, (_, i) => result(`r${i}`, i === 2 ? 99 : 100 - i));
    const table = {r10: ['Memory', 'hub', 2]};
    const rows = orderedResults(results, [results[10]], analyseQuery('memory'), 11, table);
    expect(ids(rows)).toEqual(['r10', 'r0', 'r1', 'r3', 'r4', 'r5', 'r6', 'r7', 'r8', 'r2', 'r9']);
  });

  it('ranks a page the ranking table lacks as one without a title or a kind', () => {
    const results = [result('other', 4), result('post', 3), result('unknown', 2), result('named', 1)];
    const table = {
      other: ['Other page', 'doc', 2],
      post: ['Release notes', 'blog', 2],
      named: ['Here', 'doc', 2],
    };
    const rows = orderedResults(results, [], analyseQuery('here'), 4, table);
    expect(ids(rows)).toEqual(['named', 'other', 'unknown', 'post']);
  });
});

describe('the ranking table', () => {
  it('records a page without title or kind with empty fields, leaving out only the empty ones after the depth', () => {
    expect(tableEntry({url: '/docs/a/', meta: {}})).toEqual(['', '', 2]);
    expect(tableEntry({url: '/docs/', meta: {endpoint: '/api/v1/x'}})).toEqual(['', '', 1, '', '', '/api/v1/x']);
  });

  /** An engine whose pages' data arrive a moment after they are asked for, counting how many load at once. */
  function indexOf(pages: Array<{url: string; meta: Record<string, string>}>) {
    const asked: unknown[][] = [];
    const load = {count: 0, running: 0, most: 0};
    const engine = {
      search: async (...args: unknown[]) => {
        asked.push(args);
        return {
          results: pages.map((page, i) => ({
            id: `id${i}`,
            data: async () => {
              load.count += 1;
              load.running += 1;
              load.most = Math.max(load.most, load.running);
              await new Promise((resolve) => setTimeout(resolve, 0));
              load.running -= 1;
              return page;
            },
          })),
        };
      },
    };
    return {engine, asked, load};
  }

  it('lists every page of every kind, loading their data fifty at a time', async () => {
    const pages = Array.from({length: 120}, (_, i) => ({
      url: `/docs/p${i}/`,
      meta: {title: `Page ${i}`, kind: i % 2 ? 'doc' : 'node'},
    }));
    const {engine, asked, load} = indexOf(pages);
    const table = await buildRankingTable(engine);
    expect(asked).toEqual([[null, {filters: {kind: {any: pageKinds}}}]]);
    expect(table).toEqual(
      Object.fromEntries(pages.map((page, i) => [`id${i}`, [`Page ${i}`, i % 2 ? 'doc' : 'node', 2]])),
    );
    expect(load).toEqual({count: 120, running: 0, most: 50});
  });

  it('refuses an index with a page of no kind', async () => {
    const {engine} = indexOf([
      {url: '/docs/a/', meta: {title: 'A', kind: 'doc'}},
      {url: '/docs/orphan/', meta: {title: 'Orphan'}},
    ]);
    await expect(buildRankingTable(engine)).rejects.toThrow(/^Search index: \/docs\/orphan\/ has no kind$/);
  });
});

describe('the section a row links to', () => {
  const section = (title: string, excerpt = '', url = `/p/#${title.trim().toLowerCase().replace(/ /g, '-')}`) => ({
    title,
    url,
    excerpt,
  });
  const page = (title: string, sections: Array<ReturnType<typeof section>>) => ({
    url: '/p/',
    meta: {title},
    sub_results: sections,
  });
  const best = (data: Parameters<typeof bestSection>[0], terms: string[]) => bestSection(data, terms)?.title;

  it('is never a section of another page, nor the top of the page, nor one titled like the page', () => {
    const setup = section('Setup steps');
    expect(best(page('Pinecone', [section('Setup', '', '/q/#setup'), setup]), ['setup'])).toBe('Setup steps');
    expect(best(page('Pinecone', [section('Setup', '', '/p/'), setup]), ['setup'])).toBe('Setup steps');
    expect(
      best(page('Pinecone', [section('Pinecone', '<mark>x</mark>'), section('Pinecone setup')]), ['pinecone']),
    ).toBe('Pinecone setup');
  });

  it('is one whose heading has a word starting with any word of the query, in any case', () => {
    const sections = [section('Configuration'), section('Usage', '<mark>pinecone</mark>')];
    expect(best(page('Pinecone', sections), ['config'])).toBe('Configuration');
    expect(best(page('Pinecone', sections), ['CONFIG'])).toBe('Configuration');
    expect(best(page('Pinecone', [section('Setup'), ...sections]), ['pinecone', 'setup'])).toBe('Setup');
    expect(best(page('Pinecone', sections), ['figuration'])).toBe('Usage');
  });

  it('is named by no heading for a query without words, not even by a heading without words', () => {
    const sections = [section('—'), section('Usage', '<mark>pinecone</mark>')];
    expect(best(page('Pinecone', sections), ['-'])).toBe('Usage');
  });

  it('is else the one with the most matches, a boilerplate one only when no other matches', () => {
    const one = section('Usage', '<mark>a</mark>');
    const three = section('Notes on use', '<mark>a</mark> <mark>a</mark> <mark>a</mark>');
    const two = section('Limits', '<mark>a</mark> <mark>a</mark>');
    expect(best(page('Other', [section('Intro', 'no match'), one, three, two]), ['a'])).toBe('Notes on use');
    expect(best(page('Other', [two, one, three]), ['a'])).toBe('Notes on use');
    const parameters = section(' Parameters ', '<mark>a</mark> <mark>a</mark> <mark>a</mark>');
    expect(best(page('Other', [parameters, one]), ['a'])).toBe('Usage');
    expect(best(page('Other', [section('Credentials', '<mark>a</mark>'), parameters]), ['a'])).toBe(' Parameters ');
  });

  it('is none when no section matches', () => {
    expect(best(page('Other', [section('Intro', 'no match'), section('Usage', 'none')]), ['a'])).toBeUndefined();
  });

  it('is found on a page without a title, where a section without a heading is its top', () => {
    const data = {
      url: '/p/',
      sub_results: [section('', '<mark>a</mark> <mark>a</mark>', '/p/#top'), section('Usage', '<mark>a</mark>')],
    };
    expect(best(data, ['a'])).toBe('Usage');
  });
});

describe('an excerpt', () => {
  it('marks whole words, punctuation on either side going to the text beside it, also across spaces and lines', () => {
    expect(
      excerptParts('say <mark>"hello,</mark> to <mark>(buffer memory).</mark> or <mark>buffer\nwindow</mark>'),
    ).toEqual([
      {text: 'say "', match: false},
      {text: 'hello', match: true},
      {text: ', to (', match: false},
      {text: 'buffer memory', match: true},
      {text: '). or ', match: false},
      {text: 'buffer\nwindow', match: true},
    ]);
  });

  it('drops the tags outside the marks and decodes every entity Pagefind writes', () => {
    expect(
      excerptParts('<p>a <strong>bold</strong> <em>&amp;&lt;&gt;&quot;&#39;&#x27;</em></p> <mark>x</mark>'),
    ).toEqual([
      {text: `a bold &<>"'' `, match: false},
      {text: 'x', match: true},
    ]);
  });
});

describe('the suggestion when nothing matches', () => {
  it('keeps known words as typed and words under four letters, and corrects the others', () => {
    expect(suggestionFor('Memory pincone', ['pinecone', 'memory'])).toBe('Memory pinecone');
    expect(suggestionFor('pin pincone', ['pine', 'pinecone'])).toBe('pin pinecone');
    expect(suggestionFor('Memory', ['memory'])).toBeUndefined();
  });

  it('counts digits as letters of a word', () => {
    expect(suggestionFor('gpt5', ['gpt4'])).toBe('gpt4');
  });

  it('is the word fewest edits away, within the limit, the earlier word winning a tie', () => {
    expect(nearestWord('memor', ['memory'], 1)).toBe('memory');
    expect(nearestWord('memo', ['memory'], 1)).toBeUndefined();
    expect(nearestWord('pinx', ['pine', 'pint'], 1)).toBe('pine');
    expect(nearestWord('pinx', ['pint', 'pine'], 1)).toBe('pint');
  });
});

describe('boilerplate headings', () => {
  it('are the headings of the node page template, in any case, and nothing longer', () => {
    const headings = [
      'Parameters',
      'Additional parameters',
      'Inputs',
      'Output',
      'Outputs',
      'Credentials',
      'Limits and costs',
      'Example',
      'NODES IN THIS CATEGORY',
      'Setup example',
      'Parameters of the model',
      'Examples',
    ];
    expect(headings.filter((heading) => boilerplateHeadings.test(heading))).toEqual(headings.slice(0, 9));
  });
});

describe('breadcrumbs', () => {
  it('name the API reference and the blog only for paths that start with them', () => {
    expect(breadcrumbsMeta('/blog/docs/api/changes', [])).toBe('breadcrumbs:Blog');
    expect(breadcrumbsMeta('/docs/guides/blog/posts', ['Guides'])).toBe('breadcrumbs:Guides');
  });

  it('name the section once when the sidebar trail already starts with it', () => {
    expect(breadcrumbsMeta('/docs/api/prediction', ['API reference', 'Prediction'])).toBe(
      'breadcrumbs:API reference › Prediction',
    );
  });
});
