/**
 * Wraps the theme's DocItem/Content: puts the "Copy page" and "View as
 * Markdown" controls above every docs page's content, and marks the content
 * for the search index (Pagefind's `data-pagefind-body`) with the page's place
 * in the site (`breadcrumbs`), which search results show under the title.
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import Content from '@theme-original/DocItem/Content';
import {useDoc, useSidebarBreadcrumbs} from '@docusaurus/plugin-content-docs/client';
import CopyPage from '@site/src/components/CopyPage';
import {breadcrumbsMeta} from '@site/src/components/Search/meta';

type Props = ComponentProps<typeof Content>;

export default function ContentWrapper(props: Props): ReactNode {
  const {metadata} = useDoc();
  const crumbs = useSidebarBreadcrumbs() ?? [];
  return (
    <>
      <CopyPage permalink={metadata.permalink} />
      <div
        data-pagefind-body=""
        data-pagefind-meta={breadcrumbsMeta(
          metadata.permalink,
          crumbs.slice(0, -1).map((c) => c.label),
        )}>
        <Content {...props} />
      </div>
    </>
  );
}
