import {colord, extend} from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import type {PrismTheme} from 'prism-react-renderer';
import {codePalettes, tokenRoles, type CodePalette} from '../config/code-palettes';

extend([a11yPlugin]);

/** WCAG 2.1 AA minimum contrast for normal text (success criterion 1.4.3). */
export const minimumContrast = 4.5;

/**
 * Moves a colour towards black (on a light background) or white (on a dark
 * one) in small lightness steps until it reaches `ratio` against `background`.
 * @param color any CSS colour colord parses (hex, rgb(), hsl()).
 * @param background the code block's background colour.
 * @param ratio the contrast ratio to reach, e.g. 4.5.
 * @returns the colour as hex; unchanged in hue when it already passes.
 * @throws Error when either colour cannot be parsed, naming it.
 */
export function withContrast(color: string, background: string, ratio = minimumContrast): string {
  const bg = colord(background);
  let fg = colord(color);
  if (!bg.isValid()) throw new Error(`Prism theme: cannot parse background colour "${background}"`);
  if (!fg.isValid()) throw new Error(`Prism theme: cannot parse token colour "${color}"`);
  const darken = bg.isLight();
  for (let step = 0; step < 100 && fg.contrast(bg) < ratio; step += 1) {
    fg = darken ? fg.darken(0.01) : fg.lighten(0.01);
  }
  return fg.toHex();
}

/**
 * A copy of a prism-react-renderer theme whose plain text and token colours
 * all meet WCAG AA contrast against the theme's background. Used for the
 * site's default code themes (docusaurus.config.ts, `themeConfig.prism`).
 * @param theme a theme from `prism-react-renderer`'s `themes`.
 * @param ratio the minimum contrast ratio (default 4.5).
 */
export function accessibleTheme(theme: PrismTheme, ratio = minimumContrast): PrismTheme {
  const background = theme.plain.backgroundColor ?? '#ffffff';
  return {
    plain: {...theme.plain, color: theme.plain.color && withContrast(theme.plain.color, background, ratio)},
    styles: theme.styles.map((entry) => ({
      ...entry,
      style: {
        ...entry.style,
        ...(entry.style.color ? {color: withContrast(entry.style.color, background, ratio)} : {}),
      },
    })),
  };
}

/**
 * A Prism theme without colours. Given to Docusaurus as both the light and the
 * dark code theme, it keeps colours out of the rendered markup (no inline
 * `style` on tokens), so a code block's HTML is the same in both colour modes
 * and the static HTML needs no re-render after hydration; the colours come
 * from `prismThemeCss`.
 */
export const colourlessTheme: PrismTheme = {plain: {}, styles: []};

/** `fontStyle` → `font-style`. */
const cssProperty = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * A style sheet that gives code blocks the colours of a Prism theme: the
 * `--prism-color` and `--prism-background-color` variables the classic theme's
 * code blocks read, and one rule per theme entry for its token classes
 * (`.token.keyword`), limited to `.language-<id>` blocks where the entry names
 * languages. Later entries win over earlier ones, as in prism-react-renderer.
 * @param theme a prism-react-renderer theme (see `accessibleTheme`).
 * @param scope the selector the rules apply under, e.g. `[data-theme='dark']`.
 * @returns CSS text.
 */
export function prismThemeCss(theme: PrismTheme, scope: string): string {
  const rules: string[] = [];
  const plain = [
    theme.plain.color && `--prism-color: ${theme.plain.color};`,
    theme.plain.backgroundColor && `--prism-background-color: ${theme.plain.backgroundColor};`,
  ].filter(Boolean);
  if (plain.length > 0) rules.push(`${scope} {\n  ${plain.join('\n  ')}\n}`);
  for (const entry of theme.styles) {
    // prism-react-renderer puts the language class on the <pre>, beside `prism-code`.
    const blocks = entry.languages?.length
      ? entry.languages.map((language) => `.prism-code.language-${language}`)
      : ['.prism-code'];
    const selectors = entry.types.flatMap((type) => blocks.map((block) => `${scope} ${block} .token.${type}`));
    const declarations = Object.entries(entry.style).map(([name, value]) => `${cssProperty(name)}: ${value};`);
    if (declarations.length > 0) rules.push(`${selectors.join(',\n')} {\n  ${declarations.join('\n  ')}\n}`);
  }
  return `${rules.join('\n')}\n`;
}

/** A palette with every colour brought to `ratio` against its background. */
export function accessiblePalette(palette: CodePalette, ratio = minimumContrast): CodePalette {
  return Object.fromEntries(
    Object.entries(palette).map(([role, colour]) => [
      role,
      role === 'background' ? colour : withContrast(colour, palette.background, ratio),
    ]),
  ) as unknown as CodePalette;
}

/**
 * The style sheet of the reader-selectable themes. `!important` wins over the
 * site's own code theme rules (`prismThemeCss`) and over any colour set inline.
 */
export function codeThemeCss(palettes: Readonly<Record<string, CodePalette>> = codePalettes): string {
  const scope = 'html[data-code-theme] .theme-code-block';
  const rules: string[] = [];
  for (const [id, raw] of Object.entries(palettes)) {
    const palette = accessiblePalette(raw);
    const variables = Object.entries(palette).map(([role, colour]) => `  --ct-${role}: ${colour};`);
    rules.push(`html[data-code-theme='${id}'] {\n${variables.join('\n')}\n}`);
  }
  rules.push(
    `${scope},\n${scope} pre {\n  --prism-background-color: var(--ct-background);\n  --prism-color: var(--ct-text);\n  background-color: var(--ct-background) !important;\n  color: var(--ct-text) !important;\n}`,
    `${scope} .token-line,\n${scope} .token {\n  color: var(--ct-text) !important;\n}`,
  );
  for (const [role, types] of Object.entries(tokenRoles)) {
    rules.push(
      `${types.map((type) => `${scope} .token.${type}`).join(',\n')} {\n  color: var(--ct-${role}) !important;\n}`,
    );
  }
  return `${rules.join('\n')}\n`;
}
