/**
 * Renders the Markdown twins of the site's pages on a worker thread, so that
 * the export, whose cost grows with the number of pages, runs beside the
 * bundler (which keeps the main thread busy compiling MDX) instead of after it.
 */
import path from 'node:path';
import {Worker} from 'node:worker_threads';
import type {MarkdownContext} from './mdx-to-markdown';

/** A page to render: its MDX or Markdown body and the context `mdxToMarkdown` takes. */
export interface RenderJob {
  body: string;
  context: MarkdownContext;
}

/**
 * Renders every job's Markdown with `mdxToMarkdown` (mdx-to-markdown.ts) on one worker thread.
 * @param jobs the pages; each context must be plain data (it is copied to the worker).
 * @returns the Markdown of each job, in the jobs' order.
 * @throws Error with the renderer's message (which names the page's file) when a page fails.
 */
export function renderAll(jobs: readonly RenderJob[]): Promise<string[]> {
  return new Promise<string[]>((resolve, reject) => {
    const worker = new Worker(path.join(__dirname, 'render-worker.cjs'), {workerData: jobs});
    worker.once('message', (message: {markdown?: string[]; error?: string}) => {
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.markdown ?? []);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`Markdown export: the worker stopped with code ${code}`)));
  });
}
