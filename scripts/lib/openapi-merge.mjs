/**
 * Merges several bundled OpenAPI documents into one. Paths and tags are
 * concatenated; a component that several documents define identically is
 * kept once; a component name that documents define differently is renamed
 * `<Group><Name>` in the documents that differ from the first, with their
 * `$ref`s rewritten.
 */
import {isDeepStrictEqual} from 'node:util';

const componentSections = [
  'schemas',
  'responses',
  'parameters',
  'examples',
  'requestBodies',
  'headers',
  'securitySchemes',
];

/** "document-store" → "DocumentStore". */
export function pascalCase(name) {
  return name
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

/** Replaces `$ref`s in a JSON value according to `renames` (old ref → new ref). */
function rewriteRefs(value, renames) {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, renames));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) =>
        key === '$ref' && typeof inner === 'string' && renames.has(inner)
          ? [key, renames.get(inner)]
          : [key, rewriteRefs(inner, renames)],
      ),
    );
  }
  return value;
}

/**
 * @param {Array<{group: string, doc: object}>} documents bundled documents, in order
 * @param {{title: string, description: string, version?: string}} info info of the merged document
 * @returns {object} the merged OpenAPI document
 * @throws Error when two documents define the same path and method
 */
export function mergeOpenApi(documents, info) {
  const merged = {
    openapi: documents[0]?.doc.openapi ?? '3.1.0',
    info: {version: documents[0]?.doc.info?.version ?? '1.0.0', ...info},
    servers: documents[0]?.doc.servers ?? [],
    security: documents[0]?.doc.security ?? [],
    tags: [],
    paths: {},
    components: {},
  };
  for (const {group, doc} of documents) {
    const renames = new Map();
    for (const section of componentSections) {
      for (const [name, value] of Object.entries(doc.components?.[section] ?? {})) {
        const existing = merged.components[section]?.[name];
        if (existing !== undefined && !isDeepStrictEqual(existing, value)) {
          renames.set(`#/components/${section}/${name}`, `#/components/${section}/${pascalCase(group)}${name}`);
        }
      }
    }
    const source = rewriteRefs(doc, renames);
    for (const section of componentSections) {
      for (const [name, value] of Object.entries(source.components?.[section] ?? {})) {
        const target = renames.has(`#/components/${section}/${name}`) ? `${pascalCase(group)}${name}` : name;
        merged.components[section] ??= {};
        merged.components[section][target] ??= value;
      }
    }
    merged.tags.push(...(source.tags ?? []));
    for (const [route, item] of Object.entries(source.paths ?? {})) {
      const current = merged.paths[route] ?? {};
      for (const key of Object.keys(item)) {
        if (key in current && key !== 'parameters')
          throw new Error(`${group}: ${key.toUpperCase()} ${route} is defined twice`);
      }
      merged.paths[route] = {...current, ...item};
    }
  }
  return merged;
}
