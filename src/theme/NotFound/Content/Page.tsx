/**
 * The not-found page's content (see ./index.tsx): the path that has no page,
 * a search for its last words, and the sections of the docs.
 */
import React, {useEffect, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import {translate} from '@docusaurus/Translate';
import {PageMetadata} from '@docusaurus/theme-common';
import Heading from '@theme/Heading';
import {docsSections} from '@site/config/site';

/**
 * The words a reader was probably after, from the last segment of a path: `/docs/chat-modles/` → "chat modles".
 * @param pathname the path that has no page.
 */
export function searchWords(pathname: string): string {
  const segment = pathname.split('/').filter(Boolean).pop() ?? '';
  let words = segment;
  try {
    words = decodeURIComponent(segment);
  } catch {
    // A malformed escape: the segment as it is.
  }
  return words
    .replace(/\.html?$/, '')
    .replace(/[-_.+]+/g, ' ')
    .trim();
}

/** @param props `className` from the theme's NotFound page. */
export default function NotFoundPage({className}: {className?: string}): ReactNode {
  const {pathname} = useLocation();
  // One static not-found page serves every missing path, so its HTML cannot name the path: the path and the
  // search for its words appear once the page runs, after hydration, so that the HTML and the first render agree.
  const [shownPath, setShownPath] = useState<string>();
  useEffect(() => setShownPath(pathname), [pathname]);
  const words = shownPath ? searchWords(shownPath) : '';
  return (
    <main className={clsx('container margin-vert--xl', className)}>
      <PageMetadata title={translate({id: 'theme.NotFound.title', message: 'Page Not Found'})} />
      <div className="row">
        <div className="col col--6 col--offset-3 markdown">
          <Heading as="h1" className="hero__title">
            {translate({id: 'theme.NotFound.title', message: 'Page Not Found'})}
          </Heading>
          <p>
            There is no page at {shownPath ? <code>{shownPath}</code> : 'this address'}. It may have moved or been
            renamed, or the link that brought you here has a typo.
          </p>
          {words && (
            <p>
              <Link to={`/search?q=${encodeURIComponent(words)}`}>Search the docs for “{words}”</Link>
            </p>
          )}
          <Heading as="h2">Start from a section</Heading>
          <ul>
            {docsSections.map((section) => (
              <li key={section.to}>
                <Link to={section.to}>{section.label}</Link>
              </li>
            ))}
            <li>
              <Link to="/blog">Blog</Link>
            </li>
          </ul>
          <p>
            Followed a link on this site? Tell us in the <Link to="/docs/community">community</Link>, and we will fix
            it.
          </p>
        </div>
      </div>
    </main>
  );
}
