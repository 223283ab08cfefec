/**
 * An operation or schema page of the API reference, in the OpenAPI theme's
 * two-column layout; `ApiItem` (./index.tsx) loads it as a chunk of its own.
 *
 * - An operation page (frontmatter `api`, written by
 *   docusaurus-plugin-openapi-docs): the MDX content on the left, the
 *   explorer on the right. Unlike the theme's ApiItem it neither decodes the
 *   operation nor builds the explorer's Redux store while it renders:
 *   `ApiPageStoreProvider` does both when the first interactive part (a
 *   schema the reader scrolls to, the explorer) needs them, so pako, Redux and
 *   crypto-js stay off the page load (about 30 KB of gzipped JavaScript), and
 *   the page does not render a second time right after hydration, as the
 *   theme's did when it rebuilt its store in the browser.
 * - A schema page (frontmatter `schema`): the same layout with the schema's
 *   example as JSON on the right, as in the theme.
 *
 * This mirrors the theme's ApiItem of docusaurus-theme-openapi-docs 5.2.0
 * (`src/theme/ApiItem/index.tsx`) but for the store, which is why the site
 * replaces that component rather than wrapping it: the store is created
 * inside it.
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import clsx from 'clsx';
import BrowserOnly from '@docusaurus/BrowserOnly';
import {DocProvider} from '@docusaurus/plugin-content-docs/client';
import {HtmlClassNameProvider} from '@docusaurus/theme-common';
import type DocItem from '@theme/DocItem';
import DocItemMetadata from '@theme/DocItem/Metadata';
import DocItemLayout from '@theme/ApiItem/Layout';
import CodeBlock from '@theme/CodeBlock';
import {SchemaExpansionProvider} from '@theme/SchemaExpansion';
import SkeletonLoader from '@theme/SkeletonLoader';
import ApiExplorer from '@theme/ApiExplorer';
import {ApiPageStoreProvider} from '@site/src/components/ApiPageStore';

type Props = ComponentProps<typeof DocItem>;

/** The frontmatter fields the OpenAPI plugin writes into the pages it generates. */
interface ApiFrontMatter {
  /** An operation page: the operation, gzip-compressed JSON, base64-encoded. */
  api?: string;
  /** A schema page. */
  schema?: boolean;
  /** A schema page's example, shown as JSON. */
  sample?: unknown;
  /** The group's overview page, for the explorer's links. */
  info_path?: string;
  title?: string;
}

/**
 * An operation or schema page.
 * @param props the docs plugin's doc item props (`content`: the compiled MDX with its frontmatter and metadata).
 */
export default function GeneratedApiPage({content: MDXContent}: Props): ReactNode {
  const frontMatter = MDXContent.frontMatter as ApiFrontMatter;
  const right = frontMatter.api ? (
    <BrowserOnly fallback={<SkeletonLoader size="lg" />}>
      {() => <ApiExplorer infoPath={frontMatter.info_path} />}
    </BrowserOnly>
  ) : (
    <CodeBlock language="json" title={`${frontMatter.title}`}>
      {JSON.stringify(frontMatter.sample, null, 2)}
    </CodeBlock>
  );
  const columns = (
    <SchemaExpansionProvider>
      <div className={clsx('row', 'theme-api-markdown')}>
        <div className={clsx('col col--7 openapi-left-panel__container', !frontMatter.api && 'schema')}>
          <MDXContent />
        </div>
        <div className="col col--5 openapi-right-panel__container">{right}</div>
      </div>
    </SchemaExpansionProvider>
  );
  return (
    <DocProvider content={MDXContent}>
      <HtmlClassNameProvider className={`docs-doc-id-${MDXContent.metadata.id}`}>
        <DocItemMetadata />
        <DocItemLayout>
          {frontMatter.api ? <ApiPageStoreProvider api={frontMatter.api}>{columns}</ApiPageStoreProvider> : columns}
        </DocItemLayout>
      </HtmlClassNameProvider>
    </DocProvider>
  );
}
