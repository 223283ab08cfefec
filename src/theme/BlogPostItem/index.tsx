/**
 * Wraps the theme's BlogPostItem: on a post's own page (not in the post
 * lists), marks the post for the search index with its section, "Blog".
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import BlogPostItem from '@theme-original/BlogPostItem';
import {useBlogPost} from '@docusaurus/plugin-content-blog/client';
import {breadcrumbsMeta} from '@site/src/components/Search/meta';

type Props = ComponentProps<typeof BlogPostItem>;

export default function BlogPostItemWrapper(props: Props): ReactNode {
  const {isBlogPostPage, metadata} = useBlogPost();
  if (!isBlogPostPage) return <BlogPostItem {...props} />;
  return (
    <div data-pagefind-body="" data-pagefind-meta={breadcrumbsMeta(metadata.permalink, [])}>
      <BlogPostItem {...props} />
    </div>
  );
}
