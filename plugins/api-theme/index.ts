/**
 * The OpenAPI theme (docusaurus-theme-openapi-docs), with its style sheet
 * moved from every page to the API reference's pages.
 *
 * The theme registers `lib/theme/styles.scss` as a client module, which puts
 * its rules (about 27 KB gzip, nearly half of the site's CSS) into the one
 * style sheet every page loads. This wrapper returns the theme's plugin
 * unchanged except for that client module; `src/theme/ApiItem`, the page
 * component of every doc in the API reference, imports the style sheet
 * instead, so it comes with that component's chunk, and `plugins/api-chunks`
 * keeps it out of Docusaurus' shared `styles` chunk.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import openApiTheme from 'docusaurus-theme-openapi-docs';

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

/**
 * @param context Docusaurus' load context, passed on to the theme.
 * @param options the theme's options, passed on.
 * @throws Error when the theme no longer registers its style sheet as a client
 *   module: then the style sheet's place has changed and this wrapper must be
 *   revisited (see the README's upgrade checklist).
 */
export default function apiTheme(context: LoadContext, options: unknown): Plugin {
  const theme = (openApiTheme as (context: LoadContext, options: unknown) => Plugin)(context, options);
  const clientModules = theme.getClientModules?.() ?? [];
  if (!clientModules.includes(apiThemeStyleSheet)) {
    throw new Error(
      `plugins/api-theme: docusaurus-theme-openapi-docs no longer registers ${apiThemeStyleSheet} as a client module ` +
        `(it registers ${JSON.stringify(clientModules)}); check where its styles load before upgrading.`,
    );
  }
  return {...theme, getClientModules: () => clientModules.filter((module) => module !== apiThemeStyleSheet)};
}
