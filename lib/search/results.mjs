/**
 * The steps of a search between the query and the rows, on Pagefind's
 * browser API (or the same script loaded in Node by the relevance benchmark):
 * find the matching pages, relaxing a query of several words that matches
 * too few pages, then re-rank the first of them by their metadata
 * (lib/search/rank.mjs). The dialog and the results page take their rows
 * from the same ordered list, so they agree on the first rows.
 */
import {filteredCandidates, rerank, rerankWindow, termForms} from './rank.mjs';

/** How many of the pages that define an asked term join the re-ranked window. */
const definersCount = 2;

/** The fewest results below which a query of several words is relaxed to match pages with only some of them. */
const relaxBelow = 3;

/**
 * The pages that match a query, in Pagefind's order, and the best hub and
 * main pages among them (`filteredCandidates`: Pagefind ranks a long hub
 * page below the short pages it presents).
 * @param engine Pagefind (its `search`).
 * @param analysis the query (`analyseQuery`).
 */
export async function findResults(engine, analysis) {
  const {terms} = analysis;
  if (!terms.length) return {results: [], extra: []};
  // The filtered searches run beside the main one (they need the same index chunks, and the filter's own chunk
  // then loads in parallel instead of after): on a phone profile each sequential step costs a round trip.
  const filtered = Promise.all(
    filteredCandidates.map(({kinds}) => engine.search(terms.join(' '), {filters: {kind: {any: kinds}}})),
  );
  // A "what is …" question: the pages whose opening defines the term (plugins/search/build-index.mjs `definedTerms`).
  const definers = analysis.defines
    ? engine.search(null, {filters: {defines: {any: termForms(analysis.defines)}}})
    : Promise.resolve({results: []});
  let {results} = await engine.search(terms.join(' '));
  if (results.length < relaxBelow && terms.length > 1) {
    // Pagefind matches pages that have every word; rank pages by how many of the words they have, then by score.
    const found = new Map();
    for (const term of terms) {
      for (const result of (await engine.search(term)).results) {
        const entry = found.get(result.id) ?? {result, words: 0, score: 0};
        found.set(result.id, {result, words: entry.words + 1, score: entry.score + result.score});
      }
    }
    results = [...found.values()].sort((a, b) => b.words - a.words || b.score - a.score).map((entry) => entry.result);
  }
  const extra = [];
  const [lists, defining] = await Promise.all([filtered, definers]);
  if (results.length > rerankWindow) {
    filteredCandidates.forEach(({count}, i) => extra.push(...distinct(lists[i].results, count)));
    extra.push(...defining.results.slice(0, definersCount));
  }
  return {results, extra};
}

/**
 * The first `count` results with distinct scores: pages with the same text
 * (copies of a page) score the same, and one of them is enough in the
 * re-ranked window; the others keep their place after it.
 */
function distinct(results, count) {
  const kept = [];
  for (const result of results) {
    if (kept.length >= count) break;
    if (!kept.some((other) => Math.abs(other.score - result.score) < 1e-9)) kept.push(result);
  }
  return kept;
}

/**
 * The data of the first `limit` rows: the re-ranked window (Pagefind's first
 * results and the filtered candidates), then Pagefind's order.
 * @param results the matching pages (`findResults`).
 * @param extra the filtered candidates (`findResults`).
 * @param analysis the query.
 * @param limit how many rows.
 */
export async function orderedData(results, extra, analysis, limit) {
  const head = distinct(results, rerankWindow);
  for (const candidate of extra) if (!head.some((result) => result.id === candidate.id)) head.push(candidate);
  const headData = await Promise.all(head.map((result) => result.data()));
  const ranked = rerank(
    headData.map((data) => ({item: data, title: data.meta.title ?? '', url: data.url, meta: data.meta})),
    analysis,
  );
  const seen = new Set(head.map((result) => result.id));
  const rest = results.filter((result) => !seen.has(result.id)).slice(0, Math.max(0, limit - ranked.length));
  const restData = await Promise.all(rest.map((result) => result.data()));
  return [...ranked, ...restData].slice(0, limit);
}
