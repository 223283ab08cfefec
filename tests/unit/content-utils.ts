import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import {createProcessor} from '@mdx-js/mdx';

export const siteDir = path.join(__dirname, '..', '..');

/** A parsed MDX or Markdown source file. */
export interface SourcePage {
  /** Path relative to the site directory, e.g. "docs/intro.mdx". */
  file: string;
  /** Parsed YAML frontmatter. */
  data: Record<string, unknown>;
  /** The body after the frontmatter. */
  body: string;
}

/** Lists `.md` and `.mdx` files below `dir` (relative to the site), recursively. */
export function listSources(dir: string): string[] {
  return readdirSync(path.join(siteDir, dir), {recursive: true, encoding: 'utf8'})
    .filter((file) => /\.mdx?$/.test(file))
    .map((file) => path.join(dir, file))
    .sort();
}

/**
 * Reads and parses one source file.
 * @throws Error naming the file when its frontmatter is not valid YAML.
 */
export function readSource(file: string): SourcePage {
  const raw = readFileSync(path.join(siteDir, file), 'utf8');
  try {
    const parsed = matter(raw);
    return {file, data: parsed.data, body: parsed.content};
  } catch (error) {
    throw new Error(`${file}: invalid frontmatter: ${(error as Error).message}`);
  }
}

/**
 * The prose of an MDX body: without code blocks, ESM lines, JSX tags, HTML
 * comments, admonition fences, tables' pipes and Markdown punctuation.
 */
export function proseOf(body: string): string {
  return body
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/^\s*(import|export)\s.*$/gm, ' ')
    .replace(/\{\/\*[\s\S]*?\*\/\}/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/^:::.*$/gm, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[#*_>|`[\]-]+/g, ' ');
}

/** Markdown text without its fenced code blocks (fences at the start of a line). */
export function withoutCodeBlocks(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '');
}

/** Number of words in the prose of an MDX body. */
export function wordCount(body: string): number {
  return proseOf(body)
    .split(/\s+/)
    .filter((word) => /[A-Za-z0-9]/.test(word)).length;
}

/** Phrases that mark unfinished text. */
export const placeholderPattern = /\b(lorem ipsum|TODO|TBD|FIXME|coming soon)\b/i;

/** The set of k-word shingles of a text, lower-cased. */
export function shingles(text: string, k = 5): Set<string> {
  const words = proseOf(text).toLowerCase().split(/\s+/).filter(Boolean);
  const set = new Set<string>();
  for (let i = 0; i + k <= words.length; i += 1) set.add(words.slice(i, i + k).join(' '));
  return set;
}

/** Jaccard similarity of two shingle sets, from 0 (disjoint) to 1 (identical). */
export function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const item of a) if (b.has(item)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** An MDX `{expression}` found in a page body, with its line. */
export interface StrayExpression {
  line: number;
  text: string;
}

/** MDX syntax tree node, as far as {@link strayExpressions} reads it. */
interface MdxNode {
  type: string;
  value?: string;
  position?: {start: {line: number}};
  children?: MdxNode[];
}

/**
 * The `{...}` expressions of an MDX body that are not JSX attribute values or
 * comments. Our pages use none, so each one is almost always a template
 * variable such as `{question}` written outside inline code, which MDX
 * evaluates as JavaScript and the build fails on ("question is not defined").
 * @param body the MDX body after the frontmatter.
 * @throws Error with MDX's message when the body does not parse.
 */
export function strayExpressions(body: string): StrayExpression[] {
  const tree = createProcessor().parse(body) as unknown as MdxNode;
  const found: StrayExpression[] = [];
  const walk = (node: MdxNode) => {
    if (
      (node.type === 'mdxTextExpression' || node.type === 'mdxFlowExpression') &&
      !/^\s*\/\*[\s\S]*\*\/\s*$/.test(node.value ?? '')
    ) {
      found.push({line: node.position?.start.line ?? 0, text: `{${node.value ?? ''}}`});
    }
    node.children?.forEach(walk);
  };
  walk(tree);
  return found;
}
