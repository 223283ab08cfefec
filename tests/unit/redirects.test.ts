import {describe, expect, it} from 'vitest';
import {nginxRedirects, redirectPage, redirectPageFile, redirects, redirectsFile} from '../../deploy/redirects.mjs';
import {readRoutes} from '../routes';

describe('redirects (deploy/redirects.mjs)', () => {
  const routes = new Set(readRoutes());

  it('send /docs to the docs start page', () => {
    expect(redirects).toContainEqual(expect.objectContaining({from: '/docs', to: '/docs/intro'}));
  });

  it('lead from an address without a page to a route of the site', () => {
    for (const {from, to} of redirects) {
      expect(routes.has(from), `${from} is a page itself`).toBe(false);
      expect(routes.has(from + '/'), `${from}/ is a page itself`).toBe(false);
      expect(routes.has(to), `${to} is not a route`).toBe(true);
    }
  });

  it('write a page that refreshes to the target, names it canonical and links to it', () => {
    const html = redirectPage({from: '/a', to: '/b/c', title: 'B & C'}, {url: 'https://docs.example.com'});
    expect(html).toContain('<meta http-equiv="refresh" content="0; url=/b/c">');
    expect(html).toContain('<link rel="canonical" href="https://docs.example.com/b/c">');
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<a href="/b/c">B &#38; C</a>');
    expect(html).not.toContain('rel="icon"');
  });

  it("name the site's icon, so the browser does not ask for a /favicon.ico the site lacks", () => {
    const html = redirectPage(
      {from: '/a', to: '/b', title: 'B'},
      {url: 'https://docs.example.com', icon: '/img/favicon.svg'},
    );
    expect(html).toContain('<link rel="icon" href="/img/favicon.svg">\n</head>');
  });

  it('place the page at the old address, and refuse a path with a trailing slash or none at all', () => {
    expect(redirectPageFile({from: '/docs', to: '/x', title: 'x'})).toBe('docs/index.html');
    expect(() => redirectPageFile({from: '/docs/', to: '/x', title: 'x'})).toThrow(/"\/docs\/".*trailing slash/);
    expect(() => redirectPageFile({from: 'docs', to: '/x', title: 'x'})).toThrow(/site path/);
  });

  it('give static hosts and nginx the same 301s, with and without the trailing slash', () => {
    expect(redirectsFile()).toContain('/docs /docs/intro 301\n/docs/ /docs/intro 301\n');
    expect(nginxRedirects()).toContain('location = /docs { return 301 /docs/intro; }');
    expect(nginxRedirects()).toContain('location = /docs/ { return 301 /docs/intro; }');
  });
});
