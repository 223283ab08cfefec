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
export declare function resolveRef<T = unknown>(spec: unknown, value: T): T;
export declare function schemaType(spec: unknown, schema: unknown): string;
export declare function schemaFields(spec: unknown, schema: unknown, prefix?: string, depth?: number): FieldRow[];
export declare function operationTree(
  entry: OperationEntry,
  spec: unknown,
  options?: {headingLevel?: number; link?: string},
): RootContent[];
export declare function writeMarkdown(nodes: RootContent[], options?: {mdx?: boolean}): string;
export declare function renderOperation(
  entry: OperationEntry,
  spec: unknown,
  options?: {headingLevel?: number; link?: string; mdx?: boolean},
): string;
