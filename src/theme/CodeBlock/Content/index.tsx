/**
 * Wraps the classic theme's CodeBlock/Content (the highlighted `<pre>`), so
 * that Prism never runs on the critical path of a page load.
 *
 * - On the server (static HTML), the original renders highlighted code as usual
 *   (Docusaurus waits for lazy components before it writes a page).
 * - When the browser hydrates that HTML, this wrapper keeps the block's static
 *   HTML as it is (`dangerouslySetInnerHTML` with the HTML already in the
 *   document, which React leaves untouched), so the page loads no Prism. Each
 *   block's wrapper carries React's `useId()`, which is the same in both
 *   renders, to find its HTML.
 * - That HTML is also remembered by the block's input (code, language, line
 *   options), so a block the page renders again with the same input (the tabs
 *   of `<Tabs>` are re-mounted once the page has hydrated) reuses it.
 * - Any other block rendered in the browser (after a client-side navigation)
 *   uses the original with Prism, loaded as its own chunk; the browser
 *   prefetches that chunk in idle time on pages with code blocks, and a plain
 *   block shows for the moment it may take to load.
 */
import React, {Suspense, lazy, useId, useState, type MutableRefObject, type ReactNode, type RefObject} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import {useCodeBlockContext} from '@docusaurus/theme-common/internal';
import type {Props} from '@theme/CodeBlock/Content';
import styles from './styles.module.css';

type ContentComponent = (props: Props) => ReactNode;

/** The original component with Prism, once its chunk has loaded. */
let Highlighted: ContentComponent | null = null;
const loadHighlighted = () =>
  import(/* webpackPrefetch: true */ './Highlighted').then((module) => {
    Highlighted = module.default as ContentComponent;
    return {default: Highlighted};
  });
const LazyHighlighted = lazy(loadHighlighted);

/** Attribute on each block's wrapper; its value is the block's `useId()`. */
export const blockIdAttribute = 'data-code-block';

/** Static HTML of the blocks this page has hydrated, by `blockKey`. */
const staticHtmlByInput = new Map<string, string>();

/**
 * What the highlighted HTML of a block depends on: its code, language, line
 * numbering and highlighted lines, and the class the layout gives it.
 */
function blockKey(metadata: ReturnType<typeof useCodeBlockContext>['metadata'], className?: string): string {
  const {code, language, lineNumbersStart, lineClassNames} = metadata;
  return JSON.stringify([code, language, lineNumbersStart, lineClassNames, className]);
}

/**
 * The static HTML of a block, else null (on the server, and for a block
 * rendered in the browser that the page did not hydrate with the same input).
 * While the page hydrates (until Docusaurus sets `data-has-hydrated`) it is
 * read from the document by the block's id and remembered by its input.
 * @param id the block's `useId()`.
 * @param key the block's `blockKey`.
 */
export function staticBlockHtml(id: string, key: string): string | null {
  if (!ExecutionEnvironment.canUseDOM) return null;
  if (document.documentElement.dataset.hasHydrated !== 'true') {
    const html = document.querySelector(`[${blockIdAttribute}="${CSS.escape(id)}"]`)?.innerHTML;
    if (html !== undefined) {
      staticHtmlByInput.set(key, html);
      return html;
    }
  }
  return staticHtmlByInput.get(key) ?? null;
}

/** The code as plain text, for the moment Prism is loading. */
function PlainCode(): ReactNode {
  const {metadata, wordWrap} = useCodeBlockContext();
  return (
    <pre ref={wordWrap.codeBlockRef as RefObject<HTMLPreElement>} className={styles.plain} tabIndex={0}>
      <code>{metadata.code}</code>
    </pre>
  );
}

/**
 * The content of a code block.
 * @param props the classic theme's CodeBlock/Content props (`className`).
 */
export default function CodeBlockContentWrapper(props: Props): ReactNode {
  const id = useId();
  const {metadata, wordWrap} = useCodeBlockContext();
  // Chosen once per mount, so a block never switches between the two forms.
  const [html] = useState(() => staticBlockHtml(id, blockKey(metadata, props.className)));
  const [Loaded] = useState(() => Highlighted);
  const wrapper = {className: styles.contents, [blockIdAttribute]: id};
  if (html !== null) {
    // The word-wrap button measures and restyles the <pre>, which React did not create here.
    const codeBlockRef = wordWrap.codeBlockRef as MutableRefObject<HTMLPreElement | null>;
    return (
      <div
        {...wrapper}
        ref={(element) => {
          codeBlockRef.current = element?.querySelector('pre') ?? null;
        }}
        dangerouslySetInnerHTML={{__html: html}}
      />
    );
  }
  return (
    <div {...wrapper}>
      {Loaded ? (
        <Loaded {...props} />
      ) : (
        <Suspense fallback={<PlainCode />}>
          <LazyHighlighted {...props} />
        </Suspense>
      )}
    </div>
  );
}
