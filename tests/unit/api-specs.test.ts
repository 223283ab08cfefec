import {describe, expect, it} from 'vitest';
import {readOperationManifest, readSpecOperations} from '../api-operations';

describe('OpenAPI files', () => {
  it('describe exactly the operations of the manifest', () => {
    const key = (op: {group: string; page: string; method: string; path: string}) =>
      `${op.group} ${op.page} ${op.method} ${op.path}`;
    expect(readSpecOperations().map(key).sort()).toEqual(readOperationManifest().map(key).sort());
  });
});
