/**
 * Replaces the OpenAPI theme's Markdown component (upstream:
 * docusaurus-theme-openapi-docs 5.2.0, src/theme/Markdown), which renders the
 * descriptions of parameters, schemas and responses with react-markdown,
 * remark-gfm and rehype-raw: about 110 KB of gzipped JavaScript on every API
 * page. Descriptions in api-specs/ use a small Markdown subset, rendered here:
 * paragraphs, bullet lists, fenced code blocks, `inline code`, **bold**,
 * *emphasis* and [links](url). Anything else is shown as text. Same props as
 * upstream: the Markdown source as `children`.
 */
import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import CodeBlock from '@theme/CodeBlock';

/** Renders inline Markdown: code spans, bold, emphasis and links (bold, emphasis and links may hold the others). */
export function renderInline(text: string): ReactNode[] {
  const pattern = /(`[^`]+`)|(\*\*[^*]+\*\*)|(\*[^*\s][^*]*\*)|(\[[^\]]+\]\([^)\s]+\))/g;
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const [token] = match;
    const index = match.index ?? 0;
    if (index > last) nodes.push(text.slice(last, index));
    const key = `${index}`;
    if (token.startsWith('`')) nodes.push(<code key={key}>{token.slice(1, -1)}</code>);
    else if (token.startsWith('**')) nodes.push(<strong key={key}>{renderInline(token.slice(2, -2))}</strong>);
    else if (token.startsWith('*')) nodes.push(<em key={key}>{renderInline(token.slice(1, -1))}</em>);
    else {
      const [, label, href] = token.match(/^\[([^\]]+)\]\(([^)\s]+)\)$/) ?? [];
      nodes.push(
        <Link key={key} to={href}>
          {renderInline(label)}
        </Link>,
      );
    }
    last = index + token.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/** The item of a bullet list a line starts, if it does. */
const listItem = (line: string) => line.match(/^\s*[-*] (.*)$/)?.[1];

/**
 * A block of lines between blank lines: paragraph lines, and bullet lists, which
 * may start right after a paragraph's last line; a line after an item that
 * starts none continues that item (as CommonMark reads it).
 */
function renderBlock(block: string, key: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let paragraph: string[] = [];
  let items: string[] = [];
  const flush = () => {
    if (paragraph.length) nodes.push(<p key={`${key}-${nodes.length}`}>{renderInline(paragraph.join(' '))}</p>);
    if (items.length)
      nodes.push(
        <ul key={`${key}-${nodes.length}`}>
          {items.map((item, i) => (
            <li key={i}>{renderInline(item)}</li>
          ))}
        </ul>,
      );
    paragraph = [];
    items = [];
  };
  for (const line of block.trim().split('\n')) {
    const item = listItem(line);
    if (item !== undefined) {
      if (paragraph.length) flush();
      items.push(item);
    } else if (items.length) items[items.length - 1] += ` ${line.trim()}`;
    else paragraph.push(line.trim());
  }
  flush();
  return nodes;
}

/** Splits Markdown into blocks: fenced code, bullet lists and paragraphs. */
export function renderBlocks(source: string): ReactNode[] {
  const blocks: ReactNode[] = [];
  const parts = source.replace(/\r\n/g, '\n').split(/^```/m);
  parts.forEach((part, partIndex) => {
    if (partIndex % 2 === 1) {
      const [firstLine, ...rest] = part.split('\n');
      blocks.push(
        <CodeBlock key={`code-${partIndex}`} language={firstLine.trim() || undefined}>
          {rest.join('\n').replace(/\n$/, '')}
        </CodeBlock>,
      );
      return;
    }
    part
      .split(/\n\s*\n/)
      .filter((block) => block.trim())
      .forEach((block, blockIndex) => blocks.push(...renderBlock(block, `${partIndex}-${blockIndex}`)));
  });
  return blocks;
}

/** Props of the Markdown component, as the OpenAPI theme passes them. */
export interface MarkdownProps {
  /** The Markdown source. */
  children?: string;
}

export default function Markdown({children}: MarkdownProps): ReactNode {
  if (!children) return null;
  return <>{renderBlocks(String(children))}</>;
}
