/**
 * The project's own extractor of product facts (`product-facts/`), checked against the pack the site was built
 * from (`../shared/facts`, read from a git mirror of the product at 5da4286c0) and on the two releases shipped in
 * `../shared/product/`.
 *
 * Extraction runs once per release, in `beforeAll`. The project is cloned beside `shared/` (e.g. /work/main and
 * /work/shared), as CI does; without `../shared` these tests fail and say so.
 */
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {beforeAll, describe, expect, it} from 'vitest';
import {pagesForNode, pagesForRoute, pagesForVariable, siteIndex} from '../../product-facts/affected-pages.mjs';
import {verifyIncompatibilities} from '../../product-facts/behaviour.mjs';
import {checkKnown, diffJson, formatDifferences, pathMatches} from '../../product-facts/compare.mjs';
import {diffFacts, renderMarkdown} from '../../product-facts/diff.mjs';
import {carryOver, extractFacts, readPack, sourceFiles, type Pack} from '../../product-facts/extract.mjs';
import {listFiles} from '../../product-facts/source.mjs';
import {Program} from '../../product-facts/ts-eval.mjs';

const siteDir = path.join(__dirname, '..', '..');
const sharedDir = path.join(siteDir, '..', 'shared');
const newTarball = path.join(sharedDir, 'product', 'theanswer-5da4286c0.tar.gz');
const oldTarball = path.join(sharedDir, 'product', 'theanswer-v1.5.0.tar.gz');
const referenceDir = path.join(sharedDir, 'facts');
/**
 * `theanswer-5da4286c0.tar.gz` was repacked without the header `git archive` writes, so it does not say which
 * commit it is; `../shared/product/README.md` names it. (`theanswer-v1.5.0.tar.gz` carries its own.)
 */
const newCommit = '5da4286c0e69ac4c33a97c4daf1321051225c286';
const comparedFiles = ['nodes.json', 'credentials.json', 'api-routes.json', 'env.json', 'packages.json'];
const known = JSON.parse(readFileSync(path.join(siteDir, 'product-facts', 'known-differences.json'), 'utf8'))
  .differences as Array<{file: string; path: string; reason: string; check?: 'sameInstant'}>;
/** What the machine allows for extracting one release (the budget); the benchmark reports the real time. */
const extractionBudgetMs = 120_000;

function requireShared() {
  for (const file of [newTarball, oldTarball, path.join(referenceDir, 'nodes.json')]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: clone the project beside shared/ (../shared)`);
  }
}

function timed<T>(run: () => T): {value: T; ms: number} {
  const started = performance.now();
  const value = run();
  return {value, ms: performance.now() - started};
}

let pack: Pack;
let extractionMs = 0;

beforeAll(() => {
  requireShared();
  const run = timed(() => extractFacts(newTarball, {commit: newCommit}));
  pack = run.value;
  extractionMs = run.ms;
}, extractionBudgetMs);

describe('the extractor, on the 5da4286c0 tarball', () => {
  it('reproduces ../shared/facts on every field, except the reviewed differences of known-differences.json', () => {
    const reference = readPack(referenceDir);
    const differences = comparedFiles.flatMap((file) => diffJson(reference[file], pack[file], file));
    const {unexplained, stale} = checkKnown(differences, known);
    expect(formatDifferences(unexplained), 'differences no entry of known-differences.json explains').toBe('');
    expect(
      stale.map((entry) => `${entry.file}: ${entry.path}`),
      'entries of known-differences.json that explain no difference (remove them)',
    ).toEqual([]);
  });

  it('gives every known difference a reason', () => {
    for (const entry of known) expect(entry.reason.length, `${entry.file}: ${entry.path}`).toBeGreaterThan(30);
  });

  it(`extracts one release in under ${extractionBudgetMs / 1000} s`, () => {
    expect(extractionMs).toBeLessThan(extractionBudgetMs);
  });

  it(
    'gives the same pack again, from another temporary folder',
    () => {
      const again = extractFacts(newTarball, {commit: newCommit});
      for (const file of Object.keys(pack)) expect(JSON.stringify(again[file]), file).toBe(JSON.stringify(pack[file]));
    },
    extractionBudgetMs,
  );

  it('writes no absolute path and no time but the commit date', () => {
    const text = JSON.stringify(pack);
    expect(text).not.toContain(tmpdir());
    expect(text).not.toContain(siteDir);
    expect(text).not.toMatch(/"\/(tmp|work|home|root|Users)\//);
    const times = new Set(text.match(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[^"]*/g));
    expect([...times]).toEqual([pack['source.json'].commitDate]);
  });

  it('names the source in source.json, the one place that says which release the site documents', () => {
    expect(pack['source.json']).toEqual({
      repository: 'https://github.com/the-answerai/theanswer',
      commit: newCommit,
      commitDate: '2025-10-31T14:46:21Z',
    });
  });

  it(
    'refuses a tarball that does not say its commit, unless told',
    () => {
      expect(() => extractFacts(newTarball)).toThrow(/pass --commit/);
      expect(() => extractFacts(newTarball, {commit: '0'.repeat(40)})).toThrow(/names commit 5da4286c0/);
      expect(() => extractFacts(newTarball, {commit: newCommit, commitDate: '2025-10-30T00:00:00Z'})).toThrow(
        /is not the time/,
      );
    },
    extractionBudgetMs,
  );
});

describe('the behaviour facts', () => {
  it('read the streaming rules from the server', () => {
    const {streaming} = pack['behaviour.json'];
    expect(streaming.file).toBe('packages/server/src/utils/index.ts');
    expect(streaming.function).toBe('isFlowValidForStream');
    expect(streaming.endingNodes.Chains).toEqual({rule: 'allExcept', names: ['openApiChain', 'vectaraQAChain']});
    expect(streaming.endingNodes.Agents).toEqual({
      rule: 'only',
      names: [
        'csvAgent',
        'airtableAgent',
        'toolAgent',
        'conversationalRetrievalToolAgent',
        'openAIToolAgentLlamaIndex',
      ],
      always: ['openAIAssistant'],
    });
    expect(streaming.endingNodes.Engine).toEqual({
      rule: 'only',
      names: ['contextChatEngine', 'simpleChatEngine', 'queryEngine', 'subQuestionQueryEngine'],
    });
    expect(streaming.chatModelsWithoutStreamingInput.LLMs).toEqual(['azureOpenAI', 'openAI', 'ollama']);
    expect(streaming.chatModelsWithoutStreamingInput['Chat Models']).toHaveLength(20);
    expect(streaming).toMatchObject({
      outputParserPreventsStreaming: true,
      customFunctionEndingNodePreventsStreaming: true,
      alwaysStreamingCategories: ['Multi Agents', 'Sequential Agents'],
      alwaysStreamingFlowTypes: ['AGENTFLOW'],
      postProcessingPreventsStreaming: true,
    });
  });

  it('list the statuses each controller names, for every route with a controller handler', () => {
    const {routeErrors} = pack['behaviour.json'];
    const routes = pack['api-routes.json'].routes.filter((route: {handler: string}) =>
      /^\w+\.\w+$/.test(route.handler),
    );
    expect(routeErrors).toHaveLength(routes.length);
    const byId = routeErrors.find(
      (item: {method: string; path: string}) => item.method === 'GET' && item.path === '/api/v1/chatflows/:id',
    );
    expect(byId.handler).toBe('chatflowsController.getChatflowById');
    expect(byId.statuses).toEqual(expect.arrayContaining([401, 404, 412, 500]));
    expect(byId.from.slice(0, 2)).toEqual([
      'packages/server/src/controllers/chatflows/index.ts',
      'packages/server/src/services/chatflows/index.ts',
    ]);
    const ping = routeErrors.find(
      (item: {method: string; path: string}) => item.method === 'GET' && item.path === '/api/v1/ping',
    );
    expect(ping.statuses).toEqual([200]);
  });

  it('verify the Weaviate incompatibility against the lock file', () => {
    const {nodeIncompatibilities, staleIncompatibilities} = pack['behaviour.json'];
    expect(staleIncompatibilities).toEqual([]);
    expect(nodeIncompatibilities).toHaveLength(1);
    expect(nodeIncompatibilities[0]).toMatchObject({
      node: 'weaviate',
      evidence: {
        file: 'packages/components/nodes/vectorstores/Weaviate/Weaviate.ts',
        locked: {'weaviate-ts-client': '1.6.0', '@langchain/weaviate': '0.2.2'},
        integrationDependsOn: {'weaviate-client': expect.stringMatching(/^3\./)},
      },
    });
  });

  it('report a claim whose evidence no longer holds as stale', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'product-facts-claims-'));
    try {
      const nodeFile = 'packages/components/nodes/vectorstores/Weaviate/Weaviate.ts';
      mkdirSync(path.join(root, path.dirname(nodeFile)), {recursive: true});
      writeFileSync(
        path.join(root, nodeFile),
        "import weaviate from 'weaviate-ts-client'\nimport { WeaviateStore } from '@langchain/weaviate'\n" +
          "class W { constructor() { this.name = 'weaviate' } }\nmodule.exports = { nodeClass: W }\n",
      );
      const lock = (client: string) =>
        [
          "lockfileVersion: '9.0'",
          'importers:',
          '  packages/components:',
          '    dependencies:',
          "      '@langchain/weaviate': {specifier: ^0.2.2, version: 0.2.2}",
          '      weaviate-ts-client: {specifier: ^1.6.0, version: 1.6.0}',
          'packages:',
          "  '@langchain/weaviate@0.2.2': {}",
          'snapshots:',
          "  '@langchain/weaviate@0.2.2':",
          '    dependencies:',
          `      ${client}: 3.8.1`,
          '',
        ].join('\n');
      const claim = {
        node: 'weaviate',
        file: nodeFile,
        clientPackage: 'weaviate-ts-client',
        integrationPackage: '@langchain/weaviate',
        integrationClientPackage: 'weaviate-client',
        reason: 'test',
      };
      const verify = () => {
        const files = listFiles(root);
        return verifyIncompatibilities(new Program(root, files), files, [claim]);
      };
      writeFileSync(path.join(root, 'pnpm-lock.yaml'), lock('weaviate-client'));
      expect(verify().stale).toEqual([]);
      // A release whose integration depends on the client the node uses: the claim no longer holds.
      writeFileSync(path.join(root, 'pnpm-lock.yaml'), lock('weaviate-ts-client'));
      const {verified, stale} = verify();
      expect(verified).toEqual([]);
      expect(stale[0].problems.join('; ')).toMatch(/does not depend on weaviate-client.*depends on weaviate-ts-client/);
    } finally {
      rmSync(root, {recursive: true, force: true});
    }
  });
});

describe('the reviewed list of differences', () => {
  it('matches paths by pattern', () => {
    expect(pathMatches('generator.**', 'generator.command')).toBe(true);
    expect(pathMatches('embed.summary.**', 'embed.summary.npmNames[0]')).toBe(true);
    expect(pathMatches('envFiles[docker/.env.example]', 'envFiles[docker/.env.example]')).toBe(true);
    expect(pathMatches('envFiles[docker/.env.example]', 'envFiles[.env.template]')).toBe(false);
    expect(pathMatches('nodes[*].label', 'nodes[postgres].label')).toBe(true);
    expect(pathMatches('nodes[*].label', 'nodes[postgres].inputs[host].label')).toBe(false);
  });

  it('fails on an unexplained difference and on a stale entry, and checks dates as instants', () => {
    const differences = diffJson(
      {source: {commitDate: '2025-10-31T11:46:21-03:00'}, nodes: [{name: 'a', label: 'A'}]},
      {source: {commitDate: '2025-10-31T14:46:21Z'}, nodes: [{name: 'a', label: 'B'}]},
      'nodes.json',
    );
    const entries = [
      {file: 'nodes.json', path: 'source.commitDate', reason: 'offset', check: 'sameInstant' as const},
      {file: 'nodes.json', path: 'generator.**', reason: 'stale'},
    ];
    const result = checkKnown(differences, entries);
    expect(result.unexplained.map((item) => item.path)).toEqual(['nodes[a].label']);
    expect(result.stale.map((item) => item.path)).toEqual(['generator.**']);
    const otherInstant = diffJson({d: '2025-10-31T11:46:21-03:00'}, {d: '2025-10-31T11:46:21Z'}, 'x.json');
    expect(
      checkKnown(otherInstant, [{file: 'x.json', path: 'd', reason: '', check: 'sameInstant'}]).unexplained,
    ).toHaveLength(1);
  });
});

describe('carrying over the facts a tarball lacks', () => {
  it('keeps them from the pack it replaces, marked with their commit, so the site keeps its checks', () => {
    const reference = readPack(referenceDir);
    const copy: Pack = JSON.parse(JSON.stringify(pack));
    const carried = carryOver(copy, reference, (pack as unknown as Record<symbol, string[]>)[sourceFiles]);
    expect(carried).toContain('env.json: dockerfiles[Dockerfile]');
    expect(copy['env.json'].dockerfiles).toEqual(reference['env.json'].dockerfiles);
    expect(copy['env.json'].envFiles).toEqual(reference['env.json'].envFiles);
    expect(copy['packages.json'].packages).toEqual(reference['packages.json'].packages);
    expect(copy['packages.json'].embed).toEqual(reference['packages.json'].embed);
    expect(copy['packages.json'].workspace).toEqual(reference['packages.json'].workspace);
    expect(copy['env.json'].carriedOver.items).toContainEqual({
      entry: 'dockerfiles[Dockerfile]',
      from: {commit: newCommit, commitDate: '2025-10-31T11:46:21-03:00'},
    });
    // Apart from who produced it and the marks, the result is the reference pack.
    const differences = comparedFiles.flatMap((file) => diffJson(reference[file], copy[file], file));
    expect(
      differences
        .filter((item) => !/^(generator|source|carriedOver)\b/.test(item.path))
        .map((item) => `${item.file}: ${item.path}`),
    ).toEqual([]);
  });
});

describe('facts:diff, v1.5.0 → 5da4286c0 (two real releases: 2025-09-23 and 2025-10-31)', () => {
  let oldPack: Pack;
  let report: ReturnType<typeof diffFacts>;

  beforeAll(() => {
    requireShared();
    oldPack = extractFacts(oldTarball);
    report = diffFacts(oldPack, pack);
  }, extractionBudgetMs);

  it('names both releases', () => {
    expect(report.old.commit).toBe('305bb835669fab8d962269e0a5e0110aa796aadf');
    expect(report.new.commit).toBe(newCommit);
  });

  it('lists the nodes the release added: the AnswerAgentAI loaders, JLINC and Gamma; none removed or renamed', () => {
    expect(report.nodes.added.map((node) => node.name)).toEqual([
      'jlinc',
      'aaiDomains',
      'aaiTags',
      'aaiTranscripts',
      'aaiUrls',
      'gamma',
    ]);
    expect(report.nodes.removed).toEqual([]);
    expect(report.nodes.renamed).toEqual([]);
  });

  it('lists the inputs that were added or whose default changed', () => {
    const changes = Object.fromEntries(
      report.nodes.changed.map((node) => [
        node.name,
        [
          ...node.inputsAdded.map((input) => `+${input.name}`),
          ...node.inputsRemoved.map((input) => `-${input.name}`),
          ...node.inputsChanged.flatMap((input) =>
            input.changes.map(
              (change) =>
                `${input.name}.${change.field}: ${JSON.stringify(change.from)} → ${JSON.stringify(change.to)}`,
            ),
          ),
        ],
      ]),
    );
    expect(changes).toEqual({
      aaiToolAgent: ['+outputParser'],
      aaiChatAnthropic: ['modelName.default: "claude-3-sonnet-20240229" → "claude-sonnet-4-0"'],
      aaiChatGoogleGenerativeAI: ['+responseModalities', 'modelName.default: "gemini-1.5-flash" → "gemini-2.5-flash"'],
      aaiChatOpenAI: ['+promptCacheKey'],
      chatOpenAI: ['+promptCacheKey'],
    });
  });

  it('lists credentials, routes and environment variables added or removed', () => {
    expect(report.credentials.added.map((item) => item.name)).toEqual(['gammaApi', 'jlincApi']);
    expect(report.credentials.removed).toEqual([]);
    expect(report.routes.added.map((route) => `${route.method} ${route.path}`)).toEqual([
      'GET /api/v1/admin/document-stores',
      'GET /api/v1/video-generator/archive',
      'POST /api/v1/video-generator/enhance',
      'POST /api/v1/video-generator/generate',
      'GET /api/v1/video-generator/recent',
      'GET /api/v1/video-generator/status/:jobId',
    ]);
    expect(report.routes.removed).toEqual([]);
    expect(report.routes.changed).toEqual([
      {method: 'POST', path: '/api/v1/export-import/export', changes: [{field: 'ability', from: null, to: 'ChatFlow'}]},
      {method: 'POST', path: '/api/v1/export-import/import', changes: [{field: 'ability', from: null, to: 'ChatFlow'}]},
    ]);
    expect(report.env.removed.map((variable) => variable.name)).toEqual([
      'ATLASSIAN_MCP_SERVER_URL',
      'STRIPE_AI_TOKENS_METER_ID',
      'STRIPE_CREDITS_METER_ID',
      'STRIPE_FREE_PRICE_ID',
      'STRIPE_MARGIN_MULTIPLIER',
    ]);
    expect(report.env.added.map((variable) => variable.name)).toEqual(
      expect.arrayContaining([
        'BILLING_STRIPE_AI_TOKENS_METER_ID',
        'BILLING_STRIPE_CREDITS_METER_ID',
        'BILLING_STRIPE_FREE_PRICE_ID',
        'BILLING_STRIPE_MARGIN_MULTIPLIER',
        'JLINC_AGREEMENT_ID',
        'AAI_DATASTORE_SUPABASE_URL',
      ]),
    );
    expect(report.env.added).toHaveLength(20);
  });

  it('lists the dependency versions that moved', () => {
    const moved = report.packages.dependencies.map(
      (item) => `${item.importer} ${item.name} ${item.from?.version ?? '-'} → ${item.to?.version ?? '-'}`,
    );
    expect(moved).toEqual(
      expect.arrayContaining([
        'packages/components @langchain/core 0.3.59 → 0.3.61',
        'packages/components @langchain/openai 0.5.15 → 0.6.3',
        'packages/components @jlinc/langchain - → 0.1.3',
        'packages/server langfuse 3.37.6 → 3.38.6',
      ]),
    );
    expect(report.packages.versions).toEqual([]);
  });

  it('names the pages each change touches', () => {
    const index = siteIndex(siteDir, {nodes: pack['nodes.json'].nodes, apiPrefix: '/api/v1'});
    expect(pagesForNode(index, {name: 'gamma', category: 'Tools'}).page?.file).toBe(
      'docs/using-answerai/sidekick-studio/nodes/tools/gamma.mdx',
    );
    expect(pagesForNode(index, {name: 'aaiChatOpenAI', category: 'Chat Models'}).page?.file).toBe(
      'docs/using-answerai/sidekick-studio/nodes/chat-models/answer-chatopenai.mdx',
    );
    expect(pagesForNode(index, {name: 'ollama', category: 'LLMs'}).listedOn?.file).toBe(
      'docs/using-answerai/sidekick-studio/nodes/llms/index.mdx',
    );
    expect(
      pagesForRoute(index, {method: 'GET', path: '/api/v1/chatflows/:id'}).operations.map((op) => op.route),
    ).toEqual(['/docs/api/chatflows/get-chatflow-by-id']);
    expect(
      pagesForRoute(index, {method: 'POST', path: '/api/v1/export-import/export'}).guides.map((page) => page.file),
    ).toContain('docs/developers/databases.mdx');
    expect(pagesForVariable(index, 'JLINC_AGREEMENT_ID').map((page) => page.file)).toContain(
      'docs/developers/environment-variables.mdx',
    );
    const markdown = renderMarkdown(report, index);
    expect(markdown).toContain('# What changes from 305bb8356 (2025-09-23) to 5da4286c0 (2025-10-31)');
    expect(markdown).toContain('`docs/using-answerai/sidekick-studio/nodes/tools/gamma.mdx`');
    expect(markdown).toContain('`STRIPE_FREE_PRICE_ID` (the added `BILLING_STRIPE_FREE_PRICE_ID` ends with this name');
  });
});
