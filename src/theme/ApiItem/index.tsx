/**
 * Wraps the OpenAPI theme's ApiItem, the page component of every doc in the
 * API reference's docs instance (`/docs/api`). The original brings the
 * explorer's Redux store, pako and the schema renderers (about 60 KB of
 * gzipped JavaScript) to every page of that instance, including the
 * hand-written index and the group overviews, which use none of it.
 *
 * This wrapper renders operation and schema pages (frontmatter `api` or
 * `schema`, written by docusaurus-plugin-openapi-docs) with the original
 * component, loaded as its own chunk; every other page is an ordinary doc and
 * renders with the classic theme's DocItem. The server render waits for the
 * chunk (Docusaurus renders with `onAllReady`), so the static HTML is complete.
 */
import React, {Suspense, lazy, type ComponentProps, type ReactNode} from 'react';
import DocItem from '@theme/DocItem';
import type ApiItemType from '@theme-original/ApiItem';

const OriginalApiItem = lazy(() => import('@theme-original/ApiItem'));

type Props = ComponentProps<typeof ApiItemType>;

/**
 * Whether a doc of the API instance is a generated operation or schema page.
 * @param frontMatter the doc's frontmatter.
 */
export function isGeneratedApiPage(frontMatter: Record<string, unknown>): boolean {
  return Boolean(frontMatter.api || frontMatter.schema);
}

/**
 * The API reference's doc page.
 * @param props the docs plugin's doc item props (`content`: the compiled MDX with its frontmatter and metadata).
 */
export default function ApiItemWrapper(props: Props): ReactNode {
  const frontMatter = (props.content as unknown as {frontMatter: Record<string, unknown>}).frontMatter;
  if (!isGeneratedApiPage(frontMatter)) {
    return <DocItem {...(props as unknown as ComponentProps<typeof DocItem>)} />;
  }
  return (
    <Suspense fallback={null}>
      <OriginalApiItem {...props} />
    </Suspense>
  );
}
