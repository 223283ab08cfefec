/** Types of openapi-markdown.mjs (see that file for the documentation). */
import type {RootContent} from 'mdast';

export declare const httpMethods: string[];
export declare function kebab(id: string): string;
export interface OperationEntry {
  method: string;
  route: string;
  op: {
    operationId: string;
    summary?: string;
    description?: string;
    tags?: string[];
    requestBody?: unknown;
    responses?: Record<string, unknown>;
  };
  parameters: unknown[];
}
export interface FieldRow {
  field: string;
  type: string;
  required: boolean;
  description: string;
  notes: unknown[];
}
export declare function listOperations(spec: unknown): OperationEntry[];
/** A dereferenced OpenAPI description: its shape is the OpenAPI specification's, read freely by the renderers and tests. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type LoadedSpec = Record<string, any>;
export declare function loadSpec(input: {file: string} | {source: string; name: string}): Promise<LoadedSpec>;
export declare function schemaType(schema: unknown, depth?: number): string;
export declare function schemaFields(schema: unknown, prefix?: string, depth?: number): FieldRow[];
export declare function operationTree(
  entry: OperationEntry,
  options?: {headingLevel?: number; link?: string},
): RootContent[];
export declare function writeMarkdown(nodes: RootContent[], options?: {mdx?: boolean}): string;
export declare function renderOperation(
  entry: OperationEntry,
  options?: {headingLevel?: number; link?: string; mdx?: boolean},
): string;
