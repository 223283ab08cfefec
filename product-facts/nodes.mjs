// @ts-check
/**
 * `nodes.json`: every node class under `packages/components/nodes/**`, as its constructor declares it.
 *
 * A node file is one whose `module.exports` has `nodeClass` (the test the server's NodesPool applies to the
 * compiled files). The class is constructed by the evaluator of `ts-eval.mjs`, which follows `super()` into the
 * repository classes it extends and expands literal helpers such as `addMMRInputParams(this.inputs)`. Only facts
 * are kept: names, labels, types, defaults, flags, option names and labels; descriptions, placeholders, hints and
 * warnings are dropped, long texts are measured and omitted (`normalize.mjs`).
 */
import ts from 'typescript';
import {compareStrings, textFact, toFact, unresolvedItems} from './normalize.mjs';
import {ClassRef, NotLiteral, construct, isPlainObject} from './ts-eval.mjs';
/** @typedef {import('./ts-eval.mjs').Program} Program */

/** The folder of the node classes. */
export const nodesRoot = 'packages/components/nodes/';

/** The server file whose NodesPool filters the node list. */
export const nodesPoolFile = 'packages/server/src/NodesPool.ts';

/** Keys an input keeps besides the fixed ones, in the order the facts write them. */
const inputOptionalKeys = [
  'loadMethod',
  'credentialNames',
  'fileType',
  'step',
  'rows',
  'hidden',
  'show',
  'hide',
  'acceptNodeOutputAsVariable',
  'freeSolo',
  'loadConfig',
  'refresh',
  'generateInstruction',
  'generateDocStoreDescription',
  'tabIdentifier',
];

/** Keys a node keeps when present, after its inputs and outputs, in the order the facts write them. */
const nodeOptionalKeys = ['hideOutput', 'hideInput', 'author'];
const nodeTrailingKeys = ['tags', 'badge', 'deprecated', 'documentation', 'requiresOAuthRefresh'];

/**
 * @typedef {Record<string, unknown>} Fact
 */

/**
 * Extracts the nodes of a source tree.
 * @param {Program} program the repository's evaluator
 * @param {string[]} files the repository's files (sorted)
 * @param {Set<string>} credentialNames the names of the credential files' classes (for the summary of names
 *   nodes ask for that no credential defines)
 * @returns {Fact} the content of `nodes.json` without `source`
 */
export function extractNodes(program, files, credentialNames) {
  const skipCategories = serverSkipCategories(program, files);
  /** @type {Fact[]} */
  const nodes = [];
  /** @type {string[]} */
  const problems = [];
  for (const file of files) {
    if (!file.startsWith(nodesRoot) || !/\.ts$/.test(file) || file.endsWith('.d.ts')) continue;
    const text = program.read(file);
    if (!text.includes('nodeClass')) continue;
    const module = program.module(file);
    if (!module.commonJsExports || !ts.isObjectLiteralExpression(module.commonJsExports)) continue;
    const hasNodeClass = module.commonJsExports.properties.some(
      (property) => property.name && ts.isIdentifier(property.name) && property.name.text === 'nodeClass',
    );
    if (!hasNodeClass) continue;
    try {
      const exportsValue = module.commonJsValue();
      const nodeClass = isPlainObject(exportsValue) ? exportsValue.nodeClass : undefined;
      if (!(nodeClass instanceof ClassRef)) {
        problems.push(`${file}: nodeClass is not a class of the repository`);
        continue;
      }
      program.expanded = [];
      const instance = construct(nodeClass, []);
      nodes.push(nodeFact(file, nodeClass.name, instance.fields, program.expanded, skipCategories));
    } catch (error) {
      if (!(error instanceof NotLiteral)) throw error;
      problems.push(`${file}: ${error.message}`);
    }
  }
  // Constructor statements the evaluator could not run (their fields were recorded as unresolved).
  problems.push(...program.problems);
  nodes.sort(
    (a, b) => compareStrings(String(a.file), String(b.file)) || compareStrings(String(a.name), String(b.name)),
  );
  return {
    counts: counts(nodes),
    unresolved: unresolvedSummary(nodes),
    baseClassCalls: baseClassCalls(nodes),
    credentialNamesWithoutCredentialFile: missingCredentials(nodes, credentialNames),
    duplicateNodeNames: duplicates(nodes),
    serverNodeFilter: {file: nodesPoolFile, skipCategories},
    problems,
    nodes,
  };
}

/**
 * The categories NodesPool skips (`const skipCategories = [...]` in `packages/server/src/NodesPool.ts`).
 * @param {Program} program
 * @param {string[]} files
 * @returns {string[]}
 */
export function serverSkipCategories(program, files) {
  if (!files.includes(nodesPoolFile)) return [];
  /** @type {string[]} */
  let found = [];
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'skipCategories' &&
      node.initializer &&
      ts.isArrayLiteralExpression(node.initializer)
    ) {
      found = node.initializer.elements.filter(ts.isStringLiteralLike).map((element) => element.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(program.module(nodesPoolFile).sourceFile);
  return found;
}

/**
 * The facts of one node from its constructed fields.
 * @param {string} file
 * @param {string} className
 * @param {Record<string, unknown>} fields
 * @param {{name: string, file: string}[]} expanded helpers expanded while constructing it
 * @param {string[]} skipCategories
 * @returns {Fact}
 */
function nodeFact(file, className, fields, expanded, skipCategories) {
  /** @type {Fact} */
  const node = {
    file,
    className,
    name: toFact(fields.name),
    label: toFact(fields.label),
    version: toFact(fields.version),
    type: toFact(fields.type),
    category: toFact(fields.category),
    icon: toFact(fields.icon),
    baseClasses: toFact(fields.baseClasses ?? []),
    credential: fields.credential ? credentialFact(fields.credential) : null,
    inputs: Array.isArray(fields.inputs) ? fields.inputs.map(inputFact) : [],
  };
  if (Array.isArray(fields.outputs)) node.outputs = fields.outputs.map(outputFact);
  for (const key of nodeOptionalKeys) if (fields[key] !== undefined) node[key] = toFact(fields[key]);
  const skips = [];
  if (typeof fields.category === 'string' && skipCategories.includes(fields.category)) skips.push('skippedCategory');
  if (fields.author) skips.push('communityNode');
  if (skips.length) node.serverSkips = skips;
  for (const key of nodeTrailingKeys) {
    if (key === 'deprecated') {
      if (fields.deprecateMessage !== undefined) node.deprecated = true;
    } else if (fields[key] !== undefined) node[key] = toFact(fields[key]);
  }
  const helpers = [...new Set(expanded.map((helper) => `${helper.name} (${helper.file})`))];
  if (helpers.length) node.expandedHelpers = helpers;
  const unresolved = unresolvedItems(node);
  if (unresolved.length) node.unresolved = unresolved;
  return node;
}

/**
 * @param {unknown} raw
 * @returns {Fact}
 */
function credentialFact(raw) {
  const fields = isPlainObject(raw) ? raw : {};
  return {
    label: toFact(fields.label),
    name: toFact(fields.name),
    credentialNames: toFact(fields.credentialNames ?? []),
    optional: fields.optional === undefined ? false : toFact(fields.optional),
  };
}

/**
 * The facts of one input (and of the items of its `array`/`tabs`).
 * @param {unknown} raw
 * @returns {Fact}
 */
export function inputFact(raw) {
  const fields = isPlainObject(raw) ? raw : {};
  /** @type {Fact} */
  const input = {
    label: toFact(fields.label),
    name: toFact(fields.name),
    type: toFact(fields.type),
    optional: fields.optional === undefined ? false : toFact(fields.optional),
    default: fields.default === undefined ? null : defaultFact(fields.default),
    additionalParams: fields.additionalParams === undefined ? false : toFact(fields.additionalParams),
    list: fields.list === undefined ? false : toFact(fields.list),
    acceptVariable: fields.acceptVariable === undefined ? false : toFact(fields.acceptVariable),
  };
  if (fields.options !== undefined) {
    input.options = Array.isArray(fields.options) ? fields.options.map(optionFact) : toFact(fields.options);
  }
  for (const key of inputOptionalKeys) if (fields[key] !== undefined) input[key] = toFact(fields[key]);
  for (const key of ['array', 'tabs']) {
    if (fields[key] !== undefined)
      input[key] = Array.isArray(fields[key]) ? fields[key].map(inputFact) : toFact(fields[key]);
  }
  return input;
}

/**
 * An input's default: long texts and texts of more than five words are omitted.
 * @param {unknown} value
 */
function defaultFact(value) {
  if (typeof value === 'string') return textFact(value, {words: true});
  return toFact(value, {inDefault: true, words: true});
}

/**
 * @param {unknown} raw
 * @returns {Fact}
 */
function optionFact(raw) {
  const fields = isPlainObject(raw) ? raw : {};
  return {label: toFact(fields.label), name: toFact(fields.name)};
}

/**
 * @param {unknown} raw
 * @returns {Fact}
 */
function outputFact(raw) {
  const fields = isPlainObject(raw) ? raw : {};
  /** @type {Fact} */
  const output = {
    label: toFact(fields.label),
    name: toFact(fields.name),
    baseClasses: fields.baseClasses === undefined ? null : toFact(fields.baseClasses),
  };
  if (fields.hidden !== undefined) output.hidden = toFact(fields.hidden);
  if (fields.isAnchor !== undefined) output.isAnchor = toFact(fields.isAnchor);
  return output;
}

/**
 * @param {Fact[]} nodes
 */
function counts(nodes) {
  /** @param {unknown} inputs @returns {number} */
  const nested = (inputs) =>
    Array.isArray(inputs)
      ? inputs.reduce(
          (sum, input) =>
            sum + 1 + nested(/** @type {Fact} */ (input).array) + nested(/** @type {Fact} */ (input).tabs),
          0,
        )
      : 0;
  return {
    nodes: nodes.length,
    inputs: nodes.reduce((sum, node) => sum + /** @type {unknown[]} */ (node.inputs).length, 0),
    inputsIncludingNested: nodes.reduce((sum, node) => sum + nested(node.inputs), 0),
    nodesWithUnresolved: nodes.filter((node) => node.unresolved).length,
    nodesWithWarnings: 0,
  };
}

/**
 * Unresolved item → the names of the nodes where it occurs.
 * @param {Fact[]} nodes
 */
function unresolvedSummary(nodes) {
  /** @type {Map<string, Set<string>>} */
  const items = new Map();
  for (const node of nodes) {
    for (const item of /** @type {string[]} */ (node.unresolved ?? [])) {
      if (!items.has(item)) items.set(item, new Set());
      items.get(item)?.add(String(node.name));
    }
  }
  return Object.fromEntries(
    [...items.keys()].sort(compareStrings).map((item) => [item, [...(items.get(item) ?? [])].sort(compareStrings)]),
  );
}

/**
 * Call name → number of nodes whose base classes (or outputs' base classes) use it.
 * @param {Fact[]} nodes
 */
function baseClassCalls(nodes) {
  /** @type {Map<string, number>} */
  const calls = new Map();
  for (const node of nodes) {
    /** @type {Set<string>} */
    const names = new Set();
    const lists = [node.baseClasses, .../** @type {Fact[]} */ (node.outputs ?? []).map((output) => output.baseClasses)];
    for (const list of lists) {
      for (const item of Array.isArray(list) ? list : []) {
        if (item && typeof item === 'object' && typeof item.call === 'string') names.add(item.call);
      }
    }
    for (const name of names) calls.set(name, (calls.get(name) ?? 0) + 1);
  }
  return Object.fromEntries([...calls.keys()].sort(compareStrings).map((name) => [name, calls.get(name)]));
}

/**
 * Credential names nodes ask for that no credential file defines → the nodes asking.
 * @param {Fact[]} nodes
 * @param {Set<string>} credentialNames
 */
function missingCredentials(nodes, credentialNames) {
  /** @type {Map<string, Set<string>>} */
  const missing = new Map();
  for (const node of nodes) {
    const credential = /** @type {Fact | null} */ (node.credential);
    for (const name of /** @type {unknown[]} */ (credential?.credentialNames ?? [])) {
      if (typeof name !== 'string' || credentialNames.has(name)) continue;
      if (!missing.has(name)) missing.set(name, new Set());
      missing.get(name)?.add(String(node.name));
    }
  }
  return Object.fromEntries(
    [...missing.keys()].sort(compareStrings).map((name) => [name, [...(missing.get(name) ?? [])].sort(compareStrings)]),
  );
}

/**
 * Node names declared by more than one file → those files.
 * @param {Fact[]} nodes
 */
function duplicates(nodes) {
  /** @type {Map<string, string[]>} */
  const byName = new Map();
  for (const node of nodes) {
    const name = String(node.name);
    byName.set(name, [...(byName.get(name) ?? []), String(node.file)]);
  }
  return Object.fromEntries(
    [...byName].filter(([, files]) => files.length > 1).sort((a, b) => compareStrings(a[0], b[0])),
  );
}
