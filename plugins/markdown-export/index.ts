/**
 * The Markdown export, steps of the post-build pipeline (plugins/post-build):
 * a Markdown twin of every docs page and blog post next to its HTML
 * (`/docs/intro` → `build/docs/intro.md`), plus `llms.txt` (an index of every
 * page, following the llms.txt convention) and `llms-full.txt` (every page's
 * Markdown, concatenated).
 *
 * Sources: the docs plugins' and the blog plugin's loaded content (titles,
 * descriptions, permalinks, source files); API operation pages are rendered
 * from their OpenAPI file rather than their generated MDX. In a production
 * build the pages render on a worker thread (render-pool.ts) from the moment
 * the content is loaded, while the site bundles.
 */
import {readFileSync, readdirSync, writeFileSync, mkdirSync} from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import {renderAll, type RenderJob} from './render-pool';
import {markdownPath} from '../../lib/markdown-url';
import {kebab, listOperations, loadSpec, renderOperation} from '../../lib/openapi-markdown.mjs';

/** One page of the export. */
export interface ExportPage {
  title: string;
  description: string;
  permalink: string;
  /** Section heading in llms.txt. */
  section: string;
  markdown: string;
}

interface DocLike {
  id: string;
  title: string;
  description: string;
  permalink: string;
  source: string;
  frontMatter: Record<string, unknown>;
}

/** Section of llms.txt a docs permalink belongs to, by its first path segment. */
const sections: Array<[RegExp, string]> = [
  [/^\/docs\/(intro|use-cases)/, 'Getting started'],
  [/^\/docs\/using-answerai\/sidekick-studio\/nodes/, 'Node reference'],
  [/^\/docs\/using-answerai/, 'Using AnswerAI'],
  [/^\/docs\/developers/, 'Developers'],
  [/^\/docs\/api/, 'API reference'],
  [/^\/docs\/integrations/, 'Integrations'],
  [/^\/docs\/postlaunch/, 'Post-launch'],
  [/^\/docs\/user-guides/, 'User guides'],
  [/^\/docs\/community/, 'Community'],
  [/^\/blog/, 'Blog'],
];

export function sectionOf(permalink: string): string {
  return sections.find(([pattern]) => pattern.test(permalink))?.[1] ?? 'Other';
}

function resolveSource(siteDir: string, source: string): string {
  return path.join(siteDir, source.replace(/^@site\//, ''));
}

/** Index of the API operations by page id (`<group>/<slug>`), from api-specs/, their `$ref`s resolved. */
async function loadApiOperations(siteDir: string): Promise<Map<string, string>> {
  const dir = path.join(siteDir, 'api-specs');
  const byId = new Map<string, string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml'))) {
    const group = file.replace(/\.yaml$/, '');
    const spec = await loadSpec({file: path.join(dir, file)});
    const operations = listOperations(spec);
    byId.set(
      `${group}/${group}-api`,
      [
        String(spec.info?.description ?? '').trim(),
        '',
        ...operations.map(
          (entry: {method: string; route: string; op: {summary?: string; operationId: string}}) =>
            `- \`${entry.method.toUpperCase()} ${entry.route}\`: ${entry.op.summary ?? entry.op.operationId}`,
        ),
      ].join('\n'),
    );
    for (const entry of operations) {
      byId.set(`${group}/${kebab(entry.op.operationId)}`, renderOperation(entry, {headingLevel: 0}));
    }
  }
  return byId;
}

/** Builds the llms.txt index. */
export function llmsIndex(siteTitle: string, summary: string, siteUrl: string, pages: readonly ExportPage[]): string {
  const lines = [
    `# ${siteTitle}`,
    '',
    `> ${summary}`,
    '',
    `Every page is also available as Markdown at its URL with \`.md\` appended; ${siteUrl}/llms-full.txt holds all of them in one file.`,
  ];
  const order = [...new Set([...sections.map(([, name]) => name), 'Other'])];
  for (const section of order) {
    const inSection = pages.filter((page) => page.section === section);
    if (inSection.length === 0) continue;
    lines.push('', `## ${section}`, '');
    for (const page of inSection) {
      lines.push(`- [${page.title}](${siteUrl}${markdownPath(page.permalink)}): ${page.description}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The loaded content of the docs and blog plugins, by plugin name and id, as Docusaurus passes it to plugins. */
export type AllContent = Record<string, Record<string, unknown> | undefined>;

/**
 * Renders the Markdown of every docs page and blog post, on a worker thread.
 * @param allContent the plugins' loaded content (docs: `loadedVersions[].docs`; blog: `blogPosts`).
 * @throws Error naming the page's file when a page cannot be rendered (bad MDX, node facts that disagree).
 */
export async function exportPages(siteDir: string, siteUrl: string, allContent: AllContent): Promise<ExportPage[]> {
  const apiOperations = await loadApiOperations(siteDir);
  const docs: DocLike[] = Object.values(allContent['docusaurus-plugin-content-docs'] ?? {}).flatMap((content) =>
    (content as {loadedVersions: Array<{docs: DocLike[]}>}).loadedVersions.flatMap((version) => version.docs),
  );
  const entries: Array<Omit<ExportPage, 'markdown'> & RenderJob> = docs.map((doc) => {
    const file = resolveSource(siteDir, doc.source);
    const isGeneratedApi = /\.(api|info|tag)\.mdx$/.test(file);
    const {content} = matter(readFileSync(file, 'utf8'));
    const prefix = doc.permalink.endsWith('/') ? doc.permalink : `${doc.permalink}/`;
    const children = docs
      .filter((other) => other !== doc && other.permalink.startsWith(prefix))
      .filter((other) => !other.permalink.slice(prefix.length).replace(/\/$/, '').includes('/'))
      .map((other) => ({title: other.title, url: `${siteUrl}${other.permalink}`, description: other.description}));
    return {
      title: doc.title,
      description: doc.description,
      permalink: doc.permalink,
      section: sectionOf(doc.permalink),
      body: isGeneratedApi ? (apiOperations.get(doc.id) ?? '') : content,
      context: {
        title: doc.title,
        description: doc.description,
        frontMatter: doc.frontMatter,
        children,
        path: file,
        siteUrl,
        format: isGeneratedApi ? 'md' : 'mdx',
      },
    };
  });
  for (const content of Object.values(allContent['docusaurus-plugin-content-blog'] ?? {})) {
    const {blogPosts} = content as {
      blogPosts: Array<{metadata: {title: string; description: string; permalink: string; source: string}}>;
    };
    for (const {metadata} of blogPosts) {
      const file = resolveSource(siteDir, metadata.source);
      entries.push({
        title: metadata.title,
        description: metadata.description,
        permalink: metadata.permalink,
        section: 'Blog',
        body: matter(readFileSync(file, 'utf8')).content,
        context: {title: metadata.title, description: metadata.description, siteUrl, path: file},
      });
    }
  }
  const markdown = await renderAll(entries);
  return entries
    .map(({title, description, permalink, section}, index) => ({
      title,
      description,
      permalink,
      section,
      markdown: markdown[index],
    }))
    .sort((a, b) => a.permalink.localeCompare(b.permalink));
}

/** The loaded content of the docs and blog plugins, as postBuild's `plugins` hold it. */
export function contentOfPlugins(
  plugins: ReadonlyArray<{name: string; options: {id?: string}; content: unknown}>,
): AllContent {
  return Object.fromEntries(
    ['docusaurus-plugin-content-docs', 'docusaurus-plugin-content-blog'].map((name) => [
      name,
      Object.fromEntries(plugins.filter((p) => p.name === name).map((p) => [p.options.id, p.content])),
    ]),
  );
}

/**
 * Writes each page's Markdown twin next to its HTML (`/docs/intro` → `docs/intro.md`).
 * @returns the paths written, relative to `outDir`.
 */
export function writeMarkdownTwins(outDir: string, pages: readonly ExportPage[]): string[] {
  return pages.map((page) => {
    const relative = markdownPath(page.permalink);
    const target = path.join(outDir, relative);
    mkdirSync(path.dirname(target), {recursive: true});
    writeFileSync(target, page.markdown);
    return relative;
  });
}

/** Writes `llms.txt` (the index of every page) and `llms-full.txt` (every page's Markdown). */
export function writeLlmsFiles(
  outDir: string,
  site: {title: string; tagline: string; url: string},
  pages: readonly ExportPage[],
): void {
  const siteUrl = site.url.replace(/\/$/, '');
  writeFileSync(path.join(outDir, 'llms.txt'), llmsIndex(site.title, site.tagline, siteUrl, pages));
  writeFileSync(path.join(outDir, 'llms-full.txt'), llmsFull(siteUrl, pages));
}

/** `llms-full.txt`: every page's Markdown with its source URL, separated by rules. */
export function llmsFull(siteUrl: string, pages: readonly ExportPage[]): string {
  return pages.map((page) => `${page.markdown}\nSource: ${siteUrl}${page.permalink}\n`).join('\n---\n\n');
}
