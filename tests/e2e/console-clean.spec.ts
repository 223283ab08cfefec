import {test, gotoHydrated} from './fixtures';
import {readRoutes} from '../routes';

const routes = readRoutes().filter((route) => !route.endsWith('.xml'));
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
