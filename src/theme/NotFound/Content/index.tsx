/**
 * Wraps the classic theme's not-found content. The docs plugin renders this
 * component on its own for unknown paths under a docs route (`/docs/...`,
 * `/docs/api/...`), without the page metadata the top-level not-found page
 * sets, so the document title fell back to the bare site title. The wrapper
 * sets the same "Page Not Found" title wherever the content appears.
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import {PageMetadata} from '@docusaurus/theme-common';
import {translate} from '@docusaurus/Translate';
import Content from '@theme-original/NotFound/Content';

/** @param props the original component's props (`className`), forwarded unchanged. */
export default function NotFoundContentWrapper(props: ComponentProps<typeof Content>): ReactNode {
  return (
    <>
      <PageMetadata title={translate({id: 'theme.NotFound.title', message: 'Page Not Found'})} />
      <Content {...props} />
    </>
  );
}
