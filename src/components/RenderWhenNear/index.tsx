/**
 * Shows a static stand-in until the reader scrolls near it, then the
 * interactive component, for good. The server and the hydration render both
 * show the stand-in, so hydration matches; the switch happens only in the
 * browser, when an IntersectionObserver sees the stand-in within `margin` of
 * the viewport (at once where IntersectionObserver is missing).
 *
 * Used for the API reference's request and response schemas: the OpenAPI
 * theme renders them only in the browser, with their examples' code
 * highlighting, which is the heaviest work an operation page does; below the
 * fold it waits until the reader gets there.
 */
import React, {useEffect, useRef, useState, type ReactNode} from 'react';

export interface RenderWhenNearProps {
  /** What the static HTML shows, and the browser until the reader is near. */
  placeholder: ReactNode;
  /** The interactive content, rendered once the stand-in is near the viewport. */
  children: ReactNode;
  /** How far outside the viewport counts as near, as a CSS length (IntersectionObserver `rootMargin`). Default 50% of the viewport height. */
  margin?: string;
}

export default function RenderWhenNear({placeholder, children, margin = '50%'}: RenderWhenNearProps): ReactNode {
  const [near, setNear] = useState(false);
  const standIn = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = standIn.current;
    if (near || !element) return undefined;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          setNear(true);
        }
      },
      {rootMargin: `${margin} 0px`},
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  if (near) return children;
  return <div ref={standIn}>{placeholder}</div>;
}
