/**
 * What the docs say the product does, run against the product server: chatflow-level keys, allowed domains,
 * streaming (which flows stream, the events and their order), `sessionId` and `vars` in `overrideConfig`, uploads
 * through vector upsert, upsert history, leads, feedback, and the sync with the AnswerAI web app. Each test names the
 * page or OpenAPI file whose statement it pins; where the server behaves unexpectedly, the test pins what it does
 * and the page says so.
 */
import {createHash} from 'node:crypto';
import {afterEach, describe, expect, test} from 'vitest';
import {api, apiOk, clearStubRequests, productState, stubRequests} from './api';
import {serverSentEvents} from './examples/openapi';
import {nodeByName, streamingRole} from '../../lib/product';
import * as fx from './fixtures';
import {connect, flowNode, nodeDefinition} from './flows';

/** The events of a streamed answer, as `{event, data}` objects. */
function events(text: string): Array<{event: string; data: unknown}> {
  return serverSentEvents(text) as Array<{event: string; data: unknown}>;
}

/** The event names of a stream, with runs of `token` folded into one. */
function eventOrder(text: string): string[] {
  return events(text)
    .map((event) => event.event)
    .filter((name, index, names) => !(name === 'token' && names[index - 1] === 'token'));
}

describe('a chatflow bound to an API key (developers/authorization/chatflow-level)', () => {
  test('answers a prediction that sends the bound key', async () => {
    const flow = await fx.keyBoundFlow();
    const answer = await api(`/prediction/${flow.id}`, {body: {question: 'Hello?'}});
    expect(answer.status).toBe(200);
    expect((answer.body as {text: string}).text).toBe('Stub reply to: Hello?');
  });

  test('refuses a prediction without the key with 500 and "Unauthorized", not 401', async () => {
    const flow = await fx.keyBoundFlow();
    for (const key of [null, 'not-the-bound-key']) {
      const answer = await api(`/prediction/${flow.id}`, {body: {question: 'Hello?'}, key});
      expect(answer.status).toBe(500);
      expect(answer.body).toEqual({
        statusCode: 500,
        success: false,
        message: 'Error: predictionsServices.buildChatflow - Unauthorized',
        stack: {},
      });
    }
  });

  test("refuses another user's valid key with 500 and a message that does not say why", async () => {
    const flow = await fx.keyBoundFlow();
    const answer = await api(`/prediction/${flow.id}`, {
      body: {question: 'Hello?'},
      key: productState().accounts.other.apiKey,
    });
    expect(answer.status).toBe(500);
    expect((answer.body as {message: string}).message).toBe(
      "Error: predictionsServices.buildChatflow - Cannot read properties of undefined (reading 'split')",
    );
  });

  test('refuses a streaming prediction without the key with 200, an error event and end', async () => {
    const flow = await fx.keyBoundFlow();
    const answer = await api(`/prediction/${flow.id}`, {body: {question: 'Hello?', streaming: true}, key: null});
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(events(answer.text)).toEqual([
      {event: 'error', data: 'Error: predictionsServices.buildChatflow - Unauthorized'},
      {event: 'end', data: '[DONE]'},
    ]);
  });

  test('refuses a vector upsert without the key with 500 and "Unauthorized"', async () => {
    const flow = await fx.keyBoundFlow();
    const answer = await api(`/vector/upsert/${flow.id}`, {body: {}, key: null});
    expect(answer.status).toBe(500);
    expect((answer.body as {message: string}).message).toBe('Error: vectorsService.upsertVector - Unauthorized');
  });
});

describe('allowed domains (sidekick-settings/allowed-domains, prediction.yaml)', () => {
  const allowed = () =>
    fx.freshConversationalFlow({
      chatbotConfig: JSON.stringify({
        allowedOrigins: ['https://www.example.org'],
        allowedOriginsError: 'Not from here',
      }),
    });

  test('answers requests without an Origin and from an allowed origin', async () => {
    const flow = await allowed();
    for (const headers of [{}, {Origin: 'https://www.example.org'}] as Array<Record<string, string>>) {
      const answer = await api(`/prediction/${flow.id}`, {body: {question: 'Hi'}, key: null, headers});
      expect(answer.status).toBe(200);
    }
  });

  test('refuses another origin with 403 and the configured message, as JSON or, when streaming, as text', async () => {
    const flow = await allowed();
    const whole = await api(`/prediction/${flow.id}`, {
      body: {question: 'Hi'},
      key: null,
      headers: {Origin: 'https://elsewhere.example.com'},
    });
    expect(whole.status).toBe(403);
    expect(whole.body).toEqual({statusCode: 403, success: false, message: 'Not from here', stack: {}});
    const streamed = await api(`/prediction/${flow.id}`, {
      body: {question: 'Hi', streaming: true},
      key: null,
      headers: {Origin: 'https://elsewhere.example.com'},
    });
    expect(streamed.status).toBe(403);
    expect(streamed.headers.get('content-type')).toMatch(/^text\/html/);
    expect(streamed.text).toBe('Not from here');
  });
});

describe('streaming (prediction.yaml, developers/use-cases/interacting-with-api)', () => {
  test('a chatflow whose chain and chat model can stream answers with start, tokens, metadata and end', async () => {
    expect(streamingRole(nodeByName('conversationChain')!)).toBe('ending-streams');
    expect(streamingRole(nodeByName('chatOpenAI')!)).toBe('model-input');
    const flow = await fx.conversationalFlow();
    const answer = await api(`/prediction/${flow.id}`, {body: {question: 'Stream this', streaming: true}, key: null});
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(answer.headers.get('x-accel-buffering')).toBe('no');
    expect(eventOrder(answer.text)).toEqual(['start', 'token', 'metadata', 'end']);
    const all = events(answer.text);
    // `start` carries the first token the model streamed; an OpenAI-compatible model starts with an empty one.
    expect(all[0]).toEqual({event: 'start', data: ''});
    const tokens = all.filter((event) => event.event === 'token').map((event) => event.data);
    expect(tokens.join('')).toBe('Stub reply to: Stream this');
    expect(Object.keys(all.find((event) => event.event === 'metadata')!.data as object).sort()).toEqual(
      ['chatId', 'chatMessageId', 'memoryType', 'question', 'sessionId'].sort(),
    );
  });

  test('a retrieval chain streams its source documents after the tokens', async () => {
    const flow = await fx.retrievalFlow();
    const answer = await api(`/prediction/${flow.id}`, {body: {question: 'Holiday?', streaming: true}, key: null});
    expect(eventOrder(answer.text)).toEqual(['start', 'token', 'sourceDocuments', 'metadata', 'end']);
  });

  test('a streaming request that fails before its stream starts is never answered (prediction.yaml 500)', async () => {
    const id = crypto.randomUUID();
    // Without streaming the same failure is answered at once.
    expect((await api(`/prediction/${id}`, {body: {question: 'Hi'}, key: null})).status).toBe(500);
    const unanswered = fetch(`${productState().baseUrl}/api/v1/prediction/${id}`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify({question: 'Hi', streaming: true}),
      signal: AbortSignal.timeout(8000),
    });
    await expect(unanswered).rejects.toThrow(/aborted|timeout/i);
  });

  test('a flow whose ending node is a Custom JS Function answers whole JSON even when streaming is asked for', async () => {
    const flow = await fx.customFunctionFlow();
    const answer = await api(`/prediction/${flow.id}`, {body: {question: 'Hi', streaming: true}, key: null});
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body).toMatchObject({text: 'Custom function received: Hi', isStreamValid: false});
  });

  test('a chat model with Streaming switched off makes the flow answer whole JSON', async () => {
    const {nodes, edges} = await fx.conversationalNodes({streaming: false});
    const flow = await fx.saveChatflow('Docs behaviour: no streaming', nodes, edges);
    const answer = await api(`/prediction/${flow.id}`, {body: {question: 'Hi', streaming: true}, key: null});
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  });

  test('an output parser in the flow makes it answer whole JSON', async () => {
    expect(streamingRole(nodeByName('structuredOutputParser')!)).toBe('prevents');
    const model = flowNode(
      await nodeDefinition('chatOpenAI'),
      'chatOpenAI_0',
      {modelName: 'gpt-4o-mini', basepath: fx.stubModelBase()},
      {credential: await fx.credential()},
    );
    const prompt = flowNode(await nodeDefinition('promptTemplate'), 'promptTemplate_0', {
      template: 'Answer: {question}',
    });
    const parser = flowNode(await nodeDefinition('structuredOutputParser'), 'structuredOutputParser_0');
    const chain = flowNode(await nodeDefinition('llmChain'), 'llmChain_0', {}, {output: 'llmChain'});
    const flow = await fx.saveChatflow(
      'Docs behaviour: output parser',
      [model, prompt, parser, chain],
      [connect(model, chain, 'model'), connect(prompt, chain, 'prompt'), connect(parser, chain, 'outputParser')],
    );
    const answer = await api(`/prediction/${flow.id}`, {body: {question: 'Hi', streaming: true}, key: null});
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  });

  test('agents stream exactly as the behaviour facts say: the Tool Agent does, the XML Agent does not', async () => {
    const roles = ['toolAgent', 'xmlAgent'].map((name) => streamingRole(nodeByName(name)!));
    // The sample covers both outcomes of the rule the node pages are checked against.
    expect(roles).toEqual(['ending-streams', 'ending-whole']);
    for (const [index, agent] of ['toolAgent', 'xmlAgent'].entries()) {
      const flow = await fx.freshAgentFlow(agent);
      const answer = await api(`/prediction/${flow.id}`, {body: {question: 'Hi', streaming: true}, key: null});
      const streamed = /^text\/event-stream/.test(answer.headers.get('content-type') ?? '');
      expect(streamed, agent).toBe(roles[index] === 'ending-streams');
    }
  });

  test('an agentflow always streams when asked to', async () => {
    const flow = await fx.formAgentflow();
    const answer = await api(`/prediction/${flow.id}`, {
      body: {form: {customerName: 'Ada', topic: 'Billing'}, streaming: true},
      key: null,
    });
    expect(answer.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(eventOrder(answer.text).at(-1)).toBe('end');
  });
});

describe('overrideConfig.sessionId (prediction.yaml OverrideConfig, developers/use-cases)', () => {
  test('a UUID v4 is used as it is', async () => {
    const flow = await fx.conversationalFlow();
    const sessionId = '6a1f4c2e-8b3d-4e5f-9a7c-1d2e3f4a5b6c';
    const answer = await fx.predict(flow.id, {question: 'Hi', overrideConfig: {sessionId}});
    expect(answer.sessionId).toBe(sessionId);
    expect(answer.chatId).toBe(sessionId);
  });

  test('other text without vars fails with 500', async () => {
    const flow = await fx.conversationalFlow();
    const answer = await api(`/prediction/${flow.id}`, {
      body: {question: 'Hi', overrideConfig: {sessionId: 'customer-42'}},
      key: null,
    });
    expect(answer.status).toBe(500);
    expect((answer.body as {message: string}).message).toBe(
      "Error: predictionsServices.buildChatflow - Cannot set properties of undefined (setting 'sessionId')",
    );
  });

  test('other text with vars is replaced by the same UUID derived from it every time', async () => {
    const flow = await fx.conversationalFlow();
    const body = {question: 'Hi', overrideConfig: {sessionId: 'customer-42', vars: {}}};
    const first = await fx.predict(flow.id, body);
    const second = await fx.predict(flow.id, body);
    expect(first.sessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(second.sessionId).toBe(first.sessionId);
    const hash = createHash('sha256').update('customer-42').digest('hex');
    expect(first.sessionId!.replace(/-/g, '').slice(0, 12)).toBe(hash.slice(0, 12));
  });

  test('the same sessionId continues the conversation: the memory sees the earlier turn', async () => {
    const flow = await fx.conversationalFlow();
    const sessionId = crypto.randomUUID();
    await fx.predict(flow.id, {question: 'My name is Ada.', overrideConfig: {sessionId}});
    await clearStubRequests();
    await fx.predict(flow.id, {question: 'What is my name?', overrideConfig: {sessionId}});
    const call = (await stubRequests()).find((request) => request.url.endsWith('/chat/completions'))!;
    const messages = (call.body as {messages: Array<{content: string}>}).messages.map((message) => message.content);
    expect(messages).toContain('My name is Ada.');
  });
});

describe('overrideConfig.vars and $vars (using-answerai/sidekick-studio/variables, prediction.yaml)', () => {
  /** A new static variable with a unique name, owned by the main account. */
  async function variable(value: string): Promise<string> {
    const name = fx.uniqueName('region').replace(/\W+/g, '_');
    await apiOk('/variables', {body: {name, value, type: 'static'}});
    return name;
  }

  /** A custom function flow that returns `$vars.<name>`, with `<name>` enabled for override or not. */
  function codeFlow(name: string, overridable: boolean) {
    return fx.freshCustomFunctionFlow(`return 'value=' + $vars.${name};`, {
      apiConfig: JSON.stringify({overrideConfig: {status: true, nodes: {}, variables: [{name, enabled: overridable}]}}),
    });
  }

  test("a request's vars replace a variable only when the chatflow enables it for override", async () => {
    const name = await variable('US');
    const body = {question: 'Where?', overrideConfig: {vars: {[name]: 'EU'}}};
    const enabled = await codeFlow(name, true);
    const disabled = await codeFlow(name, false);
    expect((await fx.predict(enabled.id, body)).text).toBe('value=EU');
    expect((await fx.predict(disabled.id, body)).text).toBe('value=US');
  });

  test("code nodes see the stored variables whoever asks: a request without a key reads the owner's variable", async () => {
    const name = await variable('US');
    const flow = await codeFlow(name, false);
    expect((await fx.predict(flow.id, {question: 'Where?'})).text).toBe('value=US');
  });

  test("code nodes see another organization's variables too", async () => {
    const name = fx.uniqueName('other_region').replace(/\W+/g, '_');
    await apiOk('/variables', {body: {name, value: 'APAC', type: 'static'}, key: productState().accounts.other.apiKey});
    const flow = await codeFlow(name, false);
    expect((await fx.predict(flow.id, {question: 'Where?'})).text).toBe('value=APAC');
  });

  test("{{$vars.<name>}} in a node input resolves only for requests with the owner's key", async () => {
    const name = await variable('Lisbon');
    const {nodes, edges} = await fx.conversationalNodes();
    nodes[2].data.inputs.systemMessagePrompt = `You work in {{$vars.${name}}}.`;
    const flow = await fx.saveChatflow('Docs behaviour: variable in a prompt', nodes, edges);
    const systemMessage = async (key: string | null) => {
      await clearStubRequests();
      await apiOk(`/prediction/${flow.id}`, {body: {question: 'Where do you work?'}, key});
      const call = (await stubRequests()).find((request) => request.url.endsWith('/chat/completions'))!;
      return (call.body as {messages: Array<{role: string; content: string}>}).messages.find((m) => m.role === 'system')
        ?.content;
    };
    expect(await systemMessage(productState().accounts.main.apiKey)).toContain('You work in Lisbon.');
    expect(await systemMessage(null)).not.toContain('Lisbon');
  });
});

describe('uploads through vector upsert (developers/use-cases/upserting-data, vector-upsert.yaml)', () => {
  async function upload(flowId: string) {
    const form = new FormData();
    form.append(
      'files',
      new Blob([fx.pdfWithText('Travel must be booked early.')], {type: 'application/pdf'}),
      'travel.pdf',
    );
    return apiOk<{numAdded: number; addedDocs: Array<{pageContent: string}>}>(`/vector/upsert/${flowId}`, {body: form});
  }

  test('a file reaches the loader when overriding is switched on, without enabling the file input', async () => {
    const result = await upload((await fx.freshFileUpsertFlow()).id);
    expect(result.numAdded).toBe(1);
    expect(result.addedDocs[0].pageContent).toBe('Travel must be booked early.');
  });

  test('with overriding off the request answers 200 and loads nothing', async () => {
    const loader = flowNode(await nodeDefinition('pdfFile'), 'pdfFile_0', {usage: 'perPage'});
    const {nodes, edges} = await fx.upsertNodes(loader);
    const flow = await fx.saveChatflow('Docs behaviour: uploads, overriding off', nodes, edges);
    expect(await upload(flow.id)).toEqual({numAdded: 0, addedDocs: []});
  });
});

describe('upsert history (upsert-history.yaml)', () => {
  test('each upsert adds a record, and PATCH with ids deletes them', async () => {
    const flow = await fx.freshUpsertFlow();
    await apiOk(`/vector/upsert/${flow.id}`, {body: {}});
    const records = await apiOk<Array<{id: string; result: unknown; flowData: unknown}>>(`/upsert-history/${flow.id}`);
    expect(records).toHaveLength(1);
    await apiOk('/upsert-history', {method: 'PATCH', body: {ids: [records[0].id]}});
    expect(await apiOk(`/upsert-history/${flow.id}`)).toEqual([]);
  });

  test('PATCH with an empty id list answers 500', async () => {
    const answer = await api('/upsert-history', {method: 'PATCH', body: {ids: []}});
    expect(answer.status).toBe(500);
    expect((answer.body as {message: string}).message).toMatch(/Empty criteria\(s\) are not allowed/);
  });
});

describe('leads (leads.yaml)', () => {
  test('are recorded and listed without any key', async () => {
    const {chatflowId, chatId} = await fx.conversation();
    const lead = await apiOk<{id: string}>('/leads', {
      body: {chatflowid: chatflowId, chatId, name: 'Ada Romero', email: 'ada@example.org', phone: '+44 20 7946 0958'},
      key: null,
    });
    const leads = await apiOk<Array<{id: string}>>(`/leads/${chatflowId}`, {key: null});
    expect(leads.map((entry) => entry.id)).toContain(lead.id);
  });
});

describe('feedback (feedback.yaml)', () => {
  test('one rating per message: a second one on the same message answers 500', async () => {
    const flow = await fx.conversationalFlow();
    const answer = await fx.predict(flow.id, {question: 'Rate me'});
    const body = {chatflowid: flow.id, chatId: answer.chatId, messageId: answer.chatMessageId, rating: 'THUMBS_UP'};
    expect((await api('/feedback', {body, key: null})).status).toBe(200);
    const again = await api('/feedback', {body: {...body, rating: 'THUMBS_DOWN'}, key: null});
    expect(again.status).toBe(500);
    expect((again.body as {message: string}).message).toMatch(/duplicate key value violates unique constraint/);
  });
});

describe('the AnswerAI web app sync (chatflows.yaml SyncFailed)', () => {
  afterEach(async () => {
    await fetch(`${productState().stubUrl}/__stub/sidekick-sync`, {
      method: 'POST',
      body: JSON.stringify({fail: false}),
    });
  });

  test('saving a chatflow answers 412 when the web app cannot be reached, and the chatflow is saved anyway', async () => {
    await fetch(`${productState().stubUrl}/__stub/sidekick-sync`, {method: 'POST', body: JSON.stringify({fail: true})});
    const name = fx.uniqueName('Docs behaviour: sync failed');
    const answer = await api('/chatflows', {body: {name, flowData: '{"nodes":[],"edges":[]}', type: 'CHATFLOW'}});
    expect(answer.status).toBe(412);
    expect((answer.body as {message: string}).message).toBe(
      'Error: chatflowsRouter.saveChatflow - AnswerAI sync failed!',
    );
    const saved = await apiOk<Array<{name: string}>>('/chatflows');
    expect(saved.map((flow) => flow.name)).toContain(name);
  });
});
