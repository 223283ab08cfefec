/**
 * Wraps the OpenAPI theme's ResponseSchema, which renders only a loading skeleton during
 * static generation. The static HTML gets a plain listing of the response body's fields
 * (search, crawlers and the no-JavaScript reader see every field name); in the
 * browser the theme's interactive schema, loaded as a chunk of its own, takes
 * over once the reader scrolls near it (see RenderWhenNear).
 */
import React from 'react';
import type {ComponentProps} from 'react';
import type Original from '@theme-original/ResponseSchema';
import {StaticBody, type BodyLike} from '@site/src/components/StaticSchema';
import {renderWhenNear} from '@site/src/components/RenderWhenNear';
import {withApiPageStore} from '@site/src/components/ApiPageStore';

type Props = ComponentProps<typeof Original>;

export default renderWhenNear<Props>(
  withApiPageStore(() => import('@theme-original/ResponseSchema')),
  (props) => <StaticBody title={props.title} body={(props as {body?: BodyLike}).body} />,
  'ResponseSchemaWrapper',
);
