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

/** The declarations of each selector of a style sheet, later rules overriding earlier ones. */
function declarationsBySelector(css: string): Map<string, Record<string, string>> {
  const rules = new Map<string, Record<string, string>>();
  for (const [, selectors, body] of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    const declarations = Object.fromEntries(
      body
        .split(';')
        .map((line) => line.split(':').map((part) => part.trim()))
        .filter(([name, value]) => name && value),
    );
    for (const selector of selectors.split(',').map((part) => part.trim())) {
      rules.set(selector, {...rules.get(selector), ...declarations});
    }
  }
  return rules;
}

/**
 * Checks a colour the style sheet gives against the upstream theme's colour
 * for it: the same colour when that reaches 4.5:1 on the upstream background,
 * else the same hue made darker or lighter until it does.
 */
function expectAccessibleVersionOf(shown: string, upstream: string, background: string, what: string): void {
  expect(colord(shown).contrast(background), `${what}: ${shown} on ${background}`).toBeGreaterThanOrEqual(4.5);
  if (colord(upstream).contrast(background) >= 4.5) expect(colord(shown).toHex(), what).toBe(colord(upstream).toHex());
  else {
    const shift = Math.abs(((colord(shown).toHsl().h - colord(upstream).toHsl().h + 540) % 360) - 180);
    expect(shift, `${what}: hue of ${shown} against ${upstream}`).toBeLessThanOrEqual(4);
  }
}

describe('code theme style sheet', () => {
  const upstream = themes.oneLight;
  const background = upstream.plain.backgroundColor!;
  const rules = declarationsBySelector(prismThemeCss(accessibleTheme(upstream), "[data-theme='light']"));

  it('sets the code block colour variables under the scope: the upstream background, a readable text colour', () => {
    const scope = rules.get("[data-theme='light']")!;
    expect(colord(scope['--prism-background-color']).toHex()).toBe(colord(background).toHex());
    expectAccessibleVersionOf(scope['--prism-color'], upstream.plain.color!, background, 'text');
  });

  it('gives every token type of the upstream theme a rule with a readable version of its colour', () => {
    for (const entry of upstream.styles) {
      for (const type of entry.types) {
        const rule = rules.get(`[data-theme='light'] .prism-code .token.${type}`);
        expect(rule, type).toBeDefined();
        // Later entries of the theme win, as in prism-react-renderer.
        const last = upstream.styles.filter((style) => style.types.includes(type) && style.style.color).at(-1);
        if (last) expectAccessibleVersionOf(rule!.color, last.style.color!, background, type);
      }
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
