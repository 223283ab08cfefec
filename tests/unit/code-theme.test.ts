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

  it('give every token Prism produces for the sample code a colour of the theme, and the main kinds their own', async () => {
    const {codeThemeCss} = await import('../../lib/code-colours');
    const {Prism} = await import('prism-react-renderer');
    // The token types Prism gives real code, found by tokenizing it (not from the site's list of roles).
    const samples: Array<[string, string]> = [
      [
        'javascript',
        "// comment\nconst answer = await fetch(`/api/v1/${id}`, {method: 'POST'}); class A extends B {}\nif (x > 1) return true;",
      ],
      [
        'python',
        "# comment\nimport requests\ndef query(payload):\n    return requests.post(URL, json={'a': 1.5, 'b': None})",
      ],
      ['json', '{"question": "Hey", "overrideConfig": {"temperature": 0.5, "stream": true}}'],
      ['yaml', 'openapi: 3.1.0\npaths:\n  /ping: # comment\n    get: {operationId: ping}'],
      ['typescript', 'interface A<T> { a: string; b?: number }\nexport type B = A<boolean>;'],
    ];
    const types = new Set<string>();
    const collect = (tokens: Array<string | {type: string; alias?: string | string[]; content: unknown}>) => {
      for (const token of tokens) {
        if (typeof token === 'string') continue;
        types.add(token.type);
        for (const alias of [token.alias ?? []].flat()) types.add(alias);
        if (Array.isArray(token.content)) collect(token.content as never);
      }
    };
    for (const [language, code] of samples) collect(Prism.tokenize(code, Prism.languages[language]) as never);
    expect(types.size).toBeGreaterThan(10);
    const css = codeThemeCss();
    const colourOf = (type: string) => {
      let colour: string | undefined;
      for (const [, selectors, body] of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
        const applies = selectors
          .split(',')
          .map((selector) => selector.trim())
          .some(
            (selector) =>
              selector === 'html[data-code-theme] .theme-code-block .token' ||
              selector === `html[data-code-theme] .theme-code-block .token.${type}`,
          );
        const value = body.match(/(?:^|\s)color: (var\(--ct-\w+\)) !important/)?.[1];
        if (applies && value) colour = value;
      }
      return colour;
    };
    for (const type of types) expect(colourOf(type), type).toMatch(/^var\(--ct-\w+\)$/);
    const kinds = ['comment', 'keyword', 'string', 'number', 'function', 'punctuation', 'operator'];
    for (const kind of kinds) expect(types.has(kind), `the samples have a ${kind}`).toBe(true);
    for (const kind of kinds) expect(colourOf(kind), `${kind} has a colour of its own`).not.toBe('var(--ct-text)');
    expect(new Set(kinds.map(colourOf)).size, 'one colour role per kind').toBe(kinds.length);
  });
});
