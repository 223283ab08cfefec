/**
 * Facts about the AnswerAI product, extracted into `data/product/` by the
 * project's extractor (`product-facts/`, `npm run import-facts`) from the
 * product's source at one commit: its nodes (inputs, credentials, outputs),
 * credential types, the server's HTTP routes, the environment variables the
 * server reads, its packages and behaviour facts.
 *
 * The node reference renders its tables from these facts; the unit tests check
 * the API reference and the guides against them.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';

/** Folder of the imported facts. */
export const productDataDir = path.join(__dirname, '..', 'data', 'product');

/** A value the facts extractor could not know exactly (a call into an npm package, a runtime value). */
export interface Unresolved {
  unresolved: string;
  dependsOnEnv?: string[];
  spread?: boolean;
}

/** A long text of the product's that the facts do not copy, only measure. */
export interface OmittedText {
  omittedText: true;
  length?: number;
}

/** One option of an `options` or `multiOptions` input. */
export interface InputOption {
  label: string;
  /** The value saved; a member of an npm package's enum is recorded as unresolved, as the source writes it. */
  name: string | Unresolved;
}

/** One input of a node, as its class declares it. */
export interface NodeInput {
  label: string;
  name: string;
  /** A parameter type (`string`, `number`, `options`…) or, for a connection, the class it accepts. */
  type: string;
  /** `true` optional, `false` required; an object when it depends on the server's environment. */
  optional: boolean | Unresolved | Record<string, unknown>;
  default: unknown;
  /** Shown under the node's "Additional Parameters" rather than on the node itself. */
  additionalParams: boolean;
  /** A connection that accepts several nodes. */
  list: boolean;
  acceptVariable: boolean;
  options?: InputOption[];
  loadMethod?: string;
  hidden?: boolean;
  /** Display conditions: the input is shown when the named inputs have these values. */
  show?: Record<string, unknown>;
  hide?: Record<string, unknown>;
  /** Accepted file extensions; a long list is recorded as omitted text. */
  fileType?: string | OmittedText;
  /** Items of an `array` input. */
  array?: NodeInput[];
  /** Tabs of a `tabs` input. */
  tabs?: NodeInput[];
}

/** A class name, or a call whose result only the product knows at run time. */
export type BaseClass = string | {call: string; arg?: string; argFrom?: string; argExport?: string; spread?: boolean};

/** One output anchor of a node that offers several. */
export interface NodeOutput {
  label: string;
  name: string;
  /** Null for an agentflow's branch anchors, which carry no type. */
  baseClasses: BaseClass[] | null;
  hidden?: boolean;
}

/** A node of the product, as its class declares it. */
export interface ProductNode {
  /** Source file in the product's repository. */
  file: string;
  className: string;
  /** The node's unique name, as saved in a chatflow's JSON. */
  name: string;
  /** The name shown on the canvas. */
  label: string;
  version: number;
  type: string;
  category: string;
  baseClasses: BaseClass[];
  credential: {label: string; name: string; credentialNames: string[]; optional: boolean | Unresolved} | null;
  inputs: NodeInput[];
  outputs?: NodeOutput[];
  tags?: string[];
  /** `DEPRECATING`, `BETA`, `AAI`… */
  badge?: string;
  deprecated?: boolean;
  author?: string;
  /** The node has no output anchor. */
  hideOutput?: boolean;
  serverSkips?: string[];
}

/** A credential type of the product. */
export interface ProductCredential {
  file: string;
  name: string;
  label: string;
  version: number;
  inputs: Array<{label: string; name: string; type: string; optional?: boolean; default?: unknown; hidden?: boolean}>;
}

/** Where the imported facts come from. */
export interface FactsSource {
  repository: string;
  commit: string;
  commitDate: string;
}

const cache = new Map<string, unknown>();

/**
 * Reads one JSON file of `data/product/`, once per process.
 * @throws Error naming the file when it is missing or not JSON.
 */
export function readProductFile<T>(file: string): T {
  if (!cache.has(file)) {
    const full = path.join(productDataDir, file);
    try {
      cache.set(file, JSON.parse(readFileSync(full, 'utf8')));
    } catch (error) {
      throw new Error(
        `${full}: cannot read the product facts (${(error as Error).message}); run npm run import-facts -- <product source>`,
      );
    }
  }
  return cache.get(file) as T;
}

/** Every node of the product. */
export function productNodes(): ProductNode[] {
  return readProductFile<{nodes: ProductNode[]}>('nodes.json').nodes;
}

/** Every credential type of the product. */
export function productCredentials(): ProductCredential[] {
  return readProductFile<{credentials: ProductCredential[]}>('credentials.json').credentials;
}

/** Repository, commit and date of the imported facts. */
export function factsSource(): FactsSource {
  return readProductFile<FactsSource>('source.json');
}

/** The release of the product the site documents, as readers see it. */
export interface DocumentedRelease {
  /** The full commit id. */
  commit: string;
  /** Its first seven characters, as the footer and node pages show it. */
  shortCommit: string;
  /** The commit's date as its committer recorded it, `YYYY-MM-DD`. */
  date: string;
  /** The same date in words, e.g. `31 October 2025`. */
  dateText: string;
  /** The commit on the product's code host. */
  commitUrl: string;
}

/**
 * The release the site documents, from `data/product/source.json` (written by
 * the extractor): the one place that says which commit of AnswerAI the docs
 * describe. The release has no name of its own; its date is the commit's.
 * @throws Error when source.json lacks a 40-digit commit or an ISO date.
 */
export function documentedRelease(): DocumentedRelease {
  const {repository, commit, commitDate} = factsSource();
  const date = /^(\d{4})-(\d{2})-(\d{2})T/.exec(commitDate ?? '');
  if (!/^[0-9a-f]{40}$/.test(commit ?? '') || !date) {
    throw new Error(`${path.join(productDataDir, 'source.json')}: needs a full commit id and an ISO commitDate`);
  }
  return {
    commit,
    shortCommit: commit.slice(0, 7),
    date: `${date[1]}-${date[2]}-${date[3]}`,
    dateText: new Intl.DateTimeFormat('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(Date.UTC(Number(date[1]), Number(date[2]) - 1, Number(date[3]))),
    commitUrl: `${repository.replace(/\/$/, '')}/commit/${commit}`,
  };
}

/** The node with this `name`, or undefined. */
export function nodeByName(name: string): ProductNode | undefined {
  return productNodes().find((node) => node.name === name);
}

/** The credential type with this `name`, or undefined (the facts name one, `jiraApi`, that no file defines). */
export function credentialByName(name: string): ProductCredential | undefined {
  return productCredentials().find((credential) => credential.name === name);
}

/**
 * The product's node categories that have a folder of node pages, and that
 * folder's name under `docs/using-answerai/sidekick-studio/nodes/`.
 */
export const documentedCategories: Readonly<Record<string, string>> = {
  Agents: 'agents',
  Cache: 'cache',
  Chains: 'chains',
  'Chat Models': 'chat-models',
  'Document Loaders': 'document-loaders',
  Embeddings: 'embeddings',
  Memory: 'memory',
  Moderation: 'moderation',
  'Output Parsers': 'output-parsers',
  Prompts: 'prompts',
  Retrievers: 'retrievers',
  'Text Splitters': 'text-splitters',
  Tools: 'tools',
  Utilities: 'utilities',
  'Vector Stores': 'vector-stores',
  'MCP Servers': 'mcp-servers',
  'Agent Flows': 'agent-flows',
};

/**
 * The product's categories the reference lists on a category page, a line per
 * node, without a page per node; and the folder of that page.
 */
export const listedCategories: Readonly<Record<string, string>> = {
  'Sequential Agents': 'sequential-agents',
  'Multi Agents': 'multi-agents',
  LLMs: 'llms',
  'Record Manager': 'record-manager',
  'Response Synthesizer': 'response-synthesizer',
  Engine: 'engine',
};

/**
 * Whether the node exists only in AnswerAI, not in the Flowise it was forked
 * from: its class or label carries AnswerAI's prefix (`AAI…`, `Answer…`).
 */
export function isAnswerAiNode(node: ProductNode): boolean {
  return /^(aai|answer)/i.test(node.className) || /^(AAI|Answer)\b/.test(node.label);
}

/** The folder of the node's page, or undefined when its category has no node pages. */
export function folderOf(node: ProductNode): string | undefined {
  return documentedCategories[node.category];
}

/** One HTTP route of the product's server. */
export interface ProductRoute {
  /** `GET`, `POST`…, or `USE` for a middleware mount that answers every method below its path. */
  method: string;
  /** Full path with Express `:param` segments, e.g. `/api/v1/prediction/:id`. */
  path: string;
  /** The server lets requests through without an API key (`WHITELIST_URLS`). */
  whitelisted?: boolean;
  /** Declared only when these environment variables enable it. */
  conditionEnv?: string[];
}

/** Every HTTP route of the product's server. */
export function productRoutes(): ProductRoute[] {
  return readProductFile<{routes: ProductRoute[]}>('api-routes.json').routes;
}

/** The prefix the server mounts its API under (`/api/v1`). */
export function apiPrefix(): string {
  return readProductFile<{apiPrefix: string}>('api-routes.json').apiPrefix;
}

/**
 * Whether `method path` is a route of the server. Path parameters match by
 * name (`{id}` or `:id` against the route's `:id`); `method` may be omitted to
 * accept any method; middleware mounts (`USE`) accept any method and any path below them.
 * @param path a full path (`/api/v1/...`) with `{param}` or `:param` segments.
 */
export function findRoute(method: string | undefined, path: string): ProductRoute | undefined {
  const normalised = path.replace(/\{(\w+)\}/g, ':$1').replace(/\/$/, '');
  return productRoutes().find((route) =>
    route.method === 'USE'
      ? normalised === route.path || normalised.startsWith(`${route.path}/`)
      : route.path === normalised && (method === undefined || route.method === method.toUpperCase()),
  );
}

interface EnvFacts {
  code: {variables: Array<{name: string; testOnly?: boolean; writeOnly?: boolean; readIn?: string[]}>};
  cliFlags: {flags: string[]};
  dockerfiles: Array<{path: string; env: string[]; expose: Array<{resolved?: string}>}>;
  compose: Array<{path: string; services: Array<{name: string; ports?: string[]; environment?: string[]}>}>;
}

/** The environment facts: variables the code reads, the server's command-line flags, Dockerfiles, compose files. */
export function envFacts(): EnvFacts {
  return readProductFile<EnvFacts>('env.json');
}

/**
 * Every environment variable the server or its nodes read (outside tests), the
 * server's command-line flags (copied into the environment), and the variables
 * the product's Docker image sets for its runtime.
 */
export function serverEnvironmentVariables(): Set<string> {
  const env = envFacts();
  return new Set([
    ...env.code.variables.filter((v) => !v.testOnly && !v.writeOnly).map((v) => v.name),
    ...env.cliFlags.flags,
    ...env.dockerfiles.filter((file) => file.path === 'Dockerfile').flatMap((file) => file.env),
  ]);
}

interface PackageFacts {
  packages: Array<{path: string; name: string; scripts?: string[]}>;
  embed: {summary: {npmNames: string[]; customElementNames: string[]; reactComponents: string[]; scriptUrls: string[]}};
}

/** The product's packages (`package.json` files) and its embed widget facts. */
export function packageFacts(): PackageFacts {
  return readProductFile<PackageFacts>('packages.json');
}

/** The streaming rules of the server, as `data/product/behaviour.json` records them. */
export interface StreamingFacts {
  /** Ending-node categories and the names of their nodes the server streams (`only`) or does not (`allExcept`). */
  endingNodes: Record<string, {rule: 'only' | 'allExcept'; names: string[]; always?: string[]}>;
  /** Chat models and LLMs without a `streaming` input that the server still lets stream, by category. */
  chatModelsWithoutStreamingInput: Record<string, string[]>;
  outputParserPreventsStreaming: boolean;
  customFunctionEndingNodePreventsStreaming: boolean;
  alwaysStreamingCategories: string[];
  alwaysStreamingFlowTypes: string[];
  postProcessingPreventsStreaming: boolean;
}

/** A node that cannot run with the library versions the product locks, and why. */
export interface NodeIncompatibility {
  node: string;
  /** Why, in the extractor's reviewed words (`product-facts/incompatibilities.json`). */
  reason: string;
  evidence: {locked: Record<string, string>; integrationDependsOn?: Record<string, string>};
}

/** The behaviour facts: streaming rules, the statuses each route names, node incompatibilities. */
export function behaviourFacts(): {streaming: StreamingFacts; nodeIncompatibilities: NodeIncompatibility[]} {
  return readProductFile('behaviour.json');
}

/**
 * What a node means for the streaming of the flow it is in, from the server's rules (`isFlowValidForStream`):
 * - `ending-streams`: as the flow's ending node it lets the answer stream (when every chat model streams);
 * - `ending-whole`: as the ending node it makes the answer come back whole;
 * - `always`: the node, or its kind of flow, always streams;
 * - `model-input`: a chat model or LLM whose Streaming input decides;
 * - `model-listed`: a chat model or LLM without that input that the server lets stream;
 * - `model-whole`: a chat model or LLM without that input that makes the flow answer whole;
 * - `prevents`: its presence makes the flow answer whole (an output parser);
 * or undefined when the rules do not name the node's kind.
 * @param node a node of the facts
 */
export function streamingRole(
  node: ProductNode,
):
  | 'ending-streams'
  | 'ending-whole'
  | 'always'
  | 'model-input'
  | 'model-listed'
  | 'model-whole'
  | 'prevents'
  | undefined {
  const rules = behaviourFacts().streaming;
  if (rules.alwaysStreamingCategories.includes(node.category)) return 'always';
  const ending = rules.endingNodes[node.category];
  if (ending) {
    if (ending.always?.includes(node.name)) return 'always';
    const named = ending.names.includes(node.name);
    return (ending.rule === 'only') === named ? 'ending-streams' : 'ending-whole';
  }
  const listed = rules.chatModelsWithoutStreamingInput[node.category];
  if (listed) {
    if (node.inputs.some((input) => input.name === 'streaming')) return 'model-input';
    return listed.includes(node.name) ? 'model-listed' : 'model-whole';
  }
  if (rules.outputParserPreventsStreaming && node.category.includes('Output Parser')) return 'prevents';
  return undefined;
}

/** Why a node cannot run with the locked library versions, or undefined when nothing says it cannot. */
export function incompatibilityOf(name: string): NodeIncompatibility | undefined {
  return behaviourFacts().nodeIncompatibilities.find((entry) => entry.node === name);
}
