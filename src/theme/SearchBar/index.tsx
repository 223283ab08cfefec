/**
 * Wraps the local search plugin's SearchBar (@easyops-cn/docusaurus-search-local).
 * The navbar shows the search box on every page, but the plugin's component
 * brings mark.js, comlink and its own code (about 12 KB of gzipped JavaScript)
 * into the bundle every page loads first. This wrapper renders a plain search
 * input in the static HTML and loads the plugin's component when the reader
 * shows intent: pointer over or focus on the box, the search shortcut
 * (Ctrl+K or ⌘K, the plugin's default), or a page opened from a search result
 * (`?_highlight=`), where the plugin marks the matched terms. The text typed
 * before the swap and the focus carry over to the real input.
 */
import React, {useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode} from 'react';
import {useLocation} from '@docusaurus/router';
import useIsomorphicLayoutEffect from '@docusaurus/useIsomorphicLayoutEffect';
import {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';

type SearchBarComponent = ComponentType<Record<string, unknown>>;

/** The plugin's component once loaded (one load per page session). */
let Original: SearchBarComponent | null = null;
let pending: Promise<SearchBarComponent> | null = null;

/** Loads the plugin's SearchBar chunk; resolves with the component. */
function loadOriginal(): Promise<SearchBarComponent> {
  pending ??= import('@theme-original/SearchBar').then((module) => {
    Original = module.default as SearchBarComponent;
    return Original;
  });
  return pending;
}

/**
 * Sets a React-controlled input's value as typing would: through the native
 * setter, then an `input` event, which React reports to the input's onChange.
 */
function setInputValue(input: HTMLInputElement, value: string): void {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
  input.dispatchEvent(new Event('input', {bubbles: true}));
}

/** The query parameter the plugin adds to result links to highlight terms on the target page. */
export const highlightParam = '_highlight';

/**
 * Whether a key event is the search shortcut: K with Ctrl (or ⌘ on macOS).
 * @param event the keyboard event.
 */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>) {
  return event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

/**
 * The navbar search box.
 * @param props forwarded unchanged to the plugin's SearchBar (`handleSearchBarToggle`, used by the mobile navbar).
 */
export default function SearchBarWrapper(props: Record<string, unknown>): ReactNode {
  const location = useLocation();
  const [ready, setReady] = useState(false);
  const stub = useRef<HTMLInputElement>(null);
  const container = useRef<HTMLDivElement>(null);
  // The stub input being replaced, and whether its focus moves to the real input.
  const handOver = useRef<{input: HTMLInputElement | null; focus: boolean} | null>(null);

  /** Loads the real search bar, then swaps it in, carrying over text and focus. */
  const activate = useCallback((focus: boolean) => {
    void loadOriginal().then(() => {
      handOver.current = {
        input: stub.current,
        focus: focus || (stub.current !== null && document.activeElement === stub.current),
      };
      setReady(true);
    });
  }, []);

  useEffect(() => {
    if (Original) setReady(true);
    else if (new URLSearchParams(location.search).has(highlightParam)) activate(false);
  }, [location.search, activate]);

  useEffect(() => {
    if (ready) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      stub.current?.focus();
      activate(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [ready, activate]);

  // The plugin's input as handed over, and the text the reader has put in it
  // since (its latest `input` event), until the plugin's start-up is over.
  const typed = useRef<{input: HTMLInputElement; value: string; onInput: () => void} | null>(null);

  // In the commit that mounts the plugin's component, before the browser handles
  // another key press, give its input the text typed into the stub so far (the
  // detached stub keeps its value; keys pressed while React rendered went into
  // it) and the focus.
  useIsomorphicLayoutEffect(() => {
    const state = handOver.current;
    if (!ready || !state) return;
    handOver.current = null;
    const input = container.current?.querySelector<HTMLInputElement>('input.navbar__search-input');
    if (!input) return;
    const value = state.input?.value ?? '';
    const entry = {input, value, onInput: () => (entry.value = input.value)};
    input.addEventListener('input', entry.onInput);
    typed.current = entry;
    if (value) setInputValue(input, value);
    if (state.focus) input.focus();
  }, [ready]);

  // Once mounted, the plugin sets its input's state to the terms of a
  // `?_highlight=` link (none: empty) in a task of its own, which would drop
  // what the reader typed. This task runs after that one (the plugin's effects,
  // being a child's, ran first and queued theirs first) and types the reader's
  // text again, so the state update it causes comes last.
  useEffect(() => {
    const entry = typed.current;
    if (!ready || !entry) return undefined;
    const timer = setTimeout(() => {
      typed.current = null;
      entry.input.removeEventListener('input', entry.onInput);
      if (!entry.value) return;
      // Cleared first: React reports a change only against the value it last saw in the input.
      setInputValue(entry.input, '');
      setInputValue(entry.input, entry.value);
    }, 0);
    return () => clearTimeout(timer);
  }, [ready]);

  if (ready && Original) {
    return (
      <div ref={container} className={styles.wrapper}>
        <Original {...props} />
      </div>
    );
  }
  const placeholder = translate({id: 'theme.SearchBar.label', message: 'Search'});
  return (
    <div ref={container} className={styles.wrapper}>
      <div className={`navbar__search ${styles.container}`}>
        <input
          ref={stub}
          className="navbar__search-input"
          placeholder={placeholder}
          aria-label={placeholder}
          onPointerEnter={() => {
            void loadOriginal();
          }}
          onFocus={() => activate(true)}
        />
      </div>
    </div>
  );
}
