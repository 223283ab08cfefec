// @ts-check
/**
 * `credentials.json`: every `packages/components/credentials/*.credential.ts` whose `module.exports` has
 * `credClass` (the test the server's NodesPool applies), constructed by the evaluator of `ts-eval.mjs`. Each input
 * keeps `label`, `name`, `type`, `optional` (absent → false) and, when present, `default`, `options` (label and
 * name) and `hidden`; descriptions and placeholders are dropped.
 */
import ts from 'typescript';
import {compareStrings, toFact} from './normalize.mjs';
import {ClassRef, NotLiteral, construct, isPlainObject} from './ts-eval.mjs';
/** @typedef {import('./ts-eval.mjs').Program} Program */

/** The folder of the credential classes. */
export const credentialsRoot = 'packages/components/credentials/';

/**
 * @param {Program} program
 * @param {string[]} files the repository's files (sorted)
 * @returns {{counts: {credentials: number, inputs: number}, credentials: Record<string, unknown>[], problems: string[]}}
 */
export function extractCredentials(program, files) {
  /** @type {Record<string, unknown>[]} */
  const credentials = [];
  /** @type {string[]} */
  const problems = [];
  for (const file of files) {
    if (!file.startsWith(credentialsRoot) || !file.endsWith('.credential.ts')) continue;
    const module = program.module(file);
    const exportsNode = module.commonJsExports;
    if (!exportsNode || !ts.isObjectLiteralExpression(exportsNode)) continue;
    try {
      const exportsValue = module.commonJsValue();
      const credClass = isPlainObject(exportsValue) ? exportsValue.credClass : undefined;
      if (!(credClass instanceof ClassRef)) continue;
      const fields = construct(credClass, []).fields;
      credentials.push({
        file,
        className: credClass.name,
        name: toFact(fields.name),
        label: toFact(fields.label),
        version: toFact(fields.version),
        inputs: (Array.isArray(fields.inputs) ? fields.inputs : []).map(credentialInput),
      });
    } catch (error) {
      if (!(error instanceof NotLiteral)) throw error;
      problems.push(`${file}: ${error.message}`);
    }
  }
  credentials.sort((a, b) => compareStrings(String(a.file), String(b.file)));
  return {
    counts: {
      credentials: credentials.length,
      inputs: credentials.reduce((sum, credential) => sum + /** @type {unknown[]} */ (credential.inputs).length, 0),
    },
    credentials,
    problems,
  };
}

/**
 * @param {unknown} raw
 * @returns {Record<string, unknown>}
 */
function credentialInput(raw) {
  const fields = isPlainObject(raw) ? raw : {};
  /** @type {Record<string, unknown>} */
  const input = {
    label: toFact(fields.label),
    name: toFact(fields.name),
    type: toFact(fields.type),
    optional: fields.optional === undefined ? false : toFact(fields.optional),
  };
  if (fields.default !== undefined) input.default = toFact(fields.default, {words: true});
  if (fields.options !== undefined) {
    input.options = Array.isArray(fields.options)
      ? fields.options.map((option) => {
          const item = isPlainObject(option) ? option : {};
          return {label: toFact(item.label), name: toFact(item.name)};
        })
      : toFact(fields.options);
  }
  if (fields.hidden !== undefined) input.hidden = toFact(fields.hidden);
  return input;
}
