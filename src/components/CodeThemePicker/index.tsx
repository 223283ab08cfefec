import React, {useEffect, useId, type ReactNode} from 'react';
import clsx from 'clsx';
import {useStorageSlot} from '@docusaurus/theme-common';
import {applyCodeTheme, codeThemes, codeThemeStorageKey, isCodeThemeId, type CodeThemeId} from './themes';
import styles from './styles.module.css';

/** Props of {@link CodeThemePicker}. */
export interface CodeThemePickerProps {
  /** Extra class names; the navbar passes its item classes. */
  className?: string;
  /**
   * True when rendered in the mobile navbar sidebar (drawn as a full-width
   * row). The navbar's own copy shows on desktop widths only, like the other
   * navbar items, so it does not crowd the site title on a phone.
   */
  mobile?: boolean;
}

/**
 * A select that lets the reader pick the highlighting theme of code blocks.
 * The choice is stored in local storage under `code-theme` (through Docusaurus'
 * storage slot, which does nothing when storage is unavailable) and applied as
 * the `data-code-theme` attribute of `<html>`. Registered as the navbar item
 * type `custom-codeTheme`.
 */
export default function CodeThemePicker({className, mobile = false}: CodeThemePickerProps): ReactNode {
  const [stored, slot] = useStorageSlot(codeThemeStorageKey);
  const value: CodeThemeId = isCodeThemeId(stored) ? stored : 'auto';
  const id = useId();

  useEffect(() => {
    applyCodeTheme(value);
  }, [value]);

  return (
    <div className={clsx(styles.picker, mobile ? 'menu__list-item' : styles.navbarPicker, className)}>
      <label htmlFor={id} className={styles.label}>
        Code theme
      </label>
      <select
        id={id}
        className={styles.select}
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
    </div>
  );
}
