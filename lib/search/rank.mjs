/**
 * The search's ranking on top of Pagefind's: what a query asks for
 * (`analyseQuery`) and the order of the first results by the page metadata
 * the index records (`rerank`; the metadata is written by
 * lib/search/index-html.mjs). Shared by the browser (src/components/Search)
 * and the relevance benchmark (lib/bench/search-relevance.mjs). Each rule is
 * measured on the judged queries of tests/search/judgements.json; Pagefind's
 * own ranking options are in lib/search/options.mjs.
 */
import {synonymsOf} from './synonyms.mjs';

/**
 * How many of Pagefind's first results are re-ranked. The dialog and the
 * results page re-rank the same window, so they list the same first rows.
 */
export const rerankWindow = 8;

/**
 * Pages that join the re-ranked window, found among all matches by their
 * kind in the ranking table (lib/search/ranking-table.mjs): the best two hubs and the best three main pages (hubs, guides, main nodes), so
 * that variants, API operations or posts that Pagefind ranks first (or many
 * copies of one page) cannot keep the page a reader means out of the window.
 */
export const candidateKinds = [
  {kinds: ['hub', 'api-tag'], count: 2},
  {kinds: ['hub', 'api-tag', 'doc', 'node'], count: 3},
];

/** Words that carry no meaning in a search; dropped from questions such as "how do I add memory to a chatbot". */
export const stopWords = new Set(
  'a an and are as at be by can do does for from how i if in into is it its me my of on or should the to was what when where which who why will with you your'.split(
    ' ',
  ),
);

const httpMethods = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
/** Path segments every API path has, which say nothing about the operation. */
const apiPrefixSegments = new Set(['api', 'v1']);

/**
 * The term a question asks to be defined ("what is a sidekick", "What are
 * chatflows?"), lower-cased; undefined for other queries.
 * @param query what the reader typed.
 * @returns {string | undefined}
 */
export function definitionAsked(query) {
  return query
    .trim()
    .match(/^what\s+(?:is|are)\s+(?:(?:an?|the)\s+)?(.+?)\s*\??$/i)?.[1]
    .toLowerCase();
}

/**
 * Whether a page defines a term: its `defines` metadata (the bold words of
 * its opening paragraph, plugins/search/build-index.mjs `definedTerms`,
 * comma-separated) holds the term or its singular.
 * @param defines the page's `defines` metadata.
 * @param term the term asked (`definitionAsked`).
 */
export function definesTerm(defines, term) {
  const forms = new Set(termForms(term));
  return (defines ?? '').split(',').some((defined) => forms.has(defined.trim()));
}

/**
 * The forms of an asked term a page may define it under: the term and its singular.
 * @param {string} term the term asked (`definitionAsked`).
 * @returns {string[]}
 */
function termForms(term) {
  return [...new Set([term, term.replace(/s$/, '')])];
}

/**
 * What a query asks for.
 * @param query what the reader typed.
 * @returns {{text: string, terms: string[], method?: string, path?: string, api: boolean, defines?: string}}
 *   `text` is what Pagefind searches (quotes, `$` and other signs dropped; an API path as its meaningful segments);
 *   `terms` its significant words; `method` and `path` an HTTP method and an API path the reader typed;
 *   `api` whether the query looks like an API lookup (a path, a method or a camelCase field name);
 *   `defines` the term a "what is …" question asks to be defined (`definitionAsked`).
 */
export function analyseQuery(query) {
  let method;
  let path;
  const words = [];
  for (const raw of query.match(/\S+/g) ?? []) {
    if (httpMethods.has(raw)) method = raw;
    else if (raw.includes('/') && /[\p{L}]/u.test(raw)) {
      path = raw.replace(/\{(\w+)\}/g, ':$1').replace(/\/+$/, '');
      for (const segment of raw.split('/')) {
        if (segment && !apiPrefixSegments.has(segment.toLowerCase()) && !/^[{:]/.test(segment)) words.push(segment);
      }
    } else words.push(raw);
  }
  // Pagefind's query parser stops at some signs ("$vars" finds nothing): keep letters, digits, _ and -.
  const all = words.join(' ').match(/[\p{L}\p{N}_-]+/gu) ?? [];
  const kept = all.filter((word) => !stopWords.has(word.toLowerCase()));
  const terms = kept.length ? kept : all;
  const camel = terms.some((word) => /^[a-z]+[A-Z]\w*$/.test(word));
  return {
    text: terms.join(' '),
    terms,
    method,
    path,
    api: Boolean(method || path || camel),
    defines: definitionAsked(query),
  };
}

/**
 * The words of a text: letters, digits and `_` (API field names), lower-cased; shared with lib/search/rows.mjs.
 * @param {string} text a title, heading or query.
 * @returns {string[]} empty when the text has no word.
 */
export function wordsOf(text) {
  // Stryker disable next-line ArrayDeclaration: a text without words matches no query word, whatever stands in for its words
  return text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
}

/** A word without a plural ending, for comparing titles with queries ("retrievers" and "retriever"). */
function stem(word) {
  return word.replace(/(ies)$/, 'y').replace(/(?<=[^s])s$/, '');
}

/**
 * How well a page's title matches the query: 0 when it is the query (plural
 * or singular, or a synonym of it), 1 when it has every word of the query
 * (a word of the title may start with or contain it: "anthropic" is in
 * "ChatAnthropic"), 2 otherwise.
 * @param title the page's title.
 * @param terms the query's significant words.
 */
export function titleTier(title, terms) {
  const query = terms.flatMap(wordsOf).map(stem);
  if (!query.length) return 2;
  const titleWords = wordsOf(title.replace(/\((LlamaIndex|AnswerAI)\)/gi, ''))
    .filter((word) => !stopWords.has(word))
    .map(stem);
  const phrase = query.join(' ');
  if (titleWords.join(' ') === phrase) return 0;
  if (
    synonymsOf(title).some((synonym) => wordsOf(synonym).map(stem).join(' ') === phrase) &&
    titleWords.length <= query.length
  )
    return 0;
  const has = (word) => titleWords.some((t) => t.startsWith(word) || (word.length >= 4 && t.includes(word)));
  return query.every(has) ? 1 : 2;
}

/**
 * The rank of a page kind: hub and category pages first, then guides and the
 * main nodes, then a node's variants, API operations (unless the query looks
 * like an API lookup, when they rank with the guides), and blog posts last.
 * @param kind the page's kind (lib/search/index-html.mjs).
 * @param api whether the query looks like an API lookup.
 */
export function kindRank(kind, api) {
  switch (kind) {
    case 'hub':
    case 'api-tag':
      return 0;
    case 'variant':
      return 2;
    case 'api-op':
      return api ? 1 : 3;
    case 'blog':
      return 4;
    default:
      return 1;
  }
}

/**
 * How well an API operation matches a typed path and method: 0 for the same
 * path, 1 for a path that starts with it, 2 otherwise; the method, when
 * typed, must be the operation's.
 */
function endpointRank(meta, analysis) {
  if (!analysis.path || !meta.endpoint) return 2;
  if (analysis.method && meta.method !== analysis.method) return 2;
  const typed = analysis.path.startsWith('/api/') ? analysis.path : `/api/v1${analysis.path}`;
  const endpoint = meta.endpoint.replace(/\/+$/, '');
  const generic = (p) => p.replace(/:\w+/g, ':');
  if (generic(endpoint) === generic(typed)) return 0;
  return generic(endpoint).startsWith(generic(typed)) ? 1 : 2;
}

/**
 * Orders candidates: first an API operation whose path the reader typed, then,
 * for a "what is …" question, the pages that define the term (`definesTerm`:
 * "what is a sidekick" means the page that introduces sidekicks, which need not
 * have the word in its title), then by how well the title matches
 * (`titleTier`), then by the kind of page (`kindRank`) and a parent page before
 * its children, then in Pagefind's order (the sort is stable).
 * @template T
 * @param {Array<{item: T, title: string, url?: string, depth?: number, meta: Record<string, string | undefined>}>} candidates
 *   in Pagefind's order; `depth` the number of segments of the page's path (else counted from `url`).
 * @param analysis the query (`analyseQuery`).
 * @returns {T[]}
 */
export function rerank(candidates, analysis) {
  return candidates
    .map((candidate) => {
      const tier = titleTier(candidate.title, analysis.terms);
      const kind = kindRank(candidate.meta.kind, analysis.api);
      return {
        item: candidate.item,
        endpoint: endpointRank(candidate.meta, analysis),
        defined: analysis.defines && definesTerm(candidate.meta.defines, analysis.defines) ? 0 : 1,
        tier,
        // Where no title names the query, only blog posts and (for a query that is no API lookup) API operations
        // move down: a hub that merely mentions the words is no better answer than the guide that explains them.
        kind: tier < 2 ? kind : Number(kind >= 3) + Number(kind === 4),
        // A parent page before the pages below it ("Sidekick Studio" before "Sidekick settings").
        depth: tier < 2 ? (candidate.depth ?? (candidate.url ?? '').split('/').filter(Boolean).length) : 0,
      };
    })
    .sort(
      (a, b) =>
        a.endpoint - b.endpoint || a.defined - b.defined || a.tier - b.tier || a.kind - b.kind || a.depth - b.depth,
    )
    .map((entry) => entry.item);
}
