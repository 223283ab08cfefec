import {describe, expect, it} from 'vitest';
import {colord, extend} from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import {themes} from 'prism-react-renderer';
import {accessibleTheme, withContrast} from '../../config/prism';

extend([a11yPlugin]);

describe('accessible Prism themes', () => {
  for (const name of ['oneLight', 'oneDark'] as const) {
    it(`${name}: every token colour meets 4.5:1 against the background`, () => {
      const theme = accessibleTheme(themes[name]);
      const background = theme.plain.backgroundColor!;
      const colours = [theme.plain.color!, ...theme.styles.flatMap((entry) => entry.style.color ?? [])];
      expect(colours.length).toBeGreaterThan(5);
      for (const colour of colours) expect(colord(colour).contrast(background)).toBeGreaterThanOrEqual(4.5);
    });
  }

  it('the untouched themes fail, so the adjustment is needed', () => {
    const background = themes.oneLight.plain.backgroundColor!;
    const failing = themes.oneLight.styles.filter(
      (entry) => colord(entry.style.color ?? '#000').contrast(background) < 4.5,
    );
    expect(failing.length).toBeGreaterThan(0);
  });

  it('keeps passing colours and names an unparsable one', () => {
    expect(withContrast('#000000', '#ffffff')).toBe('#000000');
    expect(() => withContrast('not-a-colour', '#ffffff')).toThrow(/not-a-colour/);
  });
});
