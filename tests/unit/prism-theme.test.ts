import {describe, expect, it} from 'vitest';
import {colord, extend} from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import {themes} from 'prism-react-renderer';
import {accessibleTheme, colourlessTheme, prismThemeCss, withContrast} from '../../lib/code-colours';

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

describe('code theme style sheet', () => {
  const light = accessibleTheme(themes.oneLight);

  it('sets the code block colour variables under the scope', () => {
    const css = prismThemeCss(light, "[data-theme='light']");
    expect(css).toContain(`[data-theme='light'] {\n  --prism-color: ${light.plain.color};`);
    expect(css).toContain(`--prism-background-color: ${light.plain.backgroundColor};`);
  });

  it('gives every token type of the theme a rule with its colour', () => {
    const css = prismThemeCss(light, "[data-theme='light']");
    for (const entry of light.styles) {
      for (const type of entry.types) expect(css).toContain(`[data-theme='light'] .prism-code .token.${type}`);
      if (entry.style.color) expect(css).toContain(`color: ${entry.style.color};`);
    }
  });

  it('writes style names as CSS properties and limits language entries to their blocks', () => {
    const css = prismThemeCss(
      {
        plain: {},
        styles: [
          {types: ['deleted'], languages: ['diff'], style: {textDecorationLine: 'line-through', fontStyle: 'italic'}},
        ],
      },
      '.scope',
    );
    expect(css).toBe(
      '.scope .prism-code.language-diff .token.deleted {\n  text-decoration-line: line-through;\n  font-style: italic;\n}\n',
    );
  });

  it('the colourless theme gives no colours to the markup', () => {
    expect(colourlessTheme.styles).toHaveLength(0);
    expect(Object.keys(colourlessTheme.plain)).toHaveLength(0);
    expect(prismThemeCss(colourlessTheme, '.scope')).toBe('\n');
  });
});
