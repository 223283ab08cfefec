/**
 * The ranking table: what the re-ranking (lib/search/rank.mjs) reads about
 * every indexed page, keyed by Pagefind's result id, written beside the index
 * at build time (plugins/search) and loaded by the browser with the engine.
 * With it, a query re-ranks its first results and finds the best hub, main
 * and defining pages among all its matches without loading their data: only
 * the rows shown fetch Pagefind's fragments, whose loading and excerpting is
 * the slowest step of a search.
 *
 * Each entry is an array, `[title, kind, depth, defines, method, endpoint]`,
 * with empty trailing fields left out: `depth` is the number of segments of
 * the page's path, `defines` the terms its opening defines (comma-separated).
 */
import {pageKinds} from './index-html.mjs';

/**
 * A page's entry, from its Pagefind result data.
 * @param {{url: string, meta: Record<string, string | undefined>}} data
 * @returns {Array<string | number>}
 */
export function tableEntry(data) {
  const {title = '', kind = '', defines = '', method = '', endpoint = ''} = data.meta;
  const depth = data.url.split(/[?#]/)[0].split('/').filter(Boolean).length;
  const entry = [title, kind, depth, defines, method, endpoint];
  // The depth, a number, ends the trimming at the third field.
  while (entry.at(-1) === '') entry.pop();
  return entry;
}

/**
 * What the table records about a result.
 * @param {Record<string, Array<string | number>> | undefined} table the ranking table.
 * @param {string} id Pagefind's result id.
 * @returns {{title: string, depth: number, meta: {kind?: string, defines?: string, method?: string, endpoint?: string}} | undefined}
 *   undefined when the table does not know the page.
 */
export function tableFacts(table, id) {
  const entry = table?.[id];
  if (!entry) return undefined;
  const [title, kind, depth, defines, method, endpoint] = entry;
  return {
    title: String(title),
    depth: Number(depth),
    meta: {kind: String(kind) || undefined, defines, method, endpoint},
  };
}

/**
 * The ranking table of an index, through Pagefind's search API: every page
 * has a `kind` filter value (lib/search/index-html.mjs), so a search of all
 * kinds lists every page with its id.
 * @param engine Pagefind's browser API, loaded on the built index.
 * @returns {Promise<Record<string, Array<string | number>>>}
 * @throws Error when a page of the index has no kind (it could not be ranked).
 */
export async function buildRankingTable(engine) {
  const {results} = await engine.search(null, {filters: {kind: {any: pageKinds}}});
  const table = {};
  // Stryker disable next-line EqualityOperator: `<=` adds one empty batch after the last, which loads nothing
  for (let start = 0; start < results.length; start += 50) {
    const batch = results.slice(start, start + 50);
    const data = await Promise.all(batch.map((result) => result.data()));
    batch.forEach((result, i) => {
      if (!data[i].meta.kind) throw new Error(`Search index: ${data[i].url} has no kind`);
      table[result.id] = tableEntry(data[i]);
    });
  }
  return table;
}
