import {readFileSync} from 'node:fs';
import path from 'node:path';
import {HtmlValidate} from 'html-validate';
import {test, expect} from './fixtures';
import {readRoutes} from '../routes';
import {pageTypes} from './pages';

const buildDir = path.join(__dirname, '..', '..', 'build');

/**
 * html-validate's recommended rules, with the few that Docusaurus' own output
 * trips for no real defect switched off, each with its reason.
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
  rules: {
    // HTML5 allows a lower-case doctype; the minifier writes it that way.
    'doctype-style': 'off',
    // HTML5 ids may start with any character; React (useId) and Docusaurus generate ids starting with "_".
    'valid-id': 'off',
    // Minified output omits optional end tags and writes void elements both ways.
    'void-style': 'off',
    'no-implicit-close': 'off',
    // Inline styles come from React and the code highlighter (token colours).
    'no-inline-style': 'off',
    // "aria-label" on a generic element is allowed by ARIA; the theme uses it on icon containers.
    'aria-label-misuse': 'off',
    // The search plugin's input omits type="text", which is the default.
    'no-implicit-input-type': 'off',
  },
});

/** The built file of a route. */
function fileOf(route: string): string {
  return path.join(buildDir, route.split('?')[0], 'index.html');
}

const sample = [
  ...new Set([...pageTypes.map((p) => p.path.split('?')[0]), '/blog/archive', '/docs/api/full-api-spec']),
];

test.describe('valid HTML and metadata', () => {
  for (const route of sample) {
    test(`${route} is valid HTML`, async () => {
      const html = readFileSync(fileOf(route), 'utf8');
      const report = await validator.validateString(html, fileOf(route));
      const errors = report.results.flatMap((result) =>
        result.messages.filter((m) => m.severity === 2).map((m) => `${m.ruleId}: ${m.message} (line ${m.line})`),
      );
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
