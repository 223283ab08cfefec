import React, {useEffect, type ReactNode} from 'react';
import {useStorageSlot} from '@docusaurus/theme-common';
import {applyCodeTheme, codeThemes, codeThemeStorageKey, isCodeThemeId, type CodeThemeId} from '@site/lib/code-themes';
import styles from './styles.module.css';

/**
 * The code theme control of code blocks (`src/theme/CodeBlock/Buttons`): a
 * native select drawn as a small palette button beside Copy and Wrap, whose
 * list offers the highlighting themes. The choice applies to every code block
 * of the site: it is stored in local storage under `code-theme` (through
 * Docusaurus' storage slot, which does nothing when storage is unavailable)
 * and applied as the `data-code-theme` attribute of `<html>`; an inline script
 * applies it again before the first paint of the next page. Takes no props.
 */
export default function CodeThemePicker(): ReactNode {
  const [stored, slot] = useStorageSlot(codeThemeStorageKey);
  const value: CodeThemeId = isCodeThemeId(stored) ? stored : 'auto';

  useEffect(() => {
    applyCodeTheme(value);
  }, [value]);

  return (
    <span className={styles.picker}>
      <select
        className={styles.select}
        aria-label="Code theme"
        title="Code theme"
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          if (!isCodeThemeId(next)) return;
          if (next === 'auto') slot.del();
          else slot.set(next);
        }}>
        {codeThemes.map((theme) => (
          <option key={theme.id} value={theme.id}>
            {theme.label}
          </option>
        ))}
      </select>
    </span>
  );
}
