import React, {useState, type ReactNode} from 'react';
import {markdownPath} from '@site/lib/markdown-url';
import styles from './styles.module.css';

/** Props of {@link CopyPage}. */
export interface CopyPageProps {
  /** The page's permalink; its Markdown twin is at `markdownPath(permalink)`. */
  permalink: string;
}

type Status = 'idle' | 'copied' | 'failed';

/**
 * "Copy page" and "View as Markdown" controls for a docs page. Copying fetches
 * the page's Markdown twin (written at build time by the markdown-export
 * plugin) and writes it to the clipboard; the status is announced politely to
 * screen readers. Fails visibly ("Copy failed") when the fetch or the
 * clipboard is refused.
 */
export default function CopyPage({permalink}: CopyPageProps): ReactNode {
  const [status, setStatus] = useState<Status>('idle');
  const href = markdownPath(permalink);

  async function copy() {
    try {
      const response = await fetch(href);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      await navigator.clipboard.writeText(await response.text());
      setStatus('copied');
    } catch {
      setStatus('failed');
    }
    window.setTimeout(() => setStatus('idle'), 3000);
  }

  return (
    <div className={styles.toolbar} data-page-toolbar="">
      <button type="button" className={styles.button} onClick={copy}>
        {status === 'copied' ? 'Copied' : status === 'failed' ? 'Copy failed' : 'Copy page'}
      </button>
      <a className={styles.link} href={href} target="_blank" rel="noopener noreferrer">
        View as Markdown
      </a>
      <span className="sr-only" role="status" aria-live="polite">
        {status === 'copied' ? 'Page copied as Markdown' : status === 'failed' ? 'Copying the page failed' : ''}
      </span>
    </div>
  );
}
