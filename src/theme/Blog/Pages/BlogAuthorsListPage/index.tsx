/**
 * Wraps the blog's author list page to give it a meta description, which the
 * classic theme leaves out (every page of the site has one).
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import {PageMetadata} from '@docusaurus/theme-common';
import BlogAuthorsListPage from '@theme-original/Blog/Pages/BlogAuthorsListPage';

/** @param props the original page's props (`authors`, `sidebar`), forwarded unchanged. */
export default function BlogAuthorsListPageWrapper(props: ComponentProps<typeof BlogAuthorsListPage>): ReactNode {
  return (
    <>
      <PageMetadata description="The people and teams who write the AnswerAI blog, with links to their posts." />
      <BlogAuthorsListPage {...props} />
    </>
  );
}
