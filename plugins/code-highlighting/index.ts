/**
 * Build plugin: code blocks are highlighted when the page is rendered to
 * static HTML, and the browser only highlights code that it renders itself.
 *
 * - Colours come from a style sheet, not from the markup: the plugin writes
 *   the light and dark code themes (`themes` option, see lib/code-colours.ts) as
 *   CSS into Docusaurus' generated files and adds it as a client module. The
 *   site's Prism themes are colourless, so the static HTML of a code block is
 *   right in both colour modes.
 * - The classic theme registers the extra Prism languages in a client module
 *   that every page loads, which puts Prism (about 30 KB of gzipped
 *   JavaScript, and its start-up work) on every page. In the browser bundle
 *   that module is replaced by an empty one; src/theme/CodeBlock/Content
 *   loads Prism with the languages only when it has code to highlight.
 * - The reader's chosen code theme (`src/components/CodeThemePicker`, palettes
 *   in config/code-palettes.ts) is in the same style sheet, and an inline script
 *   in the `<head>` applies it before the first paint.
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {PrismTheme} from 'prism-react-renderer';
import {codeThemeCss, prismThemeCss} from '../../lib/code-colours';
import {codeThemeBootScript} from '../../lib/code-themes';

export interface Options {
  /** The code theme of each colour mode, with its colours (the site's config holds colourless ones). */
  themes: {light: PrismTheme; dark: PrismTheme};
}

/**
 * The classic theme's client module that registers `prism.additionalLanguages`
 * at start-up, as Docusaurus requests it (an absolute path without extension).
 */
export const prismLanguagesClientModule = require
  .resolve('@docusaurus/theme-classic/lib/prism-include-languages')
  .replace(/\.js$/, '');

export default function codeHighlightingPlugin(context: LoadContext, options: Options): Plugin {
  const cssFile = path.join(context.generatedFilesDir, 'code-highlighting', 'prism-themes.css');
  mkdirSync(path.dirname(cssFile), {recursive: true});
  writeFileSync(
    cssFile,
    prismThemeCss(options.themes.light, "[data-theme='light']") +
      prismThemeCss(options.themes.dark, "[data-theme='dark']") +
      codeThemeCss(),
  );
  return {
    name: 'code-highlighting',
    getClientModules: () => [cssFile],
    // The reader's code theme, applied before the first paint (like the colour mode).
    injectHtmlTags: () => ({headTags: [{tagName: 'script', innerHTML: codeThemeBootScript()}]}),
    configureWebpack(_config, isServer) {
      if (isServer) return {};
      return {resolve: {alias: {[`${prismLanguagesClientModule}$`]: false}}};
    },
  };
}
