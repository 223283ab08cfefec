import {describe, expect, it} from 'vitest';
import {renderAll} from '../../plugins/markdown-export/render-pool';
import {mdxToMarkdown} from '../../plugins/markdown-export/mdx-to-markdown';

const context = (title: string, file: string) => ({title, siteUrl: 'https://docs.example.com', path: file});

// Starting the worker compiles the renderer's TypeScript on its thread: seconds on a busy 2-core machine. The limit
// only catches a worker that never answers; nothing here measures time.
const workerTimeout = 120_000;

describe('the Markdown export on a worker thread', () => {
  it(
    'renders every page, in order, as the renderer does in this thread',
    async () => {
      const jobs = [
        {body: 'First page, with a [link](/docs/intro).', context: context('One', 'docs/one.mdx')},
        {body: ':::tip\n\nA tip.\n\n:::', context: context('Two', 'docs/two.mdx')},
      ];
      const markdown = await renderAll(jobs);
      expect(markdown).toEqual(jobs.map((job) => mdxToMarkdown(job.body, job.context)));
      expect(markdown[0]).toContain('https://docs.example.com/docs/intro');
    },
    workerTimeout,
  );

  it(
    'fails naming the page whose MDX is broken',
    async () => {
      await expect(
        renderAll([
          {body: 'Fine.', context: context('Fine', 'docs/fine.mdx')},
          {body: 'Broken <div', context: context('Bad', 'docs/bad.mdx')},
        ]),
      ).rejects.toThrow(/docs\/bad\.mdx/);
    },
    workerTimeout,
  );
});
