/**
 * Build plugin: everything the site writes after Docusaurus has rendered the
 * pages, as one pipeline in a declared order. Docusaurus runs the `postBuild`
 * hooks of all plugins at the same time; one step that rewrites the HTML
 * while another reads it (the search index) could then read a page half
 * written and leave it out without an error. Here each step starts when the
 * one before has finished, and a failing step fails the build, naming itself.
 *
 * The steps (see {@link postBuildSteps}):
 * 1. HTML: each page names its route groups among its bundles (plugins/route-split);
 * 2. the Markdown twin of every docs page and blog post (plugins/markdown-export);
 * 3. `llms.txt` and `llms-full.txt`;
 * 4. the search index and its vocabulary (plugins/search), from the final HTML;
 * 5. the pages and `_redirects` file of the site's redirects (deploy/redirects.mjs);
 * 6. `_headers`, with the hashes of the final HTML's inline scripts (deploy/headers.mjs).
 *
 * The Markdown pages render on a worker thread from the moment the content is
 * loaded, while the site bundles; step 2 waits for them.
 */
import path from 'node:path';
import {existsSync, mkdirSync, writeFileSync} from 'node:fs';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {addGroupBundles} from '../route-split';
import {
  contentOfPlugins,
  exportPages,
  writeLlmsFiles,
  writeMarkdownTwins,
  type AllContent,
  type ExportPage,
} from '../markdown-export';
import {buildSearchIndex} from '../search';
import {headersFile, inlineScriptHashes} from '../../deploy/headers.mjs';
import {redirectPage, redirectPageFile, redirects, redirectsFile} from '../../deploy/redirects.mjs';

/** What the steps share: the build folder, the site and the pages of the Markdown export. */
export interface PostBuildContext {
  outDir: string;
  generatedFilesDir: string;
  /** The site's title, tagline, absolute origin and the site path of its favicon, from docusaurus.config.ts. */
  site: {title: string; tagline: string; url: string; icon?: string};
  /** The pages of the Markdown export, rendered on a worker thread. */
  pages: () => Promise<ExportPage[]>;
}

/** One step: its name, and what it does; it returns a line for the build's log. */
export interface PostBuildStep {
  name: string;
  run: (context: PostBuildContext) => Promise<string> | string;
}

/** The steps, in the order they run. */
export const postBuildSteps: readonly PostBuildStep[] = [
  {
    name: 'route groups in the HTML',
    run: ({outDir, generatedFilesDir}) => `${addGroupBundles(outDir, generatedFilesDir)} pages`,
  },
  {
    name: 'Markdown twins',
    run: async ({outDir, pages}) => `${writeMarkdownTwins(outDir, await pages()).length} files`,
  },
  {
    name: 'llms.txt and llms-full.txt',
    run: async ({outDir, site, pages}) => {
      writeLlmsFiles(outDir, site, await pages());
      return `${(await pages()).length} pages`;
    },
  },
  {
    name: 'search index',
    run: async ({outDir}) => `${await buildSearchIndex(outDir)} pages indexed`,
  },
  {
    name: 'redirects',
    run: ({outDir, site}) => {
      for (const redirect of redirects) {
        const file = path.join(outDir, redirectPageFile(redirect));
        if (existsSync(file)) {
          throw new Error(
            `${redirect.from} has a page of its own (${file}); remove its redirect from deploy/redirects.mjs`,
          );
        }
        mkdirSync(path.dirname(file), {recursive: true});
        writeFileSync(file, redirectPage(redirect, site));
      }
      writeFileSync(path.join(outDir, '_redirects'), redirectsFile());
      return `${redirects.length} pages`;
    },
  },
  {
    name: '_headers',
    run: ({outDir}) => {
      const hashes = inlineScriptHashes(outDir);
      writeFileSync(path.join(outDir, '_headers'), headersFile(hashes));
      return `${hashes.length} inline script hashes`;
    },
  },
];

/**
 * Runs the steps one after another.
 * @param log where each step's line goes.
 * @throws Error naming the step that failed, with its error.
 */
export async function runPostBuild(
  steps: readonly PostBuildStep[],
  context: PostBuildContext,
  log: (line: string) => void = console.log,
): Promise<void> {
  for (const [index, step] of steps.entries()) {
    const started = performance.now();
    let line: string;
    try {
      line = await step.run(context);
    } catch (error) {
      throw new Error(`Post-build step ${index + 1} (${step.name}) failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
    log(
      `[post-build] ${index + 1}/${steps.length} ${step.name}: ${line} (${Math.round(performance.now() - started)} ms)`,
    );
  }
}

export default function postBuildPlugin(context: LoadContext): Plugin {
  const {siteDir, siteConfig, generatedFilesDir} = context;
  const siteUrl = siteConfig.url.replace(/\/$/, '');
  let rendering: Promise<ExportPage[]> | undefined;
  return {
    name: 'post-build',
    // In a production build the Markdown pages render on a worker thread while the site bundles.
    async allContentLoaded({allContent}) {
      if (process.env.NODE_ENV !== 'production') return;
      rendering = exportPages(siteDir, siteUrl, allContent as AllContent);
      // A failure is reported by the step that awaits the same promise.
      rendering.catch(() => undefined);
    },
    async postBuild({outDir, plugins}) {
      const pages = () => (rendering ??= exportPages(siteDir, siteUrl, contentOfPlugins(plugins)));
      await runPostBuild(postBuildSteps, {
        outDir,
        generatedFilesDir,
        site: {
          title: siteConfig.title,
          tagline: siteConfig.tagline,
          url: siteConfig.url,
          icon: siteConfig.favicon === undefined ? undefined : siteConfig.baseUrl + siteConfig.favicon,
        },
        pages,
      });
    },
  };
}
