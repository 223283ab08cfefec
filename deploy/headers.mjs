/**
 * The single source of the HTTP response headers of the production site.
 * `scripts/nginx.mjs` turns them into nginx `add_header` lines and
 * the post-build pipeline (plugins/post-build) into a `_headers` file for static hosts, so the
 * two cannot drift.
 */
import {createHash} from 'node:crypto';
import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';

/**
 * Origins the API explorer may send requests to when a reader presses "Send":
 * those of the API's servers, declared once in `config/api-servers.json`.
 */
export const apiOrigins = JSON.parse(readFileSync(new URL('../config/api-servers.json', import.meta.url), 'utf8')).map(
  (server) => new URL(server.url).origin,
);

/**
 * The Content-Security-Policy. Scripts: the site's own files plus the hashes
 * of the inline scripts Docusaurus writes into the HTML (colour mode,
 * announcement bar), and `'wasm-unsafe-eval'`, which lets the search engine
 * (Pagefind, served from `/pagefind/` like the site's own scripts) compile its
 * WebAssembly module; it allows compiling WebAssembly only, not JavaScript
 * `eval`. No `'unsafe-eval'`: nothing on the site evaluates code, the API
 * explorer's request body editor included (the OpenAPI theme's ran react-live,
 * which evaluated the body on every keystroke; src/theme/ApiExplorer/LiveEditor
 * replaces it; tests/e2e/api-explorer-csp.spec.ts checks it under this policy).
 * Workers: the search runs in a worker from the site's origin. Styles
 * allow inline style attributes, which React and the code highlighter set. No
 * third-party origin is allowed except the API for the explorer.
 * @param {string[]} scriptHashes base64 SHA-256 hashes of the inline scripts
 */
export function contentSecurityPolicy(scriptHashes) {
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' ${scriptHashes.map((hash) => `'sha256-${hash}'`).join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${apiOrigins.join(' ')}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/**
 * Security headers sent with every response.
 * @param {string[]} scriptHashes see contentSecurityPolicy()
 * @returns {Array<[string, string]>} header name and value pairs
 */
export function securityHeaders(scriptHashes) {
  return [
    ['Content-Security-Policy', contentSecurityPolicy(scriptHashes)],
    ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload'],
    ['X-Content-Type-Options', 'nosniff'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    [
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), browsing-topics=()',
    ],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
  ];
}

/** Cache-Control for content-hashed files: cached for a year, never revalidated. */
export const immutableCache = 'public, max-age=31536000, immutable';
/** Cache-Control for everything else (HTML, feeds, sitemap, llms.txt, search index): always revalidated. */
export const revalidateCache = 'public, max-age=0, must-revalidate';
/** URL prefix of Docusaurus' content-hashed bundles. */
export const hashedAssetsPrefix = '/assets/';

/**
 * Base64 SHA-256 hashes of every distinct inline script in the built HTML
 * (JSON-LD data blocks excluded: browsers do not execute them).
 * @param {string} buildDir the `build/` folder
 */
export function inlineScriptHashes(buildDir) {
  const hashes = new Set();
  for (const file of readdirSync(buildDir, {recursive: true, encoding: 'utf8'})) {
    if (!file.endsWith('.html')) continue;
    const html = readFileSync(path.join(buildDir, file), 'utf8');
    for (const match of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
      if (/ld\+json/.test(match[1])) continue;
      hashes.add(createHash('sha256').update(match[2]).digest('base64'));
    }
  }
  return [...hashes].sort();
}

/**
 * The `_headers` file (Netlify, Cloudflare Pages and similar hosts).
 * @param {string[]} scriptHashes see contentSecurityPolicy()
 */
export function headersFile(scriptHashes) {
  const security = securityHeaders(scriptHashes).map(([name, value]) => `  ${name}: ${value}`);
  return [
    '# Generated after the build (plugins/post-build) from deploy/headers.mjs: do not edit.',
    '/*',
    ...security,
    `  Cache-Control: ${revalidateCache}`,
    '',
    `${hashedAssetsPrefix}*`,
    `  Cache-Control: ${immutableCache}`,
    '',
  ].join('\n');
}

/**
 * nginx `add_header` lines for the security headers (`always`, so error
 * responses carry them too).
 * @param {string[]} scriptHashes see contentSecurityPolicy()
 */
export function nginxSecurityHeaders(scriptHashes) {
  return `${securityHeaders(scriptHashes)
    .map(([name, value]) => `add_header ${name} "${value}" always;`)
    .join('\n')}\n`;
}
