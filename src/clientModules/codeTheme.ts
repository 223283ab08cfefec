/**
 * Client module: applies the reader's saved code theme before the first render,
 * so code blocks do not flash in the default theme. Storage may be unavailable
 * (private mode, sandboxed iframes): then the default theme stays.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {applyCodeTheme, codeThemeStorageKey, isCodeThemeId} from '../components/CodeThemePicker/themes';

if (ExecutionEnvironment.canUseDOM) {
  try {
    const saved = window.localStorage.getItem(codeThemeStorageKey);
    if (isCodeThemeId(saved)) applyCodeTheme(saved);
  } catch {
    // Storage unavailable: keep the default theme.
  }
}
