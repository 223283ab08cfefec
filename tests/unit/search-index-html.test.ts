/**
 * What the search index records of a built page (lib/search/index-html.mjs),
 * the synonyms it adds (lib/search/synonyms.mjs), the options and files the
 * index shares with the browser (lib/search/options.mjs), the built engine
 * loaded into Node (lib/search/built-engine.mjs) and the plugin's index step
 * (plugins/search), each output compared whole. The built engine is a
 * hand-written stand-in module in a temporary build folder; the index step
 * runs Pagefind for real on a few tiny pages.
 */
import {existsSync, mkdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {pathToFileURL} from 'node:url';
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest';
import {
  indexExtras,
  isVariantTitle,
  keepBoundaries,
  operationOf,
  pageKind,
  pageKinds,
} from '../../lib/search/index-html.mjs';
import {synonymGroups, synonymsOf} from '../../lib/search/synonyms.mjs';
import {inSearchFolder} from '../../lib/search/options.mjs';
import {loadBuiltEngine} from '../../lib/search/built-engine.mjs';
import {buildSearchIndex, vocabularyOf} from '../../plugins/search';
import {removeTempFolders, tempFolder, writeFiles} from './temp-folders';

const originalFetch = globalThis.fetch;
const originalNodeOptions = process.env.NODE_OPTIONS;

afterEach(() => {
  globalThis.fetch = originalFetch;
  if (originalNodeOptions === undefined) delete process.env.NODE_OPTIONS;
  else process.env.NODE_OPTIONS = originalNodeOptions;
  removeTempFolders();
});

describe('the kind of a page', () => {
  const nodePage = '/docs/using-answerai/sidekick-studio/nodes/chat-models/chatanthropic/';

  it('is api-tag for a page below /docs/api/ that documents no operation, even with pages below it', () => {
    expect(pageKind('/docs/api/prediction/', 'Prediction', '<h1>Prediction</h1>', false)).toBe('api-tag');
    expect(pageKind('/docs/api/prediction/', 'Prediction', '<h1>Prediction</h1>', true)).toBe('api-tag');
    // Only a path that starts with /docs/api/ is the API reference.
    expect(pageKind('/docs/guides/docs/api/', 'Calling the API', '', false)).toBe('doc');
  });

  it('is hub for a page with pages below it, before it is a node', () => {
    expect(pageKind('/docs/guides/', 'Guides', '', true)).toBe('hub');
    expect(pageKind(nodePage, 'ChatAnthropic', '', true)).toBe('hub');
  });

  it('is node or variant in the node reference, by the title', () => {
    expect(pageKind(nodePage, 'ChatAnthropic', '', false)).toBe('node');
    expect(pageKind(nodePage, 'ChatAnthropic (LlamaIndex)', '', false)).toBe('variant');
    expect(pageKind(nodePage, 'Answer ChatAnthropic', '', false)).toBe('variant');
  });

  it('is doc for any other page, whatever its title', () => {
    expect(pageKind('/docs/intro/', 'Introduction', '<h1>Introduction</h1>', false)).toBe('doc');
    expect(pageKind('/docs/intro/', 'ChatAnthropic (LlamaIndex)', '', false)).toBe('doc');
    expect(pageKind('/docs/sidekick-studio/nodes-overview/', 'Nodes', '', false)).toBe('doc');
  });

  it('is one of the listed kinds, and every listed kind is one that a page can have', () => {
    expect(pageKinds).toEqual(['hub', 'doc', 'node', 'variant', 'api-tag', 'api-op', 'blog']);
    const operation = '<pre class=openapi__method-endpoint><span>GET</span><h2>/chatflows</h2></pre>';
    const kinds = [
      pageKind('/docs/guides/', 'Guides', '', true),
      pageKind('/docs/intro/', 'Introduction', '', false),
      pageKind(nodePage, 'ChatAnthropic', '', false),
      pageKind(nodePage, 'Answer ChatAnthropic', '', false),
      pageKind('/docs/api/chatflows/', 'Chatflows', '', false),
      pageKind('/docs/api/chatflows/list-chatflows/', 'List chatflows', operation, false),
      pageKind('/blog/welcome/', 'Welcome', operation, true),
    ];
    expect(new Set(kinds)).toEqual(new Set(pageKinds));
  });
});

describe('variant titles', () => {
  it('end with the port or build in brackets, in any case, white space after it allowed', () => {
    expect(isVariantTitle('ChatAnthropic (LlamaIndex)  ')).toBe(true);
    expect(isVariantTitle('Tool Agent (answerai)')).toBe(true);
    expect(isVariantTitle('ChatAnthropic (LlamaIndex) settings')).toBe(false);
    expect(isVariantTitle('ChatAnthropic (LlamaIndex).')).toBe(false);
  });

  it('or start with the word Answer, any white space and another word', () => {
    expect(isVariantTitle('Answer  ChatAnthropic')).toBe(true);
    expect(isVariantTitle('Answer\tAgent')).toBe(true);
    expect(isVariantTitle('The Answer Agent')).toBe(false);
    expect(isVariantTitle('Answer ')).toBe(false);
    expect(isVariantTitle('AnswerAI Studio')).toBe(false);
  });
});

describe('the operation of an API page', () => {
  it('reads the method and path with or without white space around them, the path trimmed', () => {
    expect(
      operationOf(
        '<div class="openapi__method-endpoint">\n  <span class="badge badge--danger">\n    DELETE\n  </span>\n  <h2 class="openapi__method-endpoint-path">\n    /chatflows/{id}\n  </h2>\n</div>',
      ),
    ).toEqual({method: 'DELETE', endpoint: '/api/v1/chatflows/{id}'});
    expect(operationOf('<pre class=openapi__method-endpoint><span>GET</span><h2>/chatflows</h2></pre>')).toEqual({
      method: 'GET',
      endpoint: '/api/v1/chatflows',
    });
  });

  it('is undefined for a page without one', () => {
    expect(operationOf('<h1>Chatflows</h1>')).toBeUndefined();
    expect(operationOf('<div class="openapi__method-endpoint"><h2>/chatflows</h2></div>')).toBeUndefined();
  });
});

describe('block boundaries', () => {
  it('spaces block and cell tags in any case, never inline tags nor tags inside <pre>', () => {
    expect(
      keepBoundaries(
        '<p>Use <code>vars</code> in <strong>flows</strong><pre class=x><p>raw<br></pre><UL><LI>a<li>b<thead><param>',
      ),
    ).toBe(
      ' <p>Use <code>vars</code> in <strong>flows</strong><pre class=x><p>raw<br></pre> <UL> <LI>a <li>b <thead><param>',
    );
  });
});

describe('the extras of an indexed page', () => {
  it('are only the kind, as metadata and filter, for a page whose title has no synonym', () => {
    expect(indexExtras({kind: 'doc'}, 'Deploy on AWS', 6)).toBe(
      '<span data-pagefind-meta="kind:doc"></span><span data-pagefind-filter="kind:doc"></span>',
    );
  });

  it("add the title's synonyms, hidden and weighted", () => {
    expect(indexExtras({kind: 'hub'}, 'Sidekick Studio', 8)).toBe(
      '<span data-pagefind-meta="kind:hub"></span><span data-pagefind-filter="kind:hub"></span>' +
        '<span data-pagefind-weight="8" hidden>chatflow</span>',
    );
  });

  /** The extras of an operation page: its kind, method and endpoint, then the hidden words (weight 5). */
  const operationExtras = (method: string, endpoint: string, words: string) =>
    `<span data-pagefind-meta="kind:api-op"></span><span data-pagefind-meta="method:${method}"></span>` +
    `<span data-pagefind-meta="endpoint:${endpoint}"></span><span data-pagefind-filter="kind:api-op"></span>` +
    `<span data-pagefind-weight="5" hidden>${words}</span>`;

  it("record an operation's method and endpoint, and its path as typed and as words", () => {
    expect(
      indexExtras({kind: 'api-op', method: 'POST', endpoint: '/api/v1/prediction/:id'}, 'Create prediction', 5),
    ).toBe(operationExtras('POST', '/api/v1/prediction/:id', '/api/v1/prediction/:id api v1 prediction id'));
  });

  it("put the title's synonyms before the operation's path", () => {
    expect(
      indexExtras({kind: 'api-op', method: 'PUT', endpoint: '/api/v1/chatflows/{id}'}, 'Update a chatflow', 5),
    ).toBe(operationExtras('PUT', '/api/v1/chatflows/{id}', 'sidekick /api/v1/chatflows/{id} api v1 chatflows id'));
  });
});

describe('synonyms', () => {
  it('name a credential an API key and the other way round', () => {
    expect(synonymsOf('Credentials')).toEqual(['api key']);
    expect(synonymsOf('Add an API key')).toEqual(['credential']);
  });

  it('name an agentflow an agent flow and the other way round', () => {
    expect(synonymsOf('Agentflows')).toEqual(['agent flow']);
    expect(synonymsOf('Agent flows')).toEqual(['agentflow']);
    expect(synonymsOf('Agentflow or agent flow')).toEqual([]);
  });

  it('are the other names of every group a text uses, in the order of the groups', () => {
    expect(synonymsOf('Sidekick credentials in an agentflow')).toEqual(['chatflow', 'api key', 'agent flow']);
  });

  it('match the signs of a term as written', () => {
    synonymGroups.push(['node.js', 'nodejs']);
    try {
      expect(synonymsOf('Install Node.js')).toEqual(['nodejs']);
      expect(synonymsOf('Install nodeXjs')).toEqual([]);
    } finally {
      synonymGroups.pop();
    }
  });
});

describe('search options', () => {
  it('tell the files of the index folder from other paths', () => {
    expect(inSearchFolder('/pagefind/pagefind.js')).toBe(true);
    expect(inSearchFolder('/pagefind/')).toBe(true);
    expect(inSearchFolder('https://docs.example.com/pagefind/fragment/en_1.pf_fragment')).toBe(true);
    expect(inSearchFolder('/docs/pagefind/')).toBe(false);
    expect(inSearchFolder('/pagefind')).toBe(false);
    expect(inSearchFolder('/')).toBe(false);
  });
});

describe('the built engine', () => {
  /** The stand-in engine records its options and what a request of its index returns while it starts. */
  const recordingEngine = `
export const seen = {options: [], inits: 0, answer: undefined};
export async function options(value) {
  seen.options.push(value);
}
export async function init() {
  seen.inits += 1;
  const response = await fetch('/pagefind/x.json');
  seen.answer = [response.status, await response.text()];
}
`;

  /** A build folder with the engine script `engine` and the files `files` (paths relative to the folder). */
  function buildFolder(engine: string, files: Record<string, string | Uint8Array> = {}): string {
    const dir = tempFolder('built-engine-');
    writeFiles(dir, {'pagefind/pagefind.js': engine, ...files});
    return dir;
  }

  const previous = vi.fn(async () => new Response('from the network'));

  beforeEach(() => {
    previous.mockClear();
    globalThis.fetch = previous as unknown as typeof fetch;
  });

  it("starts the build's engine with the site's options, its index served from the build", async () => {
    const dir = buildFolder(recordingEngine, {'pagefind/x.json': '{"a":1}'});
    const {engine, restore} = await loadBuiltEngine(dir);
    restore();
    expect(engine.seen).toEqual({
      options: [
        {
          basePath: '/pagefind/',
          excerptLength: 24,
          ranking: {termFrequency: 0.5, pageLength: 0.1, termSaturation: 1.4},
        },
      ],
      inits: 1,
      answer: [200, '{"a":1}'],
    });
  });

  it("answers requests for the index folder and file URLs with the file's bytes, or 404", async () => {
    const bytes = Uint8Array.from([0, 1, 2, 255]);
    const dir = buildFolder(recordingEngine, {
      'pagefind/x.json': '{}',
      'pagefind/fragment/en 1.pf_fragment': bytes,
      'other.txt': 'outside the index',
    });
    const {restore} = await loadBuiltEngine(dir);
    try {
      const answer = async (input: string | URL | Request) => {
        const response = await fetch(input);
        return [response.status, new Uint8Array(await response.arrayBuffer())];
      };
      const fragment = [200, bytes];
      expect(await answer('/pagefind/fragment/en%201.pf_fragment')).toEqual(fragment);
      expect(await answer('https://docs.example.com/pagefind/fragment/en%201.pf_fragment')).toEqual(fragment);
      expect(await answer(new URL('https://docs.example.com/pagefind/fragment/en%201.pf_fragment'))).toEqual(fragment);
      expect(await answer(new Request('https://docs.example.com/pagefind/fragment/en%201.pf_fragment'))).toEqual(
        fragment,
      );
      expect(await answer(pathToFileURL(path.join(dir, 'other.txt')).href)).toEqual([
        200,
        new TextEncoder().encode('outside the index'),
      ]);
      const missing = await fetch('/pagefind/missing.json');
      expect([missing.status, await missing.text()]).toEqual([404, '']);
      const missingFile = await fetch(pathToFileURL(path.join(dir, 'missing.txt')).href);
      expect([missingFile.status, await missingFile.text()]).toEqual([404, '']);
      expect(previous).not.toHaveBeenCalled();
    } finally {
      restore();
    }
  });

  it('passes every other request on to the fetch it replaced, as it came', async () => {
    const dir = buildFolder(recordingEngine, {'pagefind/x.json': '{}', 'docs/pagefind/x.json': '{}'});
    const {restore} = await loadBuiltEngine(dir);
    try {
      const init = {method: 'POST'};
      const other = new URL('https://docs.example.com/docs/intro/');
      expect(await (await fetch('https://docs.example.com/api/v1/chatflows', init)).text()).toBe('from the network');
      await fetch('/docs/pagefind/x.json');
      await fetch(other);
      await fetch(undefined as unknown as string);
      expect(previous.mock.calls).toEqual([
        ['https://docs.example.com/api/v1/chatflows', init],
        ['/docs/pagefind/x.json', undefined],
        [other, undefined],
        [undefined, undefined],
      ]);
    } finally {
      restore();
    }
  });

  it('puts the original fetch back on restore', async () => {
    const dir = buildFolder(recordingEngine, {'pagefind/x.json': '{}'});
    const {restore} = await loadBuiltEngine(dir);
    expect(globalThis.fetch).not.toBe(previous);
    restore();
    expect(globalThis.fetch).toBe(previous);
  });

  it('rejects, with fetch put back, when the engine cannot start', async () => {
    const failing = buildFolder(
      'export async function options() {}\nexport async function init() {\n  throw new Error("no index");\n}\n',
    );
    await expect(loadBuiltEngine(failing)).rejects.toThrow('no index');
    expect(globalThis.fetch).toBe(previous);
    const empty = tempFolder('built-engine-');
    await expect(loadBuiltEngine(empty)).rejects.toThrow();
    expect(globalThis.fetch).toBe(previous);
  });
});

describe('the vocabulary', () => {
  it('reads the words of headings with attributes, inline markup and entities', () => {
    const page =
      '<div data-pagefind-body><h1 class="title">Pinecone</h1><h2 id="use">Using <code>overrideConfig</code></h2>' +
      '<h3>Chat<span>Models</span> in Sidekick&nbsp;Studio</h3><h2>Q&amp;A</h2></div>';
    expect(vocabularyOf([page])).toEqual([
      'chat',
      'models',
      'overrideconfig',
      'pinecone',
      'sidekick',
      'studio',
      'using',
    ]);
  });
});

describe('the index step', () => {
  const page = (headings: string) =>
    `<html><body><main data-pagefind-body>${headings}<p>Text.</p></main></body></html>`;

  /** A build of eleven indexed pages, one in a sub-folder, a page without indexed content and a text file. */
  function site(): string {
    const dir = tempFolder('search-index-');
    const chapters = Object.fromEntries(
      Array.from({length: 9}, (_, i) => [`docs/chapter-${i + 1}.html`, page(`<h1>Chapter ${i + 1}</h1>`)]),
    );
    writeFiles(dir, {
      'index.html': `<html><head><title>Docs | AnswerAI</title></head><body><main data-pagefind-body><h1>Welcome</h1><p>Start.</p></main></body></html>`,
      'docs/pinecone/index.html': page('<h1>Pinecone</h1><h2>Troubleshooting</h2>'),
      ...chapters,
      'unlisted.html': '<html><body><h1>Unlisted</h1></body></html>',
      'notes.txt': page('<h1>Drafting</h1>'),
    });
    return dir;
  }

  it('indexes the pages with Pagefind and writes the vocabulary of their headings beside the index', async () => {
    const dir = site();
    expect(await buildSearchIndex(dir)).toBe(11);
    expect(JSON.parse(readFileSync(path.join(dir, 'pagefind/vocabulary.json'), 'utf8'))).toEqual([
      'chapter',
      'answerai',
      'docs',
      'pinecone',
      'troubleshooting',
      'welcome',
    ]);
    expect(existsSync(path.join(dir, 'pagefind/pagefind.js'))).toBe(true);
    expect(existsSync(path.join(dir, 'pagefind/ranking-table.json'))).toBe(true);
    expect(existsSync(path.join(dir, 'vocabulary.json'))).toBe(false);
  }, 60_000);

  it("rejects with the indexer's message when no page has indexed content", async () => {
    const dir = tempFolder('search-index-');
    writeFiles(dir, {'index.html': '<html><body><h1>Home</h1></body></html>'});
    const message = await buildSearchIndex(dir).then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    expect(message).toBe(`Search index: no page of ${dir} is marked data-pagefind-body`);
    expect(existsSync(path.join(dir, 'pagefind/vocabulary.json'))).toBe(false);
  }, 60_000);

  it('rejects with the failed command when the indexer dies without a message', async () => {
    const dir = site();
    writeFiles(dir, {'quit.cjs': 'process.exit(3);\n'});
    process.env.NODE_OPTIONS = `--require ${path.join(dir, 'quit.cjs')}`;
    const message = await buildSearchIndex(dir).then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    expect(message).toMatch(/^Search index: Command failed: .+build-index\.mjs .+\n$/);
  }, 60_000);

  it('counts no page when the indexer ends without a count', async () => {
    const dir = site();
    writeFiles(dir, {'quit.cjs': 'process.exit(0);\n'});
    mkdirSync(path.join(dir, 'pagefind'));
    process.env.NODE_OPTIONS = `--require ${path.join(dir, 'quit.cjs')}`;
    expect(await buildSearchIndex(dir)).toBe(0);
    expect(JSON.parse(readFileSync(path.join(dir, 'pagefind/vocabulary.json'), 'utf8'))).toHaveLength(6);
  }, 60_000);
});
