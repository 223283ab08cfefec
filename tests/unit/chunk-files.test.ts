import {describe, expect, it} from 'vitest';
import {rewriteRuntime, sectionOwnedChunks, withChunkRegistry} from '../../plugins/route-split/chunk-files';

const isSection = (name: string) => name.startsWith('routes-');

describe('the chunks a section alone loads', () => {
  const groups = [
    {name: 'main', initial: true, chunks: [{id: '1'}], parents: []},
    {name: 'routes-a', initial: false, chunks: [{id: '10'}], parents: [{name: 'main'}]},
    {name: 'routes-b', initial: false, chunks: [{id: '20'}], parents: [{name: 'main'}]},
    {name: 'page-a1', initial: false, chunks: [{id: '11'}, {id: '99'}], parents: [{name: 'routes-a'}]},
    {name: 'page-a2', initial: false, chunks: [{id: '12'}, {id: '98'}], parents: [{name: 'routes-a'}]},
    {name: 'page-b1', initial: false, chunks: [{id: '21'}, {id: '99'}], parents: [{name: 'routes-b'}]},
    {name: 'lazy', initial: false, chunks: [{id: '98'}], parents: [{name: 'page-a2'}]},
    {name: 'shell-page', initial: false, chunks: [{id: '30'}], parents: [{name: 'main'}]},
  ];
  const owned = sectionOwnedChunks(groups, isSection);

  it('are the chunks every import of which comes from that section', () => {
    expect(Object.fromEntries(owned)).toEqual({'11': 'routes-a', '12': 'routes-a', '21': 'routes-b'});
  });

  it('leave out the chunks shared by two sections, imported elsewhere too, or of the shell and the sections themselves', () => {
    for (const id of ['1', '10', '20', '30', '98', '99']) expect(owned.has(id), id).toBe(false);
  });
});

describe('the runtime without the moved chunks', () => {
  const runtime = [
    '__webpack_require__.gca = function(chunkId) { chunkId = {"aaa":"11","bbb":"30",}[chunkId]||chunkId; return __webpack_require__.p + __webpack_require__.u(chunkId); };',
    '__webpack_require__.u = (chunkId) => {',
    '  return "assets/js/" + chunkId + "." + {"11": "0000aaaa","30": "0000bbbb",}[chunkId] + ".js";',
    '};',
  ].join('\n');
  const rewritten = rewriteRuntime(runtime, new Set(['11']), new Set(['aaa']));

  function load(registered?: {hashes: Record<string, string>; names: Record<string, string>}) {
    const self: Record<string, unknown> = {__routeChunks: registered};
    const webpackRequire: Record<string, unknown> = {p: '/'};
    new Function('self', '__webpack_require__', rewritten)(self, webpackRequire);
    return webpackRequire as {u: (id: string) => string; gca: (name: string) => string};
  }

  it('keeps the entries of the other chunks', () => {
    expect(rewritten).not.toContain('0000aaaa');
    expect(load().u('30')).toBe('assets/js/30.0000bbbb.js');
    expect(load().gca('bbb')).toBe('/assets/js/30.0000bbbb.js');
  });

  it('finds a moved chunk once its section has registered it', () => {
    const registry = {hashes: {}, names: {}};
    new Function('self', withChunkRegistry('', {'11': '0000aaaa'}, {aaa: '11'}))({__routeChunks: registry});
    expect(load(registry).u('11')).toBe('assets/js/11.0000aaaa.js');
    expect(load(registry).gca('aaa')).toBe('/assets/js/11.0000aaaa.js');
  });

  it('fails the build, saying so, when the runtime has another shape', () => {
    expect(() => rewriteRuntime('__webpack_require__.u = () => "x"', new Set(), new Set())).toThrow(/format changed/);
  });
});
