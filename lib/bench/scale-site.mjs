/**
 * A copy of the site with N times its docs and blog posts, for measuring how
 * the site's costs grow with its size (`npm run bench -- --scale 5`).
 *
 * The copy lives in a temporary folder beside the site's own files (its
 * `node_modules` is linked, not copied). Copy k (2 … N) of the docs is the
 * whole `docs/` tree under `docs/copy-k/`, a category of its own in the docs
 * sidebar; each blog post gets N-1 copies with their own slugs. Pages keep
 * their text, so the search index grows as it would with real pages.
 */
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

/** Files and folders of the site that a build does not read, or that the copy makes anew. */
const skipped = new Set([
  'node_modules',
  'build',
  '.docusaurus',
  '.git',
  'test-results',
  'playwright-report',
  'bench-results',
  'screenshots',
  '.nginx',
]);

/** Rewrites a copied `_category_.json` so its doc links and generated index slugs point into the copy. */
function rewriteCategory(json, prefix) {
  const data = JSON.parse(json);
  if (data.link?.type === 'doc' && data.link.id) data.link.id = `${prefix}/${data.link.id}`;
  if (data.link?.type === 'generated-index' && data.link.slug) data.link.slug = `/${prefix}${data.link.slug}`;
  return JSON.stringify(data, null, 2);
}

/** Copies `from` into `to`, adapting what would collide with the original: slugs and category links. */
function copyDocs(from, to, prefix) {
  mkdirSync(to, {recursive: true});
  for (const entry of readdirSync(from)) {
    const source = path.join(from, entry);
    const target = path.join(to, entry);
    if (statSync(source).isDirectory()) copyDocs(source, target, prefix);
    else if (entry === '_category_.json') writeFileSync(target, rewriteCategory(readFileSync(source, 'utf8'), prefix));
    else if (/\.mdx?$/.test(entry)) writeFileSync(target, readFileSync(source, 'utf8').replace(/^slug: .*\n/m, ''));
    else cpSync(source, target);
  }
}

/**
 * Makes the scaled copy.
 * @param siteDir the site.
 * @param factor how many times the docs and blog posts (2 or more).
 * @returns the copy's folder; remove it with `rmSync(dir, {recursive: true})`.
 */
export function makeScaledSite(siteDir, factor) {
  if (!Number.isInteger(factor) || factor < 2)
    throw new Error(`scale: the factor must be an integer of 2 or more, not ${factor}`);
  const dir = mkdtempSync(path.join(tmpdir(), `answerai-scale-${factor}-`));
  // mkdtemp makes the folder private; the web server's workers must read its build.
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(siteDir)) {
    if (skipped.has(entry)) continue;
    cpSync(path.join(siteDir, entry), path.join(dir, entry), {recursive: true});
  }
  symlinkSync(path.join(siteDir, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const docs = path.join(dir, 'docs');
  const originals = readdirSync(docs);
  for (let k = 2; k <= factor; k += 1) {
    const prefix = `copy-${k}`;
    const target = path.join(docs, prefix);
    mkdirSync(target);
    for (const entry of originals) {
      const source = path.join(docs, entry);
      if (statSync(source).isDirectory()) copyDocs(source, path.join(target, entry), prefix);
      else if (/\.mdx?$/.test(entry))
        writeFileSync(path.join(target, entry), readFileSync(source, 'utf8').replace(/^slug: .*\n/m, ''));
    }
    writeFileSync(path.join(target, '_category_.json'), JSON.stringify({label: `Copy ${k}`, position: 100 + k}));
  }
  const blog = path.join(dir, 'blog');
  for (const post of readdirSync(blog).filter((file) => /^\d{4}-\d\d-\d\d-.*\.mdx?$/.test(file))) {
    const text = readFileSync(path.join(blog, post), 'utf8');
    for (let k = 2; k <= factor; k += 1) {
      const copy = text
        .replace(/^slug: (.*)$/m, `slug: $1-copy-${k}`)
        .replace(/^title: (.*)$/m, `title: $1 (copy ${k})`);
      writeFileSync(path.join(blog, post.replace(/(\.mdx?)$/, `-copy-${k}$1`)), copy);
    }
  }
  if (!existsSync(path.join(dir, 'docusaurus.config.ts'))) throw new Error(`scale: ${dir} is not a copy of the site`);
  return dir;
}

/** Removes a scaled copy. */
export function removeScaledSite(dir) {
  rmSync(dir, {recursive: true, force: true});
}
