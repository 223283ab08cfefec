import {describe, expect, it} from 'vitest';
import {
  listSources,
  placeholderPattern,
  readSource,
  shingles,
  similarity,
  strayExpressions,
  withoutCodeBlocks,
  wordCount,
} from './content-utils';

const pages = [...listSources('docs'), 'api-docs/index.mdx', 'api-docs/full-api-spec.mdx', ...listSources('blog')]
  .map(readSource)
  .filter((page) => !page.file.startsWith('blog/') || /index\.mdx?$|\d{4}-\d\d-\d\d/.test(page.file));

describe('content of every hand-written page', () => {
  it('finds the pages', () => {
    expect(pages.length).toBeGreaterThan(10);
  });

  for (const page of pages) {
    describe(page.file, () => {
      it('has a title and a one-sentence description', () => {
        expect(typeof page.data.title === 'string' || page.file.startsWith('blog/'), 'title').toBe(true);
        expect(typeof page.data.description === 'string' || page.file.startsWith('blog/'), 'description').toBe(true);
        if (typeof page.data.description === 'string') {
          expect(page.data.description.length).toBeGreaterThan(30);
          expect(page.data.description.length).toBeLessThanOrEqual(200);
        }
      });

      it('has at least 150 words of body text', () => {
        expect(wordCount(page.body)).toBeGreaterThanOrEqual(150);
      });

      it('has no placeholder text', () => {
        expect(`${JSON.stringify(page.data)}\n${page.body}`).not.toMatch(placeholderPattern);
      });

      it('parses as MDX and has no stray {expression} in its text', () => {
        expect(strayExpressions(page.body)).toEqual([]);
      });

      it('does not repeat the title as a level-1 heading', () => {
        // Code blocks may hold shell comments; only Markdown headings count.
        expect(withoutCodeBlocks(page.body)).not.toMatch(/^# /m);
      });
    });
  }
});

describe('no two pages are near-duplicates', () => {
  it('every pair has a shingle similarity below 0.9', () => {
    // Smallest first: the Jaccard similarity of two sets is at most the ratio of their sizes, so once that
    // ratio falls below the threshold no larger set can be a near-duplicate.
    const sets = pages
      .map((page) => ({file: page.file, set: shingles(page.body)}))
      .sort((a, b) => a.set.size - b.set.size);
    const pairs: string[] = [];
    for (let i = 0; i < sets.length; i += 1) {
      for (let j = i + 1; j < sets.length; j += 1) {
        if (sets[i].set.size < 0.9 * sets[j].set.size) break;
        const score = similarity(sets[i].set, sets[j].set);
        if (score >= 0.9) pairs.push(`${sets[i].file} ~ ${sets[j].file}: ${score.toFixed(2)}`);
      }
    }
    expect(pairs).toEqual([]);
  });
});
