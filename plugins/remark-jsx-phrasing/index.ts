/**
 * Remark plugin: no paragraph inside a JSX heading or link.
 *
 * MDX reads text on its own lines inside a JSX element as a paragraph, so
 *
 * ```mdx
 * <h3>
 *   License
 * </h3>
 * ```
 *
 * renders `<h3><p>License</p></h3>`, which HTML does not allow (a heading holds
 * phrasing content only). The OpenAPI plugin writes its info pages this way
 * (the license and contact of every API group). This plugin replaces such
 * paragraphs with their text, in elements that hold phrasing content only.
 */
import type {Root} from 'mdast';
import {visit} from 'unist-util-visit';

/** JSX elements whose content is phrasing only. */
export const phrasingElements = new Set([
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'span',
  'strong',
  'em',
  'label',
  'button',
]);

interface Node {
  type: string;
  name?: string | null;
  children?: Node[];
}

export default function remarkJsxPhrasing() {
  return (tree: Root): void => {
    visit(tree as unknown as Node, (node: Node) => {
      if (node.type !== 'mdxJsxFlowElement' || !node.name || !phrasingElements.has(node.name) || !node.children) return;
      node.children = node.children.flatMap((child) => (child.type === 'paragraph' ? (child.children ?? []) : [child]));
    });
  };
}
