/**
 * The search plugin's indexer (plugins/search/build-index.mjs) run in this
 * process: what `prepareForIndex` makes of a page and which terms
 * `definedTerms` reads from it, each compared whole, and `buildIndex` on a
 * temporary build of tiny pages, indexed by Pagefind for real and read back
 * through the built engine.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {afterEach, describe, expect, it, vi} from 'vitest';
import {buildIndex, definedTerms, pageUrlOf, prepareForIndex} from '../../plugins/search/build-index.mjs';
import {loadBuiltEngine} from '../../lib/search/built-engine.mjs';
import {pageKinds} from '../../lib/search/index-html.mjs';
import {removeTempFolders, tempFolder} from './temp-folders';

/** A new temporary build folder holding `files` (path → content), removed after the test. */
const build = (files: Record<string, string>) => tempFolder('search-build-index-', files);

const originalFetch = globalThis.fetch;
const originalArgv = process.argv;

afterEach(() => {
  globalThis.fetch = originalFetch;
  process.argv = originalArgv;
  vi.restoreAllMocks();
  removeTempFolders();
});

const page = (title: string, extra = '') =>
  `<html><body><main data-pagefind-body><h1>${title}</h1><p>Body ${title.toLowerCase()}word.</p>${extra}</main></body></html>`;

describe('definedTerms', () => {
  it('reads the bold words of the first paragraph after the title only, lower-cased, trimmed and once each', () => {
    expect(
      definedTerms(
        '<div data-pagefind-body><p><strong>Crumb</strong></p><h1>T</h1><p class="intro">A <strong> Sidekick </strong>, a <strong>SIDEKICK</strong> and <strong>Sidekick Studio</strong>.</p><p><strong>Not</strong> this.</p></div>',
      ),
    ).toEqual(['sidekick', 'sidekick studio']);
  });

  it('drops nested tags, entities and commas, and empty bold words', () => {
    expect(
      definedTerms(
        '<div data-pagefind-body><h1>T</h1><p><strong><code>chatOpenAI</code></strong> <strong>Agent&nbsp;Flow</strong> <strong>Vector,  Store</strong> <strong></strong> <strong>&amp;</strong></p></div>',
      ),
    ).toEqual(['chatopenai', 'agent flow', 'vector store']);
  });

  it('ends a paragraph whose closing tag is left out at the next block, or at the end of the page', () => {
    expect(
      definedTerms(
        '<div data-pagefind-body><h1>T</h1><p>A <strong>sidekick</strong>.<h2><strong>Heading</strong></h2>',
      ),
    ).toEqual(['sidekick']);
    expect(
      definedTerms('<div data-pagefind-body><h1>T</h1><p>A <strong>flow</strong>.<div><strong>Card</strong></div>'),
    ).toEqual(['flow']);
    expect(definedTerms('<div data-pagefind-body><h1>T</h1><p>A <strong>tool</strong>')).toEqual(['tool']);
  });

  it('is empty without indexed content, a title or a paragraph', () => {
    expect(definedTerms('<h1>T</h1><p>A <strong>sidekick</strong>.</p>')).toEqual([]);
    expect(definedTerms('<div data-pagefind-body><p>A <strong>sidekick</strong>.</p></div>')).toEqual([]);
    expect(definedTerms('<div data-pagefind-body><h1>T</h1><div>No paragraph.</div></div>')).toEqual([]);
    // The indexed content may start the text.
    expect(definedTerms('data-pagefind-body><h1>T</h1><p>A <strong>sidekick</strong>.</p>')).toEqual(['sidekick']);
  });
});

describe('prepareForIndex', () => {
  it('weights a hub title, adds its kind, synonyms and weighted description', () => {
    expect(
      prepareForIndex(
        '<head><meta data-rh=true name="description" data-x=y content="All about it."></head><div data-pagefind-body><h1 class=t>Credentials</h1><p>Text.</p></div>',
        {url: '/docs/creds/', hasChildren: true},
      ),
    ).toBe(
      '<head><meta data-rh=true name="description" data-x=y content="All about it."></head> <div data-pagefind-body> <h1 data-pagefind-weight="10" class=t>Credentials</h1><span data-pagefind-meta="kind:hub"></span><span data-pagefind-filter="kind:hub"></span><span data-pagefind-weight="8" hidden>api key</span> <p data-pagefind-weight="4">All about it.</p> <p>Text.</p></div>',
    );
  });

  it('reads the title without its tags and white space, and adds the terms the page defines', () => {
    expect(
      prepareForIndex(
        '<div data-pagefind-body><h1> <b>Answer ChatAnthropic</b> </h1><p>It is the <strong>answer</strong> build.</p></div>',
        {url: '/sidekick-studio/nodes/chat/answer'},
      ),
    ).toBe(
      ' <div data-pagefind-body> <h1 data-pagefind-weight="6"> <b>Answer ChatAnthropic</b> </h1><span data-pagefind-meta="kind:variant"></span><span data-pagefind-filter="kind:variant"></span> <p data-pagefind-weight="6" data-pagefind-meta="defines">answer</p> <p>It is the <strong>answer</strong> build.</p></div>',
    );
  });

  it('weights an API operation page less, with its method and endpoint', () => {
    expect(
      prepareForIndex(
        '<meta name=description content="Gets a thing."><div data-pagefind-body><h1>Get credential</h1><div class="openapi__method-endpoint"><span>GET</span><h2>/credentials/{id}</h2></div></div>',
        {url: '/docs/api/credentials/get'},
      ),
    ).toBe(
      '<meta name=description content="Gets a thing."> <div data-pagefind-body> <h1 data-pagefind-weight="7">Get credential</h1><span data-pagefind-meta="kind:api-op"></span><span data-pagefind-meta="method:GET"></span><span data-pagefind-meta="endpoint:/api/v1/credentials/{id}"></span><span data-pagefind-filter="kind:api-op"></span><span data-pagefind-weight="5" hidden>api key /api/v1/credentials/{id} api v1 credentials id</span> <p data-pagefind-weight="3">Gets a thing.</p> <div class="openapi__method-endpoint"><span>GET</span> <h2>/credentials/{id}</h2></div></div>',
    );
  });

  it('adds no description nor terms to a page without them, and is a doc by default', () => {
    expect(prepareForIndex('data-pagefind-body><h1>Intro</h1><p>x</p>')).toBe(
      'data-pagefind-body> <h1 data-pagefind-weight="8">Intro</h1><span data-pagefind-meta="kind:doc"></span><span data-pagefind-filter="kind:doc"></span> <p>x</p>',
    );
    expect(prepareForIndex('<div data-pagefind-body><h1>Post</h1></div>', {url: '/blog/post'})).toBe(
      ' <div data-pagefind-body> <h1 data-pagefind-weight="6">Post</h1><span data-pagefind-meta="kind:blog"></span><span data-pagefind-filter="kind:blog"></span></div>',
    );
  });

  it('returns a page unchanged without indexed content or a whole title in it', () => {
    for (const html of [
      '<h1>Site</h1><p>No body.</p>',
      '<h1>Site</h1><div data-pagefind-body><p>No title.</p></div>',
      '<div data-pagefind-body><H1>Shouting</h1></div>',
      '<div data-pagefind-body><h1>Unclosed title',
    ]) {
      expect(prepareForIndex(html)).toBe(html);
    }
  });
});

describe('pageUrlOf', () => {
  it('gives a folder index its folder, with the slash, and any other page its name without .html', () => {
    expect(pageUrlOf('index.html')).toBe('/');
    expect(pageUrlOf('docs/intro/index.html')).toBe('/docs/intro/');
    expect(pageUrlOf('404.html')).toBe('/404');
    expect(pageUrlOf('docs/intro.html')).toBe('/docs/intro');
  });

  it('drops only a whole index.html segment', () => {
    expect(pageUrlOf('docs/aindex.html')).toBe('/docs/aindex');
    expect(pageUrlOf('aindex.html')).toBe('/aindex');
  });
});

describe('buildIndex', () => {
  it('indexes the pages with indexed content, at their folder or file paths, folders with pages below them as hubs', async () => {
    const site = build({
      'index.html': page('Welcome'),
      'docs/index.html': page('Docs'),
      'docs/guide.html': page('Guide'),
      'docs/guide-extra.html': page('Extra'),
      'docs/leaf/index.html': page('Leaf'),
      'docs/index.html.bak/page.html': page('Backup'),
      'unlisted.html': '<html><body><h1>Unlisted</h1><p>Body unlistedword.</p></body></html>',
      'notes.txt': page('Notes'),
    });
    expect(await buildIndex(site)).toBe(6);
    const table = JSON.parse(readFileSync(path.join(site, 'pagefind/ranking-table.json'), 'utf8'));
    expect(Object.values(table).sort()).toEqual([
      ['Backup', 'doc', 3],
      ['Docs', 'hub', 1],
      ['Extra', 'doc', 2],
      ['Guide', 'doc', 2],
      ['Leaf', 'doc', 2],
      ['Welcome', 'hub', 0],
    ]);
    const {engine, restore} = await loadBuiltEngine(site);
    try {
      const {results} = await engine.search(null, {filters: {kind: {any: pageKinds}}});
      const urls = await Promise.all(
        results.map(async (result: {data: () => Promise<{url: string}>}) => (await result.data()).url),
      );
      expect(urls.sort()).toEqual([
        '/',
        '/docs/',
        '/docs/guide',
        '/docs/guide-extra',
        '/docs/index.html.bak/page',
        '/docs/leaf/',
      ]);
      expect((await engine.search('unlistedword')).results).toEqual([]);
      expect((await engine.search('notesword')).results).toEqual([]);
    } finally {
      restore();
    }
  }, 60_000);

  it('keeps navigation, cards, anchors and excluded blocks out of the index', async () => {
    const site = build({
      'guide.html': page(
        'Guide',
        '<nav>zebranav</nav><div class="pagination-nav">zebrapagination</div><div class="theme-doc-toc-mobile">zebratoc</div><div class="theme-doc-footer">zebrafooter</div><div class="theme-doc-breadcrumbs">zebracrumbs</div><div class="card">zebracard</div><a class="hash-link">zebrahash</a><div data-search-exclude>zebraexclude</div>',
      ),
    });
    expect(await buildIndex(site)).toBe(1);
    const {engine, restore} = await loadBuiltEngine(site);
    try {
      const found: Record<string, number> = {};
      for (const word of [
        'guideword',
        'zebranav',
        'zebrapagination',
        'zebratoc',
        'zebrafooter',
        'zebracrumbs',
        'zebracard',
        'zebrahash',
        'zebraexclude',
      ]) {
        found[word] = (await engine.search(word)).results.length;
      }
      expect(found).toEqual({
        guideword: 1,
        zebranav: 0,
        zebrapagination: 0,
        zebratoc: 0,
        zebrafooter: 0,
        zebracrumbs: 0,
        zebracard: 0,
        zebrahash: 0,
        zebraexclude: 0,
      });
    } finally {
      restore();
    }
  }, 60_000);

  it('rejects when no page is marked data-pagefind-body', async () => {
    const site = build({'index.html': '<html><body><h1>Home</h1></body></html>'});
    await expect(buildIndex(site)).rejects.toThrow(new Error(`no page of ${site} is marked data-pagefind-body`));
  }, 60_000);

  it('rejects when the ranking table does not hold every indexed page', async () => {
    // Both files are indexed at /docs/a/, which the index holds once.
    const site = build({'docs/a/index.html': page('A'), 'docs/a/.html': page('B')});
    await expect(buildIndex(site)).rejects.toThrow(new Error('the ranking table holds 1 pages of the 2 indexed'));
  }, 60_000);

  it('run as a command, prints the count of indexed pages, or the problem and exits with status 1', async () => {
    const script = path.resolve('plugins/search/build-index.mjs');
    const site = build({'a.html': page('A'), 'b/index.html': page('B')});
    const empty = build({'a.html': '<p>x</p>'});
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    process.argv = [process.argv[0], script, site];
    vi.resetModules();
    await import('../../plugins/search/build-index.mjs');
    await vi.waitFor(() => expect(log).toHaveBeenCalled(), {timeout: 25_000, interval: 50});
    expect(log.mock.calls).toEqual([[`Search index: 2 pages indexed into ${path.join(site, 'pagefind')}`]]);
    globalThis.fetch = originalFetch;
    process.argv = [process.argv[0], script, empty];
    vi.resetModules();
    await import('../../plugins/search/build-index.mjs');
    await vi.waitFor(() => expect(exit).toHaveBeenCalled(), {timeout: 25_000, interval: 50});
    expect(error.mock.calls).toEqual([[`Search index: no page of ${empty} is marked data-pagefind-body`]]);
    expect(exit.mock.calls).toEqual([[1]]);
    expect(log.mock.calls).toHaveLength(1);
  }, 60_000);
});
