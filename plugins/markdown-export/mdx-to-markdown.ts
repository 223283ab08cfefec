/**
 * Turns the MDX source of a page into clean Markdown for readers that are not
 * browsers (AI assistants, `curl`, the "Copy page" button): no frontmatter, no
 * ESM, no JSX. The source is parsed into an MDX syntax tree with the remark
 * parsers Docusaurus uses (MDX, GFM, directives), the site's own remark
 * plugins render what they render on the page (the node reference's tables),
 * the site's components become their Markdown equivalent, and the tree is
 * written back as GitHub-flavoured Markdown.
 */
import type {BlockContent, Blockquote, Link, List, Nodes, Parents, PhrasingContent, Root, RootContent} from 'mdast';
import type {} from 'mdast-util-directive';
import type {} from 'mdast-util-mdx';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import remarkStringify from 'remark-stringify';
import {VFile} from 'vfile';
import remarkNodeReference from '../node-reference/remark';

/** A child page for `<DocCardList />`: title, absolute URL and description. */
export interface ChildPage {
  title: string;
  url: string;
  description?: string;
}

/** What the converter needs to know about the page besides its body. */
export interface MarkdownContext {
  /** Page title, written as the `# heading`. */
  title: string;
  /** Page description, written as a quote under the title. */
  description?: string;
  /** The page's frontmatter, which the site's remark plugins read (`node`, `node_category`…). */
  frontMatter?: Record<string, unknown>;
  /** Child pages for `<DocCardList />`. */
  children?: readonly ChildPage[];
  /** Absolute site URL (`https://host`), to make root-relative links absolute. */
  siteUrl: string;
  /** Source file, named in errors. */
  path?: string;
  /** The body's syntax: MDX (default) or plain Markdown (the API pages' Markdown, rendered from OpenAPI). */
  format?: 'mdx' | 'md';
}

const admonitionTitles: Record<string, string> = {
  note: 'Note',
  tip: 'Tip',
  info: 'Info',
  warning: 'Warning',
  danger: 'Danger',
  caution: 'Caution',
};

const text = (value: string): PhrasingContent => ({type: 'text', value});

/** Plain text of a node and its descendants. */
function plain(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string' && node.type !== 'mdxjsEsm') return node.value;
  return 'children' in node ? (node.children as Nodes[]).map(plain).join('') : '';
}

/** The value of a JSX element's string attribute. */
function attribute(node: Nodes, name: string): string | undefined {
  if (node.type !== 'mdxJsxFlowElement' && node.type !== 'mdxJsxTextElement') return undefined;
  const found = node.attributes.find((attr) => attr.type === 'mdxJsxAttribute' && attr.name === name);
  return typeof found?.value === 'string' ? found.value : undefined;
}

/** The bulleted list `<DocCardList />` stands for. */
function childList(children: readonly ChildPage[]): List {
  return {
    type: 'list',
    ordered: false,
    spread: false,
    children: children.map((child) => ({
      type: 'listItem',
      spread: false,
      children: [
        {
          type: 'paragraph',
          children: [
            {type: 'link', url: child.url, children: [text(child.title)]},
            ...(child.description ? [text(`: ${child.description}`)] : []),
          ],
        },
      ],
    })),
  };
}

/**
 * Replaces each MDX-only node of `parent`'s subtree by its Markdown equivalent.
 * @returns the nodes that stand for `node` in its parent (none, itself, or its content).
 */
function toMarkdownNodes(node: Nodes, context: MarkdownContext): Nodes[] {
  if ('children' in node) {
    const parent = node as Parents;
    parent.children = parent.children.flatMap((child) => toMarkdownNodes(child, context)) as typeof parent.children;
  }
  switch (node.type) {
    case 'mdxjsEsm':
    case 'mdxFlowExpression':
    case 'mdxTextExpression':
      return [];
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement': {
      if (node.name === 'DocCardList') return [childList(context.children ?? [])];
      if (node.name === 'kbd') return [{type: 'inlineCode', value: plain(node)}];
      if (node.name === 'TabItem') {
        const label = attribute(node, 'label') ?? attribute(node, 'value') ?? '';
        return [{type: 'paragraph', children: [{type: 'strong', children: [text(label)]}]}, ...node.children];
      }
      // Any other element keeps its content.
      return node.children;
    }
    case 'containerDirective': {
      const [first, ...rest] = node.children;
      const labelled = first?.type === 'paragraph' && first.data?.directiveLabel;
      const title = labelled ? plain(first) : (admonitionTitles[node.name] ?? node.name);
      const quote: Blockquote = {
        type: 'blockquote',
        children: [
          {type: 'paragraph', children: [{type: 'strong', children: [text(title)]}]},
          ...((labelled ? rest : node.children) as BlockContent[]),
        ],
      };
      return [quote];
    }
    case 'leafDirective':
    case 'textDirective':
      // Not a directive after all (e.g. "12:30" in prose): keep the text as written.
      return [
        text(`${node.type === 'leafDirective' ? '::' : ':'}${node.name}`),
        ...(node.children as PhrasingContent[]),
      ];
    case 'link': {
      const link = node as Link;
      link.url = link.url.replace(/^(?:pathname:\/\/)?\//, `${context.siteUrl}/`);
      return [link];
    }
    default:
      return [node];
  }
}

const parsers = {
  mdx: unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkDirective),
  md: unified().use(remarkParse).use(remarkGfm),
};
const writer = unified()
  .use(remarkGfm, {tablePipeAlign: false})
  .use(remarkStringify, {bullet: '-', emphasis: '_', fences: true, listItemIndent: 'one', rule: '-'});

/**
 * Converts an MDX body (frontmatter already removed) into Markdown.
 * @param body the MDX source after the frontmatter.
 * @param context page data the components need.
 * @throws Error naming `context.path` when the body is not valid MDX, or when a
 *   site remark plugin rejects the page (e.g. node facts that disagree).
 */
export function mdxToMarkdown(body: string, context: MarkdownContext): string {
  const file = new VFile({value: body, path: context.path, data: {frontMatter: context.frontMatter ?? {}}});
  let tree: Root;
  try {
    tree = parsers[context.format ?? 'mdx'].parse(file) as Root;
    remarkNodeReference()(tree, file);
  } catch (error) {
    throw new Error(`${context.path ?? context.title}: ${(error as Error).message}`);
  }
  toMarkdownNodes(tree, context);
  const header: RootContent[] = [{type: 'heading', depth: 1, children: [text(context.title)]}];
  if (context.description)
    header.push({type: 'blockquote', children: [{type: 'paragraph', children: [text(context.description)]}]});
  tree.children = [...header, ...tree.children];
  return writer.stringify(tree);
}
