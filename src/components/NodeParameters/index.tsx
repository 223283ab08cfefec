import React, {type ReactNode} from 'react';
import {useDoc} from '@docusaurus/plugin-content-docs/client';
import type {NodeFrontMatter} from './schema';
import {NodeParametersTable} from './Table';

/**
 * The parameter table of a node reference page. Takes no props: it reads the
 * `node` block of the current doc's frontmatter (see `schema.ts`), so a writer
 * edits data, not table markup. Use it only in docs pages.
 *
 * @throws Error when the page has no `node.parameters` or `node.output`
 *   frontmatter, naming the page, so a node page without its data fails the build.
 */
export default function NodeParameters(): ReactNode {
  const {frontMatter, metadata} = useDoc();
  const node = (frontMatter as {node?: Partial<NodeFrontMatter>}).node;
  if (!node || !Array.isArray(node.parameters) || node.parameters.length === 0) {
    throw new Error(`<NodeParameters /> on ${metadata.source}: the frontmatter has no "node.parameters" list.`);
  }
  if (typeof node.output !== 'string' || node.output === '') {
    throw new Error(`<NodeParameters /> on ${metadata.source}: the frontmatter has no "node.output".`);
  }
  return (
    <NodeParametersTable parameters={node.parameters} credential={node.credential ?? 'none'} output={node.output} />
  );
}
