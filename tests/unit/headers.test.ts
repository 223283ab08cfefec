import {createHash} from 'node:crypto';
import {mkdtempSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {describe, expect, it} from 'vitest';
import {
  contentSecurityPolicy,
  headersFile,
  inlineScriptHashes,
  nginxSecurityHeaders,
  securityHeaders,
} from '../../deploy/headers.mjs';

type HeaderPair = [string, string];

describe('production headers (deploy/headers.mjs)', () => {
  const hashes = ['abc='];

  it('emit the same security headers for nginx and for the _headers file', () => {
    const pairs = securityHeaders(hashes) as HeaderPair[];
    const names = pairs.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Content-Security-Policy',
        'Strict-Transport-Security',
        'X-Content-Type-Options',
        'Referrer-Policy',
        'Permissions-Policy',
      ]),
    );
    const file = headersFile(hashes) as string;
    const nginx = nginxSecurityHeaders(hashes) as string;
    for (const [name, value] of pairs) {
      expect(file).toContain(`  ${name}: ${value}`);
      expect(nginx).toContain(`add_header ${name} "${value}" always;`);
    }
    expect(file).toMatch(/^\/assets\/\*\n {2}Cache-Control: public, max-age=31536000, immutable$/m);
  });

  it('allow only the site itself, the listed inline scripts and the API for requests the reader sends', () => {
    const csp = contentSecurityPolicy(hashes) as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    // 'wasm-unsafe-eval' lets the search engine compile its WebAssembly; JavaScript eval stays blocked.
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval' 'sha256-abc='");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-eval'/);
    expect(csp).not.toMatch(/'unsafe-inline'[^;]*script|script-src[^;]*'unsafe-inline'/);
  });

  it('hash every inline script of the built HTML', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'headers-'));
    writeFileSync(
      path.join(dir, 'index.html'),
      '<script>console.log(1)</script><script type="application/ld+json">{}</script><script src="/a.js"></script>',
    );
    const found = inlineScriptHashes(dir) as string[];
    expect(found).toEqual([createHash('sha256').update('console.log(1)').digest('base64')]);
  });
});
