// @vitest-environment jsdom
import {describe, expect, it} from 'vitest';
import {applyCodeTheme, codeThemes, isCodeThemeId} from '../../src/components/CodeThemePicker/themes';

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
