#!/usr/bin/env node
/**
 * After `docusaurus build`: writes build/_headers (security and cache headers
 * for static hosts such as Netlify or Cloudflare Pages) from deploy/headers.mjs,
 * with the hashes of the inline scripts of the built HTML.
 */
import {writeFileSync} from 'node:fs';
import path from 'node:path';
import {fileURLToPath} from 'node:url';
import {headersFile, inlineScriptHashes} from '../deploy/headers.mjs';

const buildDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'build');
const hashes = inlineScriptHashes(buildDir);
writeFileSync(path.join(buildDir, '_headers'), headersFile(hashes));
console.log(`Wrote build/_headers (${hashes.length} inline script hashes)`);
