/**
 * Wraps the classic theme's mobile navbar sidebar to make it a proper modal
 * for keyboard users: while it is open, Tab and Shift+Tab stay inside it
 * (focus-trap), Escape closes it, and when it closes focus returns to the menu
 * button that opened it.
 *
 * It also renders the sidebar only once the reader shows they may open it
 * (pointer over, touch on or focus on the menu button) or opens it. The theme
 * renders the closed sidebar, every link of the section's docs menu, as soon
 * as the page knows it is on a phone, in the task that follows hydration;
 * most readers never open it. Rendered on intent, it is there before the
 * click, so it still slides in.
 */
import React, {useEffect, useRef, useState, type ReactNode} from 'react';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import type {FocusTrap} from 'focus-trap';

/** The sidebar, its menu button and the trap's options; exported for the tests. */
export const sidebarSelector = '.navbar-sidebar';
export const toggleSelector = '.navbar__toggle';

/** The events on the menu button that show the reader may open the sidebar. */
export const intentEvents = ['pointerenter', 'pointerdown', 'focus'] as const;

/**
 * Whether the sidebar should be rendered: from the first of
 * {@link intentEvents} on the menu button, or from the first opening (a
 * screen reader may click the button without pointer or focus events), for
 * the rest of the page's life, so that it also slides out when it closes.
 * @param shown whether the sidebar is open (the theme's mobile sidebar state).
 */
function useSidebarWanted(shown: boolean): boolean {
  const [wanted, setWanted] = useState(false);
  // Opened before any intent: remember it during this render (React's pattern for state derived from props).
  if (shown && !wanted) setWanted(true);
  useEffect(() => {
    const button = document.querySelector(toggleSelector);
    if (wanted || !button) return undefined;
    const want = () => setWanted(true);
    for (const type of intentEvents) button.addEventListener(type, want);
    return () => {
      for (const type of intentEvents) button.removeEventListener(type, want);
    };
  }, [wanted]);
  return wanted || shown;
}

/** The mobile sidebar, rendered on intent, with its focus kept inside while open. Takes no props. */
export default function MobileSidebarWrapper(): ReactNode {
  const {shown, toggle} = useNavbarMobileSidebar();
  const wanted = useSidebarWanted(shown);
  const shownRef = useRef(shown);
  shownRef.current = shown;

  useEffect(() => {
    const container = document.querySelector<HTMLElement>(sidebarSelector);
    if (!shown || !container) return undefined;
    let trap: FocusTrap | null = null;
    let closed = false;
    // focus-trap loads with the first opening of the menu, not with every page.
    void import('focus-trap').then(({createFocusTrap}) => {
      if (closed) return;
      trap = createFocusTrap(container, {
        escapeDeactivates: true,
        allowOutsideClick: true,
        fallbackFocus: container,
        setReturnFocus: () => document.querySelector<HTMLElement>(toggleSelector) ?? false,
        // Escape: close the sidebar (its own close button and links close it through the theme).
        onDeactivate: () => {
          if (shownRef.current) toggle();
        },
      });
      trap.activate();
    });
    return () => {
      closed = true;
      // Closed by the theme: release the trap without toggling again; focus still returns to the menu button.
      trap?.deactivate({onDeactivate: () => undefined});
    };
  }, [shown, toggle]);

  return wanted ? <MobileSidebar /> : null;
}
