/**
 * The node reference's rendering (`plugins/node-reference`), on fixture nodes
 * that exercise every rule of the model: connection and parameter types,
 * required and default values as the facts record them, choices, display
 * conditions, list and tab items, credentials, outputs and the node's
 * identity. The product facts are replaced by the fixtures, so each
 * expectation states what a reader reads for one kind of fact, whatever the
 * product's nodes are today. `node-pages.test.ts` checks the real pages.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {unified} from 'unified';
import remarkParse from 'remark-parse';
import remarkMdx from 'remark-mdx';
import type {Root, RootContent} from 'mdast';
import {gfmTableToMarkdown} from 'mdast-util-gfm-table';
import {mdxToMarkdown} from 'mdast-util-mdx';
import {toMarkdown} from 'mdast-util-to-markdown';
import {beforeEach, describe, expect, it, vi} from 'vitest';
import type {NodeInput, ProductCredential, ProductNode} from '../../lib/product';

/** What the mocked product facts answer; each test sets what it needs. */
const facts = vi.hoisted(() => ({
  nodes: [] as ProductNode[],
  credentials: [] as ProductCredential[],
  streaming: new Map<string, string>(),
  incompatibilities: new Map<string, unknown>(),
}));

vi.mock('../../lib/product', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/product')>()),
  productNodes: () => facts.nodes,
  nodeByName: (name: string) => facts.nodes.find((node) => node.name === name),
  credentialByName: (name: string) => facts.credentials.find((credential) => credential.name === name),
  streamingRole: (node: ProductNode) => facts.streaming.get(node.name),
  incompatibilityOf: (name: string) => facts.incompatibilities.get(name),
  documentedRelease: () => ({
    commit: 'abcdef0123456789abcdef0123456789abcdef01',
    shortCommit: 'abcdef0',
    date: '2025-10-31',
    dateText: '31 October 2025',
    commitUrl: 'https://example.com/product/commit/abcdef0123456789abcdef0123456789abcdef01',
  }),
}));

const {checkNodePage, formatDefault, inputKeys, nodeReferenceModel, statedDefaultProblems} =
  await import('../../plugins/node-reference/model');
const {
  default: remarkNodeReference,
  nodeListContent,
  nodeParametersContent,
  streamingText,
} = await import('../../plugins/node-reference/remark');

/** An input with the facts' defaults: a required string without default. */
function input(fields: Partial<NodeInput> & Pick<NodeInput, 'name'>): NodeInput {
  return {
    label: fields.name.charAt(0).toUpperCase() + fields.name.slice(1),
    type: 'string',
    optional: false,
    default: undefined,
    additionalParams: false,
    list: false,
    acceptVariable: false,
    ...fields,
  };
}

/** A node with the facts' defaults: no inputs, no credential, one base class. */
function node(fields: Partial<ProductNode> & Pick<ProductNode, 'name'>): ProductNode {
  return {
    file: `packages/components/nodes/test/${fields.name}.ts`,
    className: 'Test_Node',
    label: 'Test node',
    version: 2,
    type: 'Test',
    category: 'Tools',
    baseClasses: ['Tool'],
    credential: null,
    inputs: [],
    ...fields,
  };
}

/** The page's description of every input of the node, "<key> is described here". */
function described(product: ProductNode): Record<string, string> {
  return Object.fromEntries(
    product.inputs.flatMap((item) => [
      [item.name, `${item.name} described here`],
      ...(item.array ?? item.tabs ?? []).map((child) => [
        `${item.name}.${child.name}`,
        `${item.name} ${child.name} described`,
      ]),
    ]),
  );
}

/** Markdown of mdast content, tables as GFM without padding. */
function markdown(content: RootContent[]): string {
  return toMarkdown({type: 'root', children: content} as Root, {
    extensions: [gfmTableToMarkdown({tablePipeAlign: false}), mdxToMarkdown()],
  }).trim();
}

/** The node's `<NodeParameters />` as Markdown, with every input described. */
function rendered(product: ProductNode): string {
  facts.nodes = [product];
  return markdown(nodeParametersContent({name: product.name, inputs: described(product)}));
}

const release =
  'These parameters are those of AnswerAI at [commit abcdef0](https://example.com/product/commit/abcdef0123456789abcdef0123456789abcdef01) (31 October 2025).';

beforeEach(() => {
  facts.nodes = [];
  facts.credentials = [
    {file: 'a.ts', name: 'openAIApi', label: 'OpenAI API', version: 1, inputs: []},
    {file: 'b.ts', name: 'azureApi', label: 'Azure API', version: 1, inputs: []},
  ];
  facts.streaming.clear();
  facts.incompatibilities.clear();
});

describe('the default value', () => {
  it('is what a reader would type, or says where it comes from', () => {
    expect(formatDefault(undefined)).toEqual([]);
    expect(formatDefault(null)).toEqual([]);
    expect(formatDefault('')).toEqual([{text: 'empty'}]);
    expect(formatDefault('gpt-4o')).toEqual([{code: 'gpt-4o'}]);
    expect(formatDefault(0)).toEqual([{code: '0'}]);
    expect(formatDefault(false)).toEqual([{code: 'false'}]);
    expect(formatDefault({omittedText: true, length: 900})).toEqual([{text: 'a built-in text'}]);
    expect(formatDefault({unresolved: 'process.env.X', dependsOnEnv: ['A', 'B', 'C']})).toEqual([
      {text: 'set by the server from '},
      {code: 'A'},
      {text: ', '},
      {code: 'B'},
      {text: ' and '},
      {code: 'C'},
    ]);
    expect(formatDefault({unresolved: 'getModels()'})).toEqual([
      {text: 'set by the server from '},
      {code: 'getModels()'},
    ]);
  });

  it('shows JSON of up to 80 characters, with omitted texts as an ellipsis', () => {
    expect(formatDefault({a: 1, b: [true]})).toEqual([{code: '{"a":1,"b":[true]}'}]);
    expect(formatDefault({prompt: {omittedText: true}})).toEqual([{code: '{"prompt":"…"}'}]);
    expect(formatDefault({none: null, list: [null]})).toEqual([{code: '{"none":null,"list":[null]}'}]);
    const eighty = {k: 'x'.repeat(72)};
    expect(JSON.stringify(eighty)).toHaveLength(80);
    expect(formatDefault(eighty)).toEqual([{code: JSON.stringify(eighty)}]);
    expect(formatDefault({k: 'x'.repeat(73)})).toEqual([{text: 'a built-in JSON value'}]);
  });
});

describe('<NodeParameters />', () => {
  it('groups connections, settings and additional parameters into tables, in that order', () => {
    const product = node({
      name: 'testChain',
      inputs: [
        input({name: 'model', label: 'Chat Model', type: 'BaseChatModel'}),
        input({name: 'tools', label: 'Tools', type: 'Tool', list: true, optional: true}),
        input({name: 'prompt', label: 'Prompt', type: 'string', default: ''}),
        input({name: 'topK', label: 'Top K', type: 'number', default: 4, optional: true, additionalParams: true}),
        input({name: 'custom', label: 'Custom', type: 'notAKnownType', list: false, additionalParams: true}),
      ],
    });
    expect(rendered(product)).toBe(
      [
        '### Connections',
        '',
        '| Input | Accepts | Required | Description |',
        '| - | - | - | - |',
        '| Chat Model | `BaseChatModel` | Required | model described here |',
        '| Tools | `Tool`, one or more | Optional | tools described here |',
        '| Custom | `notAKnownType` | Required | custom described here |',
        '',
        '### Settings',
        '',
        '| Parameter | Type | Required | Default | Description |',
        '| - | - | - | - | - |',
        '| Prompt | String | Required | empty | prompt described here |',
        '',
        '### Additional parameters',
        '',
        '| Parameter | Type | Required | Default | Description |',
        '| - | - | - | - | - |',
        '| Top K | Number | Optional | `4` | topK described here |',
        '',
        '* **Node:** `testChain`, version 2, category Tools.',
        '* **Credential:** None.',
        '* **Output:** `Tool`.',
        '',
        release,
      ].join('\n'),
    );
  });

  it('shows every field type of the canvas as a field, named in words', () => {
    // The types the product's canvas shows as a field (initNode in packages/ui/src/utils/genericHelper.js).
    const types =
      'asyncOptions asyncMultiOptions options multiOptions array datagrid string number boolean password json code date file folder tabs conditionFunction contentfulConfig googleDrive'.split(
        ' ',
      );
    facts.nodes = [node({name: 'testTypes', inputs: types.map((type) => input({name: type, type}))})];
    const model = nodeReferenceModel({name: 'testTypes', inputs: described(facts.nodes[0])});
    expect(model.connections).toEqual([]);
    for (const row of model.parameters) {
      expect(row.type, row.key).toEqual([{text: expect.stringMatching(/^[A-Z][A-Za-z ]+$/)}]);
      expect((row.type[0] as {text: string}).text, row.key).not.toBe(row.key);
    }
    const named = Object.fromEntries(model.parameters.map((row) => [row.key, (row.type[0] as {text: string}).text]));
    expect(named).toMatchObject({
      asyncMultiOptions: 'Multiple options',
      multiOptions: 'Multiple options',
      asyncOptions: 'Options',
      array: 'List of items',
      json: 'JSON',
      conditionFunction: 'Condition',
      googleDrive: 'Google Drive picker',
    });
  });

  it('states when an input is required, also when the server decides', () => {
    facts.nodes = [
      node({
        name: 'testRequired',
        inputs: [
          input({name: 'a', optional: true}),
          input({name: 'b', optional: false}),
          input({name: 'c', optional: {unresolved: 'process.env.KEY', dependsOnEnv: ['KEY', 'URL']}}),
          input({name: 'd', optional: {unresolved: 'process.env.KEY', dependsOnEnv: []}}),
          input({name: 'e', optional: {model: ['x']}}),
          input({name: 'f', optional: {unresolved: 'process.env.KEY'}}),
          // The facts' JSON could hold null where the extractor found nothing.
          input({name: 'g', optional: null as never}),
        ],
      }),
    ];
    const model = nodeReferenceModel({name: 'testRequired', inputs: described(facts.nodes[0])});
    expect(model.parameters.map((row) => row.required)).toEqual([
      [{text: 'Optional'}],
      [{text: 'Required'}],
      [{text: 'Required unless the server sets '}, {code: 'KEY'}, {text: ' and '}, {code: 'URL'}],
      [{text: 'Depends on other inputs'}],
      [{text: 'Depends on other inputs'}],
      [{text: 'Depends on other inputs'}],
      [{text: 'Depends on other inputs'}],
    ]);
  });

  it('follows the description with the choices, conditions and other facts, each a sentence', () => {
    const product = node({
      name: 'testNotes',
      inputs: [
        input({
          name: 'model',
          label: 'Model',
          type: 'options',
          options: [
            {label: 'GPT-4o', name: 'gpt-4o'},
            {label: 'Turbo model', name: 'gpt-3.5-turbo'},
            {label: 'Harm', name: {unresolved: 'HarmCategory.HARM'}},
            {label: 'Model v1.5 (old)', name: 'm15'},
          ],
          default: 'gpt-4o',
        }),
        input({
          name: 'tags',
          label: 'Tags',
          type: 'multiOptions',
          options: [{label: 'One', name: 'one'}],
          loadMethod: 'listTags',
          optional: true,
        }),
        input({name: 'upload', label: 'Upload', type: 'file', fileType: '.pdf, .txt', show: {model: ['gpt-4o', 'x']}}),
        input({
          name: 'pick',
          label: 'Pick',
          type: 'file',
          fileType: {omittedText: true},
          hide: {model: 'x', elsewhere: true},
          hidden: true,
          acceptVariable: true,
        }),
      ],
    });
    facts.nodes = [product];
    const text = markdown(
      nodeParametersContent({name: 'testNotes', inputs: {...described(product), upload: 'Upload a file here!'}}),
    );
    expect(text).toContain(
      '| Model | Options | Required | `gpt-4o` | model described here One of `gpt-4o`, `gpt-3.5-turbo` (Turbo model), `HarmCategory.HARM` (Harm), `m15` (Model v1.5 (old)). |',
    );
    expect(text).toContain(
      '| Tags | Multiple options | Optional | — | tags described here Choose any of `one`. The choices are loaded from the server when the list opens. |',
    );
    expect(text).toContain(
      '| Upload | File | Required | — | Upload a file here! Accepts `.pdf, .txt`. Shown when Model is `gpt-4o` or `x`. |',
    );
    expect(text).toContain(
      '| Pick | File | Required | — | pick described here Accepts the file types the node lists. Hidden when Model is `x` and elsewhere is `true`. Not shown on the canvas. Accepts variables. |',
    );
  });

  it('lists the items of list and tab inputs under their parent, each once', () => {
    const product = node({
      name: 'testItems',
      inputs: [
        input({
          name: 'headers',
          label: 'Headers',
          type: 'array',
          array: [
            input({name: 'key', label: 'Key'}),
            input({name: 'value', label: 'Value', show: {key: 'a'}}),
            input({name: 'key', label: 'Key again'}),
          ],
        }),
        input({name: 'mode', label: 'Mode', type: 'tabs', tabs: [input({name: 'simple', label: 'Simple'})]}),
      ],
    });
    expect(inputKeys(product)).toEqual(['headers', 'headers.key', 'headers.value', 'mode', 'mode.simple']);
    facts.nodes = [product];
    const model = nodeReferenceModel({name: 'testItems', inputs: described(product)});
    expect(model.parameters.map((row) => [row.label, row.key])).toEqual([
      ['Headers', 'headers'],
      ['Headers › Key', 'headers.key'],
      ['Headers › Value', 'headers.value'],
      ['Mode', 'mode'],
      ['Mode › Simple', 'mode.simple'],
    ]);
    // A condition inside a list names its sibling items by their labels.
    expect(model.parameters[2].description).toEqual([
      {markdown: 'headers value described'},
      {text: ' '},
      {text: 'Shown when '},
      {text: 'Key is '},
      {code: 'a'},
      {text: '.'},
    ]);
  });

  it('says so when the node has no inputs, and lists several outputs with their types', () => {
    const text = rendered(
      node({
        name: 'testOutputs',
        outputs: [
          {label: 'Text', name: 'text', baseClasses: ['string', 'json']},
          {
            label: 'Chain',
            name: 'chain',
            baseClasses: [{call: 'getBaseClasses', arg: 'LLMChain', argFrom: 'langchain/chains'}],
          },
          {label: 'Export', name: 'exp', baseClasses: [{call: 'getBaseClasses', arg: 'X', argExport: 'Exported'}]},
          {label: 'Runtime', name: 'run', baseClasses: [{call: 'classesOf'}]},
          {label: 'Branch', name: 'branch', baseClasses: null},
        ],
      }),
    );
    expect(text).toBe(
      [
        'The node has no inputs.',
        '',
        '* **Node:** `testOutputs`, version 2, category Tools.',
        '* **Credential:** None.',
        '* **Outputs:**',
        '  * Text (`text`): `string`, `json`.',
        '  * Chain (`chain`): the base classes of `LLMChain` from `langchain/chains`.',
        '  * Export (`exp`): the base classes of `Exported`.',
        '  * Runtime (`run`): the classes returned by `classesOf()`.',
        '  * Branch (`branch`): a branch of the flow, leading to the nodes connected to it.',
        '',
        release,
      ].join('\n'),
    );
  });

  it('says a node without output anchor has none, and a node with empty base classes is a branch', () => {
    expect(rendered(node({name: 'testHidden', hideOutput: true}))).toContain(
      '* **Output:** none; the node has no output anchor.',
    );
    expect(rendered(node({name: 'testBranch', baseClasses: []}))).toContain(
      '* **Output:** a branch of the flow, leading to the nodes connected to it.',
    );
  });

  it('names the credentials by their labels, and when they are optional', () => {
    const credential = (credentialNames: string[], optional: unknown) =>
      ({label: 'Connect', name: 'credential', credentialNames, optional}) as ProductNode['credential'];
    const line = (product: ProductNode) =>
      rendered(product)
        .split('\n')
        .find((l) => l.includes('**Credential:**'));
    expect(line(node({name: 'testOne', credential: credential(['openAIApi'], false)}))).toBe(
      '* **Credential:** OpenAI API (`openAIApi`).',
    );
    expect(line(node({name: 'testTwo', credential: credential(['openAIApi', 'azureApi'], true)}))).toBe(
      '* **Credential:** OpenAI API (`openAIApi`) or Azure API (`azureApi`) (optional).',
    );
    expect(
      line(node({name: 'testThree', credential: credential(['openAIApi', 'unknownApi', 'azureApi'], false)})),
    ).toBe('* **Credential:** OpenAI API (`openAIApi`), `unknownApi` or Azure API (`azureApi`).');
    expect(
      line(
        node({
          name: 'testEnv',
          credential: credential(['openAIApi'], {unresolved: 'process.env.KEY', dependsOnEnv: ['KEY']}),
        }),
      ),
    ).toBe('* **Credential:** OpenAI API (`openAIApi`), optional when the server sets `KEY`.');
    expect(line(node({name: 'testNoEnv', credential: credential(['openAIApi'], {unresolved: 'x'})}))).toBe(
      '* **Credential:** OpenAI API (`openAIApi`).',
    );
    expect(
      line(node({name: 'testEnvless', credential: credential(['openAIApi'], {unresolved: 'x', dependsOnEnv: []})})),
    ).toBe('* **Credential:** OpenAI API (`openAIApi`).');
  });

  it("states the node's identity: badge, deprecation, community node", () => {
    const identity = (product: ProductNode) =>
      rendered(product)
        .split('\n')
        .find((l) => l.includes('**Node:**'));
    expect(identity(node({name: 'testAai', badge: 'AAI'}))).toBe('* **Node:** `testAai`, version 2, category Tools.');
    expect(identity(node({name: 'testBeta', badge: 'BETA', deprecated: true, serverSkips: ['communityNode']}))).toBe(
      '* **Node:** `testBeta`, version 2, category Tools, marked beta, deprecated; a community node, listed only when the server sets `SHOW_COMMUNITY_NODES=true`.',
    );
    expect(identity(node({name: 'testSkip', serverSkips: ['other']}))).toBe(
      '* **Node:** `testSkip`, version 2, category Tools.',
    );
  });

  it('adds what the server does with streaming, and why a node cannot run', () => {
    facts.streaming.set('testStream', 'model-input');
    facts.incompatibilities.set('testStream', {
      node: 'testStream',
      reason: 'It needs a newer client.',
      evidence: {locked: {'@langchain/core': '0.2.1'}, integrationDependsOn: {'@langchain/x': '^0.3.0'}},
    });
    const text = rendered(node({name: 'testStream'}));
    expect(text).toContain(`* **Streaming:** ${streamingText('model-input')}`);
    expect(text).toContain(
      '* **Runs with AnswerAI’s libraries:** no. It needs a newer client. (locked versions: @langchain/core 0.2.1, @langchain/x ^0.3.0.)',
    );
    expect(rendered(node({name: 'testPlain'}))).not.toMatch(/Streaming|Runs with/);
  });

  it('has words for every streaming role the facts name, and none for others', () => {
    const roles = [
      'ending-streams',
      'ending-whole',
      'always',
      'model-input',
      'model-listed',
      'model-whole',
      'prevents',
    ];
    const texts = roles.map((role) => streamingText(role as Parameters<typeof streamingText>[0]));
    for (const text of texts) expect(text).toMatch(/^[a-z].{20,}\.$/);
    expect(new Set(texts).size).toBe(roles.length - 1);
    expect(streamingText('model-whole')).toBe(streamingText('prevents'));
    expect(streamingText('ending-whole')).toMatch(/comes back whole/);
    expect(streamingText('ending-streams')).toMatch(/no output parser/);
    expect(streamingText(undefined)).toBeUndefined();
  });

  it('builds tables, tight lists and the release line as remark and the end-to-end test expect them', () => {
    const product = node({
      name: 'testTree',
      inputs: [input({name: 'a', label: 'A'})],
      outputs: [
        {label: 'One', name: 'one', baseClasses: ['A']},
        {label: 'Two', name: 'two', baseClasses: ['B']},
      ],
    });
    facts.nodes = [product];
    const content = nodeParametersContent({name: 'testTree', inputs: described(product)});
    const table = content.find((child) => child.type === 'table')!;
    expect(table.align).toEqual([null, null, null, null, null]);
    expect(table.children.map((row) => row.type)).toEqual(['tableRow', 'tableRow']);
    expect(table.children.flatMap((row) => row.children.map((cell) => cell.type))).toEqual(Array(10).fill('tableCell'));
    const facts_ = content.find((child) => child.type === 'list')!;
    const outputs = facts_.children.at(-1)!.children.find((child) => child.type === 'list')!;
    expect([facts_, outputs].map((list) => list.spread)).toEqual([false, false]);
    expect([...facts_.children, ...outputs.children].every((item) => item.spread === false)).toBe(true);
    const release = content.at(-1)!;
    expect(release).toMatchObject({type: 'paragraph', data: {hProperties: {className: ['node-release']}}});
    // The class names the line for readers' tools and for documented-release.spec.ts, which finds it by it.
    expect(readFileSync(path.join(__dirname, '../e2e/documented-release.spec.ts'), 'utf8')).toContain('p.node-release');
  });

  it('renders the page Markdown of a description, paragraphs joined', () => {
    const product = node({name: 'testMd', inputs: [input({name: 'a', label: 'A'})]});
    facts.nodes = [product];
    const text = markdown(
      nodeParametersContent({name: 'testMd', inputs: {a: '  The **first** part.\n\nThe [second](/docs/x) part.  '}}),
    );
    expect(text).toContain('| A | String | Required | — | The **first** part. The [second](/docs/x) part. |');
    // Indented by four spaces, a description would be a code block; a block other than a paragraph stays as written.
    const cells = (description: string) =>
      markdown(nodeParametersContent({name: 'testMd', inputs: {a: description}})).split('\n')[4];
    expect(cells('    Indented four spaces.')).toBe('| A | String | Required | — | Indented four spaces. |');
    expect(cells('> Quoted here, as a block.')).toBe('| A | String | Required | — | > Quoted here, as a block. |');
  });
});

describe('checkNodePage', () => {
  beforeEach(() => {
    facts.nodes = [
      node({
        name: 'testCheck',
        inputs: [
          input({name: 'temperature', type: 'number', default: 0.7}),
          input({name: 'items', type: 'array', array: [input({name: 'key'})]}),
        ],
      }),
    ];
  });

  it('accepts a block that describes exactly the inputs', () => {
    expect(
      checkNodePage({
        name: 'testCheck',
        inputs: {temperature: 'How random the answer is.', items: 'The list of items.', 'items.key': 'The key of one.'},
      }),
    ).toEqual([]);
  });

  it('names every problem of a block', () => {
    expect(checkNodePage(undefined)).toEqual(['the frontmatter has no "node" block']);
    expect(checkNodePage(null)).toEqual(['the frontmatter has no "node" block']);
    expect(checkNodePage({inputs: {}, extra: 1})).toEqual([
      '"node.extra" is not a known key (use "name" and "inputs")',
      '"node.name" is missing',
    ]);
    expect(checkNodePage({name: 'nope'})).toEqual(['"node.name": the product has no node named "nope"']);
    expect(checkNodePage({name: 'testCheck', inputs: ['a']})).toEqual(['"node.inputs" must map input names to text']);
    expect(checkNodePage({name: 'testCheck', inputs: 'text'})).toEqual(['"node.inputs" must map input names to text']);
    expect(
      checkNodePage({
        name: 'testCheck',
        inputs: {temperature: '  Too short', items: 42, 'items.key': 'Defaults to `x` always here.', other: 'a b c'},
      }),
    ).toEqual([
      '"node.inputs.temperature": describe the input in at least three words',
      '"node.inputs.items": describe the input in at least three words',
      '"node.inputs.other": the node testCheck has no input "other" (its inputs: temperature, items, items.key)',
      '"node.inputs.items.key" states the default `x`, but the input key\'s default is not set',
    ]);
    expect(checkNodePage({name: 'testCheck'})).toEqual([
      '"node.inputs.temperature" is missing: the node testCheck has this input',
      '"node.inputs.items" is missing: the node testCheck has this input',
      '"node.inputs.items.key" is missing: the node testCheck has this input',
    ]);
  });

  it('counts words, not spaces', () => {
    expect(
      checkNodePage({
        name: 'testCheck',
        inputs: {temperature: 'Too  short', items: ' The whole list. ', 'items.key': 'The key\n\tof one.'},
      }),
    ).toEqual(['"node.inputs.temperature": describe the input in at least three words']);
  });

  it('lists "none" for the inputs of a node without any', () => {
    facts.nodes = [node({name: 'testEmpty'})];
    expect(checkNodePage({name: 'testEmpty', inputs: {a: 'one two three'}})).toEqual([
      '"node.inputs.a": the node testEmpty has no input "a" (its inputs: none)',
    ]);
  });

  it('makes the model throw with every problem', () => {
    expect(() => nodeReferenceModel({name: 'testCheck', inputs: {}})).toThrow(
      /^"node\.inputs\.temperature" is missing.*\n"node\.inputs\.items" is missing.*\n"node\.inputs\.items\.key" is missing/,
    );
  });
});

describe('statedDefaultProblems', () => {
  const temperature = input({name: 'temperature', type: 'number', default: 0.7});

  it('finds every way of stating a default in code, and compares it with the facts', () => {
    for (const phrase of [
      'default is',
      'defaults to',
      'default of',
      'default',
      'default value is',
      'default value',
      'Default is',
      // Any run of white space, as a line break or a double space in the source leaves it.
      'default  is',
      'default is \n',
      'default value  is',
      'default value is  ',
      'default value  ',
    ])
      expect(statedDefaultProblems(`The ${phrase} \`0.5\`.`, temperature, 'here'), phrase).toEqual([
        "here states the default `0.5`, but the input temperature's default is `0.7`",
      ]);
    expect(statedDefaultProblems('The default is `0.7`; others say default `0.7` too.', temperature, 'here')).toEqual(
      [],
    );
    expect(statedDefaultProblems('The default is 0.5 or `0.5` (not in code next to it).', temperature, 'here')).toEqual(
      [],
    );
    expect(statedDefaultProblems('Its defaults to `1` and default of `2`.', temperature, 'here')).toHaveLength(2);
  });

  it('treats a default that is not one value in code as unset', () => {
    const empty = input({name: 'prompt', default: ''});
    expect(statedDefaultProblems('The default is `x`.', empty, 'there')).toEqual([
      "there states the default `x`, but the input prompt's default is not set",
    ]);
  });
});

describe('<NodeList />', () => {
  beforeEach(() => {
    facts.nodes = [
      node({
        name: 'llmA',
        label: 'LLM A',
        category: 'LLMs',
        credential: {label: 'C', name: 'c', credentialNames: ['openAIApi', 'unknownApi'], optional: false},
      }),
      node({name: 'llmB', label: 'LLM B', category: 'LLMs'}),
      node({name: 'other', category: 'Tools'}),
    ];
  });

  it("is a table of the category's nodes with the page's line for each", () => {
    expect(markdown(nodeListContent('LLMs', {llmA: 'Runs **A**.', llmB: 'Runs B.'}))).toBe(
      [
        '| Node | Name | Credential | What it does |',
        '| - | - | - | - |',
        '| LLM A | `llmA` | OpenAI API or unknownApi | Runs **A**. |',
        '| LLM B | `llmB` | None | Runs B. |',
      ].join('\n'),
    );
  });

  it('refuses an unknown category, a missing line and a line for another node', () => {
    expect(() => nodeListContent('Nope', {})).toThrow('"node_category": the product has no category "Nope"');
    expect(() => nodeListContent('LLMs', {llmA: 'x', other: 'y'})).toThrow(
      '"node_summaries.llmB" is missing\n"node_summaries.other": the category LLMs has no such node',
    );
  });
});

describe('the remark plugin', () => {
  /** Runs the plugin on an MDX page with the given frontmatter data. */
  function run(mdx: string, frontMatter: Record<string, unknown>, path?: string): string {
    const tree = unified().use(remarkParse).use(remarkMdx).parse(mdx) as Root;
    remarkNodeReference()(tree, {path, data: {frontMatter}});
    return markdown(tree.children);
  }

  it('replaces <NodeParameters /> and <NodeList /> and leaves everything else', () => {
    facts.nodes = [node({name: 'testPage', category: 'LLMs'})];
    const text = run('Before.\n\n<NodeParameters />\n\n<Other />\n\n<NodeList />\n', {
      node: {name: 'testPage', inputs: {}},
      node_category: 'LLMs',
      node_summaries: {testPage: 'Does it.'},
    });
    expect(text).toMatch(/^Before\.\n\nThe node has no inputs\.\n\n\* \*\*Node:\*\* `testPage`/);
    expect(text).toContain('<Other />');
    expect(text).toContain('| Test node | `testPage` | None | Does it. |');
    expect(text).not.toMatch(/<Node(Parameters|List)/);
  });

  it('names the file and the element when the frontmatter disagrees with the facts', () => {
    expect(() => run('<NodeParameters />\n', {node: {name: 'missing'}}, 'docs/x.mdx')).toThrow(
      'docs/x.mdx: <NodeParameters /> cannot be rendered:\n"node.name": the product has no node named "missing"',
    );
    expect(() => run('<NodeList />\n', {}, 'docs/y.mdx')).toThrow(
      'docs/y.mdx: <NodeList /> cannot be rendered:\n"node_category": the product has no category ""',
    );
    expect(() => run('<NodeList />\n', {}, undefined)).toThrow(/^a page: <NodeList \/>/);
  });
});
