/**
 * Markdown renderings of OpenAPI operations, shared by the full-spec page
 * (`scripts/bundle-api.mjs`, as MDX) and the Markdown twins of API pages
 * (`plugins/markdown-export`, as plain Markdown).
 *
 * The descriptions are read with their `$ref`s resolved by Redocly's OpenAPI
 * library ({@link loadSpec}). An operation is rendered as a Markdown syntax tree (mdast): method and path,
 * description, a table of parameters, the request body's fields, and every
 * response with its fields, each schema flattened into one row per field
 * (`parent.child`, `items[]`). The tree is written out with
 * mdast-util-to-markdown, with the MDX extension when the output is MDX, so
 * characters MDX would read as JSX or expressions are escaped.
 */
import {toMarkdown} from 'mdast-util-to-markdown';
import {gfmToMarkdown} from 'mdast-util-gfm';
import {mdxToMarkdown} from 'mdast-util-mdx';
import {fromMarkdown} from 'mdast-util-from-markdown';
import {gfmFromMarkdown} from 'mdast-util-gfm';
import {gfm} from 'micromark-extension-gfm';
import {bundle, bundleFromString, createConfig} from '@redocly/openapi-core';

export const httpMethods = ['get', 'post', 'put', 'patch', 'delete'];

/** kebab-case as the OpenAPI plugin derives page ids from operation ids. */
export function kebab(id) {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[\s_]+/g, '-')
    .toLowerCase();
}

/** Every operation of a spec: `{method, route, op, parameters}` with path-level parameters merged. */
export function listOperations(spec) {
  return Object.entries(spec.paths ?? {}).flatMap(([route, item]) =>
    httpMethods
      .filter((method) => item[method])
      .map((method) => ({
        method,
        route,
        op: item[method],
        parameters: [...(item.parameters ?? []), ...(item[method].parameters ?? [])],
      })),
  );
}

/** Redocly's configuration, loaded once. */
let redoclyConfig;

/**
 * An OpenAPI description with every `$ref` resolved by Redocly's OpenAPI
 * library (`@redocly/openapi-core`), so the renderers below read schemas,
 * parameters and responses in place. A circular reference becomes a cycle of
 * objects; the renderers stop at a depth.
 * @param {{file: string} | {source: string, name: string}} input an OpenAPI file, or a description as text
 * @returns {Promise<object>} the dereferenced description
 * @throws Error naming the file and the problems when a reference does not resolve or the file does not parse
 */
export async function loadSpec(input) {
  redoclyConfig ??= createConfig({});
  const config = await redoclyConfig;
  const result =
    'file' in input
      ? await bundle({ref: input.file, config, dereference: true})
      : await bundleFromString({source: input.source, absoluteRef: input.name, config, dereference: true});
  const errors = result.problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) {
    const where = 'file' in input ? input.file : input.name;
    const at = (problem) => (problem.location?.[0]?.pointer ? ` at ${problem.location[0].pointer}` : '');
    throw new Error(`${where}: ${errors.map((problem) => `${problem.message}${at(problem)}`).join('; ')}`);
  }
  return result.bundle.parsed;
}

const text = (value) => ({type: 'text', value: String(value)});
const code = (value) => ({type: 'inlineCode', value: String(value)});
const oneLine = (value) =>
  String(value ?? '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Parses an OpenAPI description (CommonMark). Raw HTML in it is kept as text, so that `<tags>` are shown as
 * written and never reach MDX as JSX.
 */
function parseDescription(value) {
  const tree = fromMarkdown(value, {extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()]});
  const visit = (node) => {
    if (node.type === 'html') Object.assign(node, {type: 'text'});
    node.children?.forEach(visit);
  };
  visit(tree);
  return tree;
}

/** An OpenAPI description as inline content, its paragraphs joined: for table cells. */
function inline(value) {
  const tree = parseDescription(oneLine(value));
  return tree.children.flatMap((block, index) => [
    ...(index > 0 ? [text(' ')] : []),
    ...(block.type === 'paragraph' ? block.children : [text(oneLine(value))]),
  ]);
}

/** An OpenAPI description as block content, for the text of an operation. */
function blocks(value) {
  return parseDescription(String(value ?? '').trim()).children;
}

/**
 * A schema's type in words: `string (date-time)`, `array of object`, `one of: A, B`, with `nullable`.
 * @param {number} depth how many levels of arrays and alternatives to follow (cycles stop there).
 */
export function schemaType(schema, depth = 4) {
  const s = schema ?? {};
  if (depth === 0) return 'any';
  const alternatives = s.oneOf ?? s.anyOf;
  if (alternatives) return `one of: ${alternatives.map((alt) => schemaType(alt, depth - 1)).join(', ')}`;
  let type = Array.isArray(s.type)
    ? s.type.filter((t) => t !== 'null').join(' or ')
    : (s.type ?? (s.properties || s.allOf ? 'object' : 'any'));
  if (type === 'array') type = `array of ${schemaType(s.items ?? {}, depth - 1)}`;
  if (s.format) type += ` (${s.format})`;
  const nullable = s.nullable || (Array.isArray(s.type) && s.type.includes('null'));
  return nullable ? `${type}, nullable` : type;
}

/** The notes after a field's description: allowed values, default, example. */
function fieldNotes(schema) {
  const s = schema ?? {};
  const notes = [];
  if (Array.isArray(s.enum))
    notes.push(text('One of: '), ...s.enum.flatMap((v, i) => [...(i ? [text(', ')] : []), code(v)]), text('.'));
  if (s.default !== undefined)
    notes.push(text(`${notes.length ? ' ' : ''}Default: `), code(JSON.stringify(s.default)), text('.'));
  return notes;
}

/**
 * One row per field of a schema, depth first: `name`, `parent.child`, `items[].child`.
 * @param {number} depth how many levels of nesting to follow (cycles stop there).
 */
export function schemaFields(schema, prefix = '', depth = 5) {
  const s = schema ?? {};
  if (depth === 0) return [];
  const rows = [];
  if (s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array'))) {
    return schemaFields(s.items ?? {}, `${prefix}[]`, depth - 1);
  }
  for (const part of [...(s.allOf ?? [])]) rows.push(...schemaFields(part, prefix, depth - 1));
  const required = new Set(s.required ?? []);
  for (const [name, property] of Object.entries(s.properties ?? {})) {
    const field = prefix ? `${prefix}.${name}` : name;
    rows.push({
      field,
      type: schemaType(property),
      required: required.has(name),
      description: property.description ?? '',
      notes: fieldNotes(property),
    });
    rows.push(...schemaFields(property, field, depth - 1));
  }
  return rows;
}

/** A description cell: the description, then the notes (allowed values, default). */
function describe(description, notes) {
  return [...inline(description ?? ''), ...(description && notes.length ? [text(' ')] : []), ...notes];
}

function table(header, rows) {
  const row = (cells) => ({type: 'tableRow', children: cells.map((children) => ({type: 'tableCell', children}))});
  return {
    type: 'table',
    align: header.map(() => null),
    children: [row(header.map((h) => [text(h)])), ...rows.map(row)],
  };
}

function fieldsTable(rows) {
  return table(
    ['Field', 'Type', 'Required', 'Description'],
    rows.map((r) => [
      [code(r.field)],
      [text(r.type)],
      [text(r.required ? 'yes' : 'no')],
      describe(r.description, r.notes),
    ]),
  );
}

const paragraph = (...children) => ({type: 'paragraph', children});
const strong = (value) => ({type: 'strong', children: [text(value)]});

/** The body content of a request or response: one paragraph per media type, with its fields and example. */
function contentNodes(content) {
  const nodes = [];
  for (const [mediaType, media] of Object.entries(content ?? {})) {
    const schema = media.schema ?? {};
    const rows = schemaFields(schema);
    nodes.push(paragraph(code(mediaType), text(`: ${schemaType(schema)}${rows.length ? '.' : ''}`)));
    if (rows.length) nodes.push(fieldsTable(rows));
    const example = media.example ?? Object.values(media.examples ?? {})[0]?.value;
    if (example !== undefined && mediaType.includes('json')) {
      nodes.push({type: 'code', lang: 'json', value: JSON.stringify(example, null, 2)});
    }
  }
  return nodes;
}

/**
 * One operation as a Markdown syntax tree.
 * @param entry an item of listOperations() of a description as loadSpec() returns it (its `$ref`s resolved)
 * @param options.headingLevel level of the operation's heading (its sections are one level below), or 0 for
 *   none (sections at level 2)
 * @param options.link optional URL of the operation's reference page
 */
export function operationTree(entry, {headingLevel = 3, link} = {}) {
  const {method, route, op} = entry;
  const sectionDepth = headingLevel > 0 ? Math.min(headingLevel + 1, 6) : 2;
  const section = (title) => ({type: 'heading', depth: sectionDepth, children: [text(title)]});
  const nodes = [];
  if (headingLevel > 0)
    nodes.push({type: 'heading', depth: headingLevel, children: [text(op.summary ?? op.operationId)]});
  nodes.push(
    paragraph(
      code(`${method.toUpperCase()} ${route}`),
      ...(link ? [text(' · '), {type: 'link', url: link, children: [text('reference page')]}] : []),
    ),
  );
  if (op.description) nodes.push(...blocks(op.description));
  const parameters = entry.parameters.filter((p) => p?.name);
  if (parameters.length) {
    nodes.push(
      section('Parameters'),
      table(
        ['Parameter', 'In', 'Type', 'Required', 'Description'],
        parameters.map((p) => [
          [code(p.name)],
          [text(p.in)],
          [text(schemaType(p.schema ?? {}))],
          [text(p.required ? 'yes' : 'no')],
          describe(p.description, fieldNotes(p.schema ?? {})),
        ]),
      ),
    );
  }
  const body = op.requestBody;
  if (body) {
    nodes.push(section('Request body'));
    if (body.description) nodes.push(...blocks(body.description));
    nodes.push(paragraph(text(body.required ? 'Required.' : 'Optional.')), ...contentNodes(body.content));
  }
  const responses = Object.entries(op.responses ?? {});
  if (responses.length) {
    nodes.push(section('Responses'));
    for (const [status, response] of responses) {
      nodes.push(
        paragraph(strong(status), text(' '), ...inline(response.description)),
        ...contentNodes(response.content),
      );
    }
  }
  return nodes;
}

/**
 * Writes Markdown nodes out as text.
 * @param nodes mdast block nodes
 * @param options.mdx escape for MDX (the full-spec page) rather than plain Markdown
 */
export function writeMarkdown(nodes, {mdx = false} = {}) {
  return toMarkdown(
    {type: 'root', children: nodes},
    {
      extensions: [gfmToMarkdown({tablePipeAlign: false}), ...(mdx ? [mdxToMarkdown()] : [])],
      bullet: '-',
      fences: true,
      listItemIndent: 'one',
    },
  );
}

/** One operation as Markdown text; see operationTree() and writeMarkdown(). */
export function renderOperation(entry, {mdx = false, ...options} = {}) {
  return writeMarkdown(operationTree(entry, options), {mdx});
}
