/* eslint-disable @typescript-eslint/no-explicit-any -- parsed OpenAPI documents are read loosely here; the Redocly lint of the unit tests checks their shape */
/**
 * Finds every API example the site shows, by parsing: the fenced code blocks of the docs and the blog (the MDX
 * syntax tree, through remark) that call AnswerAI's API with curl, JavaScript `fetch`, Python `requests` or as raw
 * HTTP; and every request example of the OpenAPI files in `api-specs/` (each named request body example, and for an
 * operation without a body example, the request its parameter examples make).
 */
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import {unified} from 'unified';
import {visitParents} from 'unist-util-visit-parents';
import {LineCounter, isMap, isPair, isScalar, parseDocument, type Node as YamlNode} from 'yaml';
import type {Code, Root} from 'mdast';

/** The project's root folder. */
export const siteDir = path.join(__dirname, '..', '..', '..');

/** The languages of code blocks that can hold a runnable API example, by the runner that runs them. */
export const exampleLanguages: Record<string, 'bash' | 'js' | 'python' | 'http'> = {
  bash: 'bash',
  sh: 'bash',
  shell: 'bash',
  curl: 'bash',
  js: 'js',
  javascript: 'js',
  mjs: 'js',
  python: 'python',
  py: 'python',
  http: 'http',
};

/** An API example found in a page of the docs or the blog. */
export interface DocExample {
  kind: 'doc';
  /** Stable id: `<file>#<n>`, n counting the page's API examples from 1. */
  id: string;
  file: string;
  line: number;
  /** The block's language as written (`bash`, `js`, `python`, `http`…). */
  lang: string;
  runner: 'bash' | 'js' | 'python' | 'http';
  code: string;
  /** The code block's meta string (after the language), e.g. `title="…"`. */
  meta: string;
  /** The JSON response the page shows right after the example, when it shows one. */
  shownResponse?: unknown;
}

/** A request example of an OpenAPI file. */
export interface SpecExample {
  kind: 'spec';
  /** Stable id: `<file>#<operationId>/<example name>`. */
  id: string;
  file: string;
  line: number;
  lang: 'openapi';
  operationId: string;
  method: string;
  /** The path template under the server's `/api/v1`, e.g. `/prediction/{id}`. */
  path: string;
  /** Example name (`parameters` when the request comes from the parameters' examples). */
  name: string;
  contentType?: string;
  body?: unknown;
  pathParams: Record<string, unknown>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
}

export type Example = DocExample | SpecExample;

/** Hosts and variables that mark a URL as AnswerAI's own API, not another service that happens to use `/api/v1`. */
const answerAiApi =
  /(https?:\/\/(?:prod\.studio\.theanswer\.ai|localhost(?::\d+)?|127\.0\.0\.1(?::\d+)?|[^\s'"`/]*answerai[^\s'"`/]*)|\$\{?ANSWERAI_API_URL\}?|\$\{process\.env\.ANSWERAI_API_URL\}|\{os\.environ\['ANSWERAI_API_URL'\]\}|^(?:POST|GET|PUT|PATCH|DELETE) )\/api\/v1|\$\{?ANSWERAI_API_URL\}?|process\.env\.ANSWERAI_API_URL|os\.environ\['ANSWERAI_API_URL'\]/m;

/** What makes a block of each runner send a request (a block that only sets variables is not an example). */
const makesRequest: Record<DocExample['runner'], RegExp> = {
  bash: /\bcurl\b/,
  js: /\bfetch\(/,
  python: /\brequests\.\w+\(/,
  http: /^\s*(GET|POST|PUT|PATCH|DELETE)\s/,
};

/** Markdown and MDX files of the docs and the blog, relative to the project root, sorted. */
export function contentFiles(): string[] {
  return ['docs', 'blog']
    .flatMap((dir) =>
      readdirSync(path.join(siteDir, dir), {recursive: true, encoding: 'utf8'})
        .filter((file) => /\.mdx?$/.test(file))
        .map((file) => path.join(dir, file)),
    )
    .sort();
}

/**
 * The API examples of one page: code blocks in a runnable language that call AnswerAI's API.
 * @param file path relative to the project root
 * @throws naming the file when its MDX does not parse
 */
export function docExamples(file: string): DocExample[] {
  const source = readFileSync(path.join(siteDir, file), 'utf8');
  let tree: Root;
  try {
    tree = unified().use(remarkParse).use(remarkFrontmatter).use(remarkMdx).parse(source) as Root;
  } catch (error) {
    throw new Error(`${file}: the MDX does not parse: ${(error as Error).message}`);
  }
  const codes: Code[] = [];
  // The <Tabs> element around each code block, if any: the tabs of one example share the response shown after them.
  const tabsOf = new Map<Code, unknown>();
  visitParents(tree, 'code', (node: Code, ancestors) => {
    codes.push(node);
    tabsOf.set(
      node,
      ancestors.findLast((ancestor) => (ancestor as {name?: string}).name === 'Tabs'),
    );
  });
  /** The JSON response shown right after a block or after the <Tabs> holding it. */
  const shownAfter = (node: Code): unknown => {
    const group = tabsOf.get(node);
    const index = codes.indexOf(node);
    const last = group ? codes.findLast((code) => tabsOf.get(code) === group)! : node;
    const next = codes[codes.indexOf(last) + 1];
    if (index < 0 || !next || next.lang !== 'json' || !isShownResponse(source, last, next)) return undefined;
    try {
      return JSON.parse(next.value);
    } catch {
      return undefined;
    }
  };
  const examples: DocExample[] = [];
  codes.forEach((node) => {
    const lang = (node.lang ?? '').toLowerCase();
    const runner = exampleLanguages[lang];
    if (!runner || !answerAiApi.test(node.value) || !makesRequest[runner].test(node.value)) return;
    const shownResponse = shownAfter(node);
    examples.push({
      kind: 'doc',
      id: `${file}#${examples.length + 1}`,
      file,
      line: node.position?.start.line ?? 0,
      lang,
      runner,
      code: node.value,
      meta: node.meta ?? '',
      ...(shownResponse === undefined ? {} : {shownResponse}),
    });
  });
  return examples;
}

/**
 * Whether a JSON block is the response of the example (or tab group) before it: it follows within a paragraph, and
 * the words between them say it is a response (`response`, `returns`, `answers`, `comes back`, `looks like`).
 */
function isShownResponse(source: string, example: Code, json: Code): boolean {
  const end = example.position?.end.offset ?? 0;
  const start = json.position?.start.offset ?? 0;
  const between = source.slice(end, start);
  // A JSON block introduced with an error status shows another request's answer, not this example's.
  if (/\b[45]\d\d\b/.test(between)) return false;
  return between.split('\n').length <= 12 && /respon|returns|answers|comes back|looks like/i.test(between);
}

/** Every API example of the docs and the blog. */
export function allDocExamples(): DocExample[] {
  return contentFiles().flatMap(docExamples);
}

/** The OpenAPI files, relative to the project root, sorted. */
export function specFiles(): string[] {
  return readdirSync(path.join(siteDir, 'api-specs'))
    .filter((file) => /\.ya?ml$/.test(file))
    .sort()
    .map((file) => path.join('api-specs', file));
}

const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** A parsed OpenAPI file with a way to find the line of any of its nodes. */
export interface ParsedSpec {
  file: string;
  doc: Record<string, any>;
  /** The 1-based line of the node at a JSON path of the document (0 when the path is not in the file). */
  lineOf(pathInDoc: Array<string | number>): number;
}

/**
 * Parses an OpenAPI file, keeping line numbers.
 * @throws naming the file when it is not valid YAML
 */
export function parseSpec(file: string): ParsedSpec {
  const lineCounter = new LineCounter();
  const document = parseDocument(readFileSync(path.join(siteDir, file), 'utf8'), {lineCounter});
  if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0].message}`);
  return {
    file,
    doc: document.toJS() as Record<string, any>,
    lineOf(pathInDoc) {
      const node = document.getIn(pathInDoc, true) as YamlNode | undefined;
      let range = node?.range;
      if (!range) {
        // A scalar's pair: take the key's position.
        const parent = document.getIn(pathInDoc.slice(0, -1), true);
        if (isMap(parent)) {
          const pair = parent.items.find(
            (item) => isPair(item) && isScalar(item.key) && item.key.value === pathInDoc.at(-1),
          );
          range = pair && isScalar(pair.key) ? (pair.key.range ?? undefined) : undefined;
        }
      }
      return range ? lineCounter.linePos(range[0]).line : 0;
    },
  };
}

/** The value of a parameter's example: `example`, else the first of `examples`, else the schema's `example`. */
function parameterExample(parameter: Record<string, any>): unknown {
  if (parameter.example !== undefined) return parameter.example;
  const first = Object.values(parameter.examples ?? {})[0] as {value?: unknown} | undefined;
  if (first?.value !== undefined) return first.value;
  return parameter.schema?.example;
}

/** Resolves a local `$ref` (`#/components/...`) of a document. */
export function resolveRef<T = Record<string, any>>(doc: Record<string, any>, value: any): T {
  let current = value;
  for (let depth = 0; current?.$ref && depth < 10; depth++) {
    const pointer = String(current.$ref).replace(/^#\//, '').split('/');
    current = pointer.reduce((node: any, key: string) => node?.[key], doc);
  }
  return current as T;
}

/** The request examples of one OpenAPI file. */
export function specExamples(file: string): SpecExample[] {
  const spec = parseSpec(file);
  const examples: SpecExample[] = [];
  for (const [route, item] of Object.entries<Record<string, any>>(spec.doc.paths ?? {})) {
    for (const method of methods) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((parameter) =>
        resolveRef(spec.doc, parameter),
      );
      const pathParams: Record<string, unknown> = {};
      const query: Record<string, unknown> = {};
      const headers: Record<string, string> = {};
      for (const parameter of parameters) {
        const value = parameterExample(parameter);
        if (value === undefined) continue;
        if (parameter.in === 'path') pathParams[parameter.name] = value;
        else if (parameter.in === 'query') query[parameter.name] = value;
        else if (parameter.in === 'header') headers[parameter.name] = String(value);
      }
      const base = {
        kind: 'spec' as const,
        file,
        lang: 'openapi' as const,
        operationId: String(operation.operationId),
        method: method.toUpperCase(),
        path: route,
        pathParams,
        query,
        headers,
      };
      const requestBody = resolveRef(spec.doc, operation.requestBody ?? {});
      const bodies: Array<{name: string; contentType: string; body: unknown; line: number}> = [];
      for (const [contentType, media] of Object.entries<Record<string, any>>(requestBody.content ?? {})) {
        const at = ['paths', route, method, 'requestBody', 'content', contentType];
        if (media.examples) {
          for (const [name, example] of Object.entries<Record<string, any>>(media.examples)) {
            const resolved = resolveRef<Record<string, any>>(spec.doc, example);
            bodies.push({name, contentType, body: resolved.value, line: spec.lineOf([...at, 'examples', name])});
          }
        } else if (media.example !== undefined) {
          bodies.push({name: 'example', contentType, body: media.example, line: spec.lineOf([...at, 'example'])});
        }
      }
      if (bodies.length > 0) {
        for (const body of bodies) {
          examples.push({
            ...base,
            id: `${file}#${base.operationId}/${body.name}`,
            line: body.line,
            name: body.name,
            contentType: body.contentType,
            body: body.body,
          });
        }
      } else if (!requestBody.required) {
        examples.push({
          ...base,
          id: `${file}#${base.operationId}/parameters`,
          line: spec.lineOf(['paths', route, method]),
          name: 'parameters',
        });
      }
    }
  }
  return examples;
}

/** Every request example of every OpenAPI file. */
export function allSpecExamples(): SpecExample[] {
  return specFiles().flatMap(specExamples);
}
