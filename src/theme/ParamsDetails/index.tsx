/**
 * Wraps the OpenAPI theme's ParamsDetails, which renders only a loading
 * skeleton during static generation: the static HTML lists the parameters
 * instead; in the browser the theme's component takes over once the reader
 * scrolls near it (see RenderWhenNear).
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import Original from '@theme-original/ParamsDetails';
import {StaticParameters, type ParameterLike} from '@site/src/components/StaticSchema';
import RenderWhenNear from '@site/src/components/RenderWhenNear';

type Props = ComponentProps<typeof Original>;

export default function ParamsDetailsWrapper(props: Props): ReactNode {
  return (
    <RenderWhenNear
      placeholder={<StaticParameters parameters={(props as {parameters?: ParameterLike[]}).parameters} />}>
      <Original {...props} />
    </RenderWhenNear>
  );
}
