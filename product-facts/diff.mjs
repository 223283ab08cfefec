#!/usr/bin/env node
// @ts-check
/**
 * What a release of the product changes, for the writers of this site.
 *
 *   npm run facts:diff -- <old-source> <new-source> [--old-commit <sha>] [--new-commit <sha>] [--json]
 *
 * Extracts the facts of both sources (tarballs or checkouts, as `facts:extract` reads them) and prints a Markdown
 * report: nodes added, removed or renamed; inputs added or removed and inputs whose type, default, options,
 * optional flag, label or placement changed; credentials, routes and environment variables added or removed;
 * changed package versions; and for each change the pages of this site it touches (the node's page or the category
 * page that lists it, the API operation pages, the guides that name the variable or route). `--json` prints the
 * report as JSON instead. The commits are optional here: a source that does not say which commit it is is named by
 * its file name.
 *
 * Exits with status 1 when a source cannot be opened.
 */
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {pagesForNode, pagesForRoute, pagesForVariable, siteIndex} from './affected-pages.mjs';
import {extractFacts, parseArgs, sourceDependencies} from './extract.mjs';
import {compareStrings} from './normalize.mjs';

const siteDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Input fields whose change the report lists, in this order. */
const inputFields = ['type', 'default', 'options', 'optional', 'label', 'additionalParams', 'list'];
/** Node fields whose change the report lists. */
const nodeFields = ['label', 'version', 'category', 'type', 'badge', 'deprecated', 'hideOutput'];

/**
 * @typedef {import('./extract.mjs').Pack} Pack
 * @typedef {Record<string, any>} Fact
 * @typedef {{field: string, from: unknown, to: unknown}} FieldChange
 * @typedef {object} NodeChange
 * @property {string} name
 * @property {string} label
 * @property {string} category
 * @property {string} file
 * @property {FieldChange[]} fields node-level changes (label, version, credential…)
 * @property {Fact[]} inputsAdded
 * @property {Fact[]} inputsRemoved
 * @property {Array<{name: string, label: string, changes: FieldChange[]}>} inputsChanged
 * @property {Array<{name: string, from: unknown, to: unknown}>} outputsChanged
 */

/**
 * The structured difference between two packs.
 * @param {Pack} before the facts of the old release
 * @param {Pack} after the facts of the new release
 */
export function diffFacts(before, after) {
  const oldNodes = new Map(before['nodes.json'].nodes.map((/** @type {Fact} */ node) => [node.name, node]));
  const newNodes = new Map(after['nodes.json'].nodes.map((/** @type {Fact} */ node) => [node.name, node]));
  let added = [...newNodes.values()].filter((node) => !oldNodes.has(node.name));
  let removed = [...oldNodes.values()].filter((node) => !newNodes.has(node.name));
  /** @type {Array<{from: Fact, to: Fact}>} */
  const renamed = [];
  for (const node of [...removed]) {
    const successor = added.find((candidate) => candidate.file === node.file && candidate.className === node.className);
    if (successor) {
      renamed.push({from: node, to: successor});
      added = added.filter((item) => item !== successor);
      removed = removed.filter((item) => item !== node);
    }
  }
  /** @type {NodeChange[]} */
  const changed = [];
  const pairs = [
    ...[...newNodes.values()].filter((node) => oldNodes.has(node.name)).map((node) => [oldNodes.get(node.name), node]),
    ...renamed.map(({from, to}) => [from, to]),
  ];
  for (const [oldNode, newNode] of pairs) {
    const change = nodeChange(oldNode, newNode);
    if (change) changed.push(change);
  }
  changed.sort((a, b) => compareStrings(a.category, b.category) || compareStrings(a.name, b.name));
  return {
    old: before['source.json'],
    new: after['source.json'],
    nodes: {
      added: added.map(nodeSummary).sort(byCategoryAndName),
      removed: removed.map(nodeSummary).sort(byCategoryAndName),
      renamed: renamed.map(({from, to}) => ({from: nodeSummary(from), to: nodeSummary(to)})),
      changed,
    },
    credentials: diffCredentials(
      before['credentials.json'].credentials,
      after['credentials.json'].credentials,
      after['nodes.json'].nodes,
    ),
    routes: diffRoutes(before['api-routes.json'].routes, after['api-routes.json'].routes),
    env: diffEnv(before['env.json'], after['env.json']),
    packages: diffPackages(before, after),
    behaviour: diffBehaviour(before['behaviour.json'], after['behaviour.json']),
  };
}

/**
 * @param {Fact} node
 */
function nodeSummary(node) {
  return {name: node.name, label: node.label, category: node.category, file: node.file, version: node.version};
}

/**
 * @param {{category: string, name: string}} a
 * @param {{category: string, name: string}} b
 */
function byCategoryAndName(a, b) {
  return compareStrings(a.category, b.category) || compareStrings(a.name, b.name);
}

/**
 * A node's inputs by name; the items of `array`/`tabs` inputs as `<input>.<item>`, as node pages describe them.
 * @param {Fact[]} inputs
 * @param {string} [prefix]
 * @returns {Map<string, Fact>}
 */
export function flattenInputs(inputs, prefix = '') {
  /** @type {Map<string, Fact>} */
  const flat = new Map();
  for (const input of inputs ?? []) {
    let key = `${prefix}${input.name}`;
    for (let n = 2; flat.has(key); n++) key = `${prefix}${input.name}#${n}`;
    flat.set(key, input);
    for (const nested of ['array', 'tabs']) {
      if (Array.isArray(input[nested]))
        for (const [name, item] of flattenInputs(input[nested], `${key}.`)) flat.set(name, item);
    }
  }
  return flat;
}

/**
 * The option names of an input, as a comparable list.
 * @param {Fact} input
 */
function optionNames(input) {
  return Array.isArray(input.options)
    ? input.options.map((/** @type {Fact} */ option) => option.name)
    : (input.options ?? null);
}

/**
 * @param {unknown} a
 * @param {unknown} b
 */
function same(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * What changed in one node, or null.
 * @param {Fact} before
 * @param {Fact} after
 * @returns {NodeChange | null}
 */
function nodeChange(before, after) {
  /** @type {FieldChange[]} */
  const fields = [];
  if (before.name !== after.name) fields.push({field: 'name', from: before.name, to: after.name});
  for (const field of nodeFields) {
    if (!same(before[field], after[field])) fields.push({field, from: before[field] ?? null, to: after[field] ?? null});
  }
  const credential = (/** @type {Fact} */ node) =>
    node.credential ? {names: node.credential.credentialNames, optional: node.credential.optional} : null;
  if (!same(credential(before), credential(after)))
    fields.push({field: 'credential', from: credential(before), to: credential(after)});
  const oldInputs = flattenInputs(before.inputs);
  const newInputs = flattenInputs(after.inputs);
  const inputsAdded = [...newInputs]
    .filter(([key]) => !oldInputs.has(key))
    .map(([key, input]) => ({...inputSummary(input), name: key}));
  const inputsRemoved = [...oldInputs]
    .filter(([key]) => !newInputs.has(key))
    .map(([key, input]) => ({...inputSummary(input), name: key}));
  /** @type {Array<{name: string, label: string, changes: FieldChange[]}>} */
  const inputsChanged = [];
  for (const [key, input] of newInputs) {
    const old = oldInputs.get(key);
    if (!old) continue;
    /** @type {FieldChange[]} */
    const changes = [];
    for (const field of inputFields) {
      const from = field === 'options' ? optionNames(old) : old[field];
      const to = field === 'options' ? optionNames(input) : input[field];
      if (!same(from, to)) changes.push({field, from: from ?? null, to: to ?? null});
    }
    if (changes.length) inputsChanged.push({name: key, label: input.label, changes});
  }
  const outputs = (/** @type {Fact} */ node) =>
    new Map((node.outputs ?? []).map((/** @type {Fact} */ output) => [output.name, output]));
  const oldOutputs = outputs(before);
  const newOutputs = outputs(after);
  const outputsChanged = [...new Set([...oldOutputs.keys(), ...newOutputs.keys()])]
    .filter((name) => !same(oldOutputs.get(name), newOutputs.get(name)))
    .map((name) => ({name, from: oldOutputs.get(name) ?? null, to: newOutputs.get(name) ?? null}));
  if (
    !fields.length &&
    !inputsAdded.length &&
    !inputsRemoved.length &&
    !inputsChanged.length &&
    !outputsChanged.length
  ) {
    return null;
  }
  return {
    name: after.name,
    label: after.label,
    category: after.category,
    file: after.file,
    fields,
    inputsAdded,
    inputsRemoved,
    inputsChanged,
    outputsChanged,
  };
}

/**
 * @param {Fact} input
 */
function inputSummary(input) {
  return {
    name: input.name,
    label: input.label,
    type: input.type,
    optional: input.optional,
    default: input.default,
    additionalParams: input.additionalParams,
  };
}

/**
 * @param {Fact[]} before
 * @param {Fact[]} after
 * @param {Fact[]} nodes the new release's nodes (which ask for the credentials)
 */
function diffCredentials(before, after, nodes) {
  const oldMap = new Map(before.map((item) => [item.name, item]));
  const newMap = new Map(after.map((item) => [item.name, item]));
  const summary = (/** @type {Fact} */ item) => ({name: item.name, label: item.label, file: item.file});
  const usedBy = (/** @type {string} */ name) =>
    nodes
      .filter((node) => (node.credential?.credentialNames ?? []).includes(name))
      .map((node) => ({name: node.name, category: node.category}));
  return {
    added: after
      .filter((item) => !oldMap.has(item.name))
      .map((item) => ({...summary(item), usedBy: usedBy(item.name)})),
    removed: before.filter((item) => !newMap.has(item.name)).map(summary),
    changed: after
      .filter((item) => oldMap.has(item.name))
      .map((item) => {
        const old = oldMap.get(item.name) ?? {inputs: []};
        const oldInputs = new Map(old.inputs.map((/** @type {Fact} */ input) => [input.name, input]));
        const newInputs = new Map(item.inputs.map((/** @type {Fact} */ input) => [input.name, input]));
        return {
          ...summary(item),
          inputsAdded: item.inputs.filter((/** @type {Fact} */ input) => !oldInputs.has(input.name)),
          inputsRemoved: old.inputs.filter((/** @type {Fact} */ input) => !newInputs.has(input.name)),
          inputsChanged: item.inputs
            .filter((/** @type {Fact} */ input) => oldInputs.has(input.name) && !same(oldInputs.get(input.name), input))
            .map((/** @type {Fact} */ input) => ({name: input.name, from: oldInputs.get(input.name), to: input})),
        };
      })
      .filter((item) => item.inputsAdded.length || item.inputsRemoved.length || item.inputsChanged.length),
  };
}

/**
 * @param {Fact[]} before
 * @param {Fact[]} after
 */
function diffRoutes(before, after) {
  const key = (/** @type {Fact} */ route) => `${route.method} ${route.path}`;
  const oldMap = new Map(before.map((route) => [key(route), route]));
  const newMap = new Map(after.map((route) => [key(route), route]));
  const summary = (/** @type {Fact} */ route) => ({
    method: route.method,
    path: route.path,
    handler: route.handler,
    whitelisted: route.whitelisted,
    file: route.file,
  });
  /** @type {Array<{method: string, path: string, changes: FieldChange[]}>} */
  const changed = [];
  for (const [routeKey, route] of newMap) {
    const old = oldMap.get(routeKey);
    if (!old) continue;
    const changes = ['handler', 'whitelisted', 'ability', 'conditionEnv']
      .filter((field) => !same(old[field], route[field]))
      .map((field) => ({field, from: old[field] ?? null, to: route[field] ?? null}));
    if (changes.length) changed.push({method: route.method, path: route.path, changes});
  }
  return {
    added: after.filter((route) => !oldMap.has(key(route))).map(summary),
    removed: before.filter((route) => !newMap.has(key(route))).map(summary),
    changed,
  };
}

/**
 * @param {Fact} before
 * @param {Fact} after
 */
function diffEnv(before, after) {
  const read = (/** @type {Fact} */ env) =>
    new Map(
      env.code.variables
        .filter((/** @type {Fact} */ variable) => !variable.writeOnly)
        .map((/** @type {Fact} */ variable) => [variable.name, variable]),
    );
  const oldVars = read(before);
  const newVars = read(after);
  const summary = (/** @type {Fact} */ variable) => ({
    name: variable.name,
    readIn: variable.readIn,
    testOnly: Boolean(variable.testOnly),
  });
  const oldFlags = before.cliFlags?.flags ?? [];
  const newFlags = after.cliFlags?.flags ?? [];
  return {
    added: [...newVars.values()].filter((variable) => !oldVars.has(variable.name)).map(summary),
    removed: [...oldVars.values()].filter((variable) => !newVars.has(variable.name)).map(summary),
    cliFlagsAdded: newFlags.filter((/** @type {string} */ flag) => !oldFlags.includes(flag)),
    cliFlagsRemoved: oldFlags.filter((/** @type {string} */ flag) => !newFlags.includes(flag)),
  };
}

/**
 * Changed versions: the packages' own versions and the dependencies whose specifier or locked version moved.
 * @param {Pack} before
 * @param {Pack} after
 */
function diffPackages(before, after) {
  const oldPackages = new Map(before['packages.json'].packages.map((/** @type {Fact} */ pkg) => [pkg.path, pkg]));
  const versions = after['packages.json'].packages
    .filter((/** @type {Fact} */ pkg) => oldPackages.has(pkg.path) && oldPackages.get(pkg.path).version !== pkg.version)
    .map((/** @type {Fact} */ pkg) => ({
      path: pkg.path,
      name: pkg.name,
      from: oldPackages.get(pkg.path).version,
      to: pkg.version,
    }));
  const oldDeps = /** @type {Record<string, Record<string, {specifier: string, version: string | null}>>} */ (
    /** @type {any} */ (before)[sourceDependencies] ?? {}
  );
  const newDeps = /** @type {Record<string, Record<string, {specifier: string, version: string | null}>>} */ (
    /** @type {any} */ (after)[sourceDependencies] ?? {}
  );
  /** @type {Array<{importer: string, name: string, from: {specifier: string, version: string | null} | null, to: {specifier: string, version: string | null} | null}>} */
  const dependencies = [];
  for (const importer of [...new Set([...Object.keys(oldDeps), ...Object.keys(newDeps)])].sort(compareStrings)) {
    const a = oldDeps[importer] ?? {};
    const b = newDeps[importer] ?? {};
    for (const name of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort(compareStrings)) {
      if (!same(a[name], b[name])) dependencies.push({importer, name, from: a[name] ?? null, to: b[name] ?? null});
    }
  }
  return {versions, dependencies};
}

/**
 * @param {Fact | undefined} before
 * @param {Fact | undefined} after
 */
function diffBehaviour(before, after) {
  if (!before || !after) return {streamingChanged: false, incompatibilitiesAdded: [], incompatibilitiesRemoved: []};
  const names = (/** @type {Fact} */ pack) => pack.nodeIncompatibilities.map((/** @type {Fact} */ item) => item.node);
  return {
    streamingChanged: !same(before.streaming, after.streaming),
    incompatibilitiesAdded: names(after).filter((/** @type {string} */ name) => !names(before).includes(name)),
    incompatibilitiesRemoved: names(before).filter((/** @type {string} */ name) => !names(after).includes(name)),
  };
}

/**
 * A fact as short Markdown code.
 * @param {unknown} value
 */
function show(value) {
  if (value && typeof value === 'object' && 'omittedText' in value) {
    return `(a text of ${/** @type {{length?: number}} */ (value).length ?? '?'} characters)`;
  }
  const text = JSON.stringify(value ?? null);
  return `\`${text.length > 100 ? `${text.slice(0, 97)}...` : text}\``;
}

/**
 * `commit 5da4286 (2025-10-31)`.
 * @param {{commit?: string | null, commitDate?: string | null} | undefined} source
 * @param {string} label
 */
function release(source, label) {
  const commit = source?.commit
    ? source.commit.slice(0, 9)
    : (/-([0-9a-f]{7,40})\.t(?:ar\.)?gz$/.exec(label)?.[1] ?? label);
  return `${commit}${source?.commitDate ? ` (${source.commitDate.slice(0, 10)})` : ''}`;
}

/**
 * A page reference as Markdown.
 * @param {{file: string, route: string}} page
 */
function pageRef(page) {
  return page.route ? `\`${page.file}\` (${page.route})` : `\`${page.file}\``;
}

/**
 * The report as Markdown, with the pages of this site each change touches.
 * @param {ReturnType<typeof diffFacts>} report
 * @param {import('./affected-pages.mjs').SiteIndex} index
 * @param {{oldLabel?: string, newLabel?: string}} [labels]
 */
export function renderMarkdown(report, index, labels = {}) {
  const lines = [];
  const oldName = release(report.old, labels.oldLabel ?? 'old');
  const newName = release(report.new, labels.newLabel ?? 'new');
  lines.push(`# What changes from ${oldName} to ${newName}`, '');
  lines.push(
    `Facts extracted from both sources with \`product-facts/extract.mjs\`. Pages are this site's sources that the change touches.`,
    '',
  );
  const {nodes, credentials, routes, env, packages} = report;
  const inputCount = nodes.changed.reduce(
    (sum, node) => sum + node.inputsAdded.length + node.inputsRemoved.length + node.inputsChanged.length,
    0,
  );
  lines.push('| What | Added | Removed | Changed |', '| --- | --- | --- | --- |');
  lines.push(
    `| Nodes | ${nodes.added.length} | ${nodes.removed.length} | ${nodes.changed.length} (${nodes.renamed.length} renamed) |`,
  );
  lines.push(
    `| Node inputs | ${nodes.changed.reduce((s, n) => s + n.inputsAdded.length, 0)} | ${nodes.changed.reduce((s, n) => s + n.inputsRemoved.length, 0)} | ${nodes.changed.reduce((s, n) => s + n.inputsChanged.length, 0)} |`,
  );
  lines.push(
    `| Credentials | ${credentials.added.length} | ${credentials.removed.length} | ${credentials.changed.length} |`,
  );
  lines.push(`| Routes | ${routes.added.length} | ${routes.removed.length} | ${routes.changed.length} |`);
  lines.push(`| Environment variables | ${env.added.length} | ${env.removed.length} | - |`);
  lines.push(`| Dependency versions | - | - | ${packages.dependencies.length} |`, '');
  void inputCount;

  /** @param {{name: string, category?: string}} node */
  const nodePages = (node) => {
    const pages = pagesForNode(index, node);
    if (pages.page) return `page ${pageRef(pages.page)}`;
    if (pages.listedOn) return `listed on ${pageRef(pages.listedOn)}`;
    if (pages.category) return `no page yet; category page ${pageRef(pages.category)}`;
    return `no page: the node reference does not cover its category (${node.category ?? 'unknown'})`;
  };

  lines.push('## Nodes added', '');
  if (!nodes.added.length) lines.push('None.', '');
  for (const node of nodes.added) {
    lines.push(
      `- **${node.label}** (\`${node.name}\`, ${node.category}, version ${node.version}, \`${node.file}\`): ${nodePages(node)}.`,
    );
  }
  if (nodes.added.length) lines.push('');
  lines.push('## Nodes removed', '');
  if (!nodes.removed.length) lines.push('None.', '');
  for (const node of nodes.removed) {
    lines.push(`- **${node.label}** (\`${node.name}\`, ${node.category}, \`${node.file}\`): ${nodePages(node)}.`);
  }
  if (nodes.removed.length) lines.push('');
  lines.push('## Nodes renamed', '');
  if (!nodes.renamed.length) lines.push('None.', '');
  for (const {from, to} of nodes.renamed) {
    lines.push(`- \`${from.name}\` → \`${to.name}\` (${to.label}, \`${to.file}\`): ${nodePages(from)}.`);
  }
  if (nodes.renamed.length) lines.push('');

  lines.push('## Nodes whose inputs or settings changed', '');
  if (!nodes.changed.length) lines.push('None.', '');
  for (const node of nodes.changed) {
    lines.push(
      `### ${node.label} (\`${node.name}\`, ${node.category})`,
      '',
      `${nodePages(node)}; source \`${node.file}\`.`,
      '',
    );
    for (const field of node.fields) lines.push(`- node ${field.field}: ${show(field.from)} → ${show(field.to)}`);
    for (const input of node.inputsAdded) {
      lines.push(
        `- input added: \`${input.name}\` "${input.label}" (${input.type}, ${input.optional === true ? 'optional' : input.optional === false ? 'required' : `optional ${show(input.optional)}`}, default ${show(input.default)}${input.additionalParams ? ', additional parameter' : ''})`,
      );
    }
    for (const input of node.inputsRemoved)
      lines.push(`- input removed: \`${input.name}\` "${input.label}" (${input.type})`);
    for (const input of node.inputsChanged) {
      for (const change of input.changes) {
        lines.push(
          `- input \`${input.name}\` "${input.label}": ${change.field} ${show(change.from)} → ${show(change.to)}`,
        );
      }
    }
    for (const output of node.outputsChanged) {
      lines.push(
        `- output \`${output.name}\`: ${output.from ? show(/** @type {Fact} */ (output.from).baseClasses) : 'added'} → ${output.to ? show(/** @type {Fact} */ (output.to).baseClasses) : 'removed'}`,
      );
    }
    lines.push('');
  }

  lines.push('## Credentials', '');
  if (!credentials.added.length && !credentials.removed.length && !credentials.changed.length)
    lines.push('No change.', '');
  for (const item of credentials.added) {
    const users = item.usedBy.length
      ? `: asked for by ${item.usedBy.map((/** @type {{name: string, category: string}} */ node) => `\`${node.name}\` (${nodePages(node)})`).join(', ')}`
      : ': no node asks for it';
    lines.push(`- added: **${item.label}** (\`${item.name}\`, \`${item.file}\`)${users}.`);
  }
  for (const item of credentials.removed)
    lines.push(`- removed: **${item.label}** (\`${item.name}\`, \`${item.file}\`)`);
  for (const item of credentials.changed) {
    const parts = [
      ...item.inputsAdded.map((/** @type {Fact} */ input) => `input added \`${input.name}\``),
      ...item.inputsRemoved.map((/** @type {Fact} */ input) => `input removed \`${input.name}\``),
      ...item.inputsChanged.map(
        (/** @type {Fact} */ input) => `input \`${input.name}\` ${show(input.from)} → ${show(input.to)}`,
      ),
    ];
    lines.push(`- changed: **${item.label}** (\`${item.name}\`): ${parts.join('; ')}`);
  }
  if (credentials.added.length || credentials.removed.length || credentials.changed.length) lines.push('');

  lines.push('## Routes', '');
  if (!routes.added.length && !routes.removed.length && !routes.changed.length) lines.push('No change.', '');
  /** @param {{method: string, path: string}} route */
  const routePages = (route) => {
    const pages = pagesForRoute(index, route);
    const parts = [];
    parts.push(
      pages.operations.length
        ? `API pages ${pages.operations.map((operation) => `${operation.route} (\`${operation.file}\`)`).join(', ')}`
        : 'no API page documents it',
    );
    if (pages.guides.length) parts.push(`named in ${pages.guides.map(pageRef).join(', ')}`);
    return parts.join('; ');
  };
  for (const route of routes.added) {
    lines.push(
      `- added: \`${route.method} ${route.path}\` (${route.handler}${route.whitelisted ? ', no API key needed' : ''}, \`${route.file}\`): ${routePages(route)}.`,
    );
  }
  for (const route of routes.removed) {
    lines.push(`- removed: \`${route.method} ${route.path}\` (${route.handler}): ${routePages(route)}.`);
  }
  for (const route of routes.changed) {
    lines.push(
      `- changed: \`${route.method} ${route.path}\`: ${route.changes.map((change) => `${change.field} ${show(change.from)} → ${show(change.to)}`).join('; ')}: ${routePages(route)}.`,
    );
  }
  if (routes.added.length || routes.removed.length || routes.changed.length) lines.push('');

  lines.push('## Environment variables', '');
  if (!env.added.length && !env.removed.length && !env.cliFlagsAdded.length && !env.cliFlagsRemoved.length)
    lines.push('No change.', '');
  /** @param {string} name */
  const variablePages = (name) => {
    const pages = pagesForVariable(index, name);
    return pages.length ? `named in ${pages.map(pageRef).join(', ')}` : 'no page names it';
  };
  for (const variable of env.added) {
    lines.push(
      `- added: \`${variable.name}\`${variable.testOnly ? ' (tests only)' : ''}, read in ${variable.readIn.map((/** @type {string} */ file) => `\`${file}\``).join(', ')}: ${variablePages(variable.name)}.`,
    );
  }
  for (const variable of env.removed) {
    const successor = env.added.find((item) => item.name.endsWith(`_${variable.name}`));
    lines.push(
      `- removed: \`${variable.name}\`${variable.testOnly ? ' (tests only)' : ''}${successor ? ` (the added \`${successor.name}\` ends with this name: a rename?)` : ''}: ${variablePages(variable.name)}.`,
    );
  }
  for (const flag of env.cliFlagsAdded) lines.push(`- server flag added: \`--${flag}\`: ${variablePages(flag)}.`);
  for (const flag of env.cliFlagsRemoved) lines.push(`- server flag removed: \`--${flag}\`: ${variablePages(flag)}.`);
  if (env.added.length || env.removed.length || env.cliFlagsAdded.length || env.cliFlagsRemoved.length) lines.push('');

  lines.push('## Package versions', '');
  for (const pkg of packages.versions) lines.push(`- \`${pkg.path}\` (${pkg.name}): ${pkg.from} → ${pkg.to}`);
  if (!packages.versions.length) lines.push('The packages of the source keep their versions.', '');
  if (packages.dependencies.length) {
    lines.push(
      '',
      '| Package | Dependency | Old (specifier, locked) | New (specifier, locked) |',
      '| --- | --- | --- | --- |',
    );
    for (const dependency of packages.dependencies) {
      const cell = (/** @type {{specifier: string, version: string | null} | null} */ item) =>
        item ? `\`${item.specifier}\`${item.version ? `, ${item.version}` : ''}` : '-';
      lines.push(
        `| ${dependency.importer} | \`${dependency.name}\` | ${cell(dependency.from)} | ${cell(dependency.to)} |`,
      );
    }
    lines.push('');
  }

  const {behaviour} = report;
  lines.push('## Behaviour facts', '');
  lines.push(
    behaviour.streamingChanged
      ? '- The streaming rules changed: compare `streaming` in the two `behaviour.json` files.'
      : '- The streaming rules did not change.',
  );
  for (const name of behaviour.incompatibilitiesAdded) lines.push(`- node incompatibility verified: \`${name}\``);
  for (const name of behaviour.incompatibilitiesRemoved)
    lines.push(`- node incompatibility no longer verified: \`${name}\``);
  lines.push('');
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

/** The command line. */
function main() {
  let parsed;
  try {
    parsed = parseArgs(process.argv.slice(2), ['old-commit', 'new-commit']);
  } catch (error) {
    console.error(`facts:diff: ${/** @type {Error} */ (error).message}`);
    process.exit(1);
  }
  const json = parsed.positional.includes('--json');
  const positional = parsed.positional.filter((arg) => arg !== '--json');
  if (positional.length !== 2) {
    console.error(
      'usage: npm run facts:diff -- <old-source> <new-source> [--old-commit <sha>] [--new-commit <sha>] [--json]',
    );
    process.exit(1);
  }
  const [oldSource, newSource] = positional;
  /** @type {Pack} */
  let before;
  /** @type {Pack} */
  let after;
  try {
    before = extractFacts(oldSource, {commit: parsed.options['old-commit'], requireCommit: false});
    after = extractFacts(newSource, {commit: parsed.options['new-commit'], requireCommit: false});
  } catch (error) {
    console.error(`facts:diff: ${/** @type {Error} */ (error).message}`);
    process.exit(1);
  }
  const report = diffFacts(before, after);
  if (json) {
    console.log(JSON.stringify(report, null, 2));
    return;
  }
  const index = siteIndex(siteDir, {
    nodes: [...before['nodes.json'].nodes, ...after['nodes.json'].nodes],
    apiPrefix: after['api-routes.json'].apiPrefix,
  });
  process.stdout.write(
    renderMarkdown(report, index, {oldLabel: path.basename(oldSource), newLabel: path.basename(newSource)}),
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
