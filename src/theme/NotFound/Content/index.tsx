/**
 * Replaces the classic theme's not-found content (@docusaurus/theme-classic
 * 3.10.2, `theme/NotFound/Content`: a title and two generic sentences) with
 * the site's own (`./Page`): what was asked for, a search for it, and the
 * sections of the docs. It also sets the "Page Not Found" title, which the
 * docs plugin leaves out where it renders this component for unknown paths
 * under `/docs`.
 *
 * The page is part of the chunk that renders it, not a lazy chunk of its own:
 * a lazy chunk still loading while the page hydrates leaves a dehydrated
 * Suspense boundary, and the colour mode's first update (dark mode) then
 * reaches it, which React reports as error 421 and answers by rendering the
 * boundary again on the client.
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import type Content from '@theme-original/NotFound/Content';
import Page from './Page';

/** @param props the original component's props (`className`). */
export default function NotFoundContent(props: ComponentProps<typeof Content>): ReactNode {
  return <Page {...props} />;
}
