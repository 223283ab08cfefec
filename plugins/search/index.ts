/**
 * Build plugin: after the build, indexes the site for search with Pagefind
 * (`build-index.mjs`) and writes the index to `build/pagefind/`, with the
 * site's vocabulary (`vocabulary.json`) that the search uses to correct typos.
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
import {readFileSync, readdirSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

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

function* htmlFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* htmlFiles(full);
    else if (entry.endsWith('.html')) yield readFileSync(full, 'utf8');
  }
}

export default function searchIndexPlugin(): Plugin {
  return {
    name: 'search-index',
    async postBuild({outDir}) {
      // Pagefind indexes in a child process while this process goes on with the
      // vocabulary and the other plugins' postBuild (the Markdown export).
      const indexed = new Promise<void>((resolve, reject) => {
        execFile(process.execPath, [path.join(__dirname, 'build-index.mjs'), outDir], (error, _stdout, stderr) => {
          if (error) reject(new Error(stderr.trim() || `Search index: ${error.message}`));
          else resolve();
        });
      });
      const vocabulary = JSON.stringify(vocabularyOf(htmlFiles(outDir)));
      await indexed;
      writeFileSync(path.join(outDir, 'pagefind', 'vocabulary.json'), vocabulary);
    },
  };
}
