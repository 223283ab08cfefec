import {describe, expect, it} from 'vitest';
import {
  listOperations,
  renderOperation,
  schemaFields,
  writeMarkdown,
  operationTree,
} from '../../lib/openapi-markdown.mjs';

const spec = {
  openapi: '3.1.0',
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
  const [entry] = listOperations(spec);

  it('lists parameters, every request body field and every response with its fields', () => {
    const md = renderOperation(entry, spec, {headingLevel: 0});
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
    const mdx = writeMarkdown(operationTree(entry, spec, {headingLevel: 3}), {mdx: true});
    expect(mdx).toContain('### Update a thing');
    expect(mdx).toMatch(/\\\{braces\}|`\{braces\}`/);
    expect(mdx).toContain('\\<tags>');
  });

  it('flattens nested schemas and follows $refs', () => {
    expect(schemaFields(spec, {$ref: '#/components/schemas/Thing'}).map((row) => row.field)).toEqual([
      'name',
      'kind',
      'parts',
      'parts[].size',
      'id',
    ]);
  });

  it('names an unresolved reference', () => {
    expect(() => schemaFields(spec, {$ref: '#/components/schemas/Missing'})).toThrow(
      /unresolved \$ref #\/components\/schemas\/Missing/,
    );
  });
});
