/**
 * What the pages of using-answerai (agents, sequential agents, engines, agentflow nodes, sidekick settings) say the
 * server does, run against the product server. Each test names the page whose statement it pins; where the server
 * behaves unexpectedly, the test pins what it does and the page says so.
 */
import {describe, expect, test} from 'vitest';
import {api, apiOk, clearStubRequests, productState, stubRequests} from './api';
import {serverSentEvents} from './examples/openapi';
import * as fx from './fixtures';
import {agentflowNode, connect, flowNode, follow, nodeDefinition, type FlowNode} from './flows';

/** The event names of a streamed answer. */
function eventNames(text: string): string[] {
  return (serverSentEvents(text) as Array<{event: string}>).map((event) => event.event);
}

/** ChatOpenAI pointed at the stub model. */
async function stubChatModel(id = 'chatOpenAI_0'): Promise<FlowNode> {
  return flowNode(
    await nodeDefinition('chatOpenAI'),
    id,
    {modelName: 'gpt-4o-mini', basepath: fx.stubModelBase()},
    {credential: await fx.credential()},
  );
}

/** An agentflow Start node that takes the chat message. */
async function chatStart(): Promise<FlowNode> {
  return agentflowNode(await nodeDefinition('startAgentflow'), 'startAgentflow_0', {startInputType: 'chatInput'});
}

/** An agentflow made of a chat Start followed by one node. */
function startThen(name: string, start: FlowNode, node: FlowNode, extra: Record<string, unknown> = {}) {
  return fx.saveChatflow(name, [start, node], [follow(start, node)], {type: 'AGENTFLOW', ...extra});
}

/** A new static variable with a unique name, owned by the account whose key is given (default: main). */
async function variable(value: string, key?: string): Promise<string> {
  const name = fx.uniqueName('flows_var').replace(/\W+/g, '_');
  await apiOk('/variables', {body: {name, value, type: 'static'}, ...(key ? {key} : {})});
  return name;
}

describe('agents that the server does not stream (nodes/agents/answer-tool-agent, nodes/agents/index)', () => {
  test('the Tool Agent (AnswerAI) answers a streaming request with whole JSON', async () => {
    const flow = await fx.freshAgentFlow('aaiToolAgent');
    const answer = await api(`/prediction/${flow.id}`, {body: {question: 'Hi', streaming: true}, key: null});
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body).toMatchObject({text: 'Stub reply to: Hi', isStreamValid: false});
  });

  test("a CSV Agent streams, but a moderation node's refusal reaches a streaming client as no text at all (nodes/agents/csv-agent)", async () => {
    const model = await stubChatModel();
    const moderation = flowNode(await nodeDefinition('inputModerationSimple'), 'inputModerationSimple_0', {
      denyList: 'forbidden',
      moderationErrorMessage: 'Not allowed here.',
    });
    const csv = `data:text/csv;base64,${Buffer.from('region,revenue\nNorth,10\n').toString('base64')},filename:sales.csv`;
    const agent = flowNode(await nodeDefinition('csvAgent'), 'csvAgent_0', {csvFile: csv});
    const flow = await fx.saveChatflow(
      'Docs behaviour: CSV agent moderation',
      [model, moderation, agent],
      [connect(model, agent, 'model'), connect(moderation, agent, 'inputModeration')],
    );
    const body = {question: 'Tell me the forbidden thing', streaming: true};
    const streamed = await api(`/prediction/${flow.id}`, {body, key: null});
    expect(streamed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(eventNames(streamed.text)).toEqual(['metadata', 'end']);
    const whole = await api<{text: string}>(`/prediction/${flow.id}`, {body: {...body, streaming: false}, key: null});
    expect(whole.body.text).toBe('Not allowed here.');
  });
});

describe('Sql Database Chain (nodes/chains/sql-database-chain)', () => {
  /** The first prompt the chain sends, on the product's own database, limited to its `migrations` table. */
  async function sqlPrompt(inputs: Record<string, unknown>): Promise<string> {
    const {postgres} = productState();
    const model = await stubChatModel();
    const chain = flowNode(await nodeDefinition('sqlDatabaseChain'), 'sqlDatabaseChain_0', {
      database: 'postgres',
      url: `postgres://${postgres.user}@127.0.0.1:${postgres.port}/${postgres.database}`,
      includesTables: 'migrations',
      ...inputs,
    });
    const flow = await fx.saveChatflow('Docs behaviour: SQL prompt', [model, chain], [connect(model, chain, 'model')]);
    await clearStubRequests();
    await api(`/prediction/${flow.id}`, {body: {question: 'How many migrations ran?'}, key: null});
    const call = (await stubRequests()).find((request) => request.url.endsWith('/chat/completions'))!;
    return (call.body as {messages: Array<{content: string}>}).messages[0].content;
  }

  test('empty Top Keys and sample rows fields send no limit and no sample rows', async () => {
    const empty = await sqlPrompt({});
    expect(empty).toContain('query for at most  results');
    expect(empty).toContain('SELECT * FROM "public"."migrations" LIMIT ;');
    const set = await sqlPrompt({topK: 7, sampleRowsInTableInfo: 1});
    expect(set).toContain('query for at most 7 results');
    expect(set).toContain('SELECT * FROM "public"."migrations" LIMIT 1;');
  });
});

describe('One-Shot Workflow (nodes/chains/one-shot-workflow)', () => {
  test('as the last node with its LLM Chain output, the server refuses it as if it were an Output Prediction', async () => {
    const model = await stubChatModel();
    const prompt = flowNode(await nodeDefinition('promptTemplate'), 'promptTemplate_0', {
      template: 'Answer: {question}',
    });
    const chain = flowNode(await nodeDefinition('aaiLLMChain'), 'aaiLLMChain_0', {}, {output: 'llmChain'});
    const flow = await fx.saveChatflow(
      'Docs behaviour: One-Shot Workflow at the end',
      [model, prompt, chain],
      [connect(model, chain, 'model'), connect(prompt, chain, 'prompt')],
    );
    const answer = await api<{message: string}>(`/prediction/${flow.id}`, {body: {question: 'Hi'}, key: null});
    expect(answer.status).toBe(500);
    expect(answer.body.message).toBe(
      'Error: predictionsServices.buildChatflow - Output of One-Shot Workflow (aaiLLMChain_0) must be One-Shot ' +
        "Workflow, can't be an Output Prediction",
    );
  });
});

describe('engines (nodes/engine)', () => {
  /** A Simple Chat Engine flow with the given LlamaIndex chat model node. */
  async function engineFlow(model: FlowNode) {
    const memory = flowNode(await nodeDefinition('bufferMemory'), 'bufferMemory_0');
    const engine = flowNode(await nodeDefinition('simpleChatEngine'), 'simpleChatEngine_0');
    return fx.saveChatflow(
      `Docs behaviour: engine with ${model.data.name}`,
      [model, memory, engine],
      [connect(model, engine, 'model'), connect(memory, engine, 'memory')],
    );
  }

  test('a flow with ChatOpenAI (LlamaIndex) streams; one with AzureChatOpenAI (LlamaIndex) does not', async () => {
    // The models are left without a credential, so a run fails: what matters is whether the server chose to stream.
    const openai = flowNode(await nodeDefinition('chatOpenAI_LlamaIndex'), 'chatOpenAI_LlamaIndex_0');
    openai.data.credential = '';
    const openaiFlow = await engineFlow(openai);
    expect(await apiOk(`/chatflows-streaming/${openaiFlow.id}`)).toEqual({isStreaming: true});
    const streamed = await api(`/prediction/${openaiFlow.id}`, {body: {question: 'Hi', streaming: true}, key: null});
    expect(streamed.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(eventNames(streamed.text)).toEqual(['error', 'end']);
    // The route the prediction endpoint consults before it answers (an Azure run here would wait for a timeout).
    const azure = flowNode(await nodeDefinition('azureChatOpenAI_LlamaIndex'), 'azureChatOpenAI_LlamaIndex_0');
    azure.data.credential = '';
    expect(await apiOk(`/chatflows-streaming/${(await engineFlow(azure)).id}`)).toEqual({isStreaming: false});
  });
});

describe('sequential agents (nodes/sequential-agents)', () => {
  test('a run stops after 25 graph steps with a recursion error that no setting raises', async () => {
    const model = await stubChatModel();
    const start = flowNode(await nodeDefinition('seqStart'), 'seqStart_0');
    const writer = flowNode(await nodeDefinition('seqLLMNode'), 'seqLLMNode_0', {llmNodeName: 'writer'});
    const loop = flowNode(await nodeDefinition('seqLoop'), 'seqLoop_0', {loopToName: 'writer'});
    const flow = await fx.saveChatflow(
      'Docs behaviour: endless sequential loop',
      [model, start, writer, loop],
      [
        connect(model, start, 'model'),
        connect(start, writer, 'sequentialNode'),
        connect(writer, loop, 'sequentialNode'),
      ],
      {type: 'MULTIAGENT'},
    );
    const answer = await api<{message: string}>(`/prediction/${flow.id}`, {body: {question: 'Hi'}, key: null});
    expect(answer.status).toBe(500);
    expect(answer.body.message).toBe(
      'Error: predictionsServices.buildChatflow - Error buildAgentGraph - Recursion limit of 25 reached without ' +
        'hitting a stop condition. You can increase the limit by setting the "recursionLimit" config key.',
    );
  });
});

describe('agentflow nodes (nodes/agent-flows)', () => {
  test('LLM: the User Message is sent after the question, not instead of it (llm)', async () => {
    const llm = agentflowNode(await nodeDefinition('llmAgentflow'), 'llmAgentflow_0', {
      llmModel: 'chatOpenAI',
      llmModelConfig: {
        credential: await fx.credential(),
        FLOWISE_CREDENTIAL_ID: await fx.credential(),
        modelName: 'gpt-4o-mini',
        basepath: fx.stubModelBase(),
        llmModel: 'chatOpenAI',
      },
      llmMessages: [],
      llmEnableMemory: true,
      llmUserMessage: 'Answer briefly.',
    });
    const flow = await startThen('Docs behaviour: LLM user message', await chatStart(), llm);
    await clearStubRequests();
    const answer = await fx.predict(flow.id, {question: 'What is new?'});
    expect(answer.text).toBe('Stub reply to: Answer briefly.');
    const call = (await stubRequests()).find((request) => request.url.endsWith('/chat/completions'))!;
    expect((call.body as {messages: unknown[]}).messages).toEqual([
      {role: 'user', content: 'What is new?'},
      {role: 'user', content: 'Answer briefly.'},
    ]);
  });

  test('Condition: a Regex rule makes the run fail (condition)', async () => {
    const start = await chatStart();
    const condition = agentflowNode(await nodeDefinition('conditionAgentflow'), 'conditionAgentflow_0', {
      conditions: [{type: 'string', value1: '{{ question }}', operation: 'regex', value2: 'a.*'}],
    });
    const reply = agentflowNode(await nodeDefinition('directReplyAgentflow'), 'directReplyAgentflow_0', {
      directReplyMessage: 'Matched',
    });
    const flow = await fx.saveChatflow(
      'Docs behaviour: regex condition',
      [start, condition, reply],
      [follow(start, condition), follow(condition, reply, 0)],
      {type: 'AGENTFLOW'},
    );
    const answer = await api<{message: string}>(`/prediction/${flow.id}`, {body: {question: 'abc'}, key: null});
    expect(answer.status).toBe(500);
    expect(answer.body.message).toBe(
      'Error: predictionsServices.buildChatflow - compareOperationFunctions[operation] is not a function',
    );
  });

  test('Condition Agent: a reply that is no scenario falls to `default`, or without one ends the run with the raw reply (condition-agent)', async () => {
    const run = async (scenarios: string[]) => {
      const agent = agentflowNode(await nodeDefinition('conditionAgentAgentflow'), 'conditionAgentAgentflow_0', {
        conditionAgentModel: 'chatOpenAI',
        conditionAgentModelConfig: {
          credential: await fx.credential(),
          FLOWISE_CREDENTIAL_ID: await fx.credential(),
          modelName: 'gpt-4o-mini',
          basepath: fx.stubModelBase(),
          conditionAgentModel: 'chatOpenAI',
        },
        conditionAgentInstructions: 'Decide what the customer wants',
        conditionAgentInput: '{{ question }}',
        conditionAgentScenarios: scenarios.map((scenario) => ({scenario})),
      });
      const replies = await Promise.all(
        ['First', 'Second'].map(async (text, index) =>
          agentflowNode(await nodeDefinition('directReplyAgentflow'), `directReplyAgentflow_${index}`, {
            directReplyMessage: text,
          }),
        ),
      );
      const start = await chatStart();
      const flow = await fx.saveChatflow(
        'Docs behaviour: condition agent',
        [start, agent, ...replies],
        [follow(start, agent), follow(agent, replies[0], 0), follow(agent, replies[1], 1)],
        {type: 'AGENTFLOW'},
      );
      // The stub model answers with text that is not JSON.
      return (await fx.predict(flow.id, {question: 'I want my money back'})).text;
    };
    expect(await run(['wants a refund', 'default'])).toBe('Second');
    expect(await run(['wants a refund', 'reports a bug'])).toMatch(/^Stub reply to: \{"input": I want my money back/);
  });

  test('Execute Flow: a key-bound chatflow called without its key fails with status 500, not 401 (execute-flow)', async () => {
    const execute = (targetId: string) => {
      return nodeDefinition('executeFlowAgentflow').then((definition) => {
        const node = agentflowNode(definition, 'executeFlowAgentflow_0', {
          executeFlowSelectedFlow: targetId,
          executeFlowInput: '{{ question }}',
        });
        node.data.credential = '';
        return node;
      });
    };
    const plain = await startThen(
      'Docs behaviour: execute flow',
      await chatStart(),
      await execute((await fx.conversationalFlow()).id),
    );
    expect((await fx.predict(plain.id, {question: 'Hello there'})).text).toBe('Stub reply to: Hello there');
    const bound = await startThen(
      'Docs behaviour: execute bound flow',
      await chatStart(),
      await execute((await fx.keyBoundFlow()).id),
    );
    const answer = await api<{message: string}>(`/prediction/${bound.id}`, {body: {question: 'Hello'}, key: null});
    expect(answer.status).toBe(500);
    expect(answer.body.message).toBe(
      'Error: predictionsServices.buildChatflow - AxiosError: Request failed with status code 500',
    );
  });

  test("Custom Function: $vars holds every organization's variables, even without a key, with overrides applied (custom-function)", async () => {
    const others = await variable('APAC', productState().accounts.other.apiKey);
    const mine = await variable('US');
    const node = agentflowNode(await nodeDefinition('customFunctionAgentflow'), 'customFunctionAgentflow_0', {
      customFunctionInputVariables: [{variableName: 'typed', variableValue: `{{ $vars.${mine} }}`}],
      customFunctionJavascriptFunction: `return $vars.${others} + ' ' + $vars.${mine} + ' ' + $typed;`,
    });
    const flow = await startThen('Docs behaviour: agentflow $vars', await chatStart(), node, {
      apiConfig: JSON.stringify({overrideConfig: {status: true, nodes: {}, variables: [{name: mine, enabled: true}]}}),
    });
    const ask = async (body: Record<string, unknown>, key?: string | null) =>
      (await apiOk<{text: string}>(`/prediction/${flow.id}`, {body: {question: 'Q', ...body}, key})).text;
    // Without a key, code still reads both variables; the text input's reference stays as typed.
    expect(await ask({}, null)).toBe(`APAC US {{ $vars.${mine} }}`);
    expect(await ask({})).toBe('APAC US US');
    expect(await ask({overrideConfig: {vars: {[mine]: 'EU'}}}, null)).toBe('APAC EU EU');
  });

  test('Custom Function and Tool nodes saved with an empty argument list run (custom-function, tool)', async () => {
    const code = agentflowNode(await nodeDefinition('customFunctionAgentflow'), 'customFunctionAgentflow_0', {
      customFunctionJavascriptFunction: "return 'ran';",
    });
    expect(code.data.inputs.customFunctionInputVariables).toBe('');
    const codeFlow = await startThen('Docs behaviour: function without variables', await chatStart(), code);
    expect((await fx.predict(codeFlow.id, {question: 'Q'})).text).toBe('ran');
    const tool = agentflowNode(await nodeDefinition('toolAgentflow'), 'toolAgentflow_0', {
      selectedTool: 'currentDateTime',
      selectedToolConfig: {selectedTool: 'currentDateTime'},
    });
    expect(tool.data.inputs.toolInputArgs).toBe('');
    const toolFlow = await startThen('Docs behaviour: tool without arguments', await chatStart(), tool);
    expect(JSON.parse((await fx.predict(toolFlow.id, {question: 'Q'})).text)).toHaveProperty('iso8601');
  });
});

describe('allowed domains (sidekick-settings/allowed-domains)', () => {
  const flow = () =>
    fx.freshConversationalFlow({
      chatbotConfig: JSON.stringify({
        allowedOrigins: ['https://www.example.org'],
        allowedOriginsError: 'Not from here',
      }),
    });
  const ask = (flowId: string, origin: string) =>
    api<{message?: string}>(`/prediction/${flowId}`, {body: {question: 'Hi'}, key: null, headers: {Origin: origin}});

  test('the scheme is not compared, the port is', async () => {
    const {id} = await flow();
    expect((await ask(id, 'http://www.example.org')).status).toBe(200);
    expect((await ask(id, 'https://www.example.org:8443')).status).toBe(403);
  });

  test('an Origin that is not a URL fails with 500 Invalid URL', async () => {
    const answer = await ask((await flow()).id, 'null');
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({statusCode: 500, success: false, message: 'Invalid URL', stack: {}});
  });
});

describe('rate limit (sidekick-settings/rate-limit)', () => {
  test('prediction and vector upsert share one allowance, failed requests count, and the excess gets 429', async () => {
    const flow = await fx.freshUpsertFlow();
    await apiOk(`/chatflows/${flow.id}`, {
      method: 'PUT',
      body: {
        apiConfig: JSON.stringify({rateLimit: {status: true, limitMax: 2, limitDuration: 60, limitMsg: 'Slow down'}}),
      },
    });
    // An upsert flow has no chain to answer a prediction: the request fails, and still counts.
    expect((await api(`/prediction/${flow.id}`, {body: {question: 'Hi'}, key: null})).status).toBe(500);
    expect((await api(`/vector/upsert/${flow.id}`, {body: {}})).status).toBe(200);
    for (const path of [`/prediction/${flow.id}`, `/vector/upsert/${flow.id}`]) {
      const refused = await api(path, {body: {question: 'Hi'}, key: null});
      expect(refused.status).toBe(429);
      expect(refused.text).toBe('Slow down');
    }
  });
});
