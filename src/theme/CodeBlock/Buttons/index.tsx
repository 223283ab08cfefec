/**
 * Ejected from @docusaurus/theme-classic 3.10.2, src/theme/CodeBlock/Buttons/index.tsx.
 *
 * Why: the code theme control (src/components/CodeThemePicker) sits with the
 * code block's other buttons, so the navbar does not carry it. Change from
 * upstream: the marked line. The buttons render in the browser only, as upstream.
 */
import React, {type ReactNode} from 'react';
import clsx from 'clsx';
import BrowserOnly from '@docusaurus/BrowserOnly';
import CopyButton from '@theme/CodeBlock/Buttons/CopyButton';
import WordWrapButton from '@theme/CodeBlock/Buttons/WordWrapButton';
import type {Props} from '@theme/CodeBlock/Buttons';
import CodeThemePicker from '@site/src/components/CodeThemePicker';
import styles from './styles.module.css';

/**
 * The buttons of a code block: code theme, word wrap, copy.
 * @param props.className extra class names from the code block.
 */
export default function CodeBlockButtons({className}: Props): ReactNode {
  return (
    <BrowserOnly>
      {() => (
        <div className={clsx(className, styles.buttonGroup)}>
          <CodeThemePicker /> {/* added: the code theme control */}
          <WordWrapButton />
          <CopyButton />
        </div>
      )}
    </BrowserOnly>
  );
}
