import {describe, expect, it} from 'vitest';
import {z} from 'zod';
import {readRoutes} from '../routes';
import {listSources, readSource} from './content-utils';

const nodesDir = 'docs/using-answerai/sidekick-studio/nodes';

/** A node page is `<category>/<node>.mdx` or `<category>/<node>/index.mdx`. */
function isNodePage(file: string): boolean {
  const parts = file.slice(nodesDir.length + 1).split('/');
  return (
    (parts.length === 2 && !/^index\.mdx?$/.test(parts[1])) || (parts.length === 3 && /^index\.mdx?$/.test(parts[2]))
  );
}

const parameterSchema = z.object({
  name: z.string().min(1),
  type: z.string().min(1),
  required: z.boolean(),
  default: z.union([z.string(), z.number(), z.boolean()]),
  description: z.string().min(10),
});

/** The `node` block (see src/components/NodeParameters/schema.ts); unknown keys are mistakes. */
const nodeSchema = z.strictObject({
  credential: z.string().min(1),
  output: z.string().min(1),
  parameters: z.array(parameterSchema).min(1),
});

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

const nodePages = listSources(nodesDir).filter(isNodePage).map(readSource);

/** The route a source file is served at (`index.mdx` serves its folder's route). */
function routeOf(file: string): string {
  return `/${file.replace(/\.mdx?$/, '').replace(/\/index$/, '/')}`;
}

/** The source file a route comes from; the inverse of {@link routeOf}. */
function fileOf(route: string): string {
  return `${route.slice(1)}${route.endsWith('/') ? 'index' : ''}.mdx`;
}

/** Node routes of the route manifest: those whose source file is a node page. */
const nodeRoutes = readRoutes(`/${nodesDir}/`).filter((route) => isNodePage(fileOf(route)));

describe('node reference pages', () => {
  it('exist for every node route of the manifest, and no page lacks a route', () => {
    expect(nodeRoutes.length).toBeGreaterThan(100);
    expect(nodePages.map((page) => routeOf(page.file)).sort()).toEqual([...nodeRoutes].sort());
  });

  for (const page of nodePages) {
    describe(page.file, () => {
      it('has valid node data in its frontmatter', () => {
        const result = nodeSchema.safeParse(page.data.node);
        expect(result.success, result.success ? '' : z.prettifyError(result.error)).toBe(true);
        expect(page.data.sidebar_label, 'sidebar_label (the canvas name)').toEqual(expect.any(String));
      });

      it('has the required sections in order and renders its parameters', () => {
        const headings = [...page.body.matchAll(/^## (.+)$/gm)].map((match) => match[1].trim());
        expect(headings.filter((heading) => requiredSections.includes(heading))).toEqual(requiredSections);
        const parametersSection = page.body.split(/^## Parameters$/m)[1]?.split(/^## /m)[0] ?? '';
        expect(parametersSection).toContain('<NodeParameters />');
      });
    });
  }
});

describe('node page detection', () => {
  it('treats category indexes and sub-pages as non-node pages', () => {
    expect(isNodePage(`${nodesDir}/chains/index.mdx`)).toBe(false);
    expect(isNodePage(`${nodesDir}/chains/llm-chain.mdx`)).toBe(true);
    expect(isNodePage(`${nodesDir}/agents/openai-assistant/index.mdx`)).toBe(true);
    expect(isNodePage(`${nodesDir}/agents/openai-assistant/threads.mdx`)).toBe(false);
  });
});
