/**
 * What a node reference page shows about its node, computed from the product
 * facts (`./facts.ts`) and the page's own words (the `node` block of its
 * frontmatter): the inputs grouped as the canvas groups them, the credential,
 * the outputs and the node's identity. Pure functions; the remark plugin
 * (`./remark.ts`) turns the result into Markdown nodes, and the unit tests
 * check pages with {@link checkNodePage}.
 */
import {
  type BaseClass,
  type NodeInput,
  type ProductNode,
  type Unresolved,
  credentialByName,
  nodeByName,
} from '../../lib/product';

/** The `node` block of a node page's frontmatter. */
export interface NodePageData {
  /** The product node's `name` (as saved in a chatflow's JSON), e.g. `groqChat`. */
  name: string;
  /**
   * The page's own description of every input, by input name; items of list
   * and tab inputs as `<input>.<item>`. Inline Markdown.
   */
  inputs: Record<string, string>;
}

/**
 * Input types the canvas shows as a field on the node; any other type is a
 * connection to another node's output (the product's UI, `initNode` in
 * `packages/ui/src/utils/genericHelper.js`).
 */
export const parameterTypes: ReadonlySet<string> = new Set([
  'asyncOptions',
  'asyncMultiOptions',
  'options',
  'multiOptions',
  'array',
  'datagrid',
  'string',
  'number',
  'boolean',
  'password',
  'json',
  'code',
  'date',
  'file',
  'folder',
  'tabs',
  'conditionFunction',
  'contentfulConfig',
  'googleDrive',
]);

/** Readable names of the parameter types. */
const typeNames: Readonly<Record<string, string>> = {
  asyncOptions: 'Options',
  asyncMultiOptions: 'Multiple options',
  options: 'Options',
  multiOptions: 'Multiple options',
  array: 'List of items',
  datagrid: 'Grid',
  string: 'String',
  number: 'Number',
  boolean: 'Boolean',
  password: 'Password',
  json: 'JSON',
  code: 'Code',
  date: 'Date',
  file: 'File',
  folder: 'Folder',
  tabs: 'Tabs',
  conditionFunction: 'Condition',
  contentfulConfig: 'Contentful configuration',
  googleDrive: 'Google Drive picker',
};

/** A fragment of inline text: plain, `code`, or the page's own Markdown. */
export type Inline = {text: string} | {code: string} | {markdown: string};

/** One row of an input table. */
export interface InputRow {
  /** The input's label; for an item of a list or tab input, `Parent › Item`. */
  label: string;
  /** The input's name, or `parent.item`: the key of its description in the frontmatter. */
  key: string;
  /** The type as a reader reads it: a parameter type's name, or the class a connection accepts (code). */
  type: Inline[];
  /** `Required`, `Optional`, or when it depends on the server, what it depends on. */
  required: Inline[];
  /** The default value, or an empty list when there is none. */
  default: Inline[];
  /** The page's description followed by facts: choices, display conditions, variables. */
  description: Inline[];
}

/** Everything the page renders about its node. */
export interface NodeReferenceModel {
  node: ProductNode;
  /** Inputs that take another node's output. */
  connections: InputRow[];
  /** Fields shown on the node. */
  parameters: InputRow[];
  /** Fields under the node's "Additional Parameters". */
  additional: InputRow[];
  /** The credential line. */
  credential: Inline[];
  /** One line per output anchor. */
  outputs: Inline[][];
  /** The node's identity: name, version, badges. */
  identity: Inline[];
}

function isUnresolved(value: unknown): value is Unresolved {
  return typeof value === 'object' && value !== null && 'unresolved' in value;
}

function isOmittedText(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'omittedText' in value;
}

/** `a`, `b` and `c` as inline fragments, each in code. */
function codeList(items: readonly string[], conjunction = 'and'): Inline[] {
  const out: Inline[] = [];
  items.forEach((item, index) => {
    if (index > 0) out.push({text: index === items.length - 1 ? ` ${conjunction} ` : ', '});
    out.push({code: item});
  });
  return out;
}

/** The default value as a reader would type it; empty when there is none. */
export function formatDefault(value: unknown): Inline[] {
  if (value === null || value === undefined) return [];
  if (isOmittedText(value)) return [{text: 'a built-in text'}];
  if (isUnresolved(value))
    return [{text: 'set by the server from '}, ...codeList(value.dependsOnEnv ?? [value.unresolved])];
  if (value === '') return [{text: 'empty'}];
  if (typeof value === 'string') return [{code: value}];
  // A number or a boolean is its JSON.
  const json = JSON.stringify(value, (key, inner) => (isOmittedText(inner) ? '…' : inner));
  return json.length <= 80 ? [{code: json}] : [{text: 'a built-in JSON value'}];
}

/** Whether the input must have a value, in words. */
function formatRequired(input: NodeInput): Inline[] {
  if (input.optional === true) return [{text: 'Optional'}];
  if (input.optional === false) return [{text: 'Required'}];
  if (isUnresolved(input.optional) && input.optional.dependsOnEnv?.length) {
    return [{text: 'Required unless the server sets '}, ...codeList(input.optional.dependsOnEnv)];
  }
  return [{text: 'Depends on other inputs'}];
}

function formatType(input: NodeInput): Inline[] {
  if (!parameterTypes.has(input.type)) {
    return input.list ? [{code: input.type}, {text: ', one or more'}] : [{code: input.type}];
  }
  return [{text: typeNames[input.type] ?? input.type}];
}

/** A display condition (`show`/`hide`) as words, naming sibling inputs by their labels. */
function formatCondition(condition: Record<string, unknown>, siblings: readonly NodeInput[]): Inline[] {
  const out: Inline[] = [];
  Object.entries(condition).forEach(([name, value], index) => {
    if (index > 0) out.push({text: ' and '});
    const label = siblings.find((sibling) => sibling.name === name)?.label ?? name;
    const values = (Array.isArray(value) ? value : [value]).map((item) => String(item));
    out.push({text: `${label} is `}, ...codeList(values, 'or'));
  });
  return out;
}

/** Facts about an input that follow the page's description of it. */
function inputNotes(input: NodeInput, siblings: readonly NodeInput[]): Inline[][] {
  const notes: Inline[][] = [];
  if (input.options?.length) {
    const choices: Inline[] = [{text: input.type === 'multiOptions' ? 'Choose any of ' : 'One of '}];
    input.options.forEach((option, index) => {
      if (index > 0) choices.push({text: ', '});
      // An enum member of an npm package is shown as the source writes it (`HarmCategory.HARM_CATEGORY_…`).
      const value = typeof option.name === 'string' ? option.name : option.name.unresolved;
      choices.push({code: value});
      if (option.label.toLowerCase() !== value.toLowerCase()) choices.push({text: ` (${option.label})`});
    });
    notes.push(choices);
  }
  if (input.loadMethod) notes.push([{text: 'The choices are loaded from the server when the list opens.'}]);
  if (typeof input.fileType === 'string') notes.push([{text: 'Accepts '}, {code: input.fileType}]);
  else if (input.fileType) notes.push([{text: 'Accepts the file types the node lists.'}]);
  if (input.show) notes.push([{text: 'Shown when '}, ...formatCondition(input.show, siblings)]);
  if (input.hide) notes.push([{text: 'Hidden when '}, ...formatCondition(input.hide, siblings)]);
  if (input.hidden) notes.push([{text: 'Not shown on the canvas.'}]);
  if (input.acceptVariable) notes.push([{text: 'Accepts variables.'}]);
  return notes;
}

/** The items of a list or tabs input. */
function childrenOf(input: NodeInput): NodeInput[] {
  return input.array ?? input.tabs ?? [];
}

/** Every key a page must describe: input names, and `parent.item` for items (duplicates once). */
export function inputKeys(node: ProductNode): string[] {
  const keys = new Set<string>();
  for (const input of node.inputs) {
    keys.add(input.name);
    for (const child of childrenOf(input)) keys.add(`${input.name}.${child.name}`);
  }
  return [...keys];
}

function rowsOf(input: NodeInput, siblings: readonly NodeInput[], descriptions: Record<string, string>): InputRow[] {
  const row = (item: NodeInput, key: string, label: string, itemSiblings: readonly NodeInput[]): InputRow => {
    // checkNodePage has made sure that the page describes every input.
    const description: Inline[] = [{markdown: descriptions[key]}];
    for (const note of inputNotes(item, itemSiblings)) {
      description.push({text: ' '}, ...note);
      const last = note[note.length - 1];
      if (!('text' in last && /[.!?]$/.test(last.text))) description.push({text: '.'});
    }
    return {
      label,
      key,
      type: formatType(item),
      required: formatRequired(item),
      default: formatDefault(item.default),
      description,
    };
  };
  const children = childrenOf(input);
  const seen = new Set<string>();
  return [
    row(input, input.name, input.label, siblings),
    ...children
      .filter((child) => !seen.has(child.name) && Boolean(seen.add(child.name)))
      .map((child) => row(child, `${input.name}.${child.name}`, `${input.label} › ${child.label}`, children)),
  ];
}

/**
 * The types an output anchor offers, as the facts record them. An anchor
 * without types (an agentflow's condition branches) is a branch of the flow;
 * a call without an argument is named as the call.
 */
function baseClassText(classes: readonly BaseClass[] | null | undefined): Inline[] {
  if (!classes?.length) return [{text: 'a branch of the flow, leading to the nodes connected to it'}];
  const out: Inline[] = [];
  classes.forEach((item, index) => {
    if (index > 0) out.push({text: ', '});
    if (typeof item === 'string') out.push({code: item});
    else if (item.arg || item.argExport) {
      out.push({text: 'the base classes of '}, {code: item.argExport ?? item.arg ?? item.call});
      if (item.argFrom) out.push({text: ' from '}, {code: item.argFrom});
    } else out.push({text: 'the classes returned by '}, {code: `${item.call}()`});
  });
  return out;
}

function credentialLine(node: ProductNode): Inline[] {
  const credential = node.credential;
  if (!credential) return [{text: 'None.'}];
  const out: Inline[] = [];
  credential.credentialNames.forEach((name, index) => {
    if (index > 0) out.push({text: index === credential.credentialNames.length - 1 ? ' or ' : ', '});
    const label = credentialByName(name)?.label;
    out.push(...(label ? [{text: `${label} (`}, {code: name}, {text: ')'}] : [{code: name}]));
  });
  if (credential.optional === true) out.push({text: ' (optional)'});
  else if (isUnresolved(credential.optional) && credential.optional.dependsOnEnv?.length) {
    out.push({text: ', optional when the server sets '}, ...codeList(credential.optional.dependsOnEnv));
  }
  out.push({text: '.'});
  return out;
}

function outputLines(node: ProductNode): Inline[][] {
  if (node.outputs?.length) {
    return node.outputs.map((output) => [
      {text: `${output.label} (`},
      {code: output.name},
      {text: '): '},
      ...baseClassText(output.baseClasses),
      {text: '.'},
    ]);
  }
  return [[...baseClassText(node.baseClasses), {text: '.'}]];
}

function identityLine(node: ProductNode): Inline[] {
  const out: Inline[] = [{code: node.name}, {text: `, version ${node.version}, category ${node.category}`}];
  if (node.badge && node.badge !== 'AAI') out.push({text: `, marked ${node.badge.toLowerCase()}`});
  if (node.deprecated) out.push({text: ', deprecated'});
  if (node.serverSkips?.includes('communityNode')) {
    out.push({text: '; a community node, listed only when the server sets '}, {code: 'SHOW_COMMUNITY_NODES=true'});
  }
  out.push({text: '.'});
  return out;
}

/**
 * The problems of a node page's `node` block against the product facts: an
 * unknown node, a description for an input the node lacks, an input without
 * a description, a description that states another default. Empty when the
 * page agrees with the facts.
 * @param data the page's `node` block (unvalidated frontmatter).
 */
export function checkNodePage(data: unknown): string[] {
  if (typeof data !== 'object' || data === null) return ['the frontmatter has no "node" block'];
  const {name, inputs, ...rest} = data as Partial<NodePageData> & Record<string, unknown>;
  const problems = Object.keys(rest).map((key) => `"node.${key}" is not a known key (use "name" and "inputs")`);
  if (typeof name !== 'string') return [...problems, '"node.name" is missing'];
  const node = nodeByName(name);
  if (!node) return [...problems, `"node.name": the product has no node named "${name}"`];
  const descriptions = inputs ?? {};
  if (typeof descriptions !== 'object' || Array.isArray(descriptions))
    return [...problems, '"node.inputs" must map input names to text'];
  const keys = inputKeys(node);
  for (const key of Object.keys(descriptions)) {
    if (!keys.includes(key))
      problems.push(
        `"node.inputs.${key}": the node ${name} has no input "${key}" (its inputs: ${keys.join(', ') || 'none'})`,
      );
    else if (typeof descriptions[key] !== 'string' || descriptions[key].trim().split(/\s+/).length < 3) {
      problems.push(`"node.inputs.${key}": describe the input in at least three words`);
    }
  }
  for (const key of keys) {
    if (!(key in descriptions)) problems.push(`"node.inputs.${key}" is missing: the node ${name} has this input`);
  }
  const byKey = new Map(
    node.inputs.flatMap((input) => [
      [input.name, input] as const,
      ...childrenOf(input).map((child) => [`${input.name}.${child.name}`, child] as const),
    ]),
  );
  for (const [key, text] of Object.entries(descriptions)) {
    const input = byKey.get(key);
    if (!input || typeof text !== 'string') continue;
    problems.push(...statedDefaultProblems(text, input, `"node.inputs.${key}"`));
  }
  return problems;
}

/** "default is `x`", "defaults to `x`", "default of `x`", "default `x`" in prose: the value in code. */
const statedDefault = /\bdefaults?\s+(?:is\s+|to\s+|of\s+|value\s+(?:is\s+)?)?`([^`]+)`/gi;

/**
 * Problems where `text`, written about `input`, states a default in code that is not the input's default.
 * @param where how to name the place in a problem.
 */
export function statedDefaultProblems(text: string, input: NodeInput, where: string): string[] {
  const actual = formatDefault(input.default);
  const actualText = actual.length === 1 && 'code' in actual[0] ? actual[0].code : undefined;
  return [...text.matchAll(statedDefault)]
    .filter((match) => match[1] !== actualText)
    .map(
      (match) =>
        `${where} states the default \`${match[1]}\`, but the input ${input.name}'s default is ${
          actualText === undefined ? 'not set' : `\`${actualText}\``
        }`,
    );
}

/**
 * The model of a node page.
 * @param data the page's `node` block.
 * @throws Error listing the problems when the block disagrees with the facts (see {@link checkNodePage}).
 */
export function nodeReferenceModel(data: NodePageData): NodeReferenceModel {
  const problems = checkNodePage(data);
  if (problems.length) throw new Error(problems.join('\n'));
  const node = nodeByName(data.name)!;
  const rows = (inputs: readonly NodeInput[]) => inputs.flatMap((input) => rowsOf(input, node.inputs, data.inputs));
  const isConnection = (input: NodeInput) => !parameterTypes.has(input.type);
  return {
    node,
    connections: rows(node.inputs.filter(isConnection)),
    parameters: rows(node.inputs.filter((input) => !isConnection(input) && !input.additionalParams)),
    additional: rows(node.inputs.filter((input) => !isConnection(input) && input.additionalParams)),
    credential: credentialLine(node),
    outputs: node.hideOutput ? [] : outputLines(node),
    identity: identityLine(node),
  };
}
