/**
 * A recording proxy in front of the product server. Examples are run with their API URL pointed at it, whatever
 * their language (curl, fetch, requests, raw HTTP), so every call they make is seen the same way: it forwards each
 * request to the server, streams the answer back unchanged, and keeps a copy of the request and the response.
 */
import {createServer, request as httpRequest, type Server} from 'node:http';

/** One call an example made, as the proxy saw it. */
export interface RecordedCall {
  method: string;
  /** The path and query, e.g. `/api/v1/prediction/…`. */
  url: string;
  requestHeaders: Record<string, string | string[] | undefined>;
  requestBody: string;
  status: number;
  responseHeaders: Record<string, string | string[] | undefined>;
  /** The whole response body, as text. */
  responseBody: string;
}

/** A running recorder. */
export interface Recorder {
  /** The proxy's origin, e.g. `http://127.0.0.1:43210`. */
  origin: string;
  /** The calls since the last `reset`, in the order their responses ended. */
  calls: RecordedCall[];
  reset(): void;
  close(): Promise<void>;
}

/**
 * Starts a recording proxy for a server.
 * @param target the server's origin, e.g. `http://localhost:4000`
 */
export function startRecorder(target: string): Promise<Recorder> {
  const upstream = new URL(target);
  const calls: RecordedCall[] = [];
  const server: Server = createServer((req, res) => {
    const requestChunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => requestChunks.push(chunk));
    req.on('end', () => {
      const requestBody = Buffer.concat(requestChunks);
      const headers = {...req.headers, host: upstream.host};
      const forward = httpRequest(
        {hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers},
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          const responseChunks: Buffer[] = [];
          answer.on('data', (chunk: Buffer) => {
            responseChunks.push(chunk);
            res.write(chunk);
          });
          answer.on('end', () => {
            calls.push({
              method: req.method ?? 'GET',
              url: req.url ?? '/',
              requestHeaders: req.headers,
              requestBody: requestBody.toString('utf8'),
              status: answer.statusCode ?? 0,
              responseHeaders: answer.headers,
              responseBody: Buffer.concat(responseChunks).toString('utf8'),
            });
            res.end();
          });
        },
      );
      forward.on('error', (error) => {
        res.writeHead(502, {'content-type': 'text/plain'});
        res.end(`recorder: the product server did not answer: ${error.message}`);
      });
      forward.end(requestBody);
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        calls,
        reset: () => {
          calls.length = 0;
        },
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}
