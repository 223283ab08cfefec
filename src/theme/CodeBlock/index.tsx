/**
 * Ejected from @docusaurus/theme-classic 3.10.2, src/theme/CodeBlock/index.tsx.
 *
 * Why: the original re-mounts every code block once the page has hydrated
 * (`key={String(isBrowser)}`), because its static HTML carried the light code
 * theme's colours as inline styles and the reader may be in dark mode. Here the
 * code themes are colourless and the colours come from a style sheet
 * (plugins/code-highlighting), so the static HTML is right in both modes and
 * the re-mount, which highlighted every block again in the browser, is gone.
 *
 * Change from upstream: the `key` on the content component is removed (marked
 * CHANGED below). Everything else is as upstream.
 */
import React, {isValidElement, type ReactNode} from 'react';
import ElementContent from '@theme/CodeBlock/Content/Element';
import StringContent from '@theme/CodeBlock/Content/String';
import type {Props} from '@theme/CodeBlock';

/**
 * Joins plain string children into one string; leaves element children alone.
 * @param children the code block's children (a string from MDX, or React elements).
 */
function maybeStringifyChildren(children: ReactNode): ReactNode {
  if (React.Children.toArray(children).some((el) => isValidElement(el))) {
    return children;
  }
  // The children is now guaranteed to be one/more plain strings
  return Array.isArray(children) ? children.join('') : children;
}

/**
 * A code block: highlighted code for string children, a plain block for elements.
 * @param props the classic theme's CodeBlock props (children, className, metastring, title, showLineNumbers, language).
 */
export default function CodeBlock({children: rawChildren, ...props}: Props): ReactNode {
  const children = maybeStringifyChildren(rawChildren);
  const CodeBlockComp = typeof children === 'string' ? StringContent : ElementContent;
  // CHANGED: no `key={String(isBrowser)}` re-mount after hydration.
  return <CodeBlockComp {...props}>{children as string}</CodeBlockComp>;
}
