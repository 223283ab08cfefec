#!/usr/bin/env node
/**
 * Builds the downloadable API descriptions and the body of the full-spec page
 * from the OpenAPI files in `api-specs/` (run by `npm run gen-api`):
 *
 * - `static/openapi/<group>.yaml`: each group's file, for its download button;
 * - `static/openapi/answerai-api.yaml` and `.json`: each file bundled with
 *   Redocly's OpenAPI library, then merged into one description;
 * - `api-docs/_generated/full-spec.mdx`: every operation of the joined
 *   description as Markdown, imported by `api-docs/full-api-spec.mdx`.
 *
 * Exits non-zero, naming the file, when a spec cannot be joined or parsed.
 */
import {copyFileSync, mkdirSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import YAML from 'yaml';
import {bundle, createConfig} from '@redocly/openapi-core';
import {mergeOpenApi} from './lib/openapi-merge.mjs';
import {kebab, listOperations, operationTree, writeMarkdown} from '../lib/openapi-markdown.mjs';

const siteDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const specsDir = path.join(siteDir, 'api-specs');
const outDir = path.join(siteDir, 'static', 'openapi');
const partialDir = path.join(siteDir, 'api-docs', '_generated');
/** Renders the joined description as MDX: a section per tag, an entry per operation with its fields. */
export function renderFullSpec(spec, groupOfTag) {
  const nodes = [];
  for (const tag of spec.tags ?? []) {
    const group = groupOfTag.get(tag.name);
    nodes.push({type: 'heading', depth: 2, children: [{type: 'text', value: tag.name}]});
    if (tag.description) nodes.push({type: 'paragraph', children: [{type: 'text', value: tag.description.trim()}]});
    for (const entry of listOperations(spec).filter(({op}) => (op.tags ?? []).includes(tag.name))) {
      nodes.push(
        ...operationTree(entry, spec, {headingLevel: 3, link: `/docs/api/${group}/${kebab(entry.op.operationId)}`}),
      );
    }
  }
  return writeMarkdown(nodes, {mdx: true});
}

async function main() {
  const files = readdirSync(specsDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  mkdirSync(outDir, {recursive: true});
  mkdirSync(partialDir, {recursive: true});
  const config = await createConfig({});
  const documents = [];
  for (const file of files) {
    copyFileSync(path.join(specsDir, file), path.join(outDir, file));
    const result = await bundle({ref: path.join(specsDir, file), config});
    const errors = result.problems.filter((problem) => problem.severity === 'error');
    if (errors.length > 0) {
      throw new Error(`api-specs/${file}: ${errors.map((problem) => problem.message).join('; ')}`);
    }
    documents.push({group: file.replace(/\.yaml$/, ''), doc: result.bundle.parsed});
  }
  const groupOfTag = new Map(documents.flatMap(({group, doc}) => (doc.tags ?? []).map((tag) => [tag.name, group])));
  const spec = mergeOpenApi(documents, {
    title: 'AnswerAI API',
    description: 'The complete AnswerAI REST API: every group of the reference joined into one description.',
  });
  writeFileSync(path.join(outDir, 'answerai-api.yaml'), YAML.stringify(spec));
  writeFileSync(path.join(outDir, 'answerai-api.json'), JSON.stringify(spec, null, 2));
  writeFileSync(path.join(partialDir, 'full-spec.mdx'), renderFullSpec(spec, groupOfTag));
  console.log(
    `Merged ${files.length} OpenAPI files: ${listOperations(spec).length} operations -> static/openapi/answerai-api.yaml`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
