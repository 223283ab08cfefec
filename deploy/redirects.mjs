/**
 * The single source of the site's redirects: addresses that have no page of
 * their own and send the reader to the page that answers them.
 *
 * Three forms are made from this table, so they cannot drift:
 * - a small HTML page at the old address (`<from>/index.html`), written by the
 *   post-build pipeline (plugins/post-build), which any static host serves: it
 *   refreshes to the target at once, names it as canonical and links to it;
 * - a `_redirects` file (`from to 301` per line) for static hosts that read one;
 * - nginx `location` blocks answering 301, filled into deploy/nginx.conf by
 *   scripts/nginx.mjs.
 */

/**
 * @typedef {object} Redirect
 * @property {string} from the site path without a page, no trailing slash (`/docs`)
 * @property {string} to the site path of the page that answers it
 * @property {string} title what the target is, for the redirect page's title and link
 */

/** @type {readonly Redirect[]} */
export const redirects = [{from: '/docs', to: '/docs/intro', title: 'Getting started with AnswerAI'}];

/** Escapes text for an HTML attribute or element. */
function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * The HTML page written at a redirect's old address.
 * @param {Redirect} redirect
 * @param {{url: string, icon?: string}} site `url`: the site's absolute origin
 *   (`https://docs.example.com`), for the canonical link; `icon`: the site path of
 *   its favicon (`/img/favicon.svg`). A page without an icon link makes the browser
 *   ask for `/favicon.ico`, which the site does not have, and log a 404 before
 *   the refresh.
 * @returns {string} a complete HTML document, kept out of search engines' indexes
 */
export function redirectPage({to, title}, {url, icon}) {
  const target = escapeHtml(to);
  const canonical = escapeHtml(new URL(to, url).href);
  const iconLink = icon === undefined ? '' : `<link rel="icon" href="${escapeHtml(icon)}">\n`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
<meta name="robots" content="noindex">
<meta http-equiv="refresh" content="0; url=${target}">
<link rel="canonical" href="${canonical}">
${iconLink}</head>
<body>
<p>This page has moved to <a href="${target}">${escapeHtml(title)}</a>.</p>
</body>
</html>
`;
}

/**
 * The build-relative file of a redirect's page (`docs/index.html` for `/docs`).
 * @param {Redirect} redirect
 * @throws {Error} when `from` is not a site path without a trailing slash
 */
export function redirectPageFile({from}) {
  if (!/^\/[^?#]*[^/]$/.test(from)) {
    throw new Error(`Redirect "${from}": the old address must be a site path without a trailing slash.`);
  }
  return `${from.slice(1)}/index.html`;
}

/**
 * The addresses that answer with a permanent redirect: each old address with and without a trailing slash.
 * @returns {Array<[from: string, to: string]>}
 */
function permanentRedirects() {
  return redirects.flatMap(({from, to}) => [
    [from, to],
    [`${from}/`, to],
  ]);
}

/** The `_redirects` file of static hosts: one `from to 301` line per address of {@link permanentRedirects}. */
export function redirectsFile() {
  return permanentRedirects()
    .map(([from, to]) => `${from} ${to} 301\n`)
    .join('');
}

/** nginx `location` blocks that answer each address of {@link permanentRedirects} with a 301. */
export function nginxRedirects() {
  return permanentRedirects()
    .map(([from, to]) => `location = ${from} { return 301 ${to}; }`)
    .join('\n    ');
}
