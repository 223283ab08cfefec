/* eslint-disable @typescript-eslint/no-explicit-any -- parsed OpenAPI documents are read loosely here; the Redocly lint of the unit tests checks their shape */
/**
 * The OpenAPI files as the examples' judge: which operation a request is, and whether a response matches what
 * that operation's OpenAPI description says (its status is documented, and its body validates against the schema
 * of that status and content type). Schemas are validated with Ajv's JSON Schema 2020-12 dialect, the dialect of
 * OpenAPI 3.1, with OpenAPI's own formats and annotation keywords added.
 */
import Ajv2020, {type ValidateFunction} from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {parseSpec, resolveRef, specFiles} from './extract';

/** One operation of the API reference. */
export interface Operation {
  file: string;
  operationId: string;
  method: string;
  /** The path template under `/api/v1`, e.g. `/chatflows/{id}`. */
  path: string;
  /** Its responses, `$ref`s resolved, by status (`'200'`, `'default'`…). */
  responses: Record<
    string,
    {content?: Record<string, {schema?: unknown; example?: unknown; examples?: Record<string, {value?: unknown}>}>}
  >;
}

const specId = (file: string) => `https://answerai-docs.invalid/${file}`;

/** Rewrites `#/components/schemas/X` refs to the spec's schema document, `<id>#/$defs/X`. */
function absoluteRefs(value: unknown, file: string): unknown {
  if (Array.isArray(value)) return value.map((item) => absoluteRefs(item, file));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/schemas/')
          ? `${specId(file)}#/$defs/${inner.slice('#/components/schemas/'.length)}`
          : absoluteRefs(inner, file),
      ]),
    );
  }
  return value;
}

/** The operations of all OpenAPI files, with a validator for their responses. */
export class ApiReference {
  readonly operations: Operation[] = [];
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();

  /**
   * Reads every file of `api-specs/`.
   * @throws naming the file when one does not parse or its schemas do not compile
   */
  constructor() {
    this.ajv = new Ajv2020({
      strict: true,
      allowUnionTypes: true,
      allErrors: true,
      discriminator: true,
      validateFormats: true,
    });
    addFormats(this.ajv);
    // OpenAPI's formats: numbers of a given size, and binary or base64 strings, which JSON Schema does not check.
    for (const format of ['int32', 'int64', 'float', 'double'])
      this.ajv.addFormat(format, {type: 'number', validate: () => true});
    for (const format of ['binary', 'byte', 'password']) this.ajv.addFormat(format, true);
    // OpenAPI's annotation keywords of the Schema Object.
    this.ajv.addVocabulary(['example', 'xml', 'externalDocs']);
    for (const file of specFiles()) {
      const {doc} = parseSpec(file);
      try {
        this.ajv.addSchema({$id: specId(file), $defs: absoluteRefs(doc.components?.schemas ?? {}, file)});
      } catch (error) {
        throw new Error(`${file}: its schemas do not compile: ${(error as Error).message}`);
      }
      for (const [route, item] of Object.entries<Record<string, any>>(doc.paths ?? {})) {
        for (const [method, operation] of Object.entries<Record<string, any>>(item)) {
          if (!operation?.responses) continue;
          const responses = Object.fromEntries(
            Object.entries(operation.responses).map(([status, response]) => [status, resolveRef(doc, response)]),
          );
          this.operations.push({
            file,
            operationId: operation.operationId,
            method: method.toUpperCase(),
            path: route,
            responses,
          });
        }
      }
    }
  }

  /** The operation with this id. */
  byId(operationId: string): Operation | undefined {
    return this.operations.find((operation) => operation.operationId === operationId);
  }

  /**
   * The operation a request is: its method, and the path template that matches the path (the most specific one when
   * several do).
   * @param method e.g. `POST`
   * @param apiPath the path under `/api/v1`, without query
   */
  match(method: string, apiPath: string): Operation | undefined {
    const segments = apiPath.replace(/\/$/, '').split('/');
    const candidates = this.operations.filter((operation) => {
      if (operation.method !== method.toUpperCase()) return false;
      const template = operation.path.split('/');
      return (
        template.length === segments.length &&
        template.every((part, index) => /^\{.+\}$/.test(part) || part === decodeURIComponent(segments[index]))
      );
    });
    const literalCount = (operation: Operation) =>
      operation.path.split('/').filter((part) => !part.startsWith('{')).length;
    return candidates.sort((a, b) => literalCount(b) - literalCount(a))[0];
  }

  /**
   * What is wrong with a response of an operation, as a list of problems (empty when it matches the description).
   * @param operation the operation
   * @param status the response's status
   * @param contentType the response's `Content-Type` header
   * @param body the response's body, as text
   */
  check(operation: Operation, status: number, contentType: string, body: string): string[] {
    const response =
      operation.responses[String(status)] ??
      operation.responses[`${String(status)[0]}XX`] ??
      operation.responses.default;
    if (!response) return [`status ${status} is not documented for ${operation.operationId}`];
    const mediaType = contentType.split(';')[0].trim().toLowerCase();
    const content = response.content ?? {};
    if (Object.keys(content).length === 0)
      return body.length === 0 ? [] : [`${operation.operationId} ${status} documents no body, but one came`];
    // A response sent without a Content-Type header is documented under `*/*`.
    const media = content[mediaType] ?? (mediaType === '' ? content['*/*'] : undefined);
    if (!media) {
      return [
        `${operation.operationId} ${status} documents ${Object.keys(content).join(', ')}, but the server sent ${mediaType || 'no content type'}`,
      ];
    }
    if (!media.schema) return [];
    const validate = this.validator(operation, status, mediaType, media.schema);
    const values: Array<{value: unknown; label: string}> = [];
    if (mediaType === 'application/json') {
      try {
        values.push({value: JSON.parse(body), label: 'the body'});
      } catch {
        return [`the body is not JSON: ${body.slice(0, 200)}`];
      }
    } else if (mediaType === 'text/event-stream') {
      const events = serverSentEvents(body);
      if (events.length === 0) return ['the stream holds no event'];
      const failure = events.find((event) => (event as {event?: string}).event === 'error');
      if (failure)
        return [`the stream reports an error: ${JSON.stringify((failure as {data?: unknown}).data).slice(0, 300)}`];
      events.forEach((event, index) => values.push({value: event, label: `event ${index + 1}`}));
    } else {
      values.push({value: body, label: 'the body'});
    }
    const problems: string[] = [];
    for (const {value, label} of values) {
      if (!validate(value)) {
        const errors = (validate.errors ?? [])
          .slice(0, 5)
          .map(
            (error) =>
              `${error.instancePath || '/'} ${error.message}${error.params ? ` ${JSON.stringify(error.params)}` : ''}`,
          );
        problems.push(
          `${label} does not match the ${status} ${mediaType} schema of ${operation.operationId}: ${errors.join('; ')}`,
        );
      }
    }
    return problems;
  }

  private validator(operation: Operation, status: number, mediaType: string, schema: unknown): ValidateFunction {
    const key = `${operation.operationId} ${status} ${mediaType}`;
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(absoluteRefs(schema, operation.file) as object);
      this.validators.set(key, validate);
    }
    return validate;
  }
}

/**
 * The events of a server-sent event stream as the product writes it: blocks separated by a blank line, each with
 * a `data:` line holding JSON (`{"event": …, "data": …}`).
 * @returns the parsed `data` of each block, in order
 * @throws when a `data:` line is not JSON
 */
export function serverSentEvents(body: string): unknown[] {
  return body
    .split(/\r?\n\r?\n/)
    .map((block) => block.split(/\r?\n/).find((line) => line.startsWith('data:')))
    .filter((line): line is string => line !== undefined)
    .map((line) => {
      try {
        return JSON.parse(line.slice('data:'.length));
      } catch {
        throw new Error(`a stream event's data is not JSON: ${line.slice(0, 200)}`);
      }
    });
}
