// @ts-check
/**
 * Which pages of this site a change of the product touches: a node's page (or the line of a category page that
 * lists it), the API operation pages of a route (generated from `api-specs/<group>.yaml`), and the guides that
 * mention an environment variable or a route.
 *
 * The site is read from its sources, never from a build: the node pages' `node.name` and the category pages'
 * `node_category`/`node_summaries` frontmatter (gray-matter), the OpenAPI files' operations, and the text of every
 * page under `docs/`, `blog/` and `api-docs/` (hand-written pages only).
 */
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import YAML from 'yaml';

/** Where the node reference lives. */
export const nodesDocsDir = 'docs/using-answerai/sidekick-studio/nodes';
const methods = ['get', 'post', 'put', 'patch', 'delete', 'head'];

/**
 * @typedef {{file: string, route: string}} PageRef
 * @typedef {{method: string, path: string, file: string, route: string}} OperationRef
 * @typedef {object} SiteIndex
 * @property {Map<string, PageRef>} nodePages node name → its page
 * @property {Map<string, PageRef>} nodeLines node name → the category page with a line about it
 * @property {Map<string, PageRef>} categoryPages product category → the category's page
 * @property {OperationRef[]} operations every API operation page, with the server path it documents
 * @property {Array<PageRef & {text: string}>} texts every hand-written page and OpenAPI file, with its text
 */

/**
 * Every file under a folder with one of the extensions, relative to `siteDir`, sorted.
 * @param {string} siteDir
 * @param {string} dir
 * @param {RegExp} pattern
 * @returns {string[]}
 */
function walk(siteDir, dir, pattern) {
  const root = path.join(siteDir, dir);
  if (!existsSync(root)) return [];
  return readdirSync(root, {recursive: true, withFileTypes: true})
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => path.relative(siteDir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * The route of a docs or blog source file.
 * @param {string} file
 * @param {Record<string, unknown>} data its frontmatter
 */
export function routeOf(file, data) {
  if (file.startsWith('blog/'))
    return `/blog/${String(
      data.slug ??
        path.posix
          .basename(file)
          .replace(/\.mdx?$/, '')
          .replace(/^\d{4}-\d{2}-\d{2}-/, ''),
    )}`;
  const base = file.startsWith('api-docs/') ? '/docs/api' : '/docs';
  const relative = file.replace(/^(api-docs|docs)\//, '').replace(/\.mdx?$/, '');
  if (typeof data.slug === 'string')
    return data.slug.startsWith('/')
      ? `${base}${data.slug === '/' ? '' : data.slug}`
      : `${base}/${path.posix.join(path.posix.dirname(relative), data.slug)}`;
  const clean = relative.replace(/(^|\/)index$/, '');
  return clean ? `${base}/${clean}` : base;
}

/**
 * `{id}` → `:id`, the server's path syntax.
 * @param {string} apiPath
 */
function serverPath(apiPath) {
  return apiPath.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * kebab-case of an operationId, as the OpenAPI plugin names its pages.
 * @param {string} operationId
 */
export function pageSlug(operationId) {
  return operationId
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[\s_]+/g, '-')
    .toLowerCase();
}

/**
 * Reads the site's sources.
 * @param {string} siteDir the site's root folder
 * @param {{nodes: Array<{name: string, category: string}>, apiPrefix?: string | null}} facts the nodes of the pack the
 *   site documents (for each node page's category) and the server's API prefix
 * @returns {SiteIndex}
 */
export function siteIndex(siteDir, facts) {
  const prefix = facts.apiPrefix ?? '/api/v1';
  const categoryOf = new Map(facts.nodes.map((node) => [node.name, node.category]));
  /** @type {Map<string, PageRef>} */
  const nodePages = new Map();
  /** @type {Map<string, PageRef>} */
  const nodeLines = new Map();
  /** @type {Map<string, PageRef>} */
  const categoryPages = new Map();
  /** @type {Array<PageRef & {text: string}>} */
  const texts = [];
  const pages = [
    ...walk(siteDir, 'docs', /\.mdx?$/),
    ...walk(siteDir, 'blog', /\.mdx?$/),
    ...walk(siteDir, 'api-docs', /\.mdx?$/).filter((file) => !/^api-docs\/[\w-]+\/.+\.api\.mdx$/.test(file)),
  ];
  for (const file of pages) {
    const text = readFileSync(path.join(siteDir, file), 'utf8');
    const {data} = matter(text);
    const page = {file, route: routeOf(file, data)};
    texts.push({...page, text});
    if (!file.startsWith(`${nodesDocsDir}/`)) continue;
    const name = data?.node?.name;
    if (typeof name === 'string') {
      nodePages.set(name, page);
      const category = categoryOf.get(name);
      const index = `${path.posix.dirname(file)}/index.mdx`;
      if (category && !categoryPages.has(category) && existsSync(path.join(siteDir, index))) {
        categoryPages.set(category, {file: index, route: routeOf(index, {})});
      }
    }
    if (typeof data?.node_category === 'string') categoryPages.set(data.node_category, page);
    for (const listed of Object.keys(data?.node_summaries ?? {})) nodeLines.set(listed, page);
  }
  /** @type {OperationRef[]} */
  const operations = [];
  for (const file of walk(siteDir, 'api-specs', /\.ya?ml$/)) {
    const text = readFileSync(path.join(siteDir, file), 'utf8');
    texts.push({file, route: '', text});
    const spec = YAML.parse(text);
    const group = path.posix.basename(file).replace(/\.ya?ml$/, '');
    for (const [apiPath, item] of Object.entries(spec?.paths ?? {})) {
      for (const method of methods) {
        const operation = /** @type {Record<string, {operationId?: string}>} */ (item)[method];
        if (!operation?.operationId) continue;
        operations.push({
          method: method.toUpperCase(),
          path: `${prefix}${serverPath(apiPath)}`.replace(/\/$/, ''),
          file,
          route: `/docs/api/${group}/${pageSlug(operation.operationId)}`,
        });
      }
    }
  }
  return {nodePages, nodeLines, categoryPages, operations, texts};
}

/**
 * The pages about a node: its page, or the category page that lists it; for a node without either, the page of
 * its category (where a new page belongs).
 * @param {SiteIndex} index
 * @param {{name: string, category?: string}} node
 * @returns {{page?: PageRef, listedOn?: PageRef, category?: PageRef}}
 */
export function pagesForNode(index, node) {
  return {
    ...(index.nodePages.has(node.name) ? {page: index.nodePages.get(node.name)} : {}),
    ...(index.nodeLines.has(node.name) ? {listedOn: index.nodeLines.get(node.name)} : {}),
    ...(node.category && index.categoryPages.has(node.category)
      ? {category: index.categoryPages.get(node.category)}
      : {}),
  };
}

/**
 * The regular expression that finds a server path in a page: `:param` segments match `{param}`, `:param`, `<param>`
 * or a concrete value.
 * @param {string} routePath
 */
function routePattern(routePath) {
  const parts = routePath
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^\\s/"\'`)?]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`${parts.join('/')}(?=$|[\\s"'\`)?#/]|\\.(?!\\w))`, 'm');
}

/**
 * The pages about a route: the API operation pages that document it, and the other pages and OpenAPI files whose
 * text names its path.
 * @param {SiteIndex} index
 * @param {{method: string, path: string}} route
 * @returns {{operations: OperationRef[], guides: PageRef[]}}
 */
export function pagesForRoute(index, route) {
  const operations = index.operations.filter(
    (operation) => operation.path === route.path && (route.method === 'USE' || operation.method === route.method),
  );
  const pattern = routePattern(route.path);
  const guides = index.texts
    .filter((page) => pattern.test(page.text) && !operations.some((operation) => operation.file === page.file))
    .map(({file, route: pageRoute}) => ({file, route: pageRoute}));
  return {operations, guides};
}

/**
 * The pages that name an environment variable.
 * @param {SiteIndex} index
 * @param {string} name
 * @returns {PageRef[]}
 */
export function pagesForVariable(index, name) {
  const pattern = new RegExp(`(?<![\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`);
  return index.texts.filter((page) => pattern.test(page.text)).map(({file, route}) => ({file, route}));
}
