/**
 * The search dialog of the navbar's search button (src/theme/SearchBar): a
 * modal `<dialog>` with the search box as a combobox. Results appear as the
 * reader types; arrow keys move through them, Enter opens the selected one (or
 * the full results page at `/search?q=` when none is selected), Escape closes
 * the dialog. A chunk of its own, loaded when the reader first opens the
 * search or points at its button.
 */
import React, {useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import {useHistory} from '@docusaurus/router';
import {HitContent, SearchStatus, useSiteSearch} from './SearchResults';
import {SearchIcon} from './SearchIcon';
import styles from './styles.module.css';

/** How many results the dialog lists; the results page lists more. */
export const dialogResultCount = 6;

/** The URL of the full results page for a query. */
export function resultsPageUrl(query: string): string {
  return `/search?q=${encodeURIComponent(query.trim())}`;
}

/** Props of {@link SearchDialog}. */
export interface SearchDialogProps {
  open: boolean;
  /** Closes the dialog; `navigated` when a result or the results page was opened (focus then goes to that page). */
  onClose: (navigated?: boolean) => void;
  initialQuery: string;
}

/** The modal search dialog (a native `<dialog>`: it keeps focus inside and closes on Escape). */
export default function SearchDialog({open, onClose, initialQuery}: SearchDialogProps): ReactNode {
  const dialog = useRef<HTMLDialogElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const history = useHistory();
  const [query, setQuery] = useState(initialQuery);
  // Stryker disable next-line UnaryOperator: the effect on state.query below sets -1 on mount
  const [active, setActive] = useState(-1);
  const state = useSiteSearch(query, dialogResultCount, {firstRowEarly: true});
  const hits = state.outcome?.hits ?? [];
  const id = useId();
  const listId = `${id}-results`;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    const element = dialog.current;
    // Stryker disable next-line ConditionalExpression: React sets the refs before it runs effects; the check narrows the type
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      // Stryker disable next-line OptionalChaining: as above
      input.current?.focus();
    } else if (!open && element.open) element.close();
  }, [open]);

  // A new query clears the selection; the rest of the rows joining the first (the same query's answer) keeps it.
  useEffect(() => setActive(-1), [state.query]);

  // The selected row is always in sight: the list scrolls to it.
  useEffect(() => {
    // No option has the id of -1, no selection.
    document.getElementById(optionId(active))?.scrollIntoView({block: 'nearest'});
    // optionId depends only on the stable id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  const go = useCallback(
    (url: string) => {
      onClose(true);
      history.push(url);
    },
    [history, onClose],
  );

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Escape') {
      // A search box clears its text on Escape and the dialog would close only on a second press.
      event.preventDefault();
      onClose();
    } else if (event.key === 'ArrowDown' && hits.length) {
      event.preventDefault();
      setActive((index) => (index + 1) % hits.length);
    } else if (event.key === 'ArrowUp' && hits.length) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? hits.length - 1 : index - 1));
    } else if (event.key === 'Enter' && query.trim()) {
      event.preventDefault();
      // Stryker disable next-line LogicalOperator,ConditionalExpression: hits[active] guards a selection past the rows, which the reset on each new query prevents
      go(active >= 0 && hits[active] ? hits[active].url : resultsPageUrl(query));
    }
  };

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-label="Search the documentation"
      // The native close event also follows a close this component asked for (open already false): report only
      // the browser's own (Escape while focus is not in the box).
      onClose={() => open && onClose()}
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
          <button type="button" className={styles.closeButton} onClick={() => onClose()}>
            Close
          </button>
        </div>
        <SearchStatus state={state} onSuggest={setQuery} />
        <ul id={listId} role="listbox" aria-label="Search results" aria-busy={state.loading} className={styles.results}>
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
