/**
 * The product's synonyms: names the docs use for the same thing. Each group
 * comes from the product's own vocabulary, with where the docs say so:
 *
 * - sidekick / chatflow: the glossary of /docs/intro ("Sidekick: an assistant
 *   you chat with. Under the hood it is a chatflow"); the API calls sidekicks
 *   chatflows (`/api/v1/chatflows`).
 * - knowledge base / document store: the glossary ("Knowledge base: a document
 *   store"); the API and the Document Store node use the second name.
 * - credential / API key: the glossary ("Credential: a stored secret, such as
 *   a model provider's API key").
 * - agentflow / agent flow: the Studio's "Agentflows" list and the node
 *   category "Agent Flows" (both spellings appear in the docs).
 *
 * The indexer adds the other names of a group to every page whose title uses
 * one of them (lib/search/index-html.mjs), so either name finds the page.
 */
export const synonymGroups = [
  ['sidekick', 'chatflow'],
  ['knowledge base', 'document store'],
  ['credential', 'api key'],
  ['agentflow', 'agent flow'],
];

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `text` names `term` as whole words, in the singular or plural. */
function names(text, term) {
  return new RegExp(`(^|[^\\p{L}\\p{N}])${escape(term)}s?($|[^\\p{L}\\p{N}])`, 'iu').test(text);
}

/**
 * The other names of the synonyms a text uses, e.g. `['chatflow']` for
 * "Sidekick Studio"; empty when it uses none.
 * @param text a title or a query.
 */
export function synonymsOf(text) {
  const found = [];
  for (const group of synonymGroups) {
    if (group.some((term) => names(text, term))) {
      for (const term of group) if (!names(text, term)) found.push(term);
    }
  }
  return found;
}
