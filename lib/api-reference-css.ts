/**
 * Which CSS belongs to the API reference: the OpenAPI theme's style sheet
 * (which `plugins/api-theme` takes off every page), its components' CSS
 * modules and the site's changes to them. `plugins/api-theme` and
 * `plugins/api-chunks` (which puts these files in a style sheet of their own)
 * both read it.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';

/** The theme's style sheet, as `src/theme/ApiItem` imports it. */
export const apiThemeStyleSheet = require.resolve('docusaurus-theme-openapi-docs/lib/theme/styles.scss');

/** The folder of the theme's components (`@theme/...`), with its style sheet. */
const themeComponents = path.dirname(apiThemeStyleSheet);

/** The folder of the classic theme's components. */
const classicThemeComponents = path.join(path.dirname(require.resolve('@docusaurus/theme-classic')), 'theme');

/**
 * Whether a CSS file belongs to the API reference, so that it loads with the
 * API reference's pages only (`plugins/api-chunks` puts these files in one
 * style sheet of their own):
 * - the theme's style sheet and its components' CSS modules;
 * - the site's changes to them: `src/css/api-reference.css` and the CSS of
 *   the site's swizzles of the theme's components (`src/theme/<Component>`).
 *
 * Not the components the theme puts in place of the classic theme's, which
 * any page can use (`Tabs` and `TabItem`): their CSS stays in the style sheet
 * every page loads.
 * @param resource the CSS file's absolute path, as the bundler names the module.
 * @param siteDir the site's folder.
 */
export function isApiReferenceCss(resource: string, siteDir: string): boolean {
  if (resource === path.join(siteDir, 'src', 'css', 'api-reference.css')) return true;
  for (const folder of [themeComponents, path.join(siteDir, 'src', 'theme')]) {
    const relative = path.relative(folder, resource);
    if (relative.startsWith('..') || path.isAbsolute(relative)) continue;
    const [component, ...rest] = relative.split(path.sep);
    if (rest.length === 0) return folder === themeComponents;
    return (
      existsSync(path.join(themeComponents, component)) && !existsSync(path.join(classicThemeComponents, component))
    );
  }
  return false;
}
