/**
 * Wraps the OpenAPI theme's ParamsDetails, which renders only a loading
 * skeleton during static generation: the static HTML lists the parameters
 * instead; after hydration the theme's component takes over.
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import useIsBrowser from '@docusaurus/useIsBrowser';
import Original from '@theme-original/ParamsDetails';
import {StaticParameters, type ParameterLike} from '@site/src/components/StaticSchema';

type Props = ComponentProps<typeof Original>;

export default function ParamsDetailsWrapper(props: Props): ReactNode {
  const isBrowser = useIsBrowser();
  if (isBrowser) return <Original {...props} />;
  return <StaticParameters parameters={(props as {parameters?: ParameterLike[]}).parameters} />;
}
