/**
 * Wraps the OpenAPI theme's ApiExplorer (the right-hand panel of an operation
 * page: request code samples in many languages and the "send" form). The
 * original pulls about 1.6 MB of gzipped JavaScript (35 code generators, the
 * Postman SDK and faker), so it is loaded only when the reader opens it; until
 * then the panel shows what the reader will get and one button.
 */
import React, {Suspense, lazy, useState, type ComponentProps, type ReactNode} from 'react';
import type ApiExplorerType from '@theme-original/ApiExplorer';
import styles from './styles.module.css';

// The explorer's code samples are highlighted by Prism with the site's extra grammars, which the
// highlighted code block chunk registers: load it with the explorer.
const OriginalApiExplorer = lazy(() =>
  Promise.all([import('@theme-original/ApiExplorer'), import('@site/src/theme/CodeBlock/Content/Highlighted')]).then(
    ([explorer]) => explorer,
  ),
);

type Props = ComponentProps<typeof ApiExplorerType>;

/**
 * The deferred API explorer.
 * @param props the original ApiExplorer's props (`item`: the operation, `infoPath`: the group's overview page).
 */
export default function ApiExplorerWrapper(props: Props): ReactNode {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <section className={styles.placeholder} aria-labelledby="api-explorer-heading">
        <h2 id="api-explorer-heading" className={styles.heading}>
          Request samples and explorer
        </h2>
        <p>
          Code to call this endpoint in curl, Python, JavaScript, Go, Java and more, and a form to send a real request
          with your API key. Nothing is sent until you press <em>Send API Request</em>.
        </p>
        <button type="button" className="button button--primary button--block" onClick={() => setOpen(true)}>
          Show request samples
        </button>
      </section>
    );
  }
  return (
    <Suspense fallback={<p className={styles.loading}>Loading request samples…</p>}>
      <OriginalApiExplorer {...props} />
    </Suspense>
  );
}
