/**
 * Bundler plugin of the route split: the browser's runtime names only the
 * chunk files of the shell; each section's chunk names the files of the
 * chunks that only it loads (its pages).
 *
 * The bundler's runtime, which every page loads, holds two maps over every
 * chunk of the site: chunk id → content hash (to build a chunk's file name)
 * and, added by Docusaurus, chunk name → chunk id (to prefetch a route's
 * chunks by name). With one chunk or more per page they grow with the site,
 * about 20 bytes of gzipped JavaScript per page. This plugin moves the entries
 * of every chunk that a single section alone imports (its pages' content) out
 * of the runtime and into that section's chunk, which registers them in
 * `self.__routeChunks` when it runs, before any of them is requested: a page
 * chunk is only ever loaded through its section's registry
 * (src/routing/sections.ts loads the section first).
 *
 * It runs before minification, on the bundler's own output, and leaves the
 * content hashes of the changed files to the bundler's `realContentHash`
 * step, which rehashes every file and rewrites each hash wherever it appears.
 */
import type {Compiler} from '@rspack/core';

/** The global through which section chunks hand their chunks' names and hashes to the runtime. */
export const registryGlobal = '__routeChunks';

/** A chunk group as this plugin reads it: its name, chunks and parents, and whether it is an entry point. */
export interface GroupLike {
  name?: string;
  initial: boolean;
  chunks: Array<{id: string; name?: string}>;
  parents: Array<{name?: string}>;
}

/**
 * The chunks that one section alone imports: each chunk all of whose groups
 * are imported from one and the same section's chunk group, and from nowhere else.
 * @param groups every chunk group of the compilation.
 * @param isSection whether a chunk group name is a section's (`routes-…`).
 * @returns chunk id → the owning section's group name.
 */
export function sectionOwnedChunks(
  groups: readonly GroupLike[],
  isSection: (name: string) => boolean,
): Map<string, string> {
  const owners = new Map<string, Set<string>>();
  for (const group of groups) {
    const from = group.initial
      ? ['entry']
      : group.parents.map((parent) => (parent.name && isSection(parent.name) ? parent.name : 'other'));
    for (const chunk of group.chunks) {
      const set = owners.get(chunk.id) ?? new Set<string>();
      from.forEach((owner) => set.add(owner));
      if (from.length === 0) set.add('other');
      owners.set(chunk.id, set);
    }
  }
  const owned = new Map<string, string>();
  for (const [id, set] of owners) {
    const [only] = [...set];
    if (set.size === 1 && isSection(only)) owned.set(id, only);
  }
  return owned;
}

/**
 * Finds the object literal that starts after `marker` in `source` and ends
 * with `end` (e.g. `}[chunkId]`), and returns its start, end and parsed value.
 * @throws Error naming the marker when it is not found or the literal is not JSON.
 */
function findMap(
  source: string,
  marker: string,
  end: string,
): {start: number; stop: number; map: Record<string, string>} {
  const at = source.indexOf(marker);
  const start = at < 0 ? -1 : source.indexOf('{"', at + marker.length);
  const stop = start < 0 ? -1 : source.indexOf(end, start);
  if (stop < 0) throw new Error(`route-split: the bundler's runtime has no map after "${marker}"; its format changed`);
  const literal = source.slice(start, stop + 1);
  try {
    // The bundler writes the literal as JSON, with a comma after the last entry.
    return {start, stop: stop + 1, map: JSON.parse(literal.replace(/,\s*\}$/, '}')) as Record<string, string>};
  } catch {
    throw new Error(
      `route-split: the map after "${marker}" in the bundler's runtime is not a plain literal: ${literal.slice(0, 80)}…${literal.slice(-80)}`,
    );
  }
}

/** The entries of `map` whose key is not in `removed`. */
const without = (map: Record<string, string>, removed: ReadonlySet<string>) =>
  Object.fromEntries(Object.entries(map).filter(([key]) => !removed.has(key)));

/**
 * The runtime's source without the moved chunks' entries: the file-hash map of
 * `__webpack_require__.u` and the name map of Docusaurus' `__webpack_require__.gca`
 * look up what the section chunks registered when their own map has no entry.
 * @param source the runtime chunk's source, before minification.
 * @param movedIds the ids of the moved chunks; `movedNames` their names.
 * @throws Error when the runtime does not have the expected shape.
 */
export function rewriteRuntime(source: string, movedIds: ReadonlySet<string>, movedNames: ReadonlySet<string>): string {
  let result = source;
  const files = findMap(result, '__webpack_require__.u = ', '}[chunkId]');
  result = `${result.slice(0, files.start)}(${JSON.stringify(without(files.map, movedIds))}[chunkId] || (self.${registryGlobal} || {hashes: {}}).hashes[chunkId])${result.slice(files.stop + '[chunkId]'.length)}`;
  if (result.includes('__webpack_require__.gca = ')) {
    const names = findMap(result, '__webpack_require__.gca = ', '}[chunkId]');
    result = `${result.slice(0, names.start)}(${JSON.stringify(without(names.map, movedNames))}[chunkId] || (self.${registryGlobal} || {names: {}}).names[chunkId])${result.slice(names.stop + '[chunkId]'.length)}`;
  }
  return result;
}

/**
 * A section chunk's source that first registers the names and hashes of the chunks it alone imports.
 * @param source the section chunk's source.
 * @param hashes chunk id → content hash; `names` chunk name → chunk id.
 */
export function withChunkRegistry(
  source: string,
  hashes: Record<string, string>,
  names: Record<string, string>,
): string {
  const global = `self.${registryGlobal}`;
  return `${global} = ${global} || {hashes: {}, names: {}};\nObject.assign(${global}.hashes, ${JSON.stringify(hashes)});\nObject.assign(${global}.names, ${JSON.stringify(names)});\n${source}`;
}

/** The content hash in a chunk file name `…/<id>.<hash>.js`. */
function hashOfFile(file: string): string | undefined {
  return file.match(/\.([0-9a-f]{8})\.js$/)?.[1];
}

/** The plugin; `isSection` tells a section's chunk group name. */
export class SectionChunkFilesPlugin {
  constructor(private readonly isSection: (name: string) => boolean) {}

  apply(compiler: Compiler): void {
    const {Compilation, sources} = compiler.rspack;
    compiler.hooks.thisCompilation.tap('route-split-chunk-files', (compilation) => {
      compilation.hooks.processAssets.tap(
        {name: 'route-split-chunk-files', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE},
        () => {
          const groups: GroupLike[] = compilation.chunkGroups.map((group) => ({
            name: group.name,
            initial: group.isInitial(),
            chunks: group.chunks.flatMap((chunk) => (chunk.id ? [{id: chunk.id, name: chunk.name}] : [])),
            parents: group.getParents().map((parent) => ({name: parent.name})),
          }));
          const owned = sectionOwnedChunks(groups, this.isSection);
          const chunks = [...compilation.chunks];
          const bySection = new Map<string, {hashes: Record<string, string>; names: Record<string, string>}>();
          const movedIds = new Set<string>();
          const movedNames = new Set<string>();
          for (const chunk of chunks) {
            const section = chunk.id ? owned.get(chunk.id) : undefined;
            const file = [...chunk.files].find((name) => name.endsWith('.js'));
            const hash = file && hashOfFile(file);
            if (!section || !chunk.id || !hash) continue;
            const entry = bySection.get(section) ?? {hashes: {}, names: {}};
            entry.hashes[chunk.id] = hash;
            movedIds.add(chunk.id);
            if (chunk.name) {
              entry.names[chunk.name] = chunk.id;
              movedNames.add(chunk.name);
            }
            bySection.set(section, entry);
          }
          if (movedIds.size === 0) return;
          for (const chunk of chunks) {
            const file = [...chunk.files].find((name) => name.endsWith('.js'));
            if (!file) continue;
            const entry = chunk.name ? bySection.get(chunk.name) : undefined;
            if (entry) {
              compilation.updateAsset(
                file,
                new sources.RawSource(
                  withChunkRegistry(compilation.getAsset(file)!.source.source().toString(), entry.hashes, entry.names),
                ),
              );
            }
            if (chunk.hasRuntime()) {
              compilation.updateAsset(
                file,
                new sources.RawSource(
                  rewriteRuntime(compilation.getAsset(file)!.source.source().toString(), movedIds, movedNames),
                ),
              );
            }
          }
        },
      );
    });
  }
}
