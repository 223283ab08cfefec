/**
 * What the document loader and text splitter pages say the loaders do, run against the product server through the
 * document store's preview (`POST /document-store/loader/preview`), which runs a loader (and a splitter) exactly as
 * a knowledge base or an upsert does and answers its documents. Each test names the page whose statement it pins;
 * where the product behaves unexpectedly (a silent empty result, an option that always fails, a check that refuses
 * what the canvas saves), the test pins what it does and the page says so.
 */
import {mkdirSync, mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, test} from 'vitest';
import {api, productState} from './api';
import * as fx from './fixtures';
import {flowNode, nodeDefinition} from './flows';

const pages = 'using-answerai/sidekick-studio/nodes';

interface Chunk {
  pageContent: string;
  metadata: Record<string, unknown>;
}

/** The answer of a preview: the documents, or the error message. */
interface Preview {
  status: number;
  chunks: Chunk[];
  message: string;
}

/**
 * Runs a loader (with an optional splitter) through the document store's preview.
 * @param loaderId the loader node's name
 * @param loaderConfig its inputs, as the canvas or the API would send them
 */
async function preview(
  loaderId: string,
  loaderConfig: Record<string, unknown>,
  splitter?: {id: string; config: Record<string, unknown>},
): Promise<Preview> {
  const response = await api<{chunks?: Chunk[]; message?: string}>('/document-store/loader/preview', {
    body: {loaderId, loaderConfig, splitterId: splitter?.id, splitterConfig: splitter?.config, previewChunkCount: -1},
  });
  return {status: response.status, chunks: response.body.chunks ?? [], message: response.body.message ?? ''};
}

/** A file as the canvas uploads it: a data URI followed by its name. */
function upload(content: string | Uint8Array, mime: string, name: string): string {
  return `data:${mime};base64,${Buffer.from(content).toString('base64')},filename:${name}`;
}

/** The last part of a preview's error message, after the service prefixes. */
function cause(result: Preview): string {
  return result.message.replace(/^(Error: [\w.]+ - )+/, '');
}

describe(`text splitters (${pages}/text-splitters)`, () => {
  test('code-text-splitter: without a language the load stops with "Language undefined is not supported."', async () => {
    const result = await preview(
      'plainText',
      {text: 'def a():\n    pass\n'},
      {id: 'codeTextSplitter', config: {chunkSize: 100, chunkOverlap: 10}},
    );
    expect(result.status).toBe(500);
    expect(cause(result)).toBe('Language undefined is not supported.');
  });

  test('character-text-splitter: pieces packed into one chunk are joined with the separator', async () => {
    const result = await preview(
      'plainText',
      {text: 'aaaa\n\nbbbb\n\ncccc'},
      {id: 'characterTextSplitter', config: {chunkSize: '10', chunkOverlap: '0'}},
    );
    expect(result.chunks.map((chunk) => chunk.pageContent)).toEqual(['aaaa\n\nbbbb', 'cccc']);
  });
});

describe(`file loaders (${pages}/document-loaders)`, () => {
  test('pdf-file: Use Legacy Build makes every PDF fail with a missing module', async () => {
    const pdf = fx.pdfWithText('Hotel budget is 200 per night.');
    const pdfFile = upload(pdf, 'application/pdf', 'policy.pdf');
    const plain = await preview('pdfFile', {pdfFile, usage: 'perPage'});
    expect(plain.chunks.map((chunk) => chunk.pageContent)).toEqual(['Hotel budget is 200 per night.']);
    const legacy = await preview('pdfFile', {pdfFile, usage: 'perPage', legacyBuild: true});
    expect(legacy.status).toBe(500);
    expect(cause(legacy)).toMatch(/^Cannot find module 'pdfjs-dist\/legacy\/build\/pdf\.js'/);
  });

  test('csv-file: semicolons are detected, and the loader keys win over Additional Metadata', async () => {
    const csvFile = upload(
      'question;answer\nHow to reset?;Use settings\nCan I cancel?;Any time\n',
      'text/csv',
      'f.csv',
    );
    const result = await preview('csvFile', {
      csvFile,
      columnName: '',
      metadata: '{"source": "faq", "team": "support"}',
    });
    expect(result.chunks).toEqual([
      {
        pageContent: 'question: How to reset?\nanswer: Use settings',
        metadata: {source: 'blob', blobType: '', line: 1, team: 'support'},
      },
      {
        pageContent: 'question: Can I cancel?\nanswer: Any time',
        metadata: {source: 'blob', blobType: '', line: 2, team: 'support'},
      },
    ]);
    const oneRow = await preview('csvFile', {csvFile: upload('a,b\n1,2', 'text/csv', 'one.csv'), columnName: ''});
    expect(oneRow.chunks[0].metadata).toEqual({source: 'blob', blobType: ''});
  });

  test('json-file: several objects one after another fail with "Unexpected non-whitespace character after JSON"', async () => {
    const result = await preview('jsonFile', {
      jsonFile: upload('{"a": "x"}\n{"b": "y"}', 'application/json', 'two.json'),
    });
    expect(result.status).toBe(500);
    expect(cause(result)).toBe('Unexpected non-whitespace character after JSON at position 11');
  });

  test('file-loader: every file gets source "blob", not its file name', async () => {
    const file = JSON.stringify([
      upload('Meeting notes.', 'text/plain', 'notes.txt'),
      upload('q,a\nx,y\nz,w', 'text/csv', 'faq.csv'),
    ]);
    const result = await preview('fileLoader', {file, usage: 'perPage'});
    expect(result.chunks.map((chunk) => chunk.metadata.source)).toEqual(['blob', 'blob', 'blob']);
  });

  test('folder-with-files: upper-case extensions are skipped; a missing folder names the path', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'docs-folder-'));
    mkdirSync(path.join(folder, 'sub'));
    writeFileSync(path.join(folder, 'notes.txt'), 'lower case');
    writeFileSync(path.join(folder, 'REPORT.TXT'), 'upper case');
    writeFileSync(path.join(folder, 'sub', 'deep.md'), 'nested');
    const result = await preview('folderFiles', {folderPath: folder, recursive: true, pointerName: ''});
    expect(result.chunks.map((chunk) => chunk.metadata.source).sort()).toEqual([
      path.join(folder, 'notes.txt'),
      path.join(folder, 'sub', 'deep.md'),
    ]);
    const missing = await preview('folderFiles', {folderPath: path.join(folder, 'nope'), recursive: true});
    expect(cause(missing)).toBe(`ENOENT: no such file or directory, scandir '${path.join(folder, 'nope')}'`);
  });
});

describe(`web and API loaders (${pages}/document-loaders)`, () => {
  test('cheerio-web-scraper: an unreachable page gives no documents and no error', async () => {
    const result = await preview('cheerioWebScraper', {url: 'http://127.0.0.1:1/handbook', relativeLinksMethod: ''});
    expect(result).toEqual({status: 200, chunks: [], message: ''});
  });

  test('cheerio-web-scraper: a page answering with an error status is loaded as a document', async () => {
    const url = `${productState().stubUrl}/missing-page`;
    const result = await preview('cheerioWebScraper', {url, relativeLinksMethod: ''});
    expect(result.chunks).toHaveLength(1);
    expect(result.chunks[0].metadata).toEqual({source: url});
    expect(result.chunks[0].pageContent).toContain('has no GET /missing-page');
  });

  test('cheerio-web-scraper: a web crawl keeps its start page, a sitemap on a private address finds no links', async () => {
    const url = `${productState().stubUrl}/pages/handbook`;
    const crawl = await preview('cheerioWebScraper', {url, relativeLinksMethod: 'webCrawl', limit: '10'});
    expect(crawl.chunks.map((chunk) => chunk.metadata.source)).toEqual([url]);
    const sitemap = await preview('cheerioWebScraper', {url, relativeLinksMethod: 'scrapeXMLSitemap', limit: '10'});
    expect(sitemap.status).toBe(500);
    expect(cause(sitemap)).toBe('No relative links found');
  });

  test('gitbook: Should Load All Paths without a sitemap gives no documents and no error', async () => {
    const webPath = `${productState().stubUrl}/pages/guide`;
    const one = await preview('gitbook', {webPath});
    expect(one.chunks[0].metadata).toEqual({source: webPath, title: 'Stub page: guide'});
    expect(await preview('gitbook', {webPath, shouldLoadAllPaths: true})).toEqual({
      status: 200,
      chunks: [],
      message: '',
    });
  });

  test('api-loader: the URL goes into `url` (no `source`), and a page that is not JSON is stored as a quoted string', async () => {
    const url = `${productState().stubUrl}/pages/catalogue`;
    const result = await preview('apiLoader', {method: 'GET', url});
    expect(result.chunks[0].metadata).toEqual({url});
    expect(result.chunks[0].pageContent).toMatch(/^"<!doctype html><html lang=\\"en\\">/);
    const missing = await preview('apiLoader', {method: 'GET', url: `${productState().stubUrl}/missing`});
    expect(cause(missing)).toBe(
      `Failed to fetch ${productState().stubUrl}/missing: AxiosError: Request failed with status code 404`,
    );
  });

  test('confluence: failing requests give no documents and no error', async () => {
    const result = await preview('confluence', {
      baseUrl: `${productState().stubUrl}/missing`,
      spaceKey: 'ENG',
      limit: '',
    });
    expect(result).toEqual({status: 200, chunks: [], message: ''});
  });

  test('custom-document-loader: the sandbox sets no 10-second limit on the code', async () => {
    const javascriptFunction =
      "await new Promise((resolve) => setTimeout(resolve, 11000)); return [{pageContent: 'late', metadata: {}}];";
    const result = await preview('customDocumentLoader', {javascriptFunction});
    expect(result.chunks).toEqual([{pageContent: 'late', metadata: {}}]);
  }, 30_000);
});

describe(`document-store (${pages}/document-loaders/document-store)`, () => {
  test('lists only stores in the Sync status: an upserted store is not offered, yet still loads by its ID', async () => {
    const synced = await fx.freshDocumentStore();
    const upserted = await fx.freshDocumentStore();
    await fx.configureStoreForUpsert(upserted.storeId);
    await fx.upsertStore(upserted.storeId);
    const listed = await api<Array<{name: string}>>('/node-load-method/documentStore', {
      body: {loadMethod: 'listStores'},
    });
    const ids = listed.body.map((store) => store.name);
    expect(ids).toContain(synced.storeId);
    expect(ids).not.toContain(upserted.storeId);
    const loaded = await preview('documentStore', {selectedStore: upserted.storeId});
    expect(loaded.chunks.map((chunk) => chunk.pageContent).join(' ')).toContain('25 days of paid holiday');
  });
});

describe(`AnswerAgentAI loaders (${pages}/document-loaders/answeragentai-*)`, () => {
  const missingConfiguration = /^AAI Datastore configuration missing\./;

  test('answeragentai-urls: a limit saved as text or emptied is refused; a number passes the checks', async () => {
    expect(cause(await preview('aaiUrls', {limit: '50'}))).toBe('Limit must be an integer');
    expect(cause(await preview('aaiUrls', {limit: ''}))).toBe('Limit must be a positive number');
    expect(cause(await preview('aaiUrls', {limit: 50}))).toMatch(missingConfiguration);
  });

  test('answeragentai-transcripts: a node saved as the canvas saves it stops on the empty sentiment fields', async () => {
    const loader = flowNode(await nodeDefinition('aaiTranscripts'), 'aaiTranscripts_0');
    expect(loader.data.inputs).toMatchObject({limit: 100, sentimentMin: '', sentimentMax: ''});
    const {nodes, edges} = await fx.upsertNodes(loader);
    const flow = await fx.saveChatflow('Docs behaviour: transcripts from the canvas', nodes, edges);
    const upsert = await api<{message: string}>(`/vector/upsert/${flow.id}`, {body: {}});
    expect(upsert.status).toBe(500);
    expect(upsert.body.message).toBe('Error: vectorsService.upsertVector - Sentiment Min must be a number');
    const typed = await preview('aaiTranscripts', {limit: 100, sentimentMin: '3', sentimentMax: '8'});
    expect(cause(typed)).toBe('Sentiment Min must be a number');
    const numbers = {
      dateFrom: '2025-07-01',
      dateTo: '2025-09-30',
      hasAnalysis: 'analyzed',
      sentimentMax: 4,
      limit: 100,
    };
    expect(cause(await preview('aaiTranscripts', numbers))).toMatch(missingConfiguration);
  });
});
