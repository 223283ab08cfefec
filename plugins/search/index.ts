/**
 * The search index, a step of the post-build pipeline (plugins/post-build):
 * indexes the site with Pagefind (`build-index.mjs`) into `build/pagefind/`,
 * with the ranking table (lib/search/ranking-table.mjs) and the site's
 * vocabulary (`vocabulary.json`) that the search uses to correct typos.
 *
 * Only the content marked `data-pagefind-body` is indexed: docs and API pages
 * (`src/theme/DocItem/Content`, `src/theme/ApiItem`) and blog posts
 * (`src/theme/BlogPostItem`), without the parts that repeat other pages
 * (cards of index pages, the pagination, the table of contents).
 *
 * Fails the build, naming the problem, when Pagefind reports an error or
 * indexes no page.
 */
import {execFile} from 'node:child_process';
import {readFileSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {vocabularyFile} from '../../lib/search/options.mjs';

/** Words of the vocabulary: letters and digits, at least four characters (shorter words are not corrected). */
const wordPattern = /[\p{L}][\p{L}\p{N}]{3,}/gu;

/**
 * The vocabulary of a set of pages: the words of their titles and headings
 * (levels 1 to 3), lower-cased, most frequent first. Headings name the
 * product's concepts, nodes and API operations: the words a reader misspells.
 * @param html the pages' HTML.
 */
export function vocabularyOf(html: Iterable<string>): string[] {
  const counts = new Map<string, number>();
  for (const page of html) {
    if (!page.includes('data-pagefind-body')) continue;
    for (const match of page.matchAll(/<(h[1-3]|title)\b[^>]*>([\s\S]*?)<\/\1>/g)) {
      const text = match[2].replace(/<[^>]+>/g, ' ').replace(/&[#\w]+;/g, ' ');
      for (const word of text.toLowerCase().match(wordPattern) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([word]) => word);
}

/**
 * Indexes the built site with Pagefind into `build/pagefind/` (build-index.mjs,
 * in a child process: Pagefind is an ES module) and writes the vocabulary
 * beside the index.
 * @param outDir the build folder.
 * @returns the number of pages indexed.
 * @throws Error with Pagefind's message when the index cannot be built or holds no page.
 */
export async function buildSearchIndex(outDir: string): Promise<number> {
  // Pagefind indexes in a child process while this process computes the vocabulary.
  const indexed = new Promise<number>((resolve, reject) => {
    execFile(process.execPath, [path.join(__dirname, 'build-index.mjs'), outDir], (error, stdout, stderr) => {
      if (error) reject(new Error(stderr.trim() || `Search index: ${error.message}`));
      else resolve(Number(stdout.match(/(\d+) pages indexed/)?.[1] ?? 0));
    });
  });
  const vocabulary = JSON.stringify(vocabularyOf(htmlFiles(outDir)));
  const pages = await indexed;
  writeFileSync(path.join(outDir, 'pagefind', vocabularyFile), vocabulary);
  return pages;
}

/** The HTML of every page of the build. */
function* htmlFiles(dir: string): Generator<string> {
  // Stryker disable next-line StringLiteral: Node reads an empty encoding as utf8; the type needs a name
  for (const file of readdirSync(dir, {recursive: true, encoding: 'utf8'})) {
    if (file.endsWith('.html')) yield readFileSync(path.join(dir, file), 'utf8');
  }
}
