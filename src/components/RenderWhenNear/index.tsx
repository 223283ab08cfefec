/**
 * Shows a static stand-in until the reader scrolls near it, then the
 * interactive component, for good. The server and the hydration render both
 * show the stand-in, so hydration matches; the switch happens only in the
 * browser, once the reader has started using the page (a scroll, wheel,
 * touch, pointer press or key press: see `readerEngaged`) and an
 * IntersectionObserver then sees the stand-in within `margin` of the viewport
 * (at once where IntersectionObserver is missing).
 *
 * Waiting for the reader keeps the work off the page load even for a stand-in
 * that is in the first screen: the page is readable, and quiet for the
 * reader's first tap, as soon as it has hydrated.
 *
 * Used for the API reference's parameters and request and response schemas
 * (through `renderWhenNear`): the OpenAPI theme renders them only in the
 * browser, with their examples' code highlighting, which is the heaviest work
 * an operation page does, and their modules bring lodash and the example
 * generator of the OpenAPI plugin.
 */
import React, {Suspense, lazy, useEffect, useRef, useState, type ComponentType, type ReactNode} from 'react';

export interface RenderWhenNearProps {
  /** What the static HTML shows, and the browser until the reader is near. */
  placeholder: ReactNode;
  /** The interactive content, rendered once the stand-in is near the viewport; the stand-in stays while it suspends (a lazy component loading). */
  children: ReactNode;
  /** How far outside the viewport counts as near, as a CSS length (IntersectionObserver `rootMargin`). Default 50% of the viewport height. */
  margin?: string;
}

/** The events that show the reader has started using the page. */
export const engagementEvents = ['scroll', 'wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

let engagement: Promise<void> | null = null;

/**
 * Resolves on the first engagement event of the page session (listened for
 * on `window` in the capture phase, so scrolls of inner elements count too);
 * already resolved after a client-side navigation, which the reader started.
 * Browser only.
 */
export function readerEngaged(): Promise<void> {
  engagement ??= new Promise((resolve) => {
    const options = {capture: true, passive: true};
    const onEvent = () => {
      for (const type of engagementEvents) window.removeEventListener(type, onEvent, options);
      resolve();
    };
    for (const type of engagementEvents) window.addEventListener(type, onEvent, options);
  });
  return engagement;
}

export default function RenderWhenNear({placeholder, children, margin = '50%'}: RenderWhenNearProps): ReactNode {
  const [near, setNear] = useState(false);
  const standIn = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = standIn.current;
    if (near || !element) return undefined;
    let observer: IntersectionObserver | undefined;
    let unmounted = false;
    void readerEngaged().then(() => {
      if (unmounted) return;
      if (typeof IntersectionObserver === 'undefined') {
        setNear(true);
        return;
      }
      observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) {
            observer?.disconnect();
            setNear(true);
          }
        },
        {rootMargin: `${margin} 0px`},
      );
      observer.observe(element);
    });
    return () => {
      unmounted = true;
      observer?.disconnect();
    };
  }, [near, margin]);
  const standInElement = <div ref={standIn}>{placeholder}</div>;
  if (near) return <Suspense fallback={standInElement}>{children}</Suspense>;
  return standInElement;
}

/**
 * A component that renders `placeholder(props)` until the reader is near it
 * (see RenderWhenNear), then the component `load` resolves to, with the same
 * props. That component's module and everything it imports load only then,
 * as a chunk of their own, not with the page.
 * @param load a dynamic import of the interactive component, e.g. `() => import('@theme-original/RequestSchema')`.
 * @param placeholder renders the static stand-in from the props.
 * @param displayName the returned component's name in React tools and errors.
 */
export function renderWhenNear<Props extends object>(
  load: () => Promise<{default: ComponentType<Props>}>,
  placeholder: (props: Props) => ReactNode,
  displayName: string,
): ComponentType<Props> {
  const Interactive = lazy(load) as unknown as ComponentType<Props>;
  function Deferred(props: Props): ReactNode {
    return (
      <RenderWhenNear placeholder={placeholder(props)}>
        <Interactive {...props} />
      </RenderWhenNear>
    );
  }
  Deferred.displayName = displayName;
  return Deferred;
}
