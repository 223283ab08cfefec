import {beforeAll, describe, expect, it} from 'vitest';
import {
  listOperations,
  loadSpec,
  renderOperation,
  schemaFields,
  writeMarkdown,
  operationTree,
  type OperationEntry,
} from '../../lib/openapi-markdown.mjs';

const source = {
  openapi: '3.1.0',
  info: {title: 'Things', version: '1.0.0'},
  paths: {
    '/things/{id}': {
      parameters: [
        {
          name: 'id',
          in: 'path',
          required: true,
          description: 'Id of the `thing`.',
          schema: {type: 'string', format: 'uuid'},
        },
      ],
      put: {
        operationId: 'updateThing',
        summary: 'Update a thing',
        description: 'Changes a thing. Fields not sent keep their values.',
        requestBody: {
          required: true,
          content: {'application/json': {schema: {$ref: '#/components/schemas/ThingInput'}, example: {name: 'Box'}}},
        },
        responses: {
          '200': {
            description: 'The thing.',
            content: {'application/json': {schema: {$ref: '#/components/schemas/Thing'}}},
          },
          '404': {$ref: '#/components/responses/NotFound'},
        },
      },
    },
  },
  components: {
    schemas: {
      ThingInput: {
        type: 'object',
        required: ['name'],
        properties: {
          name: {type: 'string', description: 'Its name; `{braces}` and <tags> stay text.'},
          kind: {type: 'string', enum: ['A', 'B'], default: 'A'},
          parts: {type: 'array', items: {type: 'object', properties: {size: {type: ['number', 'null']}}}},
        },
      },
      Thing: {allOf: [{$ref: '#/components/schemas/ThingInput'}, {type: 'object', properties: {id: {type: 'string'}}}]},
    },
    responses: {NotFound: {description: 'No such thing.'}},
  },
};

describe('OpenAPI operations as Markdown', () => {
  let spec: Awaited<ReturnType<typeof loadSpec>>;
  let entry: OperationEntry;
  beforeAll(async () => {
    spec = await loadSpec({source: JSON.stringify(source), name: 'things.json'});
    [entry] = listOperations(spec);
  });

  it('lists parameters, every request body field and every response with its fields', () => {
    const md = renderOperation(entry, {headingLevel: 0});
    expect(md).toContain('`PUT /things/{id}`');
    expect(md).toContain('| `id` | path | string (uuid) | yes | Id of the `thing`. |');
    expect(md).toContain('| `name` | string | yes | Its name; `{braces}` and \\<tags> stay text. |');
    expect(md).toContain('| `kind` | string | no | One of: `A`, `B`. Default: `"A"`. |');
    expect(md).toContain('| `parts[].size` | number, nullable | no |');
    expect(md).toContain('**200** The thing.');
    expect(md).toMatch(/\*\*200\*\*[\s\S]*\| `id` \| string \| no \|/);
    expect(md).toContain('**404** No such thing.');
    expect(md).toContain('"name": "Box"');
  });

  it('escapes MDX syntax in prose when the output is MDX', () => {
    const mdx = writeMarkdown(operationTree(entry, {headingLevel: 3}), {mdx: true});
    expect(mdx).toContain('### Update a thing');
    expect(mdx).toMatch(/\\\{braces\}|`\{braces\}`/);
    expect(mdx).toContain('\\<tags>');
  });

  it("flattens nested schemas, their $refs resolved by Redocly's library", () => {
    expect(schemaFields(spec.components.schemas.Thing).map((row) => row.field)).toEqual([
      'name',
      'kind',
      'parts',
      'parts[].size',
      'id',
    ]);
  });

  it('names the file and an unresolved reference', async () => {
    const broken = {
      ...source,
      paths: {'/x': {get: {operationId: 'x', responses: {'200': {$ref: '#/components/responses/Missing'}}}}},
    };
    await expect(loadSpec({source: JSON.stringify(broken), name: 'broken.json'})).rejects.toThrow(
      /broken\.json: Can't resolve \$ref at #\/paths\/~1x\/get\/responses\/200/,
    );
  });

  it('stops at a depth in a schema that contains itself', async () => {
    const circular = {
      ...source,
      paths: {},
      components: {
        schemas: {
          Node: {type: 'object', properties: {name: {type: 'string'}, child: {$ref: '#/components/schemas/Node'}}},
        },
      },
    };
    const loaded = await loadSpec({source: JSON.stringify(circular), name: 'circular.json'});
    const fields = schemaFields(loaded.components.schemas.Node).map((row) => row.field);
    expect(fields.slice(0, 4)).toEqual(['name', 'child', 'child.name', 'child.child']);
    expect(fields.length).toBeLessThan(20);
  });
});

describe('the joined description (scripts/bundle-api.mjs, `redocly join`)', () => {
  it('holds every operation of every file of api-specs/, its references resolving', async () => {
    const {readdirSync} = await import('node:fs');
    const path = await import('node:path');
    const YAML = (await import('yaml')).default;
    const {joinSpecs} = await import('../../scripts/bundle-api.mjs');
    const dir = path.join(__dirname, '..', '..', 'api-specs');
    const files = readdirSync(dir)
      .filter((file) => file.endsWith('.yaml'))
      .sort()
      .map((file) => path.join(dir, file));
    const ids = async (spec: Awaited<ReturnType<typeof loadSpec>>) =>
      listOperations(spec)
        .map(({op}) => op.operationId)
        .sort();
    const each = (await Promise.all(files.map(async (file) => ids(await loadSpec({file}))))).flat().sort();
    const joined = joinSpecs(files);
    expect(YAML.parse(joined).paths).toBeDefined();
    expect(await ids(await loadSpec({source: joined, name: path.join(dir, 'joined.yaml')}))).toEqual(each);
    expect(each.length).toBeGreaterThan(40);
  }, 60_000);
});
