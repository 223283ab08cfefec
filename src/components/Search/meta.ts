/**
 * What the search index records about a page besides its text, written into
 * the static HTML as Pagefind attributes.
 */

/** The top-level section a path belongs to, for pages whose sidebar gives no trail (the API reference, the blog). */
const sectionNames: Array<[RegExp, string]> = [
  [/^\/docs\/api\//, 'API reference'],
  [/^\/blog\//, 'Blog'],
];

/**
 * The value of `data-pagefind-meta` that records a page's breadcrumbs, e.g.
 * `breadcrumbs:Developers › Deployment`. Pagefind reads `key:value` pairs,
 * separated by commas, so commas in labels are dropped.
 * @param permalink the page's path.
 * @param trail the labels of the sidebar categories above the page, outermost first.
 */
export function breadcrumbsMeta(permalink: string, trail: readonly string[]): string {
  const section = sectionNames.find(([pattern]) => pattern.test(permalink))?.[1];
  const labels = [...(section && trail[0] !== section ? [section] : []), ...trail];
  return `breadcrumbs:${labels.map((label) => label.replace(/,/g, '')).join(' › ')}`;
}
