import {readFileSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import YAML from 'yaml';
import {
  listSources,
  placeholderPattern,
  readSource,
  shingles,
  similarity,
  siteDir,
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
        expect(page.data.title, 'title').toEqual(expect.any(String));
        expect(page.data.description, 'description').toEqual(expect.any(String));
        const description = String(page.data.description);
        expect(description.length, 'description length').toBeGreaterThan(30);
        expect(description.length, 'description length').toBeLessThanOrEqual(200);
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

const posts = pages.filter((page) => /^blog\/\d{4}-\d\d-\d\d-/.test(page.file));
const declared = (file: string) =>
  Object.keys(YAML.parse(readFileSync(path.join(siteDir, 'blog', file), 'utf8')) ?? {});

describe('blog posts', () => {
  it('are found', () => {
    expect(posts.length).toBeGreaterThan(0);
  });

  for (const post of posts) {
    it(`${post.file} has a slug, declared authors and tags, and a truncate marker after its opening`, () => {
      expect(post.data.slug, 'slug').toEqual(expect.stringMatching(/^[a-z0-9-]+$/));
      expect(post.data.authors, 'authors').toEqual(expect.arrayContaining([expect.any(String)]));
      expect(declared('authors.yml'), 'authors of blog/authors.yml').toEqual(
        expect.arrayContaining(post.data.authors as string[]),
      );
      expect(post.data.tags, 'tags').toEqual(expect.arrayContaining([expect.any(String)]));
      expect(declared('tags.yml'), 'tags of blog/tags.yml').toEqual(expect.arrayContaining(post.data.tags as string[]));
      expect(post.body, 'truncate marker').toMatch(/\{\/\* truncate \*\/\}/);
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
