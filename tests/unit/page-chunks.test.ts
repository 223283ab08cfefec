import {describe, expect, it} from 'vitest';
import {withRequestOrigins} from '../../plugins/page-chunks';

describe('page chunks: client manifest origins by import() request', () => {
  const manifest = {
    origins: {main: ['main'], 17: [17, 42]},
    assets: {main: {}, 17: {}, 42: {}, 99: {}},
  };

  it('names every chunk an import() request loads, keeping the existing origins', () => {
    const result = withRequestOrigins(manifest, [
      {id: 17, origins: [{request: '@site/docs/intro.mdx'}, {request: '@theme/DocItem'}]},
      {id: 42, origins: [{request: '@site/docs/intro.mdx'}]},
      {id: 99, origins: [{request: '@theme/DocItem'}, {}]},
    ]);
    expect(result.origins).toEqual({
      main: ['main'],
      '17': [17, 42],
      '@site/docs/intro.mdx': [17, 42],
      '@theme/DocItem': [17, 99],
    });
    expect(result.assets).toBe(manifest.assets);
  });

  it('skips chunks the manifest has no assets for and requests it already names', () => {
    const result = withRequestOrigins(manifest, [
      {id: 7, origins: [{request: '@site/docs/other.mdx'}]},
      {id: 42, origins: [{request: 'main'}]},
      {id: null, origins: [{request: '@site/docs/x.mdx'}]},
    ]);
    expect(result.origins).toEqual(manifest.origins);
  });
});
