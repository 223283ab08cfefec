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
 *
 * It also brings the OpenAPI theme's style sheet and the site's changes to it
 * (`src/css/api-reference.css`), which `plugins/api-theme` takes off the style
 * sheet every page loads: they come with this component's chunk, to every
 * page of the API reference and no other.
 */
import React, {Suspense, lazy, memo, useState, type ComponentProps, type ReactNode} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import DocItem from '@theme/DocItem';
import type ApiItemType from '@theme-original/ApiItem';
import 'docusaurus-theme-openapi-docs/lib/theme/styles.scss';
import '@site/src/css/api-reference.css';

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

type Content = Props['content'];

/** The memoised stand-in of each page's MDX content (see `memoContent`). */
const memoisedContents = new WeakMap<Content, Content>();

/**
 * The page's MDX content component, memoised (React.memo) and carrying the
 * same static fields (frontMatter, metadata, toc…). The original page
 * component renders again right after hydration (it builds its Redux store
 * anew once it is in the browser); without this, the whole page's content
 * would render again with it. The content takes no props, so it renders again
 * only when a context it reads changes.
 * @param content the compiled MDX module's default export, as the docs plugin passes it.
 */
export function memoContent(content: Content): Content {
  let memoised = memoisedContents.get(content);
  if (!memoised) {
    memoised = Object.assign(memo(content as unknown as () => ReactNode), content) as unknown as Content;
    memoisedContents.set(content, memoised);
  }
  return memoised;
}

/** An operation or schema page: the original component, directly when its chunk is already loaded. */
function GeneratedApiPage(props: Props): ReactNode {
  // Chosen once per mount, so a page never switches between the two element types.
  const [Loaded] = useState(() => LoadedApiItem);
  const content = memoContent(props.content);
  if (Loaded) return <Loaded {...props} content={content} />;
  return (
    <Suspense fallback={null}>
      <LazyApiItem {...props} content={content} />
    </Suspense>
  );
}
