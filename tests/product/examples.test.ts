/**
 * Every API example the site shows, run against AnswerAI's own server: the code blocks of the docs and the blog
 * that call the API (curl, JavaScript `fetch`, Python `requests`, raw HTTP) and the request examples of the OpenAPI
 * files. Each example runs with its placeholders filled from fixtures the setup creates, through a recording proxy;
 * then each call it made must have the status the page states (a success unless the block's meta says
 * `status=<code>`), a body that validates against its operation's OpenAPI schema for that status, and the response
 * fields the page shows.
 *
 * Examples that cannot run offline are listed, each with its reason, in `examples/not-runnable.json`; they are
 * counted, not run. `npm run test:examples` runs this file alone; it prints `N passed, N failed, N not runnable`
 * and writes `test-results/examples.json`, one entry per example.
 */
import {mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {apiCalls} from '../unit/guide-facts';
import {productState} from './api';
import {
  allDocExamples,
  allSpecExamples,
  siteDir,
  type DocExample,
  type Example,
  type SpecExample,
} from './examples/extract';
import {ApiReference, type Operation} from './examples/openapi';
import {commonValues, exampleSetups, operationSetups} from './examples/operations';
import type {RoleValues} from './examples/placeholders';
import {startRecorder, type RecordedCall, type Recorder} from './examples/recorder';
import {runCode, sendSpecExample} from './examples/run';

/** An example that cannot run offline, and why. */
interface NotRunnable {
  id: string;
  /** The first line of the example's code (docs) or its operation and name (specs), to notice a list gone stale. */
  starts: string;
  reason: string;
}

/** One line of `test-results/examples.json`. */
interface ExampleResult {
  file: string;
  line: number;
  lang: string;
  operation: string;
  outcome: 'passed' | 'failed' | 'not-runnable';
  reason: string;
}

const notRunnable: NotRunnable[] = JSON.parse(
  readFileSync(path.join(__dirname, 'examples', 'not-runnable.json'), 'utf8'),
);
const docExamples = allDocExamples();
const specExamples = allSpecExamples();
const examples: Example[] = [...docExamples, ...specExamples];
const reference = new ApiReference();
const results = new Map<string, ExampleResult>();
let recorder: Recorder;

beforeAll(async () => {
  recorder = await startRecorder(productState().baseUrl);
});

afterAll(async () => {
  await recorder?.close();
  const ordered = examples.map((example) => results.get(example.id)).filter((result) => result !== undefined);
  const count = (outcome: ExampleResult['outcome']) => ordered.filter((result) => result.outcome === outcome).length;
  mkdirSync(path.join(siteDir, 'test-results'), {recursive: true});
  writeFileSync(path.join(siteDir, 'test-results', 'examples.json'), JSON.stringify(ordered, null, 2) + '\n');
  console.log(`Examples: ${count('passed')} passed, ${count('failed')} failed, ${count('not-runnable')} not runnable`);
});

/** The first line of an example as `not-runnable.json` records it. */
function startOf(example: Example): string {
  return example.kind === 'doc' ? example.code.split('\n')[0].trim() : `${example.operationId}/${example.name}`;
}

/** The operations a doc example calls, read from its code before it runs (to choose its fixtures). */
function statedOperations(example: DocExample): Operation[] {
  const calls = apiCalls({file: example.file, data: {}, body: `\n${example.code}\n`});
  const found = new Map<string, Operation>();
  for (const call of calls) {
    const route = call.path.replace(/\{param\}/g, '{p}');
    const operation =
      (call.method ? reference.match(call.method, route) : undefined) ??
      ['POST', 'GET', 'PUT', 'PATCH', 'DELETE'].map((method) => reference.match(method, route)).find(Boolean);
    if (operation) found.set(operation.operationId, operation);
  }
  return [...found.values()];
}

/** The expected status stated in a block's meta (`status=401`), if any. */
function statedStatus(example: DocExample): number | undefined {
  const match = example.meta.match(/\bstatus=(\d{3})\b/);
  return match ? Number(match[1]) : undefined;
}

/** The top-level field names of a JSON value that an actual value lacks. */
function missingFields(shown: unknown, actual: unknown): string[] {
  if (!shown || typeof shown !== 'object' || Array.isArray(shown)) return [];
  if (!actual || typeof actual !== 'object') return Object.keys(shown);
  return Object.keys(shown).filter((key) => !(key in (actual as object)));
}

/**
 * What is wrong with the calls an example made.
 * @param expected the status every call must have, or `success` for any 2xx
 */
function checkCalls(calls: RecordedCall[], expected: number | 'success'): string[] {
  if (calls.length === 0) return ['the example made no call to the API'];
  const problems: string[] = [];
  for (const call of calls) {
    const url = new URL(call.url, 'http://x');
    const apiPath = url.pathname.replace(/^\/api\/v1/, '');
    const operation = reference.match(call.method, apiPath);
    const label = `${call.method} ${url.pathname}`;
    if (!operation) {
      problems.push(`${label} is not an operation of the API reference`);
      continue;
    }
    const statusOk = expected === 'success' ? call.status >= 200 && call.status < 300 : call.status === expected;
    if (!statusOk) {
      problems.push(
        `${label} answered ${call.status}, the page states ${expected === 'success' ? 'success' : expected}: ${call.responseBody.slice(0, 300)}`,
      );
    }
    const contentType = String(call.responseHeaders['content-type'] ?? '');
    problems.push(
      ...reference.check(operation, call.status, contentType, call.responseBody).map((p) => `${label}: ${p}`),
    );
  }
  return problems;
}

/** The roles' values for an example: the common ones, its operations' fixtures and its own setup. */
async function valuesFor(example: Example, operations: Operation[]): Promise<RoleValues> {
  const values: RoleValues = {...commonValues(`${recorder.origin}/api/v1`)};
  const special = exampleSetups[example.id];
  if (special?.setup) return {...values, ...(await special.setup())};
  for (const operation of operations) {
    const setup = operationSetups[operation.operationId];
    if (!setup) throw new Error(`${example.id}: operations.ts has no setup for ${operation.operationId}`);
    Object.assign(values, await setup());
  }
  return values;
}

/** Runs a doc example and returns the problems found. */
async function runDocExample(example: DocExample): Promise<{operation: string; problems: string[]}> {
  const operations = statedOperations(example);
  const values = await valuesFor(example, operations);
  recorder.reset();
  const result = await runCode(example, values, exampleSetups[example.id]?.files?.());
  const calls = [...recorder.calls];
  const operation = [
    ...new Set(
      calls.map(
        (call) =>
          reference.match(call.method, new URL(call.url, 'http://x').pathname.replace(/^\/api\/v1/, ''))?.operationId ??
          '?',
      ),
    ),
  ].join(',');
  const problems: string[] = [];
  if (result.timedOut) problems.push('the example did not finish in time');
  else if (result.exitCode !== 0) {
    problems.push(`the example exited with ${result.exitCode}: ${(result.stderr || result.stdout).trim().slice(-600)}`);
  }
  problems.push(...checkCalls(calls, statedStatus(example) ?? 'success'));
  if (example.shownResponse !== undefined && calls.length > 0) {
    let actual: unknown;
    try {
      actual = JSON.parse(calls.at(-1)!.responseBody);
    } catch {
      actual = undefined;
    }
    const missing = missingFields(example.shownResponse, actual);
    if (missing.length > 0) problems.push(`the response lacks fields the page shows: ${missing.join(', ')}`);
  }
  return {operation: operation || operations.map((op) => op.operationId).join(','), problems};
}

/** Runs a spec example and returns the problems found. */
async function runSpecExample(example: SpecExample): Promise<string[]> {
  const operation = reference.byId(example.operationId)!;
  const values = await valuesFor(example, [operation]);
  recorder.reset();
  await sendSpecExample(example, values);
  const calls = [...recorder.calls];
  const success = Object.keys(operation.responses).find((status) => /^2\d\d$/.test(status));
  const problems = checkCalls(calls, success ? Number(success) : 'success');
  const media = operation.responses[success ?? '']?.content?.['application/json'];
  const shown =
    media?.examples?.[exampleSetups[example.id]?.responseExample ?? example.name]?.value ??
    media?.example ??
    Object.values(media?.examples ?? {})[0]?.value;
  const json = String(calls[0]?.responseHeaders['content-type'] ?? '').startsWith('application/json');
  if (shown !== undefined && calls[0] && json) {
    let actual: unknown;
    try {
      actual = JSON.parse(calls[0].responseBody);
    } catch {
      actual = undefined;
    }
    const missing = missingFields(shown, actual);
    if (missing.length > 0)
      problems.push(`the response lacks fields its response example shows: ${missing.join(', ')}`);
  }
  return problems;
}

describe('the list of examples that cannot run', () => {
  test('names only examples that exist, as they start today, each with a reason', () => {
    for (const entry of notRunnable) {
      const example = examples.find((candidate) => candidate.id === entry.id);
      expect(example, `${entry.id} is listed as not runnable but no longer exists`).toBeDefined();
      expect(startOf(example!), `${entry.id} changed since it was listed as not runnable`).toBe(entry.starts);
      expect(entry.reason.length, `${entry.id} needs a reason`).toBeGreaterThan(20);
    }
  });

  test('holds no more than one example in seven', () => {
    expect(notRunnable.length * 7).toBeLessThanOrEqual(examples.length);
  });
});

describe('every API example runs against the product server', () => {
  for (const example of examples) {
    const listed = notRunnable.find((entry) => entry.id === example.id);
    const base = {file: example.file, line: example.line, lang: example.lang};
    if (listed) {
      results.set(example.id, {
        ...base,
        operation: example.kind === 'spec' ? example.operationId : '',
        outcome: 'not-runnable',
        reason: listed.reason,
      });
      continue;
    }
    test(`${example.id} (line ${example.line})`, async () => {
      let operation = example.kind === 'spec' ? example.operationId : '';
      let problems: string[];
      try {
        if (example.kind === 'spec') problems = await runSpecExample(example);
        else ({operation, problems} = await runDocExample(example));
      } catch (error) {
        problems = [(error as Error).message];
      }
      results.set(example.id, {
        ...base,
        operation,
        outcome: problems.length === 0 ? 'passed' : 'failed',
        reason: problems.join('\n'),
      });
      expect(problems, `${example.file}:${example.line}`).toEqual([]);
    });
  }
});
