import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {HtmlValidate} from 'html-validate';
import {parse, serialize} from 'parse5';
import {test, expect} from './fixtures';
import {readRoutes} from '../routes';

const buildDir = path.join(__dirname, '..', '..', 'build');

/**
 * html-validate's rules of the HTML standard (its `standard` preset), on each
 * page as the browser parses it ({@link asParsed}), with two content models
 * widened for markup that Docusaurus and the OpenAPI theme write on purpose.
 * Nothing else is switched off.
 */
const validator = new HtmlValidate({
  elements: [
    'html5',
    {
      // Docusaurus code blocks render one <div class="token-line"> per line inside <code>.
      code: {permittedContent: ['@phrasing', 'div']},
      // The OpenAPI theme's method/path banner puts the path heading inside <pre>.
      pre: {permittedContent: ['@phrasing', 'h2']},
    },
  ],
  extends: ['html-validate:standard'],
});

/** The built file of a route. */
function fileOf(route: string): string {
  return path.join(buildDir, route.split('?')[0], 'index.html');
}

/**
 * A page as the browser parses it, written out with every end tag. The
 * minifier leaves out the end tags HTML lets it omit (`</p>`, `</td>`,
 * `</tr>`); html-validate's parser does not close elements as browsers do
 * (a `<p>` in a `<th>` would stay open across the next `<td>`), so the
 * minified file would give false errors. Parsing with parse5, which follows
 * the HTML standard, keeps every real error: a `<p>` inside an `<h3>` stays
 * inside it.
 */
function asParsed(html: string): string {
  return serialize(parse(html));
}

/** Every HTML file of the build (pages, the not-found page, redirect pages), relative to the build folder. */
const builtPages = readdirSync(buildDir, {recursive: true, encoding: 'utf8'})
  .filter((file) => file.endsWith('.html'))
  .sort();

/**
 * The pages are checked in shards, so that Playwright's workers share the
 * work: html-validate takes about half a second per page on one core.
 */
const shards = 8;

test.describe('valid HTML and metadata', () => {
  test('the check finds a paragraph in a heading, and no error in cells whose end tags are left out', async () => {
    const page = (body: string) =>
      asParsed(`<!doctype html><html lang=en><head><title>t</title></head><body><main>${body}</main></body></html>`);
    const rules = async (body: string) =>
      (await validator.validateString(page(body), 'fixture.html')).results.flatMap((r) =>
        r.messages.map((m) => m.ruleId),
      );
    expect(await rules('<h3 id=a><p>Paragraph</h3>')).toEqual(['element-permitted-content']);
    expect(await rules('<table><tr><th><p>Type:<td><p>http<tr><th><p>Scheme:<td><p>bearer</table>')).toEqual([]);
  });

  test('the build has its pages', () => {
    expect(builtPages.length).toBeGreaterThan(readRoutes().length - 10);
  });

  for (let shard = 0; shard < shards; shard += 1) {
    test(`built pages, shard ${shard + 1} of ${shards}, are valid HTML`, async () => {
      // Up to 60 pages at up to two seconds each while the other worker runs Chromium.
      test.setTimeout(240_000);
      const errors: string[] = [];
      for (const file of builtPages.filter((_, index) => index % shards === shard)) {
        const report = await validator.validateString(asParsed(readFileSync(path.join(buildDir, file), 'utf8')), file);
        for (const message of report.results.flatMap((result) => result.messages)) {
          if (message.severity === 2) errors.push(`${file}:${message.line} ${message.ruleId}: ${message.message}`);
        }
      }
      expect(errors).toEqual([]);
    });
  }

  test('every page has a unique title, a description, a canonical URL and lang', () => {
    const seenTitles = new Map<string, string>();
    const problems: string[] = [];
    for (const route of readRoutes().filter((r) => !r.endsWith('.xml'))) {
      const html = readFileSync(fileOf(route), 'utf8');
      const title = html.match(/<title[^>]*>([^<]*)<\/title>/)?.[1] ?? '';
      if (!title) problems.push(`${route}: no title`);
      else if (seenTitles.has(title)) problems.push(`${route}: title "${title}" also on ${seenTitles.get(title)}`);
      else seenTitles.set(title, route);
      if (!/<meta[^>]+name="?description"?[^>]+content=/.test(html)) problems.push(`${route}: no meta description`);
      if (!/<link[^>]+rel="?canonical"?/.test(html)) problems.push(`${route}: no canonical URL`);
      if (!/<html[^>]+lang="?en/.test(html)) problems.push(`${route}: no lang`);
    }
    expect(problems).toEqual([]);
  });
});
