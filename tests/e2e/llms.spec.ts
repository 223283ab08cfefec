import {test, expect} from './fixtures';
import {readRoutes} from '../routes';
import {withoutCodeBlocks} from '../unit/content-utils';

const docsRoutes = readRoutes('/docs/');
const blogPosts = ['/blog/welcome', '/blog/first-blog-post', '/blog/long-blog-post', '/blog/mdx-blog-post'];
const site = 'https://docs.theanswer.ai';

/** The Markdown twin of a route, as the markdown-export plugin names it. */
const markdownOf = (route: string) => `${route.replace(/\/$/, '')}.md`;

test.describe('llms.txt and Markdown twins', () => {
  test('llms.txt lists every docs route and blog post with its Markdown URL', async ({request}) => {
    const txt = await (await request.get('/llms.txt')).text();
    expect(txt).toMatch(/^# AnswerAI\n\n> .+\n/);
    const missing = [...docsRoutes.filter((r) => !r.startsWith('/docs/category/')), ...blogPosts].filter(
      (route) => !txt.includes(`(${site}${markdownOf(route)})`),
    );
    expect(missing).toEqual([]);
  });

  test('a Markdown file exists for every docs route', async ({request}) => {
    const failures: string[] = [];
    for (const route of docsRoutes.filter((r) => !r.startsWith('/docs/category/'))) {
      const response = await request.get(markdownOf(route));
      const body = await response.text();
      if (response.status() !== 200 || !body.startsWith('# ')) {
        failures.push(`${route}: ${response.status()}`);
        continue;
      }
      // Code blocks may show imports and JSX on purpose; only the prose must be free of MDX.
      const prose = withoutCodeBlocks(body);
      if (/<(Tabs|TabItem|NodeParameters|DocCardList)\b|^import /m.test(prose)) failures.push(`${route}: JSX left`);
    }
    expect(failures).toEqual([]);
  });

  test('llms-full.txt holds the Markdown of every docs route and blog post, each once, with its source', async ({
    request,
  }) => {
    const full = await (await request.get('/llms-full.txt')).text();
    const parts = new Map<string, string>();
    for (const part of full.split('\n---\n\n')) {
      const source = part.match(/\nSource: (\S+)\n$/)?.[1];
      expect(source, `a part without its source: ${part.slice(0, 80)}`).toBeDefined();
      expect(parts.has(source!), `${source} twice`).toBe(false);
      parts.set(source!.replace(/\/$/, ''), part.slice(0, part.lastIndexOf('\nSource: ')));
    }
    const routes = [...docsRoutes.filter((r) => !r.startsWith('/docs/category/')), ...blogPosts];
    const failures: string[] = [];
    for (const route of routes) {
      const part = parts.get(`${site}${route.replace(/\/$/, '')}`);
      if (part === undefined) failures.push(`${route}: missing`);
      else if (part !== (await (await request.get(markdownOf(route))).text()))
        failures.push(`${route}: not its Markdown twin`);
    }
    expect(failures).toEqual([]);
  });
});
