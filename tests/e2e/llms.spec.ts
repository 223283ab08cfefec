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

  test('llms-full.txt holds the Markdown of the pages', async ({request}) => {
    const full = await (await request.get('/llms-full.txt')).text();
    const intro = await (await request.get('/docs/intro.md')).text();
    expect(full).toContain(intro);
    expect(full.split('\n---\n').length).toBeGreaterThan(docsRoutes.length / 2);
  });
});
