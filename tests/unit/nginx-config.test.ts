import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {afterEach, describe, expect, it} from 'vitest';

import {writeConfig} from '../../scripts/nginx.mjs';

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, {recursive: true, force: true})));

describe('the nginx config of the test and bench server', () => {
  it('serves a build folder given relative to the working directory from its absolute path', () => {
    const buildDir = mkdtempSync(path.join(tmpdir(), 'nginx-build-'));
    const prefix = mkdtempSync(path.join(tmpdir(), 'nginx-prefix-'));
    folders.push(buildDir, prefix);
    writeFileSync(path.join(buildDir, 'index.html'), '<!doctype html><title>t</title>');
    writeConfig({buildDir: path.relative(process.cwd(), buildDir), port: 3999, prefix});
    const site = readFileSync(path.join(prefix, 'site.conf'), 'utf8');
    expect(site).toMatch(new RegExp(`^\\s*root ${buildDir.replaceAll('/', '\\/')};`, 'm'));
  });
});
