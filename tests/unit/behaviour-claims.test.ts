/**
 * The docs' prose against the behaviour facts of `data/product/behaviour.json`, which the project's extractor reads
 * from the server's source (and `tests/product/behaviour.test.ts` checks on samples against the running server):
 *
 * - No sentence may describe as streaming a node whose answer comes back whole: an ending node the server does not
 *   stream, a chat model without a Streaming input that is not on the server's list, an output parser. A sentence
 *   speaks of the node of its page, or of the one node page it links to; a sentence that links to several node
 *   pages is not judged. (Sentences denying that a streaming node streams are left to review: they usually qualify
 *   one case, such as a moderation message.)
 * - A node that cannot run with the locked library versions says so in its prose.
 */
import {describe, expect, it} from 'vitest';
import {incompatibilityOf, nodeByName, streamingRole, type ProductNode} from '../../lib/product';
import {listSources, proseOf, readSource, withoutCodeBlocks, type SourcePage} from './content-utils';

const nodePagesDir = 'docs/using-answerai/sidekick-studio/nodes';
const allPages = ['docs', 'blog'].flatMap((dir) => listSources(dir)).map(readSource);
const nodePages = allPages.filter((page) => page.data.node !== undefined);

/** The node a node page documents. */
const nodeOf = (page: SourcePage) => nodeByName((page.data.node as {name: string}).name);

/** Node by the route of its page. */
const nodeByRoute = new Map(
  nodePages.map((page) => [`/${page.file.replace(/\.mdx?$/, '').replace(/\/index$/, '')}`, nodeOf(page)]),
);

/** Words that make a sentence about streaming a negative one. */
const negation =
  /\b(not|no|never|cannot|can't|without|whole|one piece|all at once|doesn't|isn't|aren't|won't|none|nothing|only after|instead of|unlike)\b/i;

/** The roles of nodes whose answers, or whose flows' answers, come back whole. */
const wholeRoles = new Set(['ending-whole', 'model-whole', 'prevents']);

/** A sentence of a page that speaks of streaming, with the node it speaks of. */
export interface StreamingSentence {
  file: string;
  node: ProductNode;
  sentence: string;
}

/**
 * The sentences of a page (frontmatter, code, imports and JSX removed) that speak of streaming, each with the node
 * it speaks of: the one node page it links to, else the page's own node; sentences that speak of no node, or link
 * to several node pages, are left out. Option names (`Detailed Streaming`, the `streaming` input) do not count.
 */
export function streamingSentences(page: SourcePage): StreamingSentence[] {
  const own = page.data.node ? nodeOf(page) : undefined;
  const text = withoutCodeBlocks(page.body)
    .replace(/^\s*(import|export)\s.*$/gm, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
  const found: StreamingSentence[] = [];
  for (const sentence of text.split(/(?<=[.!?])\s+(?=[A-Z*`([])/)) {
    if (!/\bstream/i.test(sentence) || /Detailed Streaming|enableDetailedStreaming|`streaming`/.test(sentence))
      continue;
    const linked = [
      ...new Set(
        [...sentence.matchAll(new RegExp(`\\]\\((/${nodePagesDir}/[^)#\\s]+)`, 'g'))]
          .map((match) => nodeByRoute.get(match[1].replace(/\/$/, '')))
          .filter((node): node is ProductNode => node !== undefined),
      ),
    ];
    const node = linked.length === 1 ? linked[0] : linked.length === 0 ? own : undefined;
    if (node) found.push({file: page.file, node, sentence: proseOf(sentence).trim()});
  }
  return found;
}

describe('streaming claims', () => {
  const sentences = allPages.flatMap(streamingSentences);
  const aboutWhole = sentences.filter(({node}) => wholeRoles.has(String(streamingRole(node))));

  it('finds sentences about nodes whose answers come back whole', () => {
    expect(aboutWhole.length).toBeGreaterThan(10);
  });

  it('never describe as streaming a node whose answer comes back whole', () => {
    const claims = aboutWhole
      .filter(({sentence}) => !negation.test(sentence))
      .map(({file, node, sentence}) => `${file} (about ${node.name}): ${sentence}`);
    expect(claims).toEqual([]);
  });
});

describe('nodes that cannot run with the locked libraries', () => {
  const incompatible = nodePages.filter((page) => incompatibilityOf((page.data.node as {name: string}).name));

  it('are documented', () => {
    expect(incompatible.length).toBeGreaterThan(0);
  });

  it.each(incompatible.map((page) => [page.file, page] as const))('%s says so in its prose', (_file, page) => {
    expect(proseOf(page.body)).toMatch(/cannot (run|work)|does not (run|work)|fails? (every time|always)/i);
  });
});
