/**
 * Wraps the OpenAPI theme's ParamsDetails, which renders only a loading
 * skeleton during static generation: the static HTML lists the parameters
 * instead; in the browser the theme's component, loaded as a chunk of its own,
 * takes over once the reader scrolls near it (see RenderWhenNear).
 */
import React from 'react';
import type {ComponentProps} from 'react';
import type Original from '@theme-original/ParamsDetails';
import {StaticParameters, type ParameterLike} from '@site/src/components/StaticSchema';
import {renderWhenNear} from '@site/src/components/RenderWhenNear';
import {withApiPageStore} from '@site/src/components/ApiPageStore';

type Props = ComponentProps<typeof Original>;

export default renderWhenNear<Props>(
  withApiPageStore(() => import('@theme-original/ParamsDetails')),
  (props) => <StaticParameters parameters={(props as {parameters?: ParameterLike[]}).parameters} />,
  'ParamsDetailsWrapper',
);
