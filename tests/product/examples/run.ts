/**
 * Runs one example as a reader would: a shell block with bash (curl, jq), a JavaScript block with Node.js, a
 * Python block with Debian's Python 3 and its `requests` package, a raw HTTP block as the request it shows, and an
 * OpenAPI example as the request its operation, parameters and body make. Placeholders are filled first, and the
 * API URL points at the recording proxy, so every call the example makes is recorded.
 */
import {spawn} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {DocExample, SpecExample} from './extract';
import {exampleEnvironment, fillText, fillValue, type RoleValues} from './placeholders';

/** How a code example ended. */
export interface ProcessResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** The Python that runs the examples: Debian's, which has `requests` (python3-requests), or `ANSWERAI_PYTHON`. */
export const python = process.env.ANSWERAI_PYTHON ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');

/** How long one example may run (ms). */
export const exampleTimeout = 120_000;

/**
 * Runs a program in a folder and collects its output.
 * @param command the program; args its arguments; env its whole environment
 */
function runProcess(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<ProcessResult> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {cwd, env, stdio: ['ignore', 'pipe', 'pipe']});
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, exampleTimeout);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({exitCode: null, stdout, stderr: `${stderr}\n${error.message}`, timedOut});
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({exitCode: code, stdout, stderr, timedOut});
    });
  });
}

/**
 * Runs a code example (bash, JavaScript, Python) in a new folder holding the files it reads.
 * @param example the example
 * @param values the roles' values (its `apiUrl` is the recording proxy's `/api/v1`)
 * @param files files to create in its working folder first
 */
export async function runCode(
  example: DocExample,
  values: RoleValues,
  files: Record<string, string | Uint8Array> = {},
): Promise<ProcessResult> {
  const code = fillText(example.code, values, example.id);
  const dir = mkdtempSync(path.join(tmpdir(), 'answerai-example-'));
  try {
    for (const [name, content] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, name)), {recursive: true});
      writeFileSync(path.join(dir, name), content);
    }
    const env = {
      PATH: process.env.PATH,
      HOME: dir,
      LANG: 'C.UTF-8',
      ...exampleEnvironment(values),
    };
    switch (example.runner) {
      case 'bash':
        writeFileSync(path.join(dir, 'example.sh'), code);
        return await runProcess('bash', ['example.sh'], dir, env);
      case 'js':
        writeFileSync(path.join(dir, 'example.mjs'), code);
        return await runProcess(process.execPath, ['example.mjs'], dir, env);
      case 'python':
        writeFileSync(path.join(dir, 'example.py'), code);
        return await runProcess(python, ['example.py'], dir, env);
      case 'http':
        return await sendRawHttp(code, values);
    }
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
}

/**
 * Sends a raw HTTP example: a request line (`METHOD /path HTTP/1.1` with a `Host` header, or `METHOD <url>`),
 * headers, a blank line and the body.
 */
async function sendRawHttp(code: string, values: RoleValues): Promise<ProcessResult> {
  const [head, ...bodyParts] = code.split(/\r?\n\r?\n/);
  const [requestLine, ...headerLines] = head.split(/\r?\n/);
  const [method, target] = requestLine.trim().split(/\s+/);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  delete headers.Host;
  const origin = new URL(values.apiUrl ?? '').origin;
  const url = /^https?:\/\//.test(target) ? target : `${origin}${target}`;
  const body = bodyParts.join('\n\n').trim();
  const response = await fetch(url, {method, headers, body: body || undefined});
  const text = await response.text();
  return {exitCode: 0, stdout: `${response.status}\n${text}`, stderr: '', timedOut: false};
}

/**
 * Sends an OpenAPI request example: its operation's method and path with the path parameters filled, its query
 * and header parameters, and its body as JSON.
 * @param example the example
 * @param values the roles' values (its `apiUrl` is the recording proxy's `/api/v1`)
 */
export async function sendSpecExample(example: SpecExample, values: RoleValues): Promise<void> {
  const pathParams = fillValue(example.pathParams, values, example.id);
  let route = example.path;
  for (const [name, value] of Object.entries(pathParams))
    route = route.replace(`{${name}}`, encodeURIComponent(String(value)));
  if (/\{[^}]+\}/.test(route)) throw new Error(`${example.id}: no example value for ${route.match(/\{[^}]+\}/)![0]}`);
  const query = new URLSearchParams(
    Object.entries(fillValue(example.query, values, example.id)).map(([key, value]) => [key, String(value)]),
  ).toString();
  const headers: Record<string, string> = {
    ...fillValue(example.headers, values, example.id),
    Authorization: `Bearer ${values.apiKey}`,
  };
  let body: string | undefined;
  if (example.body !== undefined) {
    body = JSON.stringify(fillValue(example.body, values, example.id));
    headers['Content-Type'] = example.contentType ?? 'application/json';
  }
  const response = await fetch(`${values.apiUrl}${route}${query ? `?${query}` : ''}`, {
    method: example.method,
    headers,
    body,
  });
  await response.arrayBuffer();
}
