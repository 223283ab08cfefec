import type {Browser} from '@playwright/test';

/** Raw and gzip sizes in bytes. */
export interface Weight {
  raw: number;
  gzip: number;
}

/** What a first visit loads, by kind (see page-weight.mjs). */
export interface PageWeight {
  html: Weight;
  css: Weight;
  js: Weight;
  prefetch: Weight;
  search: Weight;
  other: Weight;
  files: Array<{url: string; kind: string; raw: number; gzip: number}>;
}

export declare function resourceKind(
  resourceType: string,
  contentType: string,
  url?: string,
): 'html' | 'css' | 'js' | 'prefetch' | 'search' | 'other';
export declare function measurePage(browser: Browser, url: string): Promise<PageWeight>;
export {chromiumLaunchOptions} from '../chromium.mjs';
