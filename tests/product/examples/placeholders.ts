/**
 * The placeholders the examples use, and what each stands for. An example is run with every placeholder replaced
 * by the value of its role, which the fixtures create on the product server (`operations.ts` says which fixture
 * serves which operation).
 *
 * - Literals: the example ids and URLs written in the OpenAPI files and the pages (each stands for one kind of
 *   thing, e.g. `3b1f0c52-…` is always a chatflow's id).
 * - Reader placeholders: `<your-api-key>`-style words the pages ask the reader to replace.
 * - Environment variables: the names the pages' shell, JavaScript and Python examples read.
 *
 * An example that uses a literal or placeholder not listed here fails with a message naming it, so a writer who
 * adds one also says what it stands for.
 */

/** What a placeholder stands for. */
export type Role =
  | 'apiKey'
  | 'apiUrl'
  | 'chatflowId'
  | 'chatId'
  | 'messageId'
  | 'feedbackId'
  | 'storeId'
  | 'loaderId'
  | 'chunkId'
  | 'toolId'
  | 'variableId'
  | 'assistantId'
  | 'credentialId'
  | 'upsertHistoryId'
  | 'vectorStoreNodeId'
  | 'webPageUrl';

/** The values of the roles an example needs. */
export type RoleValues = Partial<Record<Role, string>>;

/** Example values written in the OpenAPI files and the pages, and their roles. */
export const literals: Record<string, Role> = {
  '3b1f0c52-9a1e-4c39-a3f4-2c5d51b1c0de': 'chatflowId',
  '8f0e2a4c-6d1b-4f7e-9c3a-2b5d7e9f1a3c': 'chatId',
  'd2e3f4a5-b6c7-4d8e-9f0a-1b2c3d4e5f6a': 'messageId',
  'e3f4a5b6-c7d8-4e9f-8a1b-2c3d4e5f6a7b': 'feedbackId',
  'd8e9f0a1-b2c3-4d4e-9f5a-6b7c8d9e0f1a': 'storeId',
  'e9f0a1b2-c3d4-4e5f-8a6b-7c8d9e0f1a2b': 'loaderId',
  'f0a1b2c3-d4e5-4f6a-9b7c-8d9e0f1a2b3c': 'chunkId',
  'a5b6c7d8-e9f0-4a1b-8c2d-3e4f5a6b7c8d': 'toolId',
  'b6c7d8e9-f0a1-4b2c-9d3e-4f5a6b7c8d9e': 'variableId',
  '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9': 'assistantId',
  '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d': 'credentialId',
  'c3d4e5f6-a7b8-4c9d-8e0f-1a2b3c4d5e6f': 'credentialId',
  'c7d8e9f0-a1b2-4c3d-8e4f-5a6b7c8d9e0f': 'upsertHistoryId',
  '3f2e1d0c-b9a8-4776-8554-433221100fed': 'chatflowId',
  aai_5fJ2kQ9xLw3mN7pR: 'apiKey',
  pinecone_0: 'vectorStoreNodeId',
  'https://docs.example.org/handbook': 'webPageUrl',
  'https://prod.studio.theanswer.ai/api/v1': 'apiUrl',
  'http://localhost:4000/api/v1': 'apiUrl',
};

/** Words the pages ask the reader to replace, and their roles. */
export const readerPlaceholders: Record<string, Role> = {
  '<your-api-key>': 'apiKey',
  '<your-chatflow-id>': 'chatflowId',
  '{id}': 'chatflowId',
};

/** Environment variables the pages' examples read, and their roles. */
export const environmentVariables: Record<string, Role> = {
  ANSWERAI_API_KEY: 'apiKey',
  ANSWERAI_API_URL: 'apiUrl',
  CHATFLOW_ID: 'chatflowId',
  PARENT_ID: 'chatflowId',
};

/** Where the pages send requests: replaced by the running server's `/api/v1` when an example runs. */
export const cloudApiUrl = 'https://prod.studio.theanswer.ai/api/v1';

/**
 * Replaces every placeholder in a text: literals and reader placeholders by their role's value.
 * @param text the code or value
 * @param values the roles' values
 * @param where names the example in the error
 * @throws when a placeholder's role has no value for this example
 */
export function fillText(text: string, values: RoleValues, where: string): string {
  let out = text;
  for (const [placeholder, role] of [...Object.entries(literals), ...Object.entries(readerPlaceholders)]) {
    if (!out.includes(placeholder)) continue;
    const value = values[role];
    if (value === undefined) {
      throw new Error(`${where}: uses ${placeholder} (a ${role}), but its operation's fixture provides no ${role}`);
    }
    out = out.split(placeholder).join(value);
  }
  return out;
}

/** `fillText` over every string of a JSON value. */
export function fillValue<T>(value: T, values: RoleValues, where: string): T {
  if (typeof value === 'string') return fillText(value, values, where) as T;
  if (Array.isArray(value)) return value.map((item) => fillValue(item, values, where)) as T;
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, fillValue(inner, values, where)])) as T;
  }
  return value;
}

/** The environment an example runs with: every variable of `environmentVariables` whose role has a value. */
export function exampleEnvironment(values: RoleValues): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, role] of Object.entries(environmentVariables)) {
    const value = values[role];
    if (value !== undefined) env[name] = value;
  }
  return env;
}
