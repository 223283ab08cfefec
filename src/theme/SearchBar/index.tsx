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
 * Pagefind's engine and the vocabulary start loading when the browser is
 * idle after the page has loaded (unless the reader saves data), or earlier
 * when the reader points at, focuses or opens the search; never before the
 * page's load event. The dialog's own chunk loads on intent only.
 */
import React, {
  Suspense,
  lazy,
  useCallback,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import {useLocation} from '@docusaurus/router';
import {SearchIcon} from '@site/src/components/Search/SearchIcon';
import {preloadSearch, preloadSearchWhenIdle} from '@site/src/components/Search/loader';
import styles from '@site/src/components/Search/styles.module.css';

/** The dialog, its results and the search engine's loader: a chunk of their own, loaded on intent. */
const loadDialog = () => import('@site/src/components/Search/SearchDialog');
const SearchDialog = lazy(loadDialog);

/** Starts loading the dialog, Pagefind's script and the vocabulary, ahead of the first search. */
function warmUp(): void {
  void loadDialog();
  preloadSearch();
}

/**
 * Whether a result was just opened from the dialog, so that the opened page
 * gets the focus. Module state, not a ref: each page renders its own navbar,
 * so the SearchBar that opened the result is not the one that sees its page.
 */
const arrival = {pending: false};

/**
 * Whether a key event is the search shortcut: K with Ctrl (or ⌘ on macOS).
 * @param event the keyboard event.
 */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>) {
  return event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
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
    warmUp();
    setSession((n) => n + 1);
    setOpen(true);
  }, []);
  const location = useLocation();
  const closeDialog = useCallback((navigated?: boolean) => {
    setOpen(false);
    // After a result opens, focus goes to that page (below); otherwise back to the button.
    if (navigated) arrival.pending = true;
    else button.current?.focus();
  }, []);

  // Once the opened page is rendered, focus its target section or its title, so the keyboard continues there.
  useEffect(() => {
    if (!arrival.pending) return;
    let frames = 0;
    let handle = 0;
    const focus = () => {
      const id = decodeURIComponent(location.hash.slice(1));
      const target =
        (id && document.getElementById(id)) ||
        document.querySelector<HTMLElement>('main h1, main [role="main"] h1') ||
        document.querySelector<HTMLElement>('main');
      if (!target && frames++ < 60) {
        handle = requestAnimationFrame(focus);
        return;
      }
      arrival.pending = false;
      if (!target) return;
      if (!target.hasAttribute('tabindex') && !target.matches('a, button, input, select, textarea')) {
        target.setAttribute('tabindex', '-1');
      }
      target.focus({preventScroll: Boolean(id)});
    };
    handle = requestAnimationFrame(focus);
    return () => cancelAnimationFrame(handle);
  }, [location]);

  useEffect(() => preloadSearchWhenIdle(), []);

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

  return (
    <>
      <button
        ref={button}
        type="button"
        className={styles.searchButton}
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
      {session > 0 && (
        <Suspense fallback={null}>
          <SearchDialog key={session} open={open} onClose={closeDialog} initialQuery="" />
        </Suspense>
      )}
    </>
  );
}
