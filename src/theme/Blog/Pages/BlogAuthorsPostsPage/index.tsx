/**
 * Wraps the blog's page of one author's posts to give it a meta description,
 * which the classic theme leaves out: the author's own description from
 * `blog/authors.yml` when there is one, otherwise a sentence naming them.
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import {PageMetadata} from '@docusaurus/theme-common';
import BlogAuthorsPostsPage from '@theme-original/Blog/Pages/BlogAuthorsPostsPage';

type Props = ComponentProps<typeof BlogAuthorsPostsPage>;

/** @param props the original page's props (`author`, `listMetadata`, `items`, `sidebar`), forwarded unchanged. */
export default function BlogAuthorsPostsPageWrapper(props: Props): ReactNode {
  const {author} = props;
  const description = author.description ?? `Posts on the AnswerAI blog by ${author.name ?? author.key}.`;
  return (
    <>
      <PageMetadata description={description} />
      <BlogAuthorsPostsPage {...props} />
    </>
  );
}
