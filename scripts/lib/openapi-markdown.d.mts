/** Types of openapi-markdown.mjs (see that file for the documentation). */
export declare const httpMethods: string[];
export declare function escapeMdx(text: unknown): string;
export declare function kebab(id: string): string;
export interface OperationEntry {
  method: string;
  route: string;
  op: {
    operationId: string;
    summary?: string;
    description?: string;
    tags?: string[];
    responses?: Record<string, {description?: string}>;
  };
  parameters: Array<{name: string; in: string; required?: boolean; description?: string}>;
}
export declare function listOperations(spec: unknown): OperationEntry[];
export declare function renderOperation(
  entry: OperationEntry,
  options?: {escape?: (text: unknown) => string; headingLevel?: number; link?: string},
): string;
