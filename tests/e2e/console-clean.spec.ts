import {existsSync} from 'node:fs';
import path from 'node:path';
import {test, gotoHydrated} from './fixtures';
import {readRoutes} from '../routes';

const manifest = readRoutes().filter((route) => !route.endsWith('.xml'));
const scale = Number(process.env.ANSWERAI_SCALE ?? 0);
const buildDir = process.env.ANSWERAI_BUILD_DIR;

/**
 * On the copy of the site with N times the content (scripts/scale-build.mjs), the docs routes of the last copy
 * as well (`/docs/x` → `/docs/copy-N/x`), where its build has them: pages of sections that exist only at scale.
 */
const copies =
  scale && buildDir
    ? manifest
        .filter((route) => route.startsWith('/docs/') && !route.startsWith('/docs/api'))
        .map((route) => route.replace(/^\/docs\//, `/docs/copy-${scale}/`))
        .filter((route) =>
          ['.html', '/index.html'].some((end) => existsSync(path.join(buildDir, `${route.replace(/\/$/, '')}${end}`))),
        )
    : [];
const routes = [...manifest, ...copies];
const chunkSize = 20;

// Every route of the manifest, after hydration, with no console error or uncaught exception
// (the shared fixture fails the test on any). Split in chunks so both workers share the load.
for (let start = 0; start < routes.length; start += chunkSize) {
  const chunk = routes.slice(start, start + chunkSize);
  test(`routes ${start + 1}-${start + chunk.length} hydrate without console errors`, async ({page}) => {
    test.setTimeout(120_000);
    for (const route of chunk) {
      await gotoHydrated(page, route);
    }
  });
}

if (scale) {
  test(`the ${scale}× site: the pages of its last copy of the docs are among those visited`, () => {
    if (copies.length < manifest.length / 4)
      throw new Error(`only ${copies.length} copied routes found in ${buildDir}`);
  });
}
