/**
 * Replaces the classic theme's empty SearchBar placeholder (the theme ships
 * none of its own without a search plugin): the site search on Pagefind
 * (`src/components/Search`).
 *
 * The navbar shows a compact button; it, Ctrl+K or ⌘K (and "/" outside a
 * text field) open a modal dialog with the search box. The box is a combobox:
 * results appear as the reader types, arrow keys move through them, Enter
 * opens the selected one (or the full results page at `/search?q=` when none
 * is selected), Escape closes the dialog and focus returns to the button.
 * Pagefind's script starts loading when the reader points at, focuses or
 * opens the search, never with the page.
 */
import React, {useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import {useHistory} from '@docusaurus/router';
import {HitContent, SearchStatus, useSiteSearch} from '@site/src/components/Search/SearchResults';
import {loadPagefind, loadVocabulary} from '@site/src/components/Search/engine';
import styles from '@site/src/components/Search/styles.module.css';

/** How many results the dialog lists; the results page lists more. */
export const dialogResultCount = 6;

/**
 * Whether a key event is the search shortcut: K with Ctrl (or ⌘ on macOS).
 * @param event the keyboard event.
 */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>) {
  return event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

/** The URL of the full results page for a query. */
export function resultsPageUrl(query: string): string {
  return `/search?q=${encodeURIComponent(query.trim())}`;
}

function SearchIcon(): ReactNode {
  return (
    <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        d="M14.386 14.386l4.088 4.088-4.088-4.088A7.533 7.533 0 1 1 3.733 3.733a7.533 7.533 0 0 1 10.653 10.653z"
        stroke="currentColor"
        fill="none"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** Props of {@link SearchDialog}. */
interface SearchDialogProps {
  open: boolean;
  onClose: () => void;
  initialQuery: string;
}

/** The modal search dialog (a native `<dialog>`: it keeps focus inside and closes on Escape). */
function SearchDialog({open, onClose, initialQuery}: SearchDialogProps): ReactNode {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const history = useHistory();
  const [query, setQuery] = useState(initialQuery);
  const [active, setActive] = useState(-1);
  const state = useSiteSearch(query, dialogResultCount);
  const hits = state.outcome?.hits ?? [];
  const id = useId();
  const listId = `${id}-results`;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      input.current?.focus();
    } else if (!open && element.open) element.close();
  }, [open]);

  useEffect(() => setActive(-1), [state.outcome]);

  const go = useCallback(
    (url: string) => {
      onClose();
      history.push(url);
    },
    [history, onClose],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' && hits.length) {
      event.preventDefault();
      setActive((index) => (index + 1) % hits.length);
    } else if (event.key === 'ArrowUp' && hits.length) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? hits.length - 1 : index - 1));
    } else if (event.key === 'Enter' && query.trim()) {
      event.preventDefault();
      go(active >= 0 && hits[active] ? hits[active].url : resultsPageUrl(query));
    }
  };

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-label="Search the documentation"
      onClose={onClose}
      onClick={(event) => event.target === dialog.current && onClose()}>
      <div className={styles.dialogBody}>
        <div className={styles.inputRow}>
          <SearchIcon />
          <input
            ref={input}
            className={styles.input}
            type="search"
            placeholder="Search the docs"
            aria-label="Search the docs"
            role="combobox"
            aria-expanded={hits.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            spellCheck={false}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            onKeyDown={onKeyDown}
          />
          <button type="button" className={styles.closeButton} onClick={onClose}>
            Close
          </button>
        </div>
        <SearchStatus state={state} />
        <ul id={listId} role="listbox" aria-label="Search results" className={styles.results}>
          {hits.map((hit, index) => (
            <li
              key={hit.url}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={clsx(styles.hit, index === active && styles.hitActive)}
              onMouseMove={() => setActive(index)}
              onClick={() => go(hit.url)}>
              <HitContent hit={hit} />
            </li>
          ))}
        </ul>
        {query.trim() !== '' && (
          <a
            className={styles.allResults}
            href={resultsPageUrl(query)}
            onClick={(event) => {
              event.preventDefault();
              go(resultsPageUrl(query));
            }}>
            See all results for “{query.trim()}”
          </a>
        )}
        <p className={styles.hints} aria-hidden="true">
          <kbd>↑</kbd> <kbd>↓</kbd> to choose, <kbd>Enter</kbd> to open, <kbd>Esc</kbd> to close
        </p>
      </div>
    </dialog>
  );
}

/**
 * The navbar's search: a button that opens the search dialog, and the
 * keyboard shortcut. Takes no props.
 */
export default function SearchBar(): ReactNode {
  const [open, setOpen] = useState(false);
  const [session, setSession] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const openDialog = useCallback(() => {
    loadPagefind().catch(() => undefined);
    void loadVocabulary();
    setSession((n) => n + 1);
    setOpen(true);
  }, []);
  const closeDialog = useCallback(() => {
    setOpen(false);
    button.current?.focus();
  }, []);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target?.closest('input, textarea, select, [contenteditable="true"]');
      if (isSearchShortcut(event) || (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey)) {
        event.preventDefault();
        openDialog();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [openDialog]);

  const warmUp = () => void loadPagefind().catch(() => undefined);

  return (
    <>
      <button
        ref={button}
        type="button"
        className={styles.searchButton}
        aria-label="Search"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        onClick={openDialog}
        onPointerEnter={warmUp}
        onFocus={warmUp}>
        <SearchIcon />
        <span className={styles.searchButtonLabel}>Search</span>
        <kbd className={styles.searchButtonKeys} aria-hidden="true">
          Ctrl K
        </kbd>
      </button>
      {session > 0 && <SearchDialog key={session} open={open} onClose={closeDialog} initialQuery="" />}
    </>
  );
}
