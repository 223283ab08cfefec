/**
 * Wraps the OpenAPI theme's ResponseSchema, which renders only a loading skeleton during
 * static generation. The static HTML gets a plain listing of the body's fields
 * (search, crawlers and the no-JavaScript reader see every field name); after
 * hydration the theme's interactive schema takes over once the reader scrolls
 * near it (see RenderWhenNear).
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import Original from '@theme-original/ResponseSchema';
import {StaticBody, type BodyLike} from '@site/src/components/StaticSchema';
import RenderWhenNear from '@site/src/components/RenderWhenNear';

type Props = ComponentProps<typeof Original>;

export default function ResponseSchemaWrapper(props: Props): ReactNode {
  const {title, body} = props as {title?: string; body?: BodyLike};
  return (
    <RenderWhenNear placeholder={<StaticBody title={title} body={body} />}>
      <Original {...props} />
    </RenderWhenNear>
  );
}
