/**
 * What a result row shows and where it links: the most relevant section of
 * the page (never a boilerplate block when the page itself is the answer),
 * its excerpt with the matched words marked as whole words, and the
 * suggestion offered when nothing matches.
 */
import {distance} from 'fastest-levenshtein';
import {titleTier, wordsOf} from './rank.mjs';

/**
 * Headings that every node page repeats (the node page template): their
 * sections hold parameter tables and notes, seldom the answer a reader wants
 * from the page's own name.
 */
export const boilerplateHeadings =
  /^(additional parameters|parameters|inputs|outputs?|credentials|limits and costs|example|nodes in this category)$/i;

/** How many words an excerpt marks. */
const marks = (excerpt) => excerpt.match(/<mark>/g)?.length ?? 0;

/**
 * The section a row links to, or undefined for the top of the page:
 * - a section whose heading names a word of the query;
 * - else the top of the page when its title names the query (the page is the answer);
 * - else the section with the most matches, a boilerplate one only when no other section matches.
 * @param data Pagefind's result data (`url`, `meta.title`, `sub_results`).
 * @param terms the query's significant words.
 */
export function bestSection(data, terms) {
  const pageUrl = data.url.split('#')[0];
  const title = data.meta?.title ?? '';
  const sections = (data.sub_results ?? []).filter(
    (section) => section.url.split('#')[0] === pageUrl && section.url.includes('#') && section.title !== title,
  );
  const query = terms.flatMap(wordsOf);
  const named = sections.find((section) =>
    wordsOf(section.title).some((word) => query.some((q) => word.startsWith(q))),
  );
  if (named) return named;
  if (titleTier(title, terms) < 2) return undefined;
  const matching = sections.filter((section) => marks(section.excerpt) > 0);
  const plain = matching.filter((section) => !boilerplateHeadings.test(section.title.trim()));
  const pool = plain.length ? plain : matching;
  return pool.sort((a, b) => marks(b.excerpt) - marks(a.excerpt))[0];
}

/**
 * Pagefind's excerpt HTML as plain and matched parts, the marks on whole
 * words: punctuation that Pagefind's mark swallowed ("temperature," or
 * `"temperature`) goes back to the plain text beside it.
 * @param html the excerpt, with the matched words in `<mark>`.
 * @returns {Array<{text: string, match: boolean}>}
 */
export function excerptParts(html) {
  const decode = (text) =>
    text.replace(
      /&(amp|lt|gt|quot|#39|#x27);/g,
      (_, entity) => ({amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'"})[entity],
    );
  const parts = [];
  const push = (text, match) => {
    if (!text) return;
    const last = parts.at(-1);
    if (last && last.match === match) last.text += text;
    else parts.push({text, match});
  };
  for (const part of html.split(/(<mark>[\s\S]*?<\/mark>)/)) {
    if (!part.startsWith('<mark>')) {
      push(decode(part.replace(/<[^>]+>/g, '')), false);
      continue;
    }
    const text = decode(part.slice(6, -7));
    // Every text matches (each part may be empty), at its start: the `^` only states it.
    // Stryker disable next-line Regex: without `^` the pattern still matches first at the start
    const [, before, word, after] = text.match(/^([^\p{L}\p{N}_]*)([\s\S]*?)([^\p{L}\p{N}_]*)$/u);
    push(before, false);
    push(word, true);
    push(after, false);
  }
  return parts;
}

/**
 * The word of the vocabulary closest to each word of a query that found
 * nothing, as a query to offer ("Did you mean …"); looser than the typo
 * correction (up to a third of the word's letters may differ), undefined
 * when no word is that close.
 * @param query what the reader typed.
 * @param words the vocabulary, most frequent first.
 */
export function suggestionFor(query, words) {
  let changed = false;
  const suggestion = query.replace(/[\p{L}\p{N}]{4,}/gu, (word) => {
    const lower = word.toLowerCase();
    if (words.includes(lower)) return word;
    const best = nearestWord(lower, words, Math.max(1, Math.floor(lower.length / 3)));
    if (!best) return word;
    changed = true;
    return best;
  });
  return changed ? suggestion : undefined;
}

/**
 * The word of `words` fewest edits (Levenshtein distance) away from `word`, within `limit` edits; the earlier word
 * wins a tie (the vocabulary is ordered by frequency).
 * @param {string} word a lower-case word.
 * @param {readonly string[]} words the vocabulary.
 * @param {number} limit the most edits allowed.
 * @returns {string | undefined} undefined when no word is within the limit.
 */
export function nearestWord(word, words, limit) {
  let best;
  let bestDistance = limit + 1;
  for (const candidate of words) {
    // Stryker disable next-line ConditionalExpression: saves work only; words further apart in length are further in edits
    if (Math.abs(candidate.length - word.length) > limit) continue;
    const d = distance(word, candidate);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}
