import {describe, expect, it} from 'vitest';
import {mdxToMarkdown} from '../../plugins/markdown-export/mdx-to-markdown';
import {markdownPath} from '../../lib/markdown-url';
import {llmsIndex, sectionOf} from '../../plugins/markdown-export';

const siteUrl = 'https://docs.example.com';

describe('mdxToMarkdown', () => {
  it('writes the title and description, and drops ESM and MDX comments', () => {
    const md = mdxToMarkdown("import X from 'y';\n\n{/* truncate */}\n\nBody text.", {
      title: 'Page',
      description: 'About the page.',
      siteUrl,
    });
    expect(md).toBe('# Page\n\n> About the page.\n\nBody text.\n');
  });

  it('keeps inline code and code blocks untouched, and makes site links absolute', () => {
    const body =
      'Send `Bearer <key>` to [the API](/docs/api/). [RSS](pathname:///blog/rss.xml)\n\n```ts\nconst a = <T,>(x: T) => x;\n```';
    const md = mdxToMarkdown(body, {title: 'T', siteUrl});
    expect(md).toContain('`Bearer <key>`');
    expect(md).toContain('[the API](https://docs.example.com/docs/api/)');
    expect(md).toContain('[RSS](https://docs.example.com/blog/rss.xml)');
    expect(md).toContain('const a = <T,>(x: T) => x;');
  });

  it('turns tabs into labelled blocks and admonitions into quotes', () => {
    const body =
      '<Tabs groupId="language">\n<TabItem value="curl" label="curl">\n\n```bash\ncurl x\n```\n\n</TabItem>\n</Tabs>\n\n:::tip[Try it]\n\nDo this.\n\n:::\n';
    const md = mdxToMarkdown(body, {title: 'T', siteUrl});
    expect(md).toContain('**curl**');
    expect(md).not.toContain('<Tab');
    expect(md).toContain('> **Try it**\n>\n> Do this.');
  });

  it('renders node parameters from the product facts and child page lists', () => {
    const md = mdxToMarkdown('## Parameters\n\n<NodeParameters />\n\n<DocCardList />', {
      title: 'T',
      siteUrl,
      frontMatter: {
        node: {
          name: 'groqChat',
          inputs: {
            modelName: 'Which | model answers.',
            temperature: 'How random the reply is.',
            maxTokens: 'Longest reply in tokens.',
            streaming: 'Send tokens as they come.',
          },
        },
      },
      children: [{title: 'Child', url: `${siteUrl}/docs/child`, description: 'A child.'}],
    });
    expect(md).toContain('| Model Name | Options | Required | `llama-3-70b-8192` | Which \\| model answers.');
    expect(md).toContain('| Max Tokens | Number | Optional | — | Longest reply in tokens. |');
    expect(md).toContain('- **Credential:** Groq API (`groqApi`).');
    expect(md).toMatch(/^[-*] \[Child\]\(https:\/\/docs.example.com\/docs\/child\): A child.$/m);
  });

  it('names the file when a node page disagrees with the facts', () => {
    expect(() =>
      mdxToMarkdown('<NodeParameters />', {
        title: 'T',
        siteUrl,
        path: 'docs/x.mdx',
        frontMatter: {node: {name: 'nope', inputs: {}}},
      }),
    ).toThrow(
      /docs\/x\.mdx: <NodeParameters \/> cannot be rendered:\n"node.name": the product has no node named "nope"/,
    );
  });
});

describe('markdown twins and llms.txt', () => {
  it('maps permalinks to their Markdown paths', () => {
    expect(markdownPath('/docs/intro')).toBe('/docs/intro.md');
    expect(markdownPath('/docs/using-answerai/')).toBe('/docs/using-answerai.md');
    expect(markdownPath('/')).toBe('/index.md');
  });

  it('groups pages into sections and links their Markdown', () => {
    expect(sectionOf('/docs/using-answerai/sidekick-studio/nodes/cache/redis-cache')).toBe('Node reference');
    expect(sectionOf('/docs/api/ping/ping-server')).toBe('API reference');
    const txt = llmsIndex('Site', 'A summary.', siteUrl, [
      {title: 'Intro', description: 'Start.', permalink: '/docs/intro', section: 'Getting started', markdown: ''},
    ]);
    expect(txt).toMatch(/^# Site\n\n> A summary\.\n/);
    expect(txt).toContain('## Getting started\n\n- [Intro](https://docs.example.com/docs/intro.md): Start.');
  });
});
