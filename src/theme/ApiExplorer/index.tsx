/**
 * Wraps the OpenAPI theme's ApiExplorer (the right-hand panel of an operation
 * page: request code samples in many languages and the "send" form). The
 * original pulls about 1.6 MB of gzipped JavaScript (35 code generators, the
 * Postman SDK and faker), so it is loaded only when the reader opens it; until
 * then the panel shows what the reader will get and one button.
 *
 * The panel is one section under one heading in both states. "Show request
 * samples" moves focus to that heading, which stays in place while the
 * explorer loads below it, so focus never falls back to the page. The
 * explorer is themed with the site's colour tokens (styles.module.css).
 */
import React, {Suspense, lazy, useEffect, useRef, useState, type ComponentProps, type ReactNode} from 'react';
import clsx from 'clsx';
import type ApiExplorerType from '@theme-original/ApiExplorer';
import {WithApiPageStore, loadApiPageStoreModule} from '@site/src/components/ApiPageStore';
import styles from './styles.module.css';

// The explorer's code samples are highlighted by Prism with the site's extra grammars, which the
// highlighted code block chunk registers: load it with the explorer, and the page's store beside them.
const OriginalApiExplorer = lazy(() =>
  Promise.all([
    import('@theme-original/ApiExplorer'),
    import('@site/src/theme/CodeBlock/Content/Highlighted'),
    loadApiPageStoreModule(),
  ]).then(([explorer]) => explorer),
);

type Props = Omit<ComponentProps<typeof ApiExplorerType>, 'item'>;

/**
 * Rendered after the explorer, so its effect runs once the explorer is on the page: the theme's
 * "Authorization" heading is an `<h4>` right under this panel's `<h2>`; it is exposed as the level-3
 * heading it is.
 */
function ExplorerShown({section}: {section: React.RefObject<HTMLElement | null>}): ReactNode {
  useEffect(() => {
    section.current?.querySelectorAll('h4.openapi-security__summary-header').forEach((heading) => {
      heading.setAttribute('aria-level', '3');
    });
  }, [section]);
  return null;
}

/**
 * The deferred API explorer, for an operation page (inside ApiPageStoreProvider, which gives it the
 * operation and the page's Redux store).
 * @param props the original ApiExplorer's props but `item`, the operation (`infoPath`: the group's overview page).
 */
export default function ApiExplorerWrapper(props: Props): ReactNode {
  const [open, setOpen] = useState(false);
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section
      ref={section}
      className={clsx(styles.explorer, !open && styles.placeholder)}
      aria-labelledby="api-explorer-heading">
      <h2 id="api-explorer-heading" ref={heading} tabIndex={-1} className={styles.heading}>
        Request samples and explorer
      </h2>
      {open ? (
        <Suspense
          fallback={
            <p role="status" className={styles.loading}>
              Loading request samples…
            </p>
          }>
          <WithApiPageStore>{(api) => <OriginalApiExplorer {...props} item={api} />}</WithApiPageStore>
          <ExplorerShown section={section} />
        </Suspense>
      ) : (
        <>
          <p>
            Code to call this endpoint in curl, Python, JavaScript, Go, Java and more, and a form to send a real request
            with your API key. Nothing is sent until you press <em>Send API Request</em>.
          </p>
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => {
              setOpen(true);
              heading.current?.focus();
            }}>
            Show request samples
          </button>
        </>
      )}
    </section>
  );
}
