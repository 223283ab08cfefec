/**
 * The site says which release of AnswerAI it documents: the footer of every page and the foot of every node
 * page's parameters name the commit and date of `data/product/source.json`, the one place a writer changes them
 * (the facts extractor writes it). Expected values are computed here from source.json itself.
 */
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {load} from 'cheerio';
import matter from 'gray-matter';
import {test, expect, gotoHydrated} from './fixtures';

const siteDir = path.join(__dirname, '..', '..');
const buildDir = path.join(siteDir, 'build');
const source = JSON.parse(readFileSync(path.join(siteDir, 'data', 'product', 'source.json'), 'utf8')) as {
  repository: string;
  commit: string;
  commitDate: string;
};
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** The commit's date as its committer recorded it (the date part of the ISO string). */
const isoDate = source.commitDate.slice(0, 10);
const [year, month, day] = isoDate.split('-').map(Number);
const dateText = `${day} ${months[month - 1]} ${year}`;
const shortCommit = source.commit.slice(0, 7);
const commitUrl = `${source.repository}/commit/${source.commit}`;

/** The routes of the node pages: every docs page whose frontmatter names a product node (an index.mdx serves its folder). */
function nodePageRoutes(): string[] {
  const root = path.join(siteDir, 'docs', 'using-answerai', 'sidekick-studio', 'nodes');
  return readdirSync(root, {recursive: true, encoding: 'utf8'})
    .filter((file) => file.endsWith('.mdx') && matter(readFileSync(path.join(root, file), 'utf8')).data.node?.name)
    .map((file) => `/${path.relative(siteDir, path.join(root, file)).split(path.sep).join('/')}`)
    .map((route) => route.replace(/\.mdx$/, '').replace(/\/index$/, ''))
    .sort();
}

test.describe('the documented release', () => {
  for (const route of [
    '/',
    '/docs/intro',
    '/docs/using-answerai/sidekick-studio/nodes/chat-models/chatopenai',
    '/docs/api/',
    '/blog',
  ]) {
    test(`the footer of ${route} names the commit and date of data/product/source.json`, async ({page}) => {
      await gotoHydrated(page, route);
      const line = page.locator('footer .footer__release');
      await expect(line).toHaveText(`Documents AnswerAI at commit ${shortCommit} (${dateText}).`);
      const link = line.getByRole('link', {name: `commit ${shortCommit}`});
      await expect(link).toHaveAttribute('href', commitUrl);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener noreferrer/);
      await expect(line.locator('time')).toHaveAttribute('datetime', isoDate);
    });
  }

  test('a node page names the release at the foot of its parameters', async ({page}) => {
    await gotoHydrated(page, '/docs/using-answerai/sidekick-studio/nodes/chat-models/chatopenai');
    const note = page.locator('article p.node-release');
    await expect(note).toBeVisible();
    await expect(note).toHaveText(`These parameters are those of AnswerAI at commit ${shortCommit} (${dateText}).`);
    await expect(note.getByRole('link', {name: `commit ${shortCommit}`})).toHaveAttribute('href', commitUrl);
  });

  test('every node page of the build names it once, under "Parameters"', () => {
    const routes = nodePageRoutes();
    expect(routes.length).toBeGreaterThan(250);
    const problems: string[] = [];
    for (const route of routes) {
      const file = path.join(buildDir, route, 'index.html');
      if (!existsSync(file)) {
        problems.push(`${route}: not built (${file})`);
        continue;
      }
      const $ = load(readFileSync(file, 'utf8'));
      const notes = $('article p.node-release');
      if (notes.length !== 1) {
        problems.push(`${route}: ${notes.length} release lines`);
        continue;
      }
      const text = notes.text().replace(/\s+/g, ' ').trim();
      if (text !== `These parameters are those of AnswerAI at commit ${shortCommit} (${dateText}).`) {
        problems.push(`${route}: "${text}"`);
      }
      const section = notes
        .prevAll('h2')
        .first()
        .text()
        .replace(/\u200b|#/g, '')
        .trim();
      if (section !== 'Parameters') problems.push(`${route}: the line is in the section "${section}"`);
    }
    expect(problems).toEqual([]);
  });
});
