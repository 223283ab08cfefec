/**
 * The code highlighting themes a reader can choose (specification §3:
 * Default, Dark, Funky, Okaidia, Twilight, Coy, Solarized Light, Tomorrow
 * Night), as palettes, and the style sheet that applies them when
 * `html[data-code-theme]` is set (src/components/CodeThemePicker).
 *
 * The palettes follow the classic Prism themes of the same names. Every colour
 * is brought to WCAG AA contrast against its theme's background when the style
 * sheet is written (lib/code-colours.ts, `codeThemeCss`), and every token gets
 * a colour of the chosen theme, in both site colour modes: a catch-all rule
 * covers token types no group names, so no colour of the site's own light or
 * dark code theme shows through.
 */
/** The colour roles of a palette. */
export interface CodePalette {
  background: string;
  text: string;
  comment: string;
  punctuation: string;
  keyword: string;
  string: string;
  number: string;
  function: string;
  tag: string;
  operator: string;
  variable: string;
}

/** The palettes, by theme id (the ids of lib/code-themes.ts). */
export const codePalettes: Readonly<Record<string, CodePalette>> = {
  default: {
    background: '#f5f2f0',
    text: '#1a1a1a',
    comment: '#5c6773',
    punctuation: '#5f5f5f',
    keyword: '#0069a3',
    string: '#4b7000',
    number: '#99004d',
    function: '#b8284a',
    tag: '#99004d',
    operator: '#7c5a2e',
    variable: '#a65c00',
  },
  dark: {
    background: '#4c3f33',
    text: '#ffffff',
    comment: '#c2ab93',
    punctuation: '#e6d8c8',
    keyword: '#e3a8b2',
    string: '#bce051',
    number: '#e3a8b2',
    function: '#f4b73d',
    tag: '#e3a8b2',
    operator: '#f4b73d',
    variable: '#f4b73d',
  },
  funky: {
    background: '#000000',
    text: '#ffffff',
    comment: '#aaaaaa',
    punctuation: '#bbbbbb',
    keyword: '#ff1493',
    string: '#ffff00',
    number: '#00ccff',
    function: '#ff66ff',
    tag: '#00ccff',
    operator: '#9acd32',
    variable: '#ffa500',
  },
  okaidia: {
    background: '#272822',
    text: '#f8f8f2',
    comment: '#a0adb9',
    punctuation: '#f8f8f2',
    keyword: '#66d9ef',
    string: '#a6e22e',
    number: '#ae81ff',
    function: '#e6db74',
    tag: '#f92672',
    operator: '#f8f8f2',
    variable: '#fd971f',
  },
  twilight: {
    background: '#141414',
    text: '#ffffff',
    comment: '#9a9a9a',
    punctuation: '#ffffff',
    keyword: '#f9ee98',
    string: '#a7b57e',
    number: '#cf6a4c',
    function: '#dad085',
    tag: '#cf6a4c',
    operator: '#e0c589',
    variable: '#e9c062',
  },
  coy: {
    background: '#fdfdfd',
    text: '#1a1a1a',
    comment: '#5d6b78',
    punctuation: '#4f5354',
    keyword: '#126e8f',
    string: '#237a07',
    number: '#b32525',
    function: '#2f6f99',
    tag: '#b32525',
    operator: '#7f5f40',
    variable: '#a65c00',
  },
  'solarized-light': {
    background: '#fdf6e3',
    text: '#4f6168',
    comment: '#62777a',
    punctuation: '#475b62',
    keyword: '#5c6b00',
    string: '#1c7570',
    number: '#1d6ba6',
    function: '#7d5e00',
    tag: '#1d6ba6',
    operator: '#4f6168',
    variable: '#a33c10',
  },
  'tomorrow-night': {
    background: '#2d2d2d',
    text: '#cccccc',
    comment: '#a6a6a6',
    punctuation: '#cccccc',
    keyword: '#cc99cd',
    string: '#7ec699',
    number: '#f08d49',
    function: '#6fa3d6',
    tag: '#e2777a',
    operator: '#67cdcc',
    variable: '#f8c555',
  },
};

/** Which Prism token types take which colour role; other token types take the theme's text colour. */
export const tokenRoles: Readonly<Record<Exclude<keyof CodePalette, 'background' | 'text'>, readonly string[]>> = {
  comment: ['comment', 'block-comment', 'prolog', 'doctype', 'cdata', 'shebang'],
  punctuation: ['punctuation', 'template-punctuation', 'interpolation-punctuation', 'delimiter'],
  keyword: [
    'keyword',
    'atrule',
    'atrule-id',
    'rule',
    'attr-value',
    'builtin',
    'control',
    'directive',
    'statement',
    'imports',
  ],
  string: ['string', 'char', 'selector', 'selector-class', 'selector-id', 'attr-name', 'inserted', 'hexcode'],
  number: ['number', 'boolean', 'constant', 'symbol', 'unit'],
  function: ['function', 'function-name', 'function-variable', 'class-name', 'maybe-class-name', 'namespace'],
  tag: ['tag', 'tag-id', 'property', 'property-access', 'deleted', 'changed'],
  operator: ['operator', 'entity', 'url'],
  variable: ['variable', 'regex', 'important', 'parameter', 'placeholder'],
};
