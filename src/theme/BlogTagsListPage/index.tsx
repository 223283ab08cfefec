/**
 * Wraps the blog's tag list page to give it a meta description, which the
 * classic theme leaves out (every page of the site has one).
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import {PageMetadata} from '@docusaurus/theme-common';
import BlogTagsListPage from '@theme-original/BlogTagsListPage';

/** @param props the original page's props (`tags`, `sidebar`), forwarded unchanged. */
export default function BlogTagsListPageWrapper(props: ComponentProps<typeof BlogTagsListPage>): ReactNode {
  return (
    <>
      <PageMetadata description="Every tag of the AnswerAI blog, with the number of posts under each." />
      <BlogTagsListPage {...props} />
    </>
  );
}
