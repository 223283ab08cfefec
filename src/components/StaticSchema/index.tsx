import React, {type ReactNode} from 'react';

/** The subset of a JSON Schema (already dereferenced) that the static listing reads. */
export interface SchemaLike {
  type?: string | string[];
  format?: string;
  description?: string;
  required?: string[];
  properties?: Record<string, SchemaLike>;
  items?: SchemaLike;
  allOf?: SchemaLike[];
  enum?: unknown[];
}

/** A request or response body as the OpenAPI plugin passes it: content by media type. */
export interface BodyLike {
  description?: string;
  content?: Record<string, {schema?: SchemaLike}>;
}

/**
 * The search weight of a field or parameter name (Pagefind's `data-pagefind-weight`; body text is 1, an `h3`
 * is 5): a search for a field name such as `overrideConfig` finds the operation that defines it before the
 * guides that mention it.
 */
const fieldNameWeight = 4;

/** Merges `allOf` parts into one object schema. */
function flatten(schema: SchemaLike): SchemaLike {
  if (!schema.allOf) return schema;
  const parts = schema.allOf.map(flatten);
  return {
    ...schema,
    type: 'object',
    required: parts.flatMap((part) => part.required ?? []),
    properties: Object.assign({}, ...parts.map((part) => part.properties ?? {})),
  };
}

function typeLabel(schema: SchemaLike): string {
  const flat = flatten(schema);
  const base = Array.isArray(flat.type) ? flat.type.join(' | ') : (flat.type ?? 'object');
  if (base === 'array' && flat.items) return `${typeLabel(flat.items)}[]`;
  return flat.format ? `${base} (${flat.format})` : base;
}

function Fields({schema, depth}: {schema: SchemaLike; depth: number}): ReactNode {
  const flat = flatten(schema.type === 'array' && schema.items ? schema.items : schema);
  const entries = Object.entries(flat.properties ?? {});
  if (entries.length === 0) return null;
  return (
    <ul>
      {entries.map(([name, child]) => (
        <li key={name}>
          <code data-pagefind-weight={fieldNameWeight}>{name}</code> <em>{typeLabel(child)}</em>
          {flat.required?.includes(name) ? ' (required)' : ''}
          {child.description ? `: ${child.description}` : ''}
          {child.enum ? ` One of: ${child.enum.map(String).join(', ')}.` : ''}
          {depth < 3 ? <Fields schema={child} depth={depth + 1} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** Props of {@link StaticBody}. */
export interface StaticBodyProps {
  /** Heading text, such as "Body" or "Schema". */
  title?: string;
  /** The body (request body or response) with its content by media type. */
  body?: BodyLike;
}

/**
 * A plain HTML listing of a body's fields (name, type, required, description,
 * nested to three levels), rendered during static generation where the OpenAPI
 * theme only renders a loading skeleton. Search indexing, crawlers and readers
 * without JavaScript get every field name; the browser then shows the theme's
 * interactive schema.
 */
export function StaticBody({title, body}: StaticBodyProps): ReactNode {
  const media = Object.entries(body?.content ?? {});
  if (media.length === 0) return null;
  return (
    <div className="openapi-static-schema">
      {media.map(([type, {schema}]) => (
        <section key={type}>
          <p>
            <strong>{title ?? 'Schema'}</strong> <code>{type}</code>
            {schema ? ` (${typeLabel(schema)})` : ''}
          </p>
          {schema ? <Fields schema={schema} depth={1} /> : null}
        </section>
      ))}
    </div>
  );
}

/** An OpenAPI parameter as the plugin passes it. */
export interface ParameterLike {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: SchemaLike;
}

/** Static listing of an operation's parameters, grouped by location (see {@link StaticBody}). */
export function StaticParameters({parameters}: {parameters?: ParameterLike[]}): ReactNode {
  if (!parameters || parameters.length === 0) return null;
  return (
    <ul className="openapi-static-schema">
      {parameters.map((parameter) => (
        <li key={`${parameter.in}-${parameter.name}`}>
          <code data-pagefind-weight={fieldNameWeight}>{parameter.name}</code> <em>{parameter.in}</em>
          {parameter.schema ? ` ${typeLabel(parameter.schema)}` : ''}
          {parameter.required ? ' (required)' : ''}
          {parameter.description ? `: ${parameter.description}` : ''}
        </li>
      ))}
    </ul>
  );
}
