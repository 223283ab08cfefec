/**
 * Remark plugin: renders the node reference's facts into the page at build
 * time, as ordinary Markdown (headings, tables, lists), so they cost the
 * reader no JavaScript and the Markdown twin of the page carries them too.
 *
 * - `<NodeParameters />` on a node page becomes the node's inputs (grouped as
 *   the canvas groups them: connections, settings, additional parameters),
 *   its identity, credential and outputs, from the product facts and the
 *   page's `node` frontmatter (see `./model.ts`).
 * - `<NodeList />` on a category page becomes a table of the product's nodes
 *   of the page's `node_category`, with the page's line for each from
 *   `node_summaries`.
 *
 * Register it in `beforeDefaultRemarkPlugins`, so Docusaurus gives the
 * generated headings their ids and puts them in the table of contents.
 * A page whose frontmatter disagrees with the facts fails the build with an
 * error naming the file and each problem.
 */
import type {Heading, List, Paragraph, PhrasingContent, Root, RootContent, Table, TableRow} from 'mdast';
import {fromMarkdown} from 'mdast-util-from-markdown';
import type {} from 'mdast-util-mdx-jsx';
import {type Inline, type InputRow, type NodePageData, nodeReferenceModel} from './model';
import {
  credentialByName,
  documentedRelease,
  incompatibilityOf,
  nodeByName,
  productNodes,
  streamingRole,
} from '../../lib/product';

/** The part of a vfile this plugin reads. */
interface FileLike {
  path?: string;
  /** Docusaurus puts the page's parsed frontmatter in `data.frontMatter`. */
  data: object;
}

/** Inline fragments as mdast phrasing content; the page's Markdown is parsed. */
export function phrasing(fragments: readonly Inline[]): PhrasingContent[] {
  return fragments.flatMap((fragment): PhrasingContent[] => {
    if ('text' in fragment) return [{type: 'text', value: fragment.text}];
    if ('code' in fragment) return [{type: 'inlineCode', value: fragment.code}];
    const parsed = fromMarkdown(fragment.markdown.trim());
    return parsed.children.flatMap((block, index) => [
      ...(index > 0 ? [{type: 'text', value: ' '} as PhrasingContent] : []),
      ...(block.type === 'paragraph' ? block.children : [{type: 'text', value: fragment.markdown} as PhrasingContent]),
    ]);
  });
}

function row(cells: readonly PhrasingContent[][]): TableRow {
  return {type: 'tableRow', children: cells.map((children) => ({type: 'tableCell', children}))};
}

function table(header: readonly string[], rows: readonly PhrasingContent[][][]): Table {
  return {
    type: 'table',
    align: header.map(() => null),
    children: [row(header.map((title) => [{type: 'text', value: title}])), ...rows.map(row)],
  };
}

function heading(depth: 3, text: string): Heading {
  return {type: 'heading', depth, children: [{type: 'text', value: text}]};
}

function paragraph(children: PhrasingContent[]): Paragraph {
  return {type: 'paragraph', children};
}

const dash: PhrasingContent[] = [{type: 'text', value: '—'}];

function inputTable(rows: readonly InputRow[], connections: boolean): Table {
  return connections
    ? table(
        ['Input', 'Accepts', 'Required', 'Description'],
        rows.map((r) => [
          [{type: 'text', value: r.label}],
          phrasing(r.type),
          phrasing(r.required),
          phrasing(r.description),
        ]),
      )
    : table(
        ['Parameter', 'Type', 'Required', 'Default', 'Description'],
        rows.map((r) => [
          [{type: 'text', value: r.label}],
          phrasing(r.type),
          phrasing(r.required),
          r.default.length ? phrasing(r.default) : dash,
          phrasing(r.description),
        ]),
      );
}

/** A list item with a bold lead-in, e.g. "**Credential:** OpenAI API"; the lead-in alone when `children` is empty. */
function fact(lead: string, children: PhrasingContent[]): List['children'][number] {
  return {
    type: 'listItem',
    spread: false,
    children: [
      paragraph([
        {type: 'strong', children: [{type: 'text', value: `${lead}:`}]},
        ...(children.length ? [{type: 'text', value: ' '} as PhrasingContent, ...children] : []),
      ]),
    ],
  };
}

/**
 * The Markdown a node page's `<NodeParameters />` stands for.
 * @param data the page's `node` frontmatter block.
 * @throws Error listing the problems when it disagrees with the facts.
 */
export function nodeParametersContent(data: NodePageData): RootContent[] {
  const model = nodeReferenceModel(data);
  const content: RootContent[] = [];
  const groups: Array<[string, InputRow[], boolean]> = [
    ['Connections', model.connections, true],
    ['Settings', model.parameters, false],
    ['Additional parameters', model.additional, false],
  ];
  for (const [title, rows, connections] of groups) {
    if (rows.length === 0) continue;
    content.push(heading(3, title), inputTable(rows, connections));
  }
  if (content.length === 0) content.push(paragraph([{type: 'text', value: 'The node has no inputs.'}]));
  const facts: List = {
    type: 'list',
    ordered: false,
    spread: false,
    children: [fact('Node', phrasing(model.identity)), fact('Credential', phrasing(model.credential))],
  };
  if (model.outputs.length === 0)
    facts.children.push(fact('Output', [{type: 'text', value: 'none; the node has no output anchor.'}]));
  else if (model.outputs.length === 1) facts.children.push(fact('Output', phrasing(model.outputs[0])));
  else {
    const item = fact('Outputs', []);
    item.children.push({
      type: 'list',
      ordered: false,
      spread: false,
      children: model.outputs.map((line) => ({type: 'listItem', spread: false, children: [paragraph(phrasing(line))]})),
    });
    facts.children.push(item);
  }
  const node = nodeByName(data.name);
  const streaming = node && streamingText(streamingRole(node));
  if (streaming) facts.children.push(fact('Streaming', [{type: 'text', value: streaming}]));
  const incompatibility = incompatibilityOf(data.name);
  if (incompatibility) {
    const versions = Object.entries({
      ...incompatibility.evidence.locked,
      ...incompatibility.evidence.integrationDependsOn,
    })
      .map(([name, version]) => `${name} ${version}`)
      .join(', ');
    facts.children.push(
      fact('Runs with AnswerAI’s libraries', [
        {type: 'text', value: `no. ${incompatibility.reason} (locked versions: ${versions}.)`},
      ]),
    );
  }
  content.push(facts, releaseNote());
  return content;
}

/**
 * What a node page says about streaming, for the node's role in the server's streaming rules
 * (`streamingRole`, from `data/product/behaviour.json`), or undefined when the rules do not name its kind.
 */
export function streamingText(role: ReturnType<typeof streamingRole>): string | undefined {
  switch (role) {
    case 'ending-streams':
      return 'as the last node of a chatflow, its answer streams when the request asks for streaming, every chat model in the flow streams and the flow has no output parser.';
    case 'ending-whole':
      return 'as the last node of a chatflow, its answer comes back whole, even when the request asks for streaming.';
    case 'always':
      return 'the answer streams whenever the request asks for streaming.';
    case 'model-input':
      return 'a flow with this node can stream only while its Streaming input is on.';
    case 'model-listed':
      return 'a flow with this node can stream.';
    case 'model-whole':
    case 'prevents':
      return 'a flow with this node answers whole, even when the request asks for streaming.';
  }
  return undefined;
}

/**
 * The line at the foot of a node page's parameters that says which release of AnswerAI the facts describe
 * (from data/product/source.json, like the footer).
 */
export function releaseNote(): Paragraph {
  const release = documentedRelease();
  return {
    type: 'paragraph',
    data: {hProperties: {className: ['node-release']}},
    children: [
      {type: 'text', value: 'These parameters are those of AnswerAI at '},
      {type: 'link', url: release.commitUrl, children: [{type: 'text', value: `commit ${release.shortCommit}`}]},
      {type: 'text', value: ` (${release.dateText}).`},
    ],
  };
}

/**
 * The Markdown a category page's `<NodeList />` stands for: one row per
 * product node of the category, with the page's summary of each.
 * @param category the product's category name (`node_category`).
 * @param summaries the page's line for each node, by node name (`node_summaries`).
 * @throws Error when a node of the category has no line, or a line names no node of it.
 */
export function nodeListContent(category: string, summaries: Record<string, string>): RootContent[] {
  const nodes = productNodes().filter((node) => node.category === category);
  if (nodes.length === 0) throw new Error(`"node_category": the product has no category "${category}"`);
  const names = new Set(nodes.map((node) => node.name));
  const problems = [
    ...nodes.filter((node) => !summaries[node.name]).map((node) => `"node_summaries.${node.name}" is missing`),
    ...Object.keys(summaries)
      .filter((name) => !names.has(name))
      .map((name) => `"node_summaries.${name}": the category ${category} has no such node`),
  ];
  if (problems.length) throw new Error(problems.join('\n'));
  return [
    table(
      ['Node', 'Name', 'Credential', 'What it does'],
      nodes.map((node) => [
        [{type: 'text', value: node.label}],
        [{type: 'inlineCode', value: node.name}],
        node.credential
          ? node.credential.credentialNames.flatMap((name, index): PhrasingContent[] => [
              ...(index > 0 ? [{type: 'text', value: ' or '} as PhrasingContent] : []),
              {type: 'text', value: credentialByName(name)?.label ?? name},
            ])
          : [{type: 'text', value: 'None'}],
        phrasing([{markdown: summaries[node.name]}]),
      ]),
    ),
  ];
}

/** Name of an MDX JSX element node, or undefined for other nodes. */
function jsxName(node: RootContent): string | undefined {
  // Stryker disable next-line ConditionalExpression: no other node of the tree's top level has a name; the check narrows the type
  return node.type === 'mdxJsxFlowElement' ? (node.name ?? undefined) : undefined;
}

/**
 * The remark plugin.
 * @returns the transformer; it throws an Error naming the file and the problems when a page's facts disagree.
 */
export default function remarkNodeReference() {
  return (tree: Root, file: FileLike): void => {
    const frontMatter = (file.data as {frontMatter?: Record<string, unknown>}).frontMatter ?? {};
    tree.children = tree.children.flatMap((child) => {
      const name = jsxName(child);
      if (name !== 'NodeParameters' && name !== 'NodeList') return [child];
      try {
        if (name === 'NodeParameters') return nodeParametersContent(frontMatter.node as NodePageData);
        return nodeListContent(
          String(frontMatter.node_category ?? ''),
          (frontMatter.node_summaries as Record<string, string> | undefined) ?? {},
        );
      } catch (error) {
        throw new Error(`${file.path ?? 'a page'}: <${name} /> cannot be rendered:\n${(error as Error).message}`);
      }
    });
  };
}
