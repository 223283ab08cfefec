/**
 * Replaces the classic theme's not-found content (@docusaurus/theme-classic
 * 3.10.2, `theme/NotFound/Content`: a title and two generic sentences) with
 * the site's own (`./Page`): what was asked for, a search for it, and the
 * sections of the docs. It also sets the "Page Not Found" title, which the
 * docs plugin leaves out where it renders this component for unknown paths
 * under `/docs`.
 *
 * The docs plugin bundles this component with the layout every docs page
 * loads, so the page itself is a chunk of its own, loaded only when it is
 * shown (the static not-found page has it in its HTML).
 */
import React, {Suspense, lazy, type ComponentProps, type ReactNode} from 'react';
import type Content from '@theme-original/NotFound/Content';

const Page = lazy(() => import('./Page'));

/** @param props the original component's props (`className`). */
export default function NotFoundContent(props: ComponentProps<typeof Content>): ReactNode {
  return (
    <Suspense fallback={null}>
      <Page {...props} />
    </Suspense>
  );
}
