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
 * renders with the classic theme's DocItem.
 *
 * This module waits for the chunk before it finishes evaluating (a top-level
 * await) on the server, and in the browser when the first page of a visit is
 * an operation or schema page (its static HTML has the theme's
 * `.theme-api-markdown` row). Docusaurus loads a route's modules before it
 * renders or hydrates, so both renders use the loaded component directly and
 * their trees match. Only on a later client-side navigation does the chunk
 * load under Suspense, where no hydration is involved.
 */
import React, {Suspense, lazy, useState, type ComponentProps, type ReactNode} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import DocItem from '@theme/DocItem';
import type ApiItemType from '@theme-original/ApiItem';

type Props = ComponentProps<typeof ApiItemType>;

/** The original component, once its chunk has loaded. */
let LoadedApiItem: typeof ApiItemType | null = null;
const loadApiItem = () =>
  import('@theme-original/ApiItem').then((module) => {
    LoadedApiItem = module.default;
    return module;
  });
const LazyApiItem = lazy(loadApiItem);

if (!ExecutionEnvironment.canUseDOM || document.querySelector('.theme-api-markdown')) {
  await loadApiItem();
}

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
  return <GeneratedApiPage {...props} />;
}

/** An operation or schema page: the original component, directly when its chunk is already loaded. */
function GeneratedApiPage(props: Props): ReactNode {
  // Chosen once per mount, so a page never switches between the two element types.
  const [Loaded] = useState(() => LoadedApiItem);
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyApiItem {...props} />
    </Suspense>
  );
}
