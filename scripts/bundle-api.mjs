#!/usr/bin/env node
/**
 * Builds the downloadable API descriptions and the body of the full-spec page
 * from the OpenAPI files in `api-specs/` (run by `npm run gen-api`):
 *
 * - `static/openapi/<group>.yaml`: each group's file, for its download button;
 * - `static/openapi/answerai-api.yaml` and `.json`: all groups joined into one
 *   description by Redocly's `join` command;
 * - `api-docs/_generated/full-spec.mdx`: every operation of the joined
 *   description as Markdown, imported by `api-docs/full-api-spec.mdx`.
 *
 * Exits non-zero, naming the file, when a spec cannot be joined or parsed.
 */
import {execFileSync} from 'node:child_process';
import {copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import YAML from 'yaml';
import {escapeMdx, kebab, listOperations, renderOperation} from './lib/openapi-markdown.mjs';

const siteDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const specsDir = path.join(siteDir, 'api-specs');
const outDir = path.join(siteDir, 'static', 'openapi');
const partialDir = path.join(siteDir, 'api-docs', '_generated');
/** Renders the joined description as MDX: a section per tag, an entry per operation. */
export function renderFullSpec(spec, groupOfTag) {
  const lines = [];
  for (const tag of spec.tags ?? []) {
    const group = groupOfTag.get(tag.name);
    lines.push(`## ${escapeMdx(tag.name)}`, '', escapeMdx(tag.description ?? ''), '');
    for (const entry of listOperations(spec).filter(({op}) => (op.tags ?? []).includes(tag.name))) {
      lines.push(
        renderOperation(entry, {escape: escapeMdx, link: `/docs/api/${group}/${kebab(entry.op.operationId)}`}),
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

function main() {
  const files = readdirSync(specsDir)
    .filter((f) => f.endsWith('.yaml'))
    .sort();
  mkdirSync(outDir, {recursive: true});
  mkdirSync(partialDir, {recursive: true});
  const groupOfTag = new Map();
  for (const file of files) {
    copyFileSync(path.join(specsDir, file), path.join(outDir, file));
    let spec;
    try {
      spec = YAML.parse(readFileSync(path.join(specsDir, file), 'utf8'));
    } catch (error) {
      throw new Error(`api-specs/${file}: ${error.message}`);
    }
    for (const tag of spec.tags ?? []) groupOfTag.set(tag.name, file.replace(/\.yaml$/, ''));
  }
  const joined = path.join(outDir, 'answerai-api.yaml');
  const cli = path.join(siteDir, 'node_modules', '.bin', 'redocly');
  try {
    if (files.length === 1) copyFileSync(path.join(specsDir, files[0]), joined);
    else
      execFileSync(
        cli,
        [
          'join',
          ...files.map((f) => path.join('api-specs', f)),
          '-o',
          joined,
          '--without-x-tag-groups',
          '--lint-config',
          'off',
        ],
        {
          cwd: siteDir,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: {...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true'},
        },
      );
  } catch (error) {
    const output = `${error.stdout ?? ''}${error.stderr ?? ''}`.replace(/[║╔╚═╗╝]/g, '').trim();
    throw new Error(`Joining the OpenAPI files failed:\n${output}`);
  }
  const spec = YAML.parse(readFileSync(joined, 'utf8'));
  spec.info = {
    ...spec.info,
    title: 'AnswerAI API',
    description: 'The complete AnswerAI REST API: every group of the reference joined into one description.',
  };
  writeFileSync(joined, YAML.stringify(spec));
  writeFileSync(path.join(outDir, 'answerai-api.json'), JSON.stringify(spec, null, 2));
  writeFileSync(path.join(partialDir, 'full-spec.mdx'), renderFullSpec(spec, groupOfTag));
  const count = listOperations(spec).length;
  console.log(`Joined ${files.length} OpenAPI files: ${count} operations -> static/openapi/answerai-api.yaml`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
