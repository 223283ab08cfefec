import {readFileSync} from 'node:fs';
import path from 'node:path';

/**
 * Reads the route manifest `tests/routes.txt`: one site path per line, blank
 * lines and `#` comments ignored. Every test that walks the site uses it.
 *
 * @param section optional prefix to keep only some routes, e.g. "/docs/api/"
 */
export function readRoutes(section = ''): string[] {
  return readFileSync(path.join(__dirname, 'routes.txt'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .filter((route) => route.startsWith(section));
}
