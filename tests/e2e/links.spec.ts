import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs';
import path from 'node:path';
import {load} from 'cheerio';
import {test, expect} from './fixtures';

const buildDir = path.join(__dirname, '..', '..', 'build');
const siteUrl = 'https://docs.theanswer.ai';

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith('.html'))
    .map((file) => path.join(dir, file));
}

/** The site path a built HTML file is served at. */
function routeOf(file: string): string {
  const relative = `/${path.relative(buildDir, file).split(path.sep).join('/')}`;
  return relative.replace(/index\.html$/, '').replace(/\.html$/, '');
}

/** The built file that serves a site path, or undefined. */
function fileFor(pathname: string): string | undefined {
  const local = path.join(buildDir, decodeURIComponent(pathname));
  const candidates = pathname.endsWith('/')
    ? [path.join(local, 'index.html')]
    : [local, `${local}.html`, path.join(local, 'index.html')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

const idCache = new Map<string, Set<string>>();
function idsOf(file: string): Set<string> {
  if (!idCache.has(file)) {
    const $ = load(readFileSync(file, 'utf8'));
    const ids = new Set<string>();
    $('[id]').each((_, el) => void ids.add($(el).attr('id') ?? ''));
    $('a[name]').each((_, el) => void ids.add($(el).attr('name') ?? ''));
    idCache.set(file, ids);
  }
  return idCache.get(file)!;
}

test.describe('links in the built HTML', () => {
  test('every internal link, anchor and asset resolves', () => {
    test.setTimeout(180_000);
    const files = htmlFiles(buildDir);
    expect(files.length).toBeGreaterThan(20);
    const failures = new Set<string>();
    for (const file of files) {
      const route = routeOf(file);
      const $ = load(readFileSync(file, 'utf8'));
      const refs: Array<[string, string]> = [];
      $('a[href], link[href]').each((_, el) => void refs.push([el.tagName, $(el).attr('href') ?? '']));
      $('script[src], img[src], source[src], iframe[src]').each(
        (_, el) => void refs.push([el.tagName, $(el).attr('src') ?? '']),
      );
      for (const [tag, raw] of refs) {
        if (raw === '' || raw === '#' || /^(mailto:|tel:|data:|javascript:)/.test(raw)) continue;
        const url = new URL(raw, `${siteUrl}${route}`);
        if (url.origin !== siteUrl) continue;
        const target = fileFor(url.pathname);
        if (!target) {
          failures.add(`${route}: <${tag}> ${raw} (no such file)`);
          continue;
        }
        const hash = decodeURIComponent(url.hash.slice(1));
        if (hash && target.endsWith('.html') && !idsOf(target).has(hash)) {
          failures.add(`${route}: <${tag}> ${raw} (no #${hash} on the target page)`);
        }
      }
    }
    expect([...failures]).toEqual([]);
  });
});
