import {describe, expect, it} from 'vitest';
import {compile} from '@mdx-js/mdx';
import remarkJsxPhrasing from '../../plugins/remark-jsx-phrasing';

/** The JSX that MDX compiles a source to (the function body, without its runtime preamble). */
async function compiled(source: string, plugins = [remarkJsxPhrasing]): Promise<string> {
  return String(await compile(source, {remarkPlugins: plugins, jsx: true}));
}

describe('paragraphs in JSX headings and links', () => {
  const info =
    '<div>\n  <h3\n    style={{"marginBottom":"0.25rem"}}\n  >\n    License\n  </h3><a\n    href={"https://theanswer.ai"}\n  >\n    Proprietary\n  </a>\n</div>\n';

  it('are what MDX makes of text on its own lines, as the OpenAPI info pages write it', async () => {
    expect(await compiled(info, [])).toMatch(
      /<h3 style=\{[^}]*\}\}><_components\.p>\{"License"\}<\/_components\.p><\/h3>/,
    );
  });

  it('become the text itself', async () => {
    const out = await compiled(info);
    expect(out).toMatch(/<h3 style=\{[^}]*\}\}>\{"License"\}<\/h3>/);
    expect(out).toMatch(/<a href=\{"https:\/\/theanswer\.ai"\}>\{"Proprietary"\}<\/a>/);
  });

  it('stay in elements that may hold them', async () => {
    expect(await compiled('<div>\n  Text\n</div>\n')).toMatch(
      /<div><_components\.p>\{"Text"\}<\/_components\.p><\/div>/,
    );
  });
});
