/**
 * Worker thread of the Markdown export (see render-pool.ts): receives a batch
 * of pages `{body, context}` as its `workerData`, renders each with
 * `mdxToMarkdown` and posts back `{markdown: string[]}`, or `{error: string}`
 * naming the page's file and the problem. Loads the TypeScript renderer with
 * jiti, as Docusaurus loads the site's configuration.
 */
const {parentPort, workerData} = require('node:worker_threads');
const jiti = require('jiti')(__filename);

const {mdxToMarkdown} = jiti('./mdx-to-markdown.ts');
try {
  parentPort.postMessage({markdown: workerData.map((page) => mdxToMarkdown(page.body, page.context))});
} catch (error) {
  parentPort.postMessage({error: error instanceof Error ? error.message : String(error)});
}
