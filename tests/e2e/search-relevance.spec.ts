import {test, expect, gotoHydrated} from './fixtures';

/**
 * Reader queries and the page each must return among the first three results:
 * plain words, product and node names, API operations and field names, typos,
 * and natural questions. The expected value is a part of the page's path.
 */
export const relevanceQueries: ReadonlyArray<[query: string, expected: string]> = [
  ['pinecone', '/nodes/vector-stores/pinecone'],
  ['pincone', '/nodes/vector-stores/pinecone'],
  ['ChatOpenAI', '/nodes/chat-models/chatopenai'],
  ['chatopenia', '/nodes/chat-models/chatopenai'],
  ['groq', '/nodes/chat-models/'],
  ['retriver', '/retrievers/'],
  ['create prediction', '/docs/api/prediction/create-prediction'],
  ['delete chatflow', '/docs/api/chatflows/delete-chatflow'],
  ['ping server', '/docs/api/ping/ping-server'],
  ['overrideConfig', '/docs/api/prediction/'],
  ['embed chatbot on website', '/docs/developers/embed'],
  ['environment variables', '/docs/developers/environment-variables'],
  ['variables', '/sidekick-studio/variables'],
  ['recursive character text splitter', '/text-splitters/recursive-character-text-splitter'],
  ['record manager', '/knowledge-bases/record-manager'],
  ['document loaders', '/document-loaders'],
  ['rate limit', '/sidekick-settings/rate-limit'],
  ['allowed domains', '/sidekick-settings/allowed-domains'],
  ['speech to text', '/sidekick-settings/speech-to-text'],
  ['starter prompts', '/sidekick-settings/starter-prompts'],
  ['api key', '/developers/authorization'],
  ['deploy on aws', '/deployment/aws'],
  ['custom tool', '/tools/custom-tool'],
  ['buffer memory', '/memory/buffer-memory'],
  ['how do I add memory to a chatbot', '/nodes/memory/'],
  ['zapier', '/integrations/zapier-zaps'],
  ['rerank', 'rerank'],
  ['sidekick teams', '/sidekick-teams'],
  ['facebook', '/blog/mdx-blog-post'],
  ['running locally', '/developers/running-locally'],
  ['how do I run answerai on my own server', '/developers/'],
  ['what is a sidekick', '/docs/intro'],
];

test.describe('search relevance', () => {
  for (const [query, expected] of relevanceQueries) {
    test(`"${query}" returns ${expected} in the top three`, async ({page}) => {
      await gotoHydrated(page, `/search?q=${encodeURIComponent(query)}`);
      const links = page.getByRole('main').locator('ul a');
      await expect(links.first()).toBeVisible({timeout: 15_000});
      const top = (await links.evaluateAll((nodes) => nodes.slice(0, 3).map((n) => n.getAttribute('href') ?? ''))).map(
        (href) => href.split('?')[0],
      );
      expect(
        top.some((href) => href.includes(expected)),
        `top three: ${top.join(', ')}`,
      ).toBe(true);
    });
  }
});
