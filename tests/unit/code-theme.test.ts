// @vitest-environment jsdom
import {describe, expect, it} from 'vitest';
import {applyCodeTheme, codeThemes, isCodeThemeId} from '../../lib/code-themes';

describe('code themes', () => {
  it('offers the eight themes of the specification plus the colour-mode default', () => {
    expect(codeThemes.map((theme) => theme.label).slice(1)).toEqual([
      'Default',
      'Dark',
      'Funky',
      'Okaidia',
      'Twilight',
      'Coy',
      'Solarized Light',
      'Tomorrow Night',
    ]);
  });

  it('recognises only known ids', () => {
    expect(isCodeThemeId('okaidia')).toBe(true);
    expect(isCodeThemeId('monokai')).toBe(false);
    expect(isCodeThemeId(null)).toBe(false);
  });

  it('sets and clears the html attribute', () => {
    applyCodeTheme('coy');
    expect(document.documentElement.getAttribute('data-code-theme')).toBe('coy');
    applyCodeTheme('auto');
    expect(document.documentElement.hasAttribute('data-code-theme')).toBe(false);
  });
});

describe('reader-selectable code themes', () => {
  it('have a palette for each theme of the picker', async () => {
    const {codePalettes} = await import('../../config/code-palettes');
    expect(Object.keys(codePalettes).sort()).toEqual(
      codeThemes
        .map((t) => t.id)
        .filter((id) => id !== 'auto')
        .sort(),
    );
  });

  it('meet 4.5:1 for every colour role of every theme', async () => {
    const {codePalettes} = await import('../../config/code-palettes');
    const {accessiblePalette} = await import('../../lib/code-colours');
    const {colord, extend} = await import('colord');
    extend([(await import('colord/plugins/a11y')).default]);
    for (const [id, palette] of Object.entries(codePalettes)) {
      const accessible = accessiblePalette(palette);
      for (const [role, colour] of Object.entries(accessible)) {
        if (role === 'background') continue;
        expect(colord(colour).contrast(accessible.background), `${id} ${role}`).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('give every token type a colour of the theme: named roles first, the text colour for the rest', async () => {
    const {tokenRoles} = await import('../../config/code-palettes');
    const {codeThemeCss} = await import('../../lib/code-colours');
    const css = codeThemeCss();
    expect(css).toMatch(
      /html\[data-code-theme\] \.theme-code-block \.token \{\n {2}color: var\(--ct-text\) !important;/,
    );
    for (const [role, types] of Object.entries(tokenRoles)) {
      for (const type of types) expect(css).toContain(`.theme-code-block .token.${type}`);
      expect(css).toContain(`color: var(--ct-${role}) !important;`);
    }
  });
});
