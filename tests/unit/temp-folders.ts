/**
 * Temporary folders for unit tests that need files on disk (a small built site,
 * a stand-in script): made under the system's temporary folder, and removed
 * together by {@link removeTempFolders}, which a test file calls after each test.
 */
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';

/** The folders made since the last removal. */
const folders: string[] = [];

/**
 * Writes `files` below `dir`, making their folders.
 * @param dir an existing folder.
 * @param files content by path relative to `dir`.
 */
export function writeFiles(dir: string, files: Record<string, string | Uint8Array>): void {
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), {recursive: true});
    writeFileSync(path.join(dir, file), content);
  }
}

/**
 * A new, empty temporary folder holding `files`.
 * @param prefix the start of the folder's name.
 * @param files content by path relative to the folder (none by default).
 * @returns the folder's absolute path.
 */
export function tempFolder(prefix: string, files: Record<string, string | Uint8Array> = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  folders.push(dir);
  writeFiles(dir, files);
  return dir;
}

/** Removes every folder {@link tempFolder} made since the last call. */
export function removeTempFolders(): void {
  for (const dir of folders.splice(0)) rmSync(dir, {recursive: true, force: true});
}
