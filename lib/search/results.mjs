/**
 * The steps of a search between the query and the rows, on Pagefind's
 * browser API (or the same script loaded in Node by the relevance benchmark):
 * find the matching pages, relaxing a query of several words that matches
 * too few pages, then re-rank the first of them, with the best hub, main and
 * defining pages among all matches, by what the ranking table records of
 * them (lib/search/rank.mjs, lib/search/ranking-table.mjs). Only the rows
 * returned load Pagefind's data. The dialog and the results page take their
 * rows from the same ordered list, so they agree on the first rows.
 */
import {candidateKinds, definesTerm, rerank, rerankWindow} from './rank.mjs';
import {tableFacts} from './ranking-table.mjs';

/** How many of the pages that define an asked term join the re-ranked window. */
const definersCount = 2;

/** The fewest results below which a query of several words is relaxed to match pages with only some of them. */
const relaxBelow = 3;

/**
 * The pages that match a query, in Pagefind's order, and the candidates that
 * join the re-ranked window: the best hub and main pages among them
 * (`candidateKinds`: Pagefind ranks a long hub page below the short pages
 * it presents) and, for a "what is …" question, the pages that define the term.
 * @param engine Pagefind (its `search`).
 * @param analysis the query (`analyseQuery`).
 * @param table the ranking table; without it no candidates are added.
 */
export async function findResults(engine, analysis, table) {
  const {terms} = analysis;
  if (!terms.length) return {results: [], extra: []};
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
  if (results.length > rerankWindow) {
    const kindOf = (result) => tableFacts(table, result.id)?.meta.kind;
    for (const {kinds, count} of candidateKinds) {
      extra.push(
        ...distinct(
          results.filter((result) => kinds.includes(kindOf(result))),
          count,
        ),
      );
    }
    if (analysis.defines) {
      const defining = results.filter((result) =>
        definesTerm(tableFacts(table, result.id)?.meta.defines, analysis.defines),
      );
      extra.push(...defining.slice(0, definersCount));
    }
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
 * The first `limit` rows, in order: the re-ranked window (Pagefind's first
 * results and the candidates), then Pagefind's order. No data is loaded.
 * @param results the matching pages (`findResults`).
 * @param extra the candidates (`findResults`).
 * @param analysis the query.
 * @param limit how many rows.
 * @param table the ranking table; a page it does not know ranks by its title "" and no kind.
 */
export function orderedResults(results, extra, analysis, limit, table) {
  const head = distinct(results, rerankWindow);
  for (const candidate of extra) if (!head.some((result) => result.id === candidate.id)) head.push(candidate);
  const ranked = rerank(
    head.map((result) => {
      const facts = tableFacts(table, result.id) ?? {title: '', depth: 0, meta: {}};
      return {item: result, title: facts.title, depth: facts.depth, meta: facts.meta};
    }),
    analysis,
  );
  const seen = new Set(head.map((result) => result.id));
  return [...ranked, ...results.filter((result) => !seen.has(result.id))].slice(0, limit);
}
