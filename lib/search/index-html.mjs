/**
 * What the search index records of a built page besides Pagefind's defaults,
 * shared by the indexer (plugins/search/build-index.mjs) and its tests:
 *
 * - the page's kind, as Pagefind metadata the client's ranking reads
 *   (`kind`: hub, doc, node, variant, api-tag, api-op, blog), with the method and
 *   path of an API operation (`method`, `endpoint`), which results show;
 * - the text with the boundaries of table cells and blocks kept: the HTML
 *   minifier leaves out optional closing tags (`</td>`, `</th>`, `</li>`, `</p>`),
 *   and Pagefind then indexes the words of neighbouring cells as one
 *   ("ParameterTypeRequired");
 * - the product's synonyms of the words of the page's title, so that a reader
 *   who types the other name of a concept finds the page.
 */
import {synonymsOf} from './synonyms.mjs';

/** Page kinds, as the `kind` metadata of the index and the client's ranking use them. */
export const pageKinds = ['hub', 'doc', 'node', 'variant', 'api-tag', 'api-op', 'blog'];

/** Where the docs keep the node reference: each node has a page below its category's. */
const nodesFolder = '/sidekick-studio/nodes/';

/**
 * A node page that documents a variant of another node: the LlamaIndex port
 * ("ChatAnthropic (LlamaIndex)") or AnswerAI's own build of it ("Answer
 * ChatAnthropic", "Tool Agent (AnswerAI)").
 * @param title the page's title.
 */
export function isVariantTitle(title) {
  return /\((LlamaIndex|AnswerAI)\)\s*$/i.test(title) || /^Answer\s+\S/.test(title);
}

/**
 * The kind of an indexed page.
 * @param url the page's path.
 * @param title the page's title.
 * @param html the page's HTML.
 * @param hasChildren whether other indexed pages sit below this one's path (a category or hub page).
 */
export function pageKind(url, title, html, hasChildren) {
  if (url.startsWith('/blog/')) return 'blog';
  if (html.includes('openapi__method-endpoint')) return 'api-op';
  if (url.startsWith('/docs/api/')) return 'api-tag';
  if (hasChildren) return 'hub';
  if (url.includes(nodesFolder)) return isVariantTitle(title) ? 'variant' : 'node';
  return 'doc';
}

/** The base path of the API, which the operation pages leave out of their paths (the servers of the OpenAPI files end with it). */
export const apiBasePath = '/api/v1';

/**
 * The method and path of an API operation page, e.g. `{method: 'POST', endpoint: '/api/v1/prediction/:id'}`.
 * @param html the page's HTML.
 */
export function operationOf(html) {
  const match = html.match(
    /openapi__method-endpoint[^>]*>\s*<span[^>]*>\s*([A-Z]+)\s*<\/span>\s*<h2[^>]*>([^<]+)<\/h2>/,
  );
  if (!match) return undefined;
  return {method: match[1], endpoint: `${apiBasePath}${match[2].trim()}`};
}

/** Block and cell elements whose boundary is a word boundary, whether or not their closing tag is written. */
const boundaryTags = 'td|th|tr|li|p|dt|dd|div|h[1-6]|pre|blockquote|table|thead|tbody|ul|ol|br|section|article';

/**
 * The HTML with a space before every opening tag of a block or table cell
 * (where the previous cell or block ends, closing tag written or not), so that the text of two cells or blocks never runs together in
 * the index or in excerpts, whatever closing tags the minifier omitted.
 * Tags inside `<pre>` are left alone (their text is code, spaced as written).
 * @param html an HTML page or fragment.
 */
export function keepBoundaries(html) {
  const pattern = new RegExp(`(<pre\\b[\\s\\S]*?</pre>)|(<(?:${boundaryTags})\\b)`, 'gi');
  return html.replace(pattern, (_, pre, tag) => pre ?? ` ${tag}`);
}

/**
 * The hidden elements that carry a page's metadata and the synonyms of its
 * title, inserted after its `<h1>` by the indexer.
 * @param {{kind: string, method?: string, endpoint?: string}} meta the page's kind and, for an API operation, its method and endpoint.
 * @param title the page's title.
 * @param weight how much the synonyms count (the title's weight, a little less).
 */
export function indexExtras({kind, method, endpoint}, title, weight) {
  // One element per `key:value` pair (Pagefind reads the first colon as the separator; an endpoint has others).
  const pairs = [`kind:${kind}`, ...(method ? [`method:${method}`, `endpoint:${endpoint}`] : [])];
  const meta = pairs.map((pair) => `<span data-pagefind-meta="${pair}"></span>`).join('');
  // The kind is also a filter: the client finds the best hubs and main pages for a query without loading
  // the data of the pages Pagefind ranks above them.
  const filter = `<span data-pagefind-filter="kind:${kind}"></span>`;
  const synonyms = synonymsOf(title);
  // The endpoint's path, as words (its segments) and as typed, so a reader who types the path finds the page.
  const path = endpoint
    ? `${endpoint} ${endpoint
        .split(/[/:{}]/)
        .filter(Boolean)
        .join(' ')}`
    : '';
  const words = [...synonyms, path].filter(Boolean).join(' ');
  const hidden = words ? `<span data-pagefind-weight="${weight}" hidden>${words}</span>` : '';
  return `${meta}${filter}${hidden}`;
}
