/**
 * Wraps the OpenAPI theme's Base URL panel of the explorer. Its "Edit" and
 * "Hide" buttons replace the panel's content (the URL by a server select, and
 * back), which removes the focused button: focus fell back to the page, and
 * the next Tab skipped the select. Here focus moves to what the button
 * revealed: the select after "Edit", the "Edit" button after "Hide".
 */
import React, {useRef, type ComponentProps, type MouseEvent, type ReactNode} from 'react';
import Server from '@theme-original/ApiExplorer/Server';

type Props = ComponentProps<typeof Server>;

/** The panel's toggle button, the theme's "floating" button. */
const toggleSelector = '.openapi-explorer__floating-btn > button';

/**
 * Once the panel has re-rendered, focuses the select (when the panel was showing the URL) or the toggle.
 * @param panel the wrapper around the theme's panel.
 */
export function focusAfterToggle(panel: HTMLElement): void {
  const editing = !panel.querySelector('select');
  const observer = new MutationObserver(() => {
    const target = panel.querySelector<HTMLElement>(editing ? 'select' : toggleSelector);
    if (target && (editing || !panel.querySelector('select'))) {
      observer.disconnect();
      target.focus();
    }
  });
  observer.observe(panel, {childList: true, subtree: true});
}

/** @param props the theme's Server props (`labelId`). */
export default function ServerWrapper(props: Props): ReactNode {
  const panel = useRef<HTMLDivElement>(null);
  const onClick = (event: MouseEvent) => {
    const button = (event.target as Element).closest(toggleSelector);
    if (button && panel.current?.contains(button)) focusAfterToggle(panel.current);
  };
  return (
    // The click is the button's own (a native <button>, so Enter and Space too); this only follows it with focus.
    <div ref={panel} onClick={onClick} style={{display: 'contents'}}>
      <Server {...props} />
    </div>
  );
}
