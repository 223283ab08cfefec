/**
 * Remark plugin: the components writers use on many pages (`<Tabs>`,
 * `<TabItem>`, `<DocCardList />`) work in any MDX file
 * without an import line. Where a file uses one of them and does not import it
 * itself, the plugin adds the import to that file.
 *
 * The same convenience could come from the theme's global MDXComponents, but
 * every component there is bundled into every page: `<DocCardList />` alone
 * brings the classic theme's DocCard, whose emoji helper creates an
 * `Intl.Segmenter` when it loads (about 15 ms of main-thread work on a laptop,
 * four times that on a phone) on every docs page, not just on the index pages
 * that show cards. Imported per file, a component loads only with the pages
 * that use it.
 */

/** The components imported on demand: the JSX name and the module it is the default export of. */
export const autoImportedComponents: Readonly<Record<string, string>> = {
  Tabs: '@theme/Tabs',
  TabItem: '@theme/TabItem',
  DocCardList: '@theme/DocCardList',
};

/** The parts of an mdast node (with the MDX extensions) this plugin reads or writes. */
export interface MdastNode {
  type: string;
  name?: string | null;
  value?: string;
  children?: MdastNode[];
  data?: {estree?: EstreeProgram};
}

interface EstreeProgram {
  type: 'Program';
  sourceType: 'module';
  body: Array<{type: string; specifiers?: Array<{local?: {name?: string}}>}>;
}

/** Names of the JSX elements in `tree` and the names its ESM (`import`/`export`) declares. */
function scan(tree: MdastNode): {used: Set<string>; declared: Set<string>} {
  const used = new Set<string>();
  const declared = new Set<string>();
  const visit = (node: MdastNode) => {
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name) used.add(node.name);
    if (node.type === 'mdxjsEsm') {
      for (const statement of node.data?.estree?.body ?? []) {
        for (const specifier of statement.specifiers ?? []) {
          if (specifier.local?.name) declared.add(specifier.local.name);
        }
      }
    }
    node.children?.forEach(visit);
  };
  visit(tree);
  return {used, declared};
}

/**
 * The ESM node that imports each of `names` as the default export of its
 * module, with the ESTree MDX compiles it from.
 * @param names component names, keys of `components`.
 * @param components the component-to-module table.
 */
export function importNode(names: readonly string[], components: Readonly<Record<string, string>>): MdastNode {
  const body = names.map((name) => ({
    type: 'ImportDeclaration',
    specifiers: [{type: 'ImportDefaultSpecifier', local: {type: 'Identifier', name}}],
    source: {type: 'Literal', value: components[name], raw: JSON.stringify(components[name])},
  }));
  return {
    type: 'mdxjsEsm',
    value: names.map((name) => `import ${name} from ${JSON.stringify(components[name])};`).join('\n'),
    data: {estree: {type: 'Program', sourceType: 'module', body}},
  };
}

/**
 * The remark plugin (pass it in a content plugin's `remarkPlugins`).
 * @param options.components the component-to-module table; defaults to {@link autoImportedComponents}.
 * @returns the transformer, which adds at most one import node at the top of the tree.
 */
export default function remarkAutoImport(options: {components?: Readonly<Record<string, string>>} = {}) {
  const components = options.components ?? autoImportedComponents;
  return (tree: MdastNode): void => {
    const {used, declared} = scan(tree);
    const missing = Object.keys(components).filter((name) => used.has(name) && !declared.has(name));
    if (missing.length > 0) tree.children?.unshift(importNode(missing, components));
  };
}
