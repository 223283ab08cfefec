#!/usr/bin/env node
/**
 * Builds the downloadable API descriptions and the body of the full-spec page
 * from the OpenAPI files in `api-specs/` (run by `npm run gen-api`):
 *
 * - `static/openapi/<group>.yaml`: each group's file, for its download button;
 * - `static/openapi/answerai-api.yaml` and `.json`: every file joined into one
 *   description by `redocly join` (each group's components prefixed with its
 *   title, `Chatflows_API_Error`), with the site's title and description;
 * - `api-docs/_generated/full-spec.mdx`: every operation of the joined
 *   description as Markdown, its `$ref`s resolved by Redocly's OpenAPI library,
 *   imported by `api-docs/full-api-spec.mdx`.
 *
 * Exits non-zero, naming the file, when a spec cannot be joined or parsed.
 */
import {execFileSync} from 'node:child_process';
import {copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import YAML from 'yaml';
import {kebab, listOperations, loadSpec, operationTree, writeMarkdown} from '../lib/openapi-markdown.mjs';

const siteDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const specsDir = path.join(siteDir, 'api-specs');
const outDir = path.join(siteDir, 'static', 'openapi');
const partialDir = path.join(siteDir, 'api-docs', '_generated');

/** The joined description's own title and description. */
export const joinedInfo = {
  title: 'AnswerAI API',
  description: 'The complete AnswerAI REST API: every group of the reference joined into one description.',
};

/** Renders the joined description as MDX: a section per tag, an entry per operation with its fields. */
export function renderFullSpec(spec, groupOfTag) {
  const nodes = [];
  for (const tag of spec.tags ?? []) {
    const group = groupOfTag.get(tag.name);
    nodes.push({type: 'heading', depth: 2, children: [{type: 'text', value: tag.name}]});
    if (tag.description) nodes.push({type: 'paragraph', children: [{type: 'text', value: tag.description.trim()}]});
    for (const entry of listOperations(spec).filter(({op}) => (op.tags ?? []).includes(tag.name))) {
      nodes.push(...operationTree(entry, {headingLevel: 3, link: `/docs/api/${group}/${kebab(entry.op.operationId)}`}));
    }
  }
  return writeMarkdown(nodes, {mdx: true});
}

/**
 * Joins OpenAPI files with Redocly's `redocly join`.
 * @param {string[]} files the files, in order (the first gives the servers and security)
 * @returns {string} the joined description as YAML
 * @throws Error with Redocly's output when the files cannot be joined
 */
export function joinSpecs(files) {
  const cli = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')),
    'bin',
    'cli.js',
  );
  const scratch = mkdtempSync(path.join(tmpdir(), 'answerai-join-'));
  const output = path.join(scratch, 'joined.yaml');
  try {
    execFileSync(
      process.execPath,
      [cli, 'join', ...files, '-o', output, '--without-x-tag-groups', '--prefix-components-with-info-prop', 'title'],
      // Redocly's CLI writes no file when NODE_ENV is `test` (as under Vitest).
      {stdio: 'pipe', encoding: 'utf8', env: {...process.env, NODE_ENV: 'production'}},
    );
    return readFileSync(output, 'utf8');
  } catch (error) {
    throw new Error(`redocly join failed: ${String(error.stdout ?? '')}${String(error.stderr ?? error.message)}`);
  } finally {
    rmSync(scratch, {recursive: true, force: true});
  }
}

async function main() {
  const files = readdirSync(specsDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  mkdirSync(outDir, {recursive: true});
  mkdirSync(partialDir, {recursive: true});
  const groupOfTag = new Map();
  for (const file of files) {
    copyFileSync(path.join(specsDir, file), path.join(outDir, file));
    // Resolving every group's references first names the file whose reference is broken.
    const spec = await loadSpec({file: path.join(specsDir, file)});
    for (const tag of spec.tags ?? []) groupOfTag.set(tag.name, file.replace(/\.yaml$/, ''));
  }
  const joined = YAML.parse(joinSpecs(files.map((file) => path.join(specsDir, file))));
  joined.info = {...joined.info, ...joinedInfo};
  const yaml = YAML.stringify(joined);
  writeFileSync(path.join(outDir, 'answerai-api.yaml'), yaml);
  writeFileSync(path.join(outDir, 'answerai-api.json'), JSON.stringify(joined, null, 2));
  const spec = await loadSpec({source: yaml, name: path.join(outDir, 'answerai-api.yaml')});
  writeFileSync(path.join(partialDir, 'full-spec.mdx'), renderFullSpec(spec, groupOfTag));
  console.log(
    `Joined ${files.length} OpenAPI files: ${listOperations(spec).length} operations -> static/openapi/answerai-api.yaml`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error.message);
    process.exit(1);
  });
}
