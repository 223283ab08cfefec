// @ts-check
/**
 * The one local stand-in the product server talks to, for what lies outside it:
 *
 * - **AnswerAI's web app** (`ANSWERAI_DOMAIN`): saving or updating a chatflow POSTs to `/api/sidekicks/new`, and the
 *   server answers 412 when nothing answers there. The stub answers 200.
 * - **An OpenAI-compatible model** at `/v1`: `POST /v1/chat/completions` answers with a fixed reply that quotes the
 *   last user message (`Stub reply to: …`), whole or, with `stream: true`, as server-sent chunks ending in
 *   `data: [DONE]`; `POST /v1/embeddings` answers with small deterministic vectors (8 floats derived from the text),
 *   as float arrays or, when the client asks for `encoding_format: "base64"` as the OpenAI SDK does by default, as
 *   base64 of little-endian float32; `GET /v1/models` lists the model.
 * - **A web site** at `/pages/<name>`: a small HTML page (a title, two paragraphs, a link to `/pages/<name>/more`), for
 *   loaders that scrape a URL.
 * - **Any HTTP service** at `/echo/...`: answers every method with a JSON description of the request it received
 *   (method, path, query, headers, body), for nodes and tools that call URLs.
 *
 * Every request is recorded; `GET /__stub/requests` returns them and `DELETE /__stub/requests` forgets them, so a
 * test can check what the product sent (for example that a variable was substituted into a prompt).
 * `POST /__stub/sidekick-sync` with `{"fail": true}` makes the web app unreachable (the connection is dropped)
 * until `{"fail": false}`, so a test can see what the server does when it cannot announce a saved chatflow.
 *
 * Run alone: `node product-server/stub.mjs <port>`; it prints `listening <port>` when ready.
 */
import {createHash} from 'node:crypto';
import {createServer} from 'node:http';

/** The model name the stub reports. */
export const stubModel = 'stub-model';

/** The dimension of the stub's embeddings. */
export const embeddingDimension = 8;

/**
 * The reply of the stub's chat model to a conversation: it quotes the last user message.
 * @param {Array<{role: string, content: unknown}>} messages
 */
export function stubReply(messages) {
  const lastUser = [...(messages ?? [])].reverse().find((message) => message.role === 'user');
  const text = typeof lastUser?.content === 'string' ? lastUser.content : JSON.stringify(lastUser?.content ?? '');
  return `Stub reply to: ${text}`;
}

/**
 * A deterministic unit-length vector for a text.
 * @param {string} text
 * @returns {number[]}
 */
export function stubEmbedding(text) {
  const digest = createHash('sha256').update(String(text)).digest();
  const vector = Array.from({length: embeddingDimension}, (_, index) => digest[index] / 255 + 0.01);
  const norm = Math.hypot(...vector);
  return vector.map((value) => value / norm);
}

/**
 * @typedef {object} RecordedRequest
 * @property {string} method
 * @property {string} url
 * @property {Record<string, string | string[] | undefined>} headers
 * @property {unknown} body parsed JSON when the body is JSON, else the text
 */

/**
 * Creates the stub's HTTP server (not yet listening).
 * @returns {import('node:http').Server}
 */
export function createStub() {
  /** @type {RecordedRequest[]} */
  const recorded = [];
  let failSync = false;
  return createServer((req, res) => {
    const chunks = /** @type {Buffer[]} */ ([]);
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let body = /** @type {any} */ (text);
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        // Not JSON: keep the text.
      }
      const url = new URL(req.url ?? '/', 'http://stub');
      const send = (/** @type {number} */ status, /** @type {unknown} */ value) => {
        res.writeHead(status, {'content-type': 'application/json'});
        res.end(JSON.stringify(value));
      };
      if (url.pathname === '/__stub/requests') {
        if (req.method === 'DELETE') recorded.length = 0;
        send(200, recorded);
        return;
      }
      if (url.pathname === '/__stub/sidekick-sync' && req.method === 'POST') {
        failSync = Boolean(body?.fail);
        send(200, {fail: failSync});
        return;
      }
      recorded.push({method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body});
      const path = url.pathname.replace(/^\/v1\//, '/v1/');
      if (req.method === 'POST' && path === '/api/sidekicks/new') {
        if (failSync) req.socket.destroy();
        else send(200, {ok: true});
      } else if (req.method === 'POST' && path.endsWith('/chat/completions')) {
        chatCompletion(body ?? {}, res);
      } else if (req.method === 'POST' && path.endsWith('/embeddings')) {
        send(200, embeddings(body ?? {}));
      } else if (req.method === 'GET' && path.endsWith('/models')) {
        send(200, {object: 'list', data: [{id: stubModel, object: 'model', created: 0, owned_by: 'stub'}]});
      } else if (req.method === 'GET' && path.startsWith('/pages/')) {
        res.writeHead(200, {'content-type': 'text/html; charset=utf-8'});
        res.end(webPage(url.pathname));
      } else if (path.startsWith('/echo')) {
        send(200, {
          method: req.method,
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          headers: req.headers,
          body,
        });
      } else {
        send(404, {error: `The product server's stub has no ${req.method} ${url.pathname}`});
      }
    });
  });
}

/**
 * The HTML of a page of the stub's web site.
 * @param {string} pathname e.g. `/pages/handbook`
 */
export function webPage(pathname) {
  const name = pathname.split('/').filter(Boolean).slice(1).join(' ') || 'home';
  return `<!doctype html><html lang="en"><head><title>Stub page: ${name}</title></head><body><main>
<h1>Stub page: ${name}</h1>
<p>Full-time employees are entitled to 25 days of paid holiday a year.</p>
<p>Travel must be booked through the travel desk at least two weeks ahead.</p>
<a href="${pathname.replace(/\/more$/, '')}/more">More</a>
</main></body></html>`;
}

/**
 * Answers `POST /chat/completions` in OpenAI's format.
 * @param {{messages?: Array<{role: string, content: unknown}>, stream?: boolean, model?: string}} request
 * @param {import('node:http').ServerResponse} res
 */
function chatCompletion(request, res) {
  const content = stubReply(request.messages ?? []);
  const model = request.model ?? stubModel;
  const id = 'chatcmpl-stub';
  const created = 1_700_000_000;
  const usage = {prompt_tokens: 10, completion_tokens: 5, total_tokens: 15};
  if (!request.stream) {
    res.writeHead(200, {'content-type': 'application/json'});
    res.end(
      JSON.stringify({
        id,
        object: 'chat.completion',
        created,
        model,
        choices: [{index: 0, message: {role: 'assistant', content}, finish_reason: 'stop', logprobs: null}],
        usage,
      }),
    );
    return;
  }
  res.writeHead(200, {'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive'});
  const base = {id, object: 'chat.completion.chunk', created, model};
  const write = (/** @type {unknown} */ value) => res.write(`data: ${JSON.stringify(value)}\n\n`);
  write({...base, choices: [{index: 0, delta: {role: 'assistant', content: ''}, finish_reason: null}]});
  for (const piece of content.match(/\S+\s*/g) ?? [content]) {
    write({...base, choices: [{index: 0, delta: {content: piece}, finish_reason: null}]});
  }
  write({...base, choices: [{index: 0, delta: {}, finish_reason: 'stop'}], usage});
  res.end('data: [DONE]\n\n');
}

/**
 * Answers `POST /embeddings` in OpenAI's format.
 * @param {{input?: string | string[], encoding_format?: string, model?: string}} request
 */
function embeddings(request) {
  const inputs = Array.isArray(request.input) ? request.input : [request.input ?? ''];
  return {
    object: 'list',
    model: request.model ?? stubModel,
    data: inputs.map((input, index) => {
      const vector = stubEmbedding(typeof input === 'string' ? input : JSON.stringify(input));
      const embedding =
        request.encoding_format === 'base64' ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector;
      return {object: 'embedding', index, embedding};
    }),
    usage: {prompt_tokens: inputs.length, total_tokens: inputs.length},
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] ?? 0);
  const server = createStub();
  server.listen(port, '127.0.0.1', () => {
    const address = server.address();
    console.log(`listening ${typeof address === 'object' && address ? address.port : port}`);
  });
}
