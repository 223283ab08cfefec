import {readdirSync} from 'node:fs';
import path from 'node:path';
import {request as playwrightRequest, type APIRequestContext} from '@playwright/test';
import {test, expect, searchInDialog} from './fixtures';

const port = Number(process.env.NGINX_TEST_PORT ?? 3290);
const origin = `http://127.0.0.1:${port}`;
let server: {stop: () => Promise<void>; brotli: boolean};
let http: APIRequestContext;
let securityHeaderNames: string[] = [];
let immutableCache = '';
let revalidateCache = '';

test.describe.configure({mode: 'serial'});

test.beforeAll(async () => {
  // ES modules shared with the deploy scripts: loaded dynamically from this CommonJS test.
  const headers = await import('../../deploy/headers.mjs');
  securityHeaderNames = headers.securityHeaders([]).map(([name]: [string, string]) => name.toLowerCase());
  immutableCache = headers.immutableCache;
  revalidateCache = headers.revalidateCache;
  const {startNginx} = await import('../../scripts/nginx.mjs');
  server = await startNginx({port});
  http = await playwrightRequest.newContext({baseURL: origin, maxRedirects: 0});
});

test.afterAll(async () => {
  await http?.dispose();
  await server?.stop();
});

function expectSecurityHeaders(headers: Record<string, string>) {
  for (const name of securityHeaderNames) expect(headers[name], name).toBeTruthy();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
}

test.describe('production serving with nginx', () => {
  test('answers pages, index pages and assets with 200', async () => {
    for (const path of ['/', '/docs/intro', '/docs/api/', '/docs/integrations/', '/blog/welcome', '/img/logo.svg']) {
      expect((await http.get(path)).status(), path).toBe(200);
    }
  });

  test('redirects .html and /index.html forms to the bare path, and /docs to its start page, permanently', async () => {
    const cases: Array<[string, string]> = [
      ['/docs', '/docs/intro'],
      ['/docs/', '/docs/intro'],
      ['/docs/intro.html', '/docs/intro'],
      ['/docs/api/index.html', '/docs/api/'],
      ['/index.html', '/'],
    ];
    for (const [from, to] of cases) {
      const response = await http.get(from);
      expect(response.status(), from).toBe(301);
      expect(response.headers().location, from).toBe(to);
    }
  });

  test('answers unknown paths with the site not-found page and status 404', async () => {
    const response = await http.get('/docs/no-such-page');
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain('Page Not Found');
    expectSecurityHeaders(response.headers());
  });

  test('caches hashed assets for a year and revalidates everything else', async () => {
    const html = await (await http.get('/')).text();
    const script = html.match(/(?:src|href)="?(\/assets\/js\/main\.[^"\s>]+\.js)/)?.[1];
    expect(script).toBeTruthy();
    const asset = await http.get(script!);
    expect(asset.headers()['cache-control']).toBe(immutableCache);
    expectSecurityHeaders(asset.headers());
    for (const path of ['/', '/docs/intro', '/blog/rss.xml', '/sitemap.xml', '/llms.txt', '/docs/intro.md']) {
      const response = await http.get(path);
      expect(response.headers()['cache-control'], path).toBe(revalidateCache);
      expectSecurityHeaders(response.headers());
    }
  });

  test('serves the right content types', async () => {
    const types: Array<[string, RegExp]> = [
      ['/docs/intro', /^text\/html/],
      ['/blog/rss.xml', /^application\/rss\+xml/],
      ['/blog/atom.xml', /^application\/atom\+xml/],
      ['/sitemap.xml', /^application\/xml/],
      ['/openapi/answerai-api.json', /^application\/json/],
      ['/openapi/answerai-api.yaml', /^application\/yaml/],
      ['/docs/intro.md', /^text\/markdown/],
      ['/llms.txt', /^text\/plain/],
    ];
    for (const [path, type] of types) {
      const response = await http.get(path);
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toMatch(type);
    }
  });

  test('compresses text with gzip, and with brotli when the module is installed', async () => {
    const gzip = await http.get('/docs/intro', {headers: {'Accept-Encoding': 'gzip'}});
    expect(gzip.headers()['content-encoding']).toBe('gzip');
    const css = await http.get('/llms.txt', {headers: {'Accept-Encoding': 'gzip'}});
    expect(css.headers()['content-encoding']).toBe('gzip');
    if (server.brotli) {
      const br = await http.get('/docs/intro', {headers: {'Accept-Encoding': 'br'}});
      expect(br.headers()['content-encoding']).toBe('br');
    }
  });

  test('sends the search index files as gzip content, which Chromium inflates and the search reads', async ({page}) => {
    const buildDir = path.join(__dirname, '..', '..', 'build'); // what startNginx serves
    const fragment = readdirSync(path.join(buildDir, 'pagefind', 'fragment'))[0];
    const meta = readdirSync(path.join(buildDir, 'pagefind')).find((file) => file.endsWith('.pf_meta'))!;
    for (const file of [`/pagefind/fragment/${fragment}`, `/pagefind/${meta}`]) {
      const response = await http.get(file, {headers: {'Accept-Encoding': 'gzip'}});
      expect(response.status(), file).toBe(200);
      expect(response.headers()['content-encoding'], file).toBe('gzip');
      // Inflated once, by the client: the body starts with Pagefind's signature of inflated data.
      expect((await response.body()).subarray(0, 12).toString('latin1'), file).toBe('pagefind_dcd');
    }
    await page.goto(`${origin}/docs/intro`);
    await page.waitForSelector('html[data-has-hydrated="true"]');
    const {options} = await searchInDialog(page, 'pinecone');
    await expect(options.first()).toContainText('Pinecone');
  });

  for (const path of ['/', '/docs/intro', '/docs/api/prediction/create-prediction', '/blog/welcome']) {
    test(`${path} loads in Chromium through nginx with no CSP violation or console error`, async ({page}) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          (window as unknown as {cspViolations: string[]}).cspViolations ??= [];
          (window as unknown as {cspViolations: string[]}).cspViolations.push(
            `${event.violatedDirective} ${event.blockedURI}`,
          );
        });
      });
      await page.goto(`${origin}${path}`);
      await page.waitForSelector('html[data-has-hydrated="true"]');
      await page.locator('nav.navbar').getByRole('button', {name: 'Search'}).focus();
      await page.waitForLoadState('networkidle');
      const inPage = await page.evaluate(() => (window as unknown as {cspViolations?: string[]}).cspViolations ?? []);
      expect([...violations, ...inPage]).toEqual([]);
    });
  }
});
