import {colord, extend} from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import type {PrismTheme} from 'prism-react-renderer';

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
