/**
 * Wraps the OpenAPI theme's RequestSchema, which renders only a loading skeleton during
 * static generation. The static HTML gets a plain listing of the body's fields
 * (search, crawlers and the no-JavaScript reader see every field name); after
 * hydration the theme's interactive schema takes over.
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Original from '@theme-original/RequestSchema';
import {StaticBody, type BodyLike} from '@site/src/components/StaticSchema';

type Props = ComponentProps<typeof Original>;

export default function RequestSchemaWrapper(props: Props): ReactNode {
  const isBrowser = useIsBrowser();
  if (isBrowser) return <Original {...props} />;
  const {title, body} = props as {title?: string; body?: BodyLike};
  return <StaticBody title={title} body={body} />;
}
