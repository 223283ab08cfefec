#!/usr/bin/env node
/**
 * Indexes a built site for search with Pagefind's Node API and writes the index
 * to `<site>/pagefind/`, with the ranking table the client's re-ranking reads
 * (lib/search/ranking-table.mjs): `node plugins/search/build-index.mjs <build folder>`.
 * Run by the search plugin after each build (Pagefind is an ES module, which the
 * site's config, loaded as CommonJS, cannot import). Exits with status 1 and
 * the problem on standard error when Pagefind fails or finds no page to index.
 */
import {readFileSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import * as pagefind from 'pagefind';
import {loadBuiltEngine} from '../../lib/search/built-engine.mjs';
import {indexExtras, keepBoundaries, operationOf, pageKind} from '../../lib/search/index-html.mjs';
import {rankingTableFile, searchBasePath} from '../../lib/search/options.mjs';
import {buildRankingTable} from '../../lib/search/ranking-table.mjs';

/**
 * Parts of indexed pages that are not the page's own content: repeated
 * elsewhere (cards of index pages, pagination, table of contents, breadcrumbs)
 * or not text (heading anchors, the copy-page toolbar).
 */
export const excludeSelectors = [
  '.theme-doc-toc-mobile',
  '.pagination-nav',
  '.theme-doc-footer',
  '.theme-doc-breadcrumbs',
  'nav',
  '.card',
  '.hash-link',
  '[data-search-exclude]',
];

/**
 * How much more a page's title and its description count than its text
 * (Pagefind's default weight is 1). API operation pages, many of which share a
 * word with a guide's title ("Get all variables", "Variables"), weigh a little
 * less, so a one-word concept search finds the guide first.
 */
export const weights = {
  title: 10,
  description: 4,
  operationTitle: 7,
  operationDescription: 3,
  definition: 6,
};

/**
 * The weight of a page's title by its kind (lib/search/index-html.mjs): a hub
 * or category page's title counts most, so "retrievers" finds the Retrievers
 * page before the twenty retrievers; a variant of a node, an API operation or
 * a blog post counts less than a guide or the main node.
 */
export const titleWeights = {
  hub: 10,
  'api-tag': 10,
  doc: 8,
  node: 8,
  variant: 6,
  'api-op': weights.operationTitle,
  blog: 6,
};

/**
 * The terms a page introduces: the bold words of the first paragraph after its
 * title ("An assistant built with it is called a **sidekick**"), lower-cased.
 * The search answers "what is a sidekick" with the page that defines it
 * (lib/search/rank.mjs), which need not have the word in its title.
 * @param html the page's HTML.
 */
export function definedTerms(html) {
  const body = html.indexOf('data-pagefind-body');
  const h1End = body < 0 ? -1 : html.indexOf('</h1>', body);
  // The paragraph ends at its closing tag or, where the minifier left that out, at the next block.
  const paragraph =
    h1End < 0
      ? undefined
      : html
          .slice(h1End)
          .match(/<p\b[^>]*>([\s\S]*?)(?:<\/p>|<(?:p|h[1-6]|div|table|ul|ol|pre|blockquote|section)\b|$)/)?.[1];
  const terms = [...(paragraph ?? '').matchAll(/<strong>([\s\S]*?)<\/strong>/g)].map((m) =>
    m[1]
      .replace(/<[^>]+>/g, '')
      .replace(/&[#\w]+;/g, ' ')
      .replace(/[\s,]+/g, ' ')
      .trim()
      .toLowerCase(),
  );
  return [...new Set(terms.filter(Boolean))];
}

/** Pages generated from the OpenAPI files, one per operation (their HTML names the endpoint). */
const isOperationPage = (html) => html.includes('openapi__method-endpoint');

/**
 * A built page as the index sees it: the first `<h1>` of the indexed content
 * weighs more, and the page's meta description (which the page does not show)
 * is added after it, weighted, so a page whose title or summary names the
 * searched words ranks above pages that only mention them; so are the terms
 * its opening defines ({@link definedTerms}), also recorded as the `defines`
 * meta. After the title come the page's kind (and an API operation's method
 * and path) as metadata, and the synonyms of its title
 * (lib/search/index-html.mjs); block and cell boundaries are kept as spaces.
 * @param html the page's HTML; returned unchanged when it has no indexed content.
 * @param page the page's path and whether other indexed pages sit below it.
 */
export function prepareForIndex(html, {url = '', hasChildren = false} = {}) {
  const body = html.indexOf('data-pagefind-body');
  if (body < 0) return html;
  const h1 = html.indexOf('<h1', body);
  const h1End = h1 < 0 ? -1 : html.indexOf('</h1>', h1);
  if (h1End < 0) return html;
  const operation = isOperationPage(html);
  const description = html.match(/<meta[^>]*name="?description"?[^>]*content="([^"]*)"/)?.[1] ?? '';
  const summaryWeight = operation ? weights.operationDescription : weights.description;
  const summary = description ? `<p data-pagefind-weight="${summaryWeight}">${description}</p>` : '';
  const title = html
    .slice(h1, h1End)
    .replace(/<[^>]+>/g, '')
    .trim();
  const kind = pageKind(url, title, html, hasChildren);
  const titleWeight = titleWeights[kind] ?? weights.title;
  const extras = indexExtras({kind, ...operationOf(html)}, title, titleWeight - 2);
  const terms = definedTerms(html);
  // The ranking table (lib/search/ranking-table.mjs) carries the meta to the client: a "what is …" question brings
  // the page that defines the term into the re-ranked window, wherever Pagefind ranks it (lib/search/results.mjs).
  const defines = terms.length
    ? `<p data-pagefind-weight="${weights.definition}" data-pagefind-meta="defines">${terms.join(', ')}</p>`
    : '';
  return keepBoundaries(
    `${html.slice(0, h1)}<h1 data-pagefind-weight="${titleWeight}"${html.slice(h1 + 3, h1End + 5)}${extras}${summary}${defines}${html.slice(h1End + 5)}`,
  );
}

/** Every HTML file below `dir`, in a stable order. */
function listHtml(dir) {
  return readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith('.html'))
    .sort()
    .map((file) => path.join(dir, file));
}

/**
 * The URL a built HTML file serves: `docs/intro/index.html` → `/docs/intro/`, `404.html` → `/404`. Only a whole
 * `index.html` segment is dropped (`docs/aindex.html` → `/docs/aindex`).
 * @param relativeFile the file's path below the build folder, with `/` or the platform's separator.
 */
export function pageUrlOf(relativeFile) {
  const segments = relativeFile.split(path.sep).join('/');
  return `/${segments.replace(/(^|\/)index\.html$/, '$1').replace(/\.html$/, '')}`;
}

/** Indexes `site` into `site/pagefind`; resolves with the number of pages indexed. */
export async function buildIndex(site) {
  const {index, errors} = await pagefind.createIndex({excludeSelectors, forceLanguage: 'en'});
  if (!index) throw new Error(`Pagefind could not start: ${errors.join('; ')}`);
  let pages = 0;
  try {
    const files = listHtml(site).map((file) => ({file, url: pageUrlOf(path.relative(site, file))}));
    const urls = files.map((entry) => entry.url);
    for (const {file, url} of files) {
      const html = readFileSync(file, 'utf8');
      if (!html.includes('data-pagefind-body')) continue;
      const hasChildren = url.endsWith('/') && urls.some((other) => other !== url && other.startsWith(url));
      const added = await index.addHTMLFile({url, content: prepareForIndex(html, {url, hasChildren})});
      if (added.errors.length) throw new Error(`${file}: ${added.errors.join('; ')}`);
      pages += 1;
    }
    if (pages === 0) throw new Error(`no page of ${site} is marked data-pagefind-body`);
    const written = await index.writeFiles({outputPath: path.join(site, 'pagefind')});
    if (written.errors.length) throw new Error(written.errors.join('; '));
  } finally {
    await pagefind.close();
  }
  await writeRankingTable(site, pages);
  return pages;
}

/**
 * Writes the ranking table (lib/search/ranking-table.mjs) of the index just
 * written, read back through Pagefind's own search API.
 * @param {string} site the build folder.
 * @param {number} pages how many pages were indexed.
 * @throws Error when the table does not hold every indexed page.
 */
async function writeRankingTable(site, pages) {
  const {engine, restore} = await loadBuiltEngine(site);
  try {
    const table = await buildRankingTable(engine);
    const count = Object.keys(table).length;
    if (count !== pages) throw new Error(`the ranking table holds ${count} pages of the ${pages} indexed`);
    writeFileSync(path.join(site, searchBasePath, rankingTableFile), JSON.stringify(table));
  } finally {
    restore();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const site = process.argv[2];
  buildIndex(site).then(
    (pages) => console.log(`Search index: ${pages} pages indexed into ${path.join(site, 'pagefind')}`),
    (error) => {
      console.error(`Search index: ${error.message}`);
      process.exit(1);
    },
  );
}
