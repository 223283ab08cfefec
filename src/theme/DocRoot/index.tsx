/**
 * Wraps the classic theme's DocRoot (the docs layout: sidebar and page) to
 * give it the sidebar of its section. The site's docs plugin (plugins/docs)
 * sends each section of the docs its own sidebar view as the route module
 * `sidebarView`, and no sidebar in the version metadata every docs page
 * shares; this wrapper puts the view where the theme reads sidebars and docs
 * (the docs version context), so the sidebar, breadcrumbs and cards work as
 * upstream. Without a view (a docs instance not split into sections) the
 * version is passed on as it is.
 */
import React, {useMemo, type ComponentProps, type ReactNode} from 'react';
import DocRoot from '@theme-original/DocRoot';
import {DocsVersionProvider, useDocsVersion} from '@docusaurus/plugin-content-docs/client';
import type {PropVersionMetadata} from '@docusaurus/plugin-content-docs';

/** The section's sidebar as plugins/docs writes it. */
interface SidebarView {
  sidebar: string | null;
  items: PropVersionMetadata['docsSidebars'][string];
  docs: PropVersionMetadata['docs'];
}

type Props = ComponentProps<typeof DocRoot> & {sidebarView?: SidebarView};

/**
 * The docs layout of a section.
 * @param props the theme's DocRoot props, and `sidebarView`, the section's sidebar (a route module).
 */
export default function DocRootWrapper({sidebarView, ...props}: Props): ReactNode {
  const version = useDocsVersion();
  const withView = useMemo(
    () =>
      sidebarView
        ? {
            ...version,
            docs: {...version.docs, ...sidebarView.docs},
            docsSidebars: sidebarView.sidebar
              ? {...version.docsSidebars, [sidebarView.sidebar]: sidebarView.items}
              : version.docsSidebars,
          }
        : version,
    [version, sidebarView],
  );
  return (
    <DocsVersionProvider version={withView}>
      <DocRoot {...props} />
    </DocsVersionProvider>
  );
}
