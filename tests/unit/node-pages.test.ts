import {existsSync} from 'node:fs';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {readRoutes} from '../routes';
import {listSources, readSource, siteDir, withoutCodeBlocks, type SourcePage} from './content-utils';
import {
  credentialByName,
  documentedCategories,
  isAnswerAiNode,
  listedCategories,
  productNodes,
  type ProductNode,
} from '../../lib/product';
import {checkNodePage, statedDefaultProblems} from '../../plugins/node-reference/model';
import {nodeListContent} from '../../plugins/node-reference/remark';

const nodesDir = 'docs/using-answerai/sidekick-studio/nodes';

/**
 * Pages under the node reference that are not the page of a product node,
 * and the product fact that justifies each.
 */
const guidePages: Readonly<Record<string, string>> = {
  [`${nodesDir}/agents/openai-assistant/threads.mdx`]:
    'a guide to the threads of the OpenAI Assistant node (openAIAssistant), which has its own page',
  [`${nodesDir}/tools/python-interpreter.mdx`]:
    'the product has no Python Interpreter node; the page explains what replaced it (codeInterpreterE2B)',
  [`${nodesDir}/utilities/set-get-variable.mdx`]:
    'a guide to using the Set Variable (setVariable) and Get Variable (getVariable) nodes together; each has its own page',
};

/** The sections every node page has, in this order (see the README). */
const requiredSections = [
  'When to use it',
  'Parameters',
  'Output',
  'Credentials',
  'Example',
  'Limits and costs',
  'Troubleshooting',
];

const isIndex = (file: string) => /\/index\.mdx?$/.test(file) && path.dirname(file).split('/').length === 5;
const pages = listSources(nodesDir).map(readSource);
const nodePages = pages.filter((page) => page.data.node !== undefined);
const products = productNodes();
const documentedNodes = products.filter((node) => documentedCategories[node.category]);

/** The node a page documents, by its `node.name`. */
function nodeOf(page: SourcePage): ProductNode | undefined {
  const name = (page.data.node as {name?: unknown} | undefined)?.name;
  return products.find((node) => node.name === name);
}

/** The route a source file is served at (`index.mdx` serves its folder's route). */
function routeOf(file: string): string {
  return `/${file.replace(/\.mdx?$/, '').replace(/\/index$/, '/')}`;
}

/** The text of a `## heading` section, up to the next `## `. */
function section(body: string, heading: string): string {
  return body.split(new RegExp(`^## ${heading}$`, 'm'))[1]?.split(/^## /m)[0] ?? '';
}

describe('the node reference is complete', () => {
  it('has one page per product node of the documented categories, in its category folder', () => {
    const problems: string[] = [];
    for (const node of documentedNodes) {
      const found = nodePages.filter((page) => nodeOf(page) === node);
      const folder = `${nodesDir}/${documentedCategories[node.category]}/`;
      if (found.length === 0) problems.push(`${node.name} (${node.label}, ${node.category}) has no page`);
      if (found.length > 1)
        problems.push(`${node.name} has ${found.length} pages: ${found.map((p) => p.file).join(', ')}`);
      for (const page of found) if (!page.file.startsWith(folder)) problems.push(`${page.file}: belongs in ${folder}`);
    }
    expect(problems).toEqual([]);
    expect(documentedNodes.length).toBeGreaterThan(250);
  });

  it('has no page for a node the product lacks, and no other page besides the indexes and the listed guides', () => {
    const problems = pages.flatMap((page) => {
      if (isIndex(page.file) || page.file === `${nodesDir}/index.mdx`) return [];
      if (page.data.node === undefined)
        return guidePages[page.file] ? [] : [`${page.file}: neither a node page nor a listed guide`];
      const node = nodeOf(page);
      if (!node) return [`${page.file}: the product has no node "${(page.data.node as {name?: string}).name}"`];
      return documentedCategories[node.category]
        ? []
        : [`${page.file}: ${node.category} nodes are listed on their category page`];
    });
    expect(problems).toEqual([]);
    for (const file of Object.keys(guidePages)) expect(existsSync(path.join(siteDir, file)), file).toBe(true);
  });

  it('lists every node of the other product categories on its category page', () => {
    for (const [category, folder] of Object.entries(listedCategories)) {
      const page = readSource(`${nodesDir}/${folder}/index.mdx`);
      expect(page.data.node_category, page.file).toBe(category);
      expect(page.body, page.file).toMatch(/^<NodeList \/>$/m);
      expect(
        () => nodeListContent(category, page.data.node_summaries as Record<string, string>),
        page.file,
      ).not.toThrow();
    }
  });

  it('serves every node page and category page at a route of the manifest, and the manifest no other', () => {
    const manifest = readRoutes(`/${nodesDir}/`);
    expect(pages.map((page) => routeOf(page.file)).sort()).toEqual([...manifest].sort());
  });
});

describe('every node page agrees with the product facts', () => {
  for (const page of nodePages) {
    const node = nodeOf(page);
    describe(page.file, () => {
      it('names a product node and describes exactly its inputs', () => {
        expect(checkNodePage(page.data.node)).toEqual([]);
      });

      it("is labelled with the node's canvas name", () => {
        const label = String(page.data.sidebar_label ?? '');
        expect(label === node?.label || label.startsWith(`${node?.label} (`), `sidebar_label "${label}"`).toBe(true);
      });

      it('has the required sections in order and renders its parameters', () => {
        const headings = [...withoutCodeBlocks(page.body).matchAll(/^## (.+)$/gm)].map((match) => match[1].trim());
        expect(headings.filter((heading) => requiredSections.includes(heading))).toEqual(requiredSections);
        expect(section(page.body, 'Parameters')).toMatch(/^<NodeParameters \/>$/m);
      });

      it('states no default that differs from the facts', () => {
        const problems: string[] = [];
        for (const paragraph of withoutCodeBlocks(page.body).split(/\n\s*\n|\n(?=\s*[-*] )/)) {
          const inputs = node!.inputs.filter((input) => paragraph.includes(`**${input.label}**`));
          if (inputs.length === 1)
            problems.push(...statedDefaultProblems(paragraph, inputs[0], `the paragraph on ${inputs[0].label}`));
        }
        expect(problems).toEqual([]);
      });

      it('names the credential the node asks for, or says it needs none', () => {
        const text = section(page.body, 'Credentials');
        if (!node?.credential) {
          expect(text).toMatch(/\b(no|none|not need|does not use|doesn't need|without)\b/i);
        } else {
          const labels = node.credential.credentialNames.map((name) => credentialByName(name)?.label ?? name);
          expect(
            labels.some((label) => text.includes(label)),
            `mentions one of: ${labels.join(', ')}`,
          ).toBe(true);
        }
      });

      it('says when the node is deprecated, in beta or a community node', () => {
        if (node?.deprecated || node?.badge === 'DEPRECATING') expect(page.body).toMatch(/deprecat/i);
        if (node?.badge === 'BETA') expect(page.body).toMatch(/\bbeta\b/i);
        if (node?.serverSkips?.includes('communityNode')) expect(page.body).toContain('SHOW_COMMUNITY_NODES');
      });

      if (node && isAnswerAiNode(node)) {
        it('comes first in its category and says how it differs from its upstream counterpart', () => {
          expect(page.body).toMatch(/^## How it differs from .+$/m);
          expect(page.data.sidebar_position, 'sidebar_position').toEqual(expect.any(Number));
        });
      }
    });
  }

  it('lists AnswerAI nodes before the other nodes of each category', () => {
    const problems: string[] = [];
    for (const folder of Object.values(documentedCategories)) {
      const inFolder = nodePages.filter((page) => page.file.startsWith(`${nodesDir}/${folder}/`));
      const own = inFolder.filter((page) => isAnswerAiNode(nodeOf(page)!));
      const lastOwn = Math.max(...own.map((page) => Number(page.data.sidebar_position)));
      for (const page of inFolder.filter((p) => !own.includes(p))) {
        const position = page.data.sidebar_position;
        if (typeof position === 'number' && position <= lastOwn)
          problems.push(`${page.file}: sidebar_position ${position} is before an AnswerAI node`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('node page checks', () => {
  it('reject a node the product lacks, a missing or extra input, and a wrong default', () => {
    expect(checkNodePage({name: 'pythonInterpreter', inputs: {}})[0]).toMatch(/no node named "pythonInterpreter"/);
    const groq = {
      modelName: 'The model to use.',
      temperature: 'How random the reply is.',
      maxTokens: 'Longest reply in tokens.',
    };
    expect(checkNodePage({name: 'groqChat', inputs: groq})).toEqual([
      '"node.inputs.streaming" is missing: the node groqChat has this input',
    ]);
    expect(
      checkNodePage({
        name: 'groqChat',
        inputs: {...groq, streaming: 'Send tokens as they come.', cache: 'A cache node to use.'},
      })[0],
    ).toMatch(/has no input "cache"/);
    expect(
      checkNodePage({
        name: 'groqChat',
        inputs: {...groq, streaming: 'Send tokens.', temperature: 'Randomness; the default is `0.9`.'},
      }),
    ).toContainEqual(expect.stringMatching(/states the default `0.9`, but the input temperature's default is `0.7`/));
    expect(checkNodePage({name: 'groqChat', inputs: groq, category: 'Chat Models'})[0]).toMatch(
      /"node.category" is not a known key/,
    );
  });

  it('know which nodes are AnswerAI’s own', () => {
    const own = documentedNodes.filter(isAnswerAiNode).map((node) => node.name);
    // 22 in the fifteen categories of the original reference, and AnswerAgent MCP among the MCP servers.
    expect(own).toHaveLength(23);
    expect(own).toContain('answerAgentMCP');
    expect(own).toEqual(
      expect.arrayContaining(['aaiChatOpenAI', 'aaiGroqChat', 'aaiVectorStore', 'answerPromptTemplate']),
    );
    expect(own).not.toContain('groqChat');
  });
});

describe('node tables', () => {
  it('show options whose value is an npm enum member as the source writes it', async () => {
    const {nodeReferenceModel, inputKeys} = await import('../../plugins/node-reference/model');
    const node = productNodes().find((n) => n.name === 'chatGoogleGenerativeAI')!;
    const model = nodeReferenceModel({
      name: node.name,
      inputs: Object.fromEntries(inputKeys(node).map((key) => [key, 'What it does here.'])),
    });
    const harm = model.additional.find((row) => row.key === 'harmCategory')!;
    expect(harm.description).toContainEqual({code: 'HarmCategory.HARM_CATEGORY_DANGEROUS_CONTENT'});
  });

  it('render every product node with text in each fragment, whatever its base classes or options', async () => {
    const {nodeParametersContent} = await import('../../plugins/node-reference/remark');
    const {inputKeys} = await import('../../plugins/node-reference/model');
    const empty: string[] = [];
    const visit = (value: unknown, where: string) => {
      if (!value || typeof value !== 'object') return;
      const node = value as {type?: string; value?: unknown};
      if ((node.type === 'inlineCode' || node.type === 'text') && typeof node.value !== 'string') empty.push(where);
      for (const child of Object.values(value)) visit(child, where);
    };
    for (const node of productNodes()) {
      const inputs = Object.fromEntries(inputKeys(node).map((key) => [key, 'What it does here.']));
      visit(nodeParametersContent({name: node.name, inputs}), node.name);
    }
    expect([...new Set(empty)]).toEqual([]);
  });
});
