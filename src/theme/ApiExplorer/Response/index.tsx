/**
 * Wraps the OpenAPI theme's response panel. When a request fails before any
 * response arrives (the server is down, the browser blocks the request under
 * the page's Content-Security-Policy or the server's CORS rules, the network
 * fails), the theme records its message but shows the placeholder "Click the
 * Send API Request button" instead. This wrapper shows what failed, and what
 * to do, above the theme's panel. Responses with a status code (a 500
 * included) are the theme's to show.
 */
import React, {type ComponentProps, type ReactNode} from 'react';
import Response from '@theme-original/ApiExplorer/Response';
import {useTypedSelector} from 'docusaurus-theme-openapi-docs/lib/theme/ApiItem/hooks';
import apiServers from '@site/config/api-servers.json';
import styles from './styles.module.css';

type Props = ComponentProps<typeof Response>;

/** The text the theme shows while a request is under way. */
const fetchingMessage = 'Fetching...';

/** The hosts the site's Content-Security-Policy lets the explorer call (`deploy/headers.mjs`). */
const allowedHosts = apiServers.map((server) => new URL(server.url).host).join(' and ');

/** State of the theme's response store, as far as this wrapper reads it. */
interface ResponseState {
  response: {value?: string; code?: string};
}

/**
 * The explorer's response panel, with the failure message when a request got no response.
 * @param props the theme's Response props (`item`: the operation).
 */
export default function ResponseWrapper(props: Props): ReactNode {
  const value = useTypedSelector((state: ResponseState) => state.response.value);
  const code = useTypedSelector((state: ResponseState) => state.response.code);
  const failed = Boolean(value) && !code && value !== fetchingMessage;
  return (
    <>
      {failed && (
        <div role="alert" className={styles.failure}>
          <p className={styles.title}>The request failed: no response arrived.</p>
          <p>{value}</p>
          <ul>
            <li>Check that the server at the selected base URL is running and reachable from this browser.</li>
            <li>
              This site lets the explorer call {allowedHosts} only (its Content-Security-Policy); for another host, copy
              the curl sample and run it in a terminal.
            </li>
            <li>
              A self-hosted server must allow this site&apos;s origin in <code>CORS_ORIGINS</code>, or the browser
              blocks the answer (CORS).
            </li>
          </ul>
        </div>
      )}
      <Response {...props} />
    </>
  );
}
