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
import type {LoadContext, Plugin} from '@docusaurus/types';
import openApiTheme from 'docusaurus-theme-openapi-docs';
import {apiThemeStyleSheet} from '../../lib/api-reference-css';

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
