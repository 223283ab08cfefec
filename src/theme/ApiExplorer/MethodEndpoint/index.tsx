/**
 * Wraps the OpenAPI theme's method and path heading of an operation page. In
 * the browser it reads the server the reader chose from the page's Redux
 * store, which the page creates only when an interactive part needs it (see
 * `ApiPageStore`); until then it reads the page's stand-in store, whose state
 * is what the real store starts with, and which hands over to the real store
 * once there is one. react-redux is already loaded with the heading (the
 * theme's hooks import it); Redux itself is not.
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import {Provider} from 'react-redux';
import MethodEndpoint from '@theme-original/ApiExplorer/MethodEndpoint';
import {useApiPage} from '@site/src/components/ApiPageStore';

type Props = ComponentProps<typeof MethodEndpoint>;

/**
 * The method and path heading.
 * @param props the theme's props (`method`, `path`, `context`: "endpoint" or "callback").
 */
export default function MethodEndpointWrapper(props: Props): ReactNode {
  const page = useApiPage();
  if (!page) return <MethodEndpoint {...props} />;
  return (
    <Provider store={page.endpointStore as unknown as ComponentProps<typeof Provider>['store']}>
      <MethodEndpoint {...props} />
    </Provider>
  );
}
