/**
 * Ejected from @docusaurus/theme-classic 3.10.2 (`theme/SkipToContent`, which
 * renders theme-common's `SkipToContentLink` and `useSkipToContent`). Reason:
 * the link focused `<main>` by giving it `tabindex="-1"`, focusing it and
 * removing the attribute at once; Chromium then finds the focused element no
 * longer focusable and moves focus to `<body>` (HTML's focus fixup rule), so
 * focus left the link for nothing visible. CHANGED: the attribute stays
 * until focus leaves `<main>`. Unchanged: the markup, the label, the
 * no-JavaScript fallback link, the focus reset after a navigation, the styles.
 */
import React, {useCallback, useRef, type MouseEvent, type ReactNode} from 'react';
import {useHistory} from '@docusaurus/router';
import {translate} from '@docusaurus/Translate';
import {SkipToContentFallbackId} from '@docusaurus/theme-common';
import {useLocationChange} from '@docusaurus/theme-common/internal';
import styles from './styles.module.css';

const label = translate({
  id: 'theme.common.skipToMainContent',
  description:
    'The skip to content label used for accessibility, allowing to rapidly navigate to main content with keyboard tab/enter navigation',
  message: 'Skip to main content',
});

/**
 * Focuses an element that is not focusable by itself.
 * @param element the element.
 * @param keep CHANGED: keep `tabindex="-1"` until the element loses focus (see above).
 */
export function programmaticFocus(element: HTMLElement, keep: boolean): void {
  element.setAttribute('tabindex', '-1');
  element.focus();
  if (keep) element.addEventListener('blur', () => element.removeAttribute('tabindex'), {once: true});
  else element.removeAttribute('tabindex');
}

/** The skip link, first in the page. Takes no props. */
export default function SkipToContent(): ReactNode {
  const containerRef = useRef<HTMLDivElement>(null);
  const {action} = useHistory();
  const onClick = useCallback((event: MouseEvent) => {
    event.preventDefault();
    const target =
      document.querySelector<HTMLElement>('main:first-of-type') ?? document.getElementById(SkipToContentFallbackId);
    if (target) programmaticFocus(target, true);
  }, []);
  // After a navigation, the next Tab starts from the top of the page again (upstream behaviour).
  useLocationChange(({location}) => {
    if (containerRef.current && !location.hash && action === 'PUSH') programmaticFocus(containerRef.current, false);
  });
  return (
    <div ref={containerRef} role="region" aria-label={label}>
      <a className={styles.skipToContent} href={`#${SkipToContentFallbackId}`} onClick={onClick}>
        {label}
      </a>
    </div>
  );
}
