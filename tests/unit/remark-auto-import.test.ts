import {compile} from '@mdx-js/mdx';
import {describe, expect, it} from 'vitest';
import remarkAutoImport, {autoImportedComponents} from '../../plugins/remark-auto-import';

/** Compiles MDX with the plugin and returns the JavaScript MDX writes. */
async function compiled(mdx: string): Promise<string> {
  return String(await compile(mdx, {remarkPlugins: [remarkAutoImport]}));
}

describe('remark-auto-import', () => {
  it('imports a shared component the page uses from its module', async () => {
    const js = await compiled('# Nodes\n\n<DocCardList />\n');
    expect(js).toContain(`import DocCardList from "${autoImportedComponents.DocCardList}";`);
    expect(js).not.toContain('_missingMdxReference("DocCardList"');
  });

  it('imports every used component once, also when used inline and nested', async () => {
    const js = await compiled(
      '<Tabs>\n  <TabItem value="a" label="A">One</TabItem>\n  <TabItem value="b" label="B">Two <span>and</span></TabItem>\n</Tabs>\n',
    );
    for (const name of ['Tabs', 'TabItem']) {
      expect(js.match(new RegExp(`import ${name} from`, 'g'))).toHaveLength(1);
    }
    expect(js).not.toContain('import DocCardList');
  });

  it('leaves a page that imports the component itself as it is', async () => {
    const js = await compiled('import TabItem from "@theme/TabItem";\n\n<TabItem value="a">One</TabItem>\n');
    expect(js.match(/import TabItem from/g)).toHaveLength(1);
  });

  it('adds nothing to a page that uses none of them', async () => {
    const js = await compiled('# Plain\n\nText with <span>inline JSX</span>.\n');
    for (const name of Object.keys(autoImportedComponents)) expect(js).not.toContain(`import ${name}`);
  });
});
