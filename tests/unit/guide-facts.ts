/**
 * Extracts the statements about the product that the guides make in a
 * checkable form: API calls (method and path), environment variables, ports of
 * the API, npm packages, custom elements and the product's npm scripts. The
 * test beside this file checks each against the product facts.
 */
import type {SourcePage} from './content-utils';

/** A fenced code block of a page: its language and its text. */
export interface CodeBlock {
  lang: string;
  code: string;
}

/** The fenced code blocks of an MDX body. */
export function codeBlocks(body: string): CodeBlock[] {
  return [...body.matchAll(/^([ \t]*)```(\w*)[^\n]*\n([\s\S]*?)^\1```/gm)].map((match) => ({
    lang: match[2].toLowerCase(),
    code: match[3],
  }));
}

const shellLanguages = new Set(['bash', 'sh', 'shell', 'console', 'zsh', 'powershell']);
const envLanguages = new Set(['env', 'dotenv', 'ini', 'properties']);

/** One API call a page shows. */
export interface ApiCall {
  /** Upper-case method when the page says it (curl -X, a fetch method, `POST /…`), else undefined. */
  method?: string;
  /** The path from `/api/v1`, with placeholders as `{param}`. */
  path: string;
  /** Host and port before the path, as written, when the page writes a full URL. */
  host?: string;
  /** The text it was found in, to name it in a failure. */
  context: string;
}

const placeholderSegment = /[$<{:[\]]|^\.\.\.$|^[A-Z][A-Z0-9_]+$/;
const exampleId = /^(?=.*\d)[0-9a-f]{8,}(?:-[0-9a-f]+)*$/i;

/**
 * The path with every placeholder segment (`$ID`, `${id}`, `<id>`, `{id}`, `:id`, `ID`) and every example id (a
 * UUID or other hex id) written as `{param}`.
 */
export function normalisePath(raw: string): string {
  const clean = raw.replace(/[?#].*$/, '').replace(/[.,;:)'"`]+$/, '');
  return clean
    .split('/')
    .map((segment) => (placeholderSegment.test(segment) || exampleId.test(segment) ? '{param}' : segment))
    .join('/')
    .replace(/\/$/, '');
}

/**
 * Whether a call goes to an AnswerAI server: a bare path, a placeholder host, the product's own domains,
 * localhost, a reader's own deployment named after AnswerAI, or an example host. Other hosts are third-party
 * APIs that happen to use `/api/v1` too (OpenRouter, Chroma…).
 */
export function isAnswerAiHost(host: string | undefined): boolean {
  return (
    host === undefined ||
    /[<>{}$]|theanswer\.ai|answerai|localhost|127\.0\.0\.1|0\.0\.0\.0|example\.(com|org)/i.test(host)
  );
}

/**
 * The calls to AnswerAI's API a page shows: every `/api/v1/...` URL or path in its code and prose (but not a bare
 * base URL, and not other services' APIs), with the method when the surrounding text states it.
 */
export function apiCalls(page: SourcePage): ApiCall[] {
  const calls: ApiCall[] = [];
  // Commands continue over lines ending in a backslash; join them so a curl's flags sit with its URL.
  const lines = page.body.replace(/\\\n\s*/g, ' ').split('\n');
  lines.forEach((line, index) => {
    for (const match of line.matchAll(
      /(?:(https?:\/\/[^\s/'"`]+|\$\{?\w+\}?|<[\w-]+>))?(\/api\/v1(?:\/[^\s'"`)\]]*)?)/g,
    )) {
      const path = normalisePath(match[2].slice('/api/v1'.length));
      if (path === '' || !isAnswerAiHost(match[1])) continue;
      let method: string | undefined;
      const before = line.slice(0, match.index);
      const explicit =
        before.match(/\b(GET|POST|PUT|PATCH|DELETE)\s+$/) ?? line.match(/-X\s*'?(GET|POST|PUT|PATCH|DELETE)\b/);
      if (explicit) method = explicit[1];
      else if (/\bcurl\b/.test(line)) method = /\s(-d|--data[\w-]*|-F|--form)\b/.test(line) ? 'POST' : 'GET';
      else {
        const following = lines.slice(index, index + 6).join('\n');
        const fetchMethod =
          following.match(/method:\s*['"](GET|POST|PUT|PATCH|DELETE)['"]/i) ??
          following.match(/requests\.(get|post|put|patch|delete)\(/);
        if (fetchMethod) method = fetchMethod[1].toUpperCase();
      }
      calls.push({method, path, host: match[1], context: line.trim().slice(0, 160)});
    }
  });
  return calls;
}

/** Names that look like environment variables: upper case with at least one underscore. */
const envName = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;

/** Prefixes of the product's own environment variable families: names with them are always checked. */
export const productEnvPrefixes = [
  'AAI_',
  'FLOWISE_',
  'DATABASE_',
  'AUTH0_',
  'APIKEY_',
  'SECRETKEY_',
  'LOG_',
  'QUEUE_',
  'BILLING_',
  'POSTGRES_',
  'REDIS_',
  'S3_',
  'STORAGE_',
  'BLOB_',
  'LANGFUSE_',
  'METRICS_',
  'ENABLE_',
  'DISABLE_',
  'TOOL_FUNCTION_',
  'GOOGLE_CLOUD_',
  'MODEL_LIST_',
  'WORKER_',
  'CORS_',
  'IFRAME_',
  'NUMBER_OF_',
  'SHOW_',
  'GLOBAL_AGENT_',
];

/**
 * Names a page defines itself as shell variables of its examples (`export X=…`
 * or `X=…` at the start of a line in a shell code block): not server settings.
 */
export function shellVariables(page: SourcePage): Set<string> {
  const names = new Set<string>();
  for (const block of codeBlocks(page.body).filter((b) => shellLanguages.has(b.lang))) {
    for (const match of block.code.matchAll(/^\s*(?:export\s+|set\s+|\$env:)?([A-Z][A-Z0-9_]*)=/gm))
      names.add(match[1]);
  }
  return names;
}

/** One environment variable a page tells a reader to set or says the server reads. */
export interface EnvMention {
  name: string;
  context: string;
}

/**
 * The environment variables of a page: names in `.env`-style blocks, `-e NAME=`
 * flags and compose `environment:` entries; and in inline code, every
 * variable-like name on a self-hosting page (`strict`), or only names of the
 * product's own variable families elsewhere. Shell variables the page defines
 * for its own examples are left out.
 * @param strict check every variable-like inline code name (pages about running the server).
 */
export function envMentions(page: SourcePage, strict: boolean): EnvMention[] {
  const local = shellVariables(page);
  const found: EnvMention[] = [];
  /** `declared`: the name is set as a variable (an `.env` line, `-e`, compose), so it need not look like one. */
  const add = (name: string, context: string, declared = false) => {
    if ((declared || envName.test(name)) && !local.has(name)) found.push({name, context: context.trim().slice(0, 160)});
  };
  for (const block of codeBlocks(page.body)) {
    if (envLanguages.has(block.lang)) {
      for (const match of block.code.matchAll(/^\s*#?\s*([A-Z][A-Z0-9_]*)\s*=/gm)) add(match[1], match[0], true);
    }
    for (const match of block.code.matchAll(/(?:-e|--env)\s+([A-Z][A-Z0-9_]*)=/g)) add(match[1], match[0], true);
    if (block.lang === 'yaml' || block.lang === 'yml') {
      for (const match of block.code.matchAll(/^\s*-\s*([A-Z][A-Z0-9_]*)=/gm)) add(match[1], match[0], true);
      for (const match of block.code.matchAll(/^\s{4,}([A-Z][A-Z0-9_]*):\s/gm)) add(match[1], match[0]);
    }
    if (block.lang === 'dockerfile') {
      for (const match of block.code.matchAll(/^\s*ENV\s+([A-Z][A-Z0-9_]*)/gm)) add(match[1], match[0], true);
    }
  }
  const prose = page.body.replace(/^```[\s\S]*?^```/gm, '');
  for (const match of prose.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)(?:=[^`]*)?`/g)) {
    if (strict || productEnvPrefixes.some((prefix) => match[1].startsWith(prefix))) add(match[1], match[0]);
  }
  return found;
}

/** Ports a page gives the product's API: `localhost:N` or `127.0.0.1:N` followed by `/api/v1`. */
export function apiPorts(page: SourcePage): Array<{port: string; context: string}> {
  return [...page.body.matchAll(/(?:localhost|127\.0\.0\.1|0\.0\.0\.0):(\d+)\/api\/v1/g)].map((match) => ({
    port: match[1],
    context: match[0],
  }));
}

/** npm packages a page installs (`npm install`, `pnpm add`, `yarn add`) or loads from a CDN. */
export function installedPackages(page: SourcePage): Array<{name: string; context: string}> {
  const found: Array<{name: string; context: string}> = [];
  for (const match of page.body.matchAll(
    /\b(?:npm\s+(?:install|i|add)|pnpm\s+(?:add|install|i)|yarn\s+add)\s+([^\n&|;`]+)/g,
  )) {
    for (const token of match[1].trim().split(/\s+/)) {
      if (token.startsWith('-')) continue;
      const name = token.replace(/(?<=.)@[^/]*$/, '');
      if (/^(@[\w.-]+\/)?[\w.-]+$/.test(name)) found.push({name, context: match[0].trim()});
    }
  }
  for (const match of page.body.matchAll(/cdn\.jsdelivr\.net\/npm\/((?:@[\w.-]+\/)?[\w.-]+?)(?:@[\w.^~-]+)?\//g)) {
    found.push({name: match[1], context: match[0]});
  }
  for (const match of page.body.matchAll(/from\s+['"]((?:@[\w.-]+\/)?[\w.-]+)['"]/g))
    found.push({name: match[1], context: match[0]});
  return found;
}

/** Custom elements (HTML tags with a hyphen) in a page's HTML and JSX code blocks. */
export function customElements(page: SourcePage): Array<{name: string; context: string}> {
  return codeBlocks(page.body)
    .filter((block) =>
      ['html', 'jsx', 'tsx', 'js', 'javascript', 'typescript', 'ts', 'vue', 'svelte'].includes(block.lang),
    )
    .flatMap((block) =>
      [...block.code.matchAll(/<([a-z][a-z0-9]*-[a-z0-9-]+)[\s>/]/g)].map((m) => ({name: m[1], context: m[0]})),
    );
}

/** The product's npm scripts a page runs (`pnpm <script>`, `pnpm run <script>`, `npm run <script>`, `yarn <script>`). */
export function scriptsRun(page: SourcePage): Array<{name: string; context: string}> {
  const builtIn = new Set([
    'install',
    'i',
    'add',
    'dlx',
    'exec',
    'run',
    'create',
    'init',
    'link',
    'remove',
    'up',
    'update',
    'why',
    'store',
    'config',
    'env',
    'x',
    'ci',
    '-v',
    '--version',
    'setup',
  ]);
  const found: Array<{name: string; context: string}> = [];
  for (const block of codeBlocks(page.body).filter((b) => shellLanguages.has(b.lang))) {
    for (const match of block.code.matchAll(/^\s*(?:\$\s*)?(pnpm|npm|yarn)\s+(?:run\s+)?([\w:.-]+)/gm)) {
      if (match[1] === 'npm' && !/\brun\b/.test(match[0])) continue;
      if (!builtIn.has(match[2])) found.push({name: match[2], context: match[0].trim()});
    }
  }
  return found;
}
