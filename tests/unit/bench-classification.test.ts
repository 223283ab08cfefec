import {describe, expect, it} from 'vitest';
import {resourceKind} from '../../lib/bench/page-weight.mjs';
import {isSearchResponse} from '../../lib/bench/search-bench.mjs';

describe('page weight: what counts as a page type’s JavaScript and CSS', () => {
  it('counts documents, scripts and stylesheets as the page’s own', () => {
    expect(resourceKind('document', 'text/html; charset=utf-8', 'http://site/docs/intro')).toBe('html');
    expect(resourceKind('script', 'application/javascript', 'http://site/assets/js/main.1.js')).toBe('js');
    expect(resourceKind('stylesheet', 'text/css', 'http://site/assets/css/styles.1.css')).toBe('css');
  });

  it('reports prefetched chunks of other routes apart', () => {
    expect(resourceKind('other', 'application/javascript', 'http://site/assets/js/a/1.js')).toBe('prefetch');
  });

  it('reports the search engine the page preloads apart, whatever its resource type', () => {
    expect(resourceKind('script', 'application/javascript', 'http://site/pagefind/pagefind.js')).toBe('search');
    expect(resourceKind('fetch', 'application/wasm', 'http://site/pagefind/wasm.en.pagefind')).toBe('search');
    // Only Pagefind's folder, not a page whose path merely contains the word.
    expect(resourceKind('script', 'application/javascript', 'http://site/docs/pagefind/x.js')).toBe('js');
  });
});

describe('search bench: what counts as the search’s bytes', () => {
  it('counts every file of Pagefind’s folder, before or after the page hydrated', () => {
    expect(isSearchResponse('http://site/pagefind/pagefind.js', 'script', false)).toBe(true);
    expect(isSearchResponse('http://site/pagefind/fragment/en_1.pf_fragment', 'fetch', true)).toBe(true);
  });

  it('counts scripts only once the page has hydrated (the dialog’s chunks), never the page’s own', () => {
    expect(isSearchResponse('http://site/assets/js/a/27101.js', 'script', true)).toBe(true);
    expect(isSearchResponse('http://site/assets/js/main.1.js', 'script', false)).toBe(false);
    expect(isSearchResponse('http://site/assets/css/styles.css', 'stylesheet', true)).toBe(false);
  });
});
