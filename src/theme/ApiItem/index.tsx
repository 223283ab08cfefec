/**
 * The page component of every doc in the API reference's docs instance
 * (`/docs/api`), in place of the OpenAPI theme's ApiItem. Operation and
 * schema pages (frontmatter `api` or `schema`, written by
 * docusaurus-plugin-openapi-docs) render with `GeneratedApiPage`, loaded as a
 * chunk of its own; every other page (the hand-written index, the group
 * overviews) is an ordinary doc and renders with the classic theme's DocItem,
 * without the API layout and explorer code.
 *
 * This module waits for that chunk before it finishes evaluating (a top-level
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
import React, {Suspense, lazy, useState, type ComponentProps, type ReactNode} from 'react';
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import DocItem from '@theme/DocItem';
import type GeneratedApiPageType from './GeneratedApiPage';
import 'docusaurus-theme-openapi-docs/lib/theme/styles.scss';
import '@site/src/css/api-reference.css';

type Props = ComponentProps<typeof DocItem>;

/** The generated page's component, once its chunk has loaded. */
let LoadedGeneratedApiPage: typeof GeneratedApiPageType | null = null;
const loadGeneratedApiPage = () =>
  import('./GeneratedApiPage').then((module) => {
    LoadedGeneratedApiPage = module.default;
    return module;
  });
const LazyGeneratedApiPage = lazy(loadGeneratedApiPage);

if (!ExecutionEnvironment.canUseDOM || document.querySelector('.theme-api-markdown')) {
  await loadGeneratedApiPage();
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
export default function ApiItem(props: Props): ReactNode {
  if (!isGeneratedApiPage(props.content.frontMatter as Record<string, unknown>)) return <DocItem {...props} />;
  return <GeneratedPage {...props} />;
}

/** An operation or schema page: the component, directly when its chunk is already loaded. */
function GeneratedPage(props: Props): ReactNode {
  // Chosen once per mount, so a page never switches between the two element types.
  const [Loaded] = useState(() => LoadedGeneratedApiPage);
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={null}>
      <LazyGeneratedApiPage {...props} />
    </Suspense>
  );
}
