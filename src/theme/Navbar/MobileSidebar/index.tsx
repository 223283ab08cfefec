/**
 * Wraps the classic theme's mobile navbar sidebar to make it a proper modal
 * for keyboard users: while it is open, Tab and Shift+Tab stay inside it
 * (focus-trap), Escape closes it, and when it closes focus returns to the menu
 * button that opened it.
 */
import React, {useEffect, useRef, type ReactNode} from 'react';
import MobileSidebar from '@theme-original/Navbar/MobileSidebar';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import type {FocusTrap} from 'focus-trap';

/** The sidebar, its menu button and the trap's options; exported for the tests. */
export const sidebarSelector = '.navbar-sidebar';
export const toggleSelector = '.navbar__toggle';

/** The mobile sidebar with its focus kept inside while open. Takes no props. */
export default function MobileSidebarWrapper(): ReactNode {
  const {shown, toggle} = useNavbarMobileSidebar();
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

  return <MobileSidebar />;
}
