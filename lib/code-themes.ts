/**
 * The code highlighting themes a reader can choose for code blocks
 * (specification §3). `auto` keeps the site default: a light theme in light
 * mode and a dark theme in dark mode. Each other id names a palette of
 * config/code-palettes.ts, whose style sheet (lib/code-colours.ts, written by
 * plugins/code-highlighting) applies through `html[data-code-theme]`.
 */
export const codeThemes = [
  {id: 'auto', label: 'Match colour mode'},
  {id: 'default', label: 'Default'},
  {id: 'dark', label: 'Dark'},
  {id: 'funky', label: 'Funky'},
  {id: 'okaidia', label: 'Okaidia'},
  {id: 'twilight', label: 'Twilight'},
  {id: 'coy', label: 'Coy'},
  {id: 'solarized-light', label: 'Solarized Light'},
  {id: 'tomorrow-night', label: 'Tomorrow Night'},
] as const;

export type CodeThemeId = (typeof codeThemes)[number]['id'];

/** Local storage key of the reader's choice, persisted like the colour mode. */
export const codeThemeStorageKey = 'code-theme';

/** The attribute on `<html>` that the theme style sheet reads. */
export const codeThemeAttribute = 'data-code-theme';

/** True when `value` is one of the ids above. */
export function isCodeThemeId(value: unknown): value is CodeThemeId {
  return codeThemes.some((theme) => theme.id === value);
}

/**
 * Sets or clears the `<html>` attribute for a theme id. `auto` removes it.
 * @param root the document's root element (injected for tests)
 */
export function applyCodeTheme(id: CodeThemeId, root: HTMLElement = document.documentElement): void {
  if (id === 'auto') {
    root.removeAttribute(codeThemeAttribute);
  } else {
    root.setAttribute(codeThemeAttribute, id);
  }
}

/**
 * The inline script that applies the stored code theme before the page is
 * first painted, like the colour mode's script: put in the `<head>` of every
 * page by plugins/code-highlighting. Accepts only the ids above; does nothing
 * when storage is unavailable.
 */
export function codeThemeBootScript(): string {
  const ids = codeThemes.map((theme) => theme.id).filter((id) => id !== 'auto');
  return `(function(){try{var t=localStorage.getItem(${JSON.stringify(codeThemeStorageKey)});if(${JSON.stringify(ids)}.indexOf(t)>=0)document.documentElement.setAttribute(${JSON.stringify(codeThemeAttribute)},t)}catch(e){}})();`;
}
