#!/usr/bin/env node
/**
 * Builds a copy of the site with N times its docs and blog posts and prints the
 * copy's folder (its production build is in `<folder>/build`):
 * `node scripts/scale-build.mjs 5`. The test suite runs the navigation,
 * console and page-weight end-to-end tests against it; remove the folder with
 * `rm -rf` when done. Exits with status 1 and the build's output when the
 * copy does not build.
 */
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {makeScaledSite, removeScaledSite} from '../lib/bench/scale-site.mjs';

const siteDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const factor = Number(process.argv[2] ?? 5);
const dir = makeScaledSite(siteDir, factor);
try {
  execFileSync('npm', ['run', '--silent', 'gen-api'], {cwd: dir, stdio: ['ignore', 'ignore', 'inherit']});
  execFileSync('npx', ['docusaurus', 'build'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {...process.env, ANSWERAI_TEST_PAGES: '1'},
  });
} catch (error) {
  removeScaledSite(dir);
  console.error(`scale-build: the ${factor}× copy of the site did not build (${error.message})`);
  process.exit(1);
}
console.log(dir);
