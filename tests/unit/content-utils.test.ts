import {describe, expect, it} from 'vitest';
import {placeholderPattern, shingles, similarity, wordCount, strayExpressions} from './content-utils';

describe('content helpers', () => {
  it('counts prose words and ignores code, JSX and imports', () => {
    const body = "import X from 'y';\n\nOne two three.\n\n```js\nconst a = 1;\n```\n\n<Tabs>four</Tabs>";
    expect(wordCount(body)).toBe(4);
  });

  it('flags placeholder phrases but not ordinary words', () => {
    expect('Coming soon: more nodes').toMatch(placeholderPattern);
    expect('Write TODO here').toMatch(placeholderPattern);
    expect('A todolist app and a tbdx file').not.toMatch(placeholderPattern);
  });

  it('scores identical texts 1 and unrelated texts near 0', () => {
    const a = shingles('the quick brown fox jumps over the lazy dog near the river bank');
    const b = shingles('vector stores keep embeddings of chunks so that retrievers can find them fast');
    expect(similarity(a, a)).toBe(1);
    expect(similarity(a, b)).toBeLessThan(0.1);
  });

  it('finds stray MDX expressions but not code, comments or JSX attributes', () => {
    const body = 'Ask about {topic} here.\n\n`{inline}` is code.\n\n{/* a comment */}\n\n<Tabs groupId={"x"} />\n';
    expect(strayExpressions(body)).toEqual([{line: 1, text: '{topic}'}]);
    expect(() => strayExpressions('An unclosed {brace')).toThrow();
  });
});
