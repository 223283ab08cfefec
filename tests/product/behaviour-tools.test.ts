/**
 * What the node reference pages of tools, MCP servers, memory, utilities, moderation, prompts and output parsers say
 * the product does, run against the product server where the product surprises: code nodes have no time limit, an
 * ending Custom JS Function must return a string, header values resolve `{{$vars…}}`, tools that fail quietly, the
 * UUID rule for `chatId`, what a moderated exchange leaves in memory, and output parsers that do nothing or break the
 * chain. Each test names the page whose statement it pins.
 *
 * Tools are run without an agent (the stub model never calls tools): a Custom JS Function ending node receives the
 * tool nodes on its **Additional Tools** input and calls them as `$tools.<name>.invoke(…)`.
 */
import {describe, expect, test} from 'vitest';
import {api, apiOk, clearStubRequests, productState, stubRequests} from './api';
import * as fx from './fixtures';
import {connect, flowNode, nodeDefinition, type FlowEdge, type FlowNode} from './flows';

/** The answer of a prediction sent without an API key, or with `key`. */
async function ask(flowId: string, body: Record<string, unknown>, key: string | null = null) {
  return api<Record<string, unknown>>(`/prediction/${flowId}`, {body, key});
}

/**
 * A chatflow whose only answering node is a Custom JS Function (ending node) running `code`, with the given tool
 * nodes connected to its Additional Tools input.
 * @param tools node name and inputs of each tool; `credential` is the id of a saved credential ('' for none)
 */
async function functionWithTools(
  code: string,
  tools: Array<{name: string; inputs?: Record<string, unknown>; credential?: string}> = [],
) {
  const fn = flowNode(
    await nodeDefinition('customFunction'),
    'customFunction_0',
    {javascriptFunction: code},
    {output: 'EndingNode'},
  );
  const nodes: FlowNode[] = [fn];
  const edges: FlowEdge[] = [];
  for (const [index, tool] of tools.entries()) {
    const node = flowNode(await nodeDefinition(tool.name), `${tool.name}_${index}`, tool.inputs ?? {});
    // The canvas saves the selected credential's id, or nothing when none is selected.
    if (typeof node.data.credential === 'object') node.data.credential = tool.credential ?? '';
    nodes.push(node);
    edges.push(connect(node, fn, 'tools'));
  }
  return fx.saveChatflow('Docs behaviour: tools', nodes, edges);
}

/** The messages of the last chat completion the stub model received, as `role: content` lines. */
async function lastModelCall(): Promise<string[]> {
  const call = (await stubRequests()).filter((request) => request.url.endsWith('/chat/completions')).at(-1);
  if (!call) throw new Error('The stub model received no chat completion');
  return (call.body as {messages: Array<{role: string; content: string}>}).messages.map(
    (message) => `${message.role}: ${message.content}`,
  );
}

/** ChatOpenAI pointed at the stub model. */
async function stubChatModel(id = 'chatOpenAI_0') {
  return flowNode(
    await nodeDefinition('chatOpenAI'),
    id,
    {modelName: 'gpt-4o-mini', basepath: fx.stubModelBase()},
    {credential: await fx.credential()},
  );
}

/** An OpenAPI specification uploaded as the canvas stores files: a data URI followed by its file name. */
function uploadedSpec(yaml: string): string {
  return `data:application/x-yaml;base64,${Buffer.from(yaml).toString('base64')},filename:spec.yaml`;
}

describe('Custom JS Function (nodes/utilities/custom-js-function)', () => {
  test('has no time limit: code that waits 11 seconds still answers', async () => {
    const flow = await fx.freshCustomFunctionFlow("await new Promise((r) => setTimeout(r, 11000)); return 'done';");
    const answer = await ask(flow.id, {question: 'Wait'});
    expect(answer.status).toBe(200);
    expect(answer.body.text).toBe('done');
  }, 60_000);

  test('as ending node, a returned number fails with 500 and an object becomes the response', async () => {
    const number = await ask((await fx.freshCustomFunctionFlow('return 42;')).id, {question: 'Hi'});
    expect(number.status).toBe(500);
    expect(number.body.message).toBe(
      "Error: predictionsServices.buildChatflow - Cannot create property 'question' on number '42'",
    );
    const object = await ask((await fx.freshCustomFunctionFlow("return {status: 'open'};")).id, {question: 'Hi'});
    expect(object.status).toBe(200);
    expect(object.body.status).toBe('open');
    expect(object.body).not.toHaveProperty('text');
  });

  test('a module outside the allowed list fails with VMError: Cannot find module', async () => {
    const answer = await ask((await fx.freshCustomFunctionFlow("require('lodash'); return 'x';")).id, {question: 'Hi'});
    expect(answer.status).toBe(500);
    expect(answer.body.message).toBe("Error: predictionsServices.buildChatflow - VMError: Cannot find module 'lodash'");
  });
});

describe('Requests Get (nodes/tools/request-get)', () => {
  test("a {{$vars…}} reference in Headers is replaced with the key owner's variable, and sent as written without a key", async () => {
    const name = fx.uniqueName('header_token').replace(/\W+/g, '_');
    await apiOk('/variables', {body: {name, value: 'token-123', type: 'static'}});
    const flow = await functionWithTools("return await $tools.requests_get.invoke('')", [
      {
        name: 'requestsGet',
        inputs: {url: `${productState().stubUrl}/echo/status`, headers: `{"X-Token": "{{$vars.${name}}}"}`},
      },
    ]);
    const sentHeader = async (key: string | null) => {
      const answer = await ask(flow.id, {question: 'Status?'}, key);
      return (JSON.parse(answer.body.text as string) as {headers: Record<string, string>}).headers['x-token'];
    };
    expect(await sentHeader(productState().accounts.main.apiKey)).toBe('token-123');
    expect(await sentHeader(null)).toBe(`{{$vars.${name}}}`);
  });
});

describe('OpenAPI Toolkit (nodes/tools/openapi-toolkit)', () => {
  const spec = (server: string) => `openapi: 3.0.0
info: {title: Orders, version: '1'}
servers:
  - url: ${server}
paths:
  /orders:
    get:
      operationId: listOrders
      summary: Lists orders
`;

  test('with a relative server URL the default code returns an empty string instead of an error', async () => {
    const flow = await functionWithTools('return JSON.stringify(await $tools.listOrders.invoke({}))', [
      {name: 'openAPIToolkit', inputs: {yamlFile: uploadedSpec(spec('/api'))}},
    ]);
    const answer = await ask(flow.id, {question: 'Orders?'});
    expect(answer.body.text).toBe('""');
  });

  test('an empty file fails with "Failed to load OpenAPI spec", invalid YAML with the YAML error', async () => {
    const empty = await functionWithTools("return 'x'", [
      {name: 'openAPIToolkit', inputs: {yamlFile: uploadedSpec('')}},
    ]);
    expect((await ask(empty.id, {question: 'Hi'})).body.message).toBe(
      'Error: predictionsServices.buildChatflow - Failed to load OpenAPI spec',
    );
    const broken = await functionWithTools("return 'x'", [
      {name: 'openAPIToolkit', inputs: {yamlFile: uploadedSpec('servers: [unclosed')}},
    ]);
    expect((await ask(broken.id, {question: 'Hi'})).body.message).toMatch(
      /^Error: predictionsServices\.buildChatflow - unexpected end of the stream within a flow collection/,
    );
  });
});

describe('Code Interpreter by E2B (nodes/tools/code-interpreter-by-e2b)', () => {
  test('without a key the tool returns only the name of the error', async () => {
    const flow = await functionWithTools("return await $tools.code_interpreter.invoke({input: '1 + 1'})", [
      {name: 'codeInterpreterE2B'},
    ]);
    const answer = await ask(flow.id, {question: 'Compute'});
    expect(JSON.parse(answer.body.text as string)).toEqual({name: 'AuthenticationError'});
  });
});

describe('Chatflow Tool (nodes/tools/chatflow-tool)', () => {
  test('returns the called chatflow’s text, and no value at all when that chatflow answers with an error', async () => {
    const call = async (chatflowId: string) => {
      const flow = await functionWithTools(
        "const r = await $tools.billing.invoke({input: 'What is due?'}); return r === undefined ? 'NO VALUE' : r;",
        [
          {
            name: 'ChatflowTool',
            inputs: {
              selectedChatflow: chatflowId,
              name: 'billing',
              description: 'Billing.',
              baseURL: productState().baseUrl,
            },
          },
        ],
      );
      return (await ask(flow.id, {question: 'Hi'})).body.text;
    };
    expect(await call((await fx.conversationalFlow()).id)).toBe('Stub reply to: What is due?');
    // A chatflow bound to an API key answers 500 Unauthorized to the tool's request, which carries no key.
    expect(await call((await fx.keyBoundFlow()).id)).toBe('NO VALUE');
  });
});

describe('Chain Tool (nodes/tools/chain-tool)', () => {
  test('a template variable without a Format Prompt Value fails with a missing-value error', async () => {
    const model = await stubChatModel();
    const prompt = flowNode(await nodeDefinition('promptTemplate'), 'promptTemplate_0', {
      template: 'Translate: {text}',
    });
    const chain = flowNode(await nodeDefinition('llmChain'), 'llmChain_0', {}, {output: 'llmChain'});
    const tool = flowNode(await nodeDefinition('chainTool'), 'chainTool_0', {
      name: 'translate',
      description: 'Translates.',
    });
    const fn = flowNode(
      await nodeDefinition('customFunction'),
      'customFunction_0',
      {javascriptFunction: "try { return await $tools.translate.invoke('Bonjour'); } catch (e) { return e.message; }"},
      {output: 'EndingNode'},
    );
    const flow = await fx.saveChatflow(
      'Docs behaviour: chain tool',
      [model, prompt, chain, tool, fn],
      [
        connect(model, chain, 'model'),
        connect(prompt, chain, 'prompt'),
        connect(chain, tool, 'baseChain'),
        connect(tool, fn, 'tools'),
      ],
    );
    expect((await ask(flow.id, {question: 'Hi'})).body.text).toMatch(/^\(f-string\) Missing value for input text/);
  });
});

describe('Custom Tool (nodes/tools/custom-tool)', () => {
  test('a tool of another organisation is not found when the chatflow runs', async () => {
    const other = await apiOk<{id: string}>('/tools', {
      body: {
        name: fx.uniqueName('other_tool').replace(/\W+/g, '_'),
        description: 'x',
        color: '#000',
        schema: '[]',
        func: 'return 1',
      },
      key: productState().accounts.other.apiKey,
    });
    const flow = await functionWithTools("return 'x'", [{name: 'customTool', inputs: {selectedTool: other.id}}]);
    const answer = await ask(flow.id, {question: 'Hi'});
    expect(answer.status).toBe(500);
    expect(answer.body.message).toBe(
      `Error: predictionsServices.buildChatflow - Error: Tool ${other.id} not found or access denied`,
    );
  });
});

describe('Gamma (nodes/tools/gamma)', () => {
  test('characters outside Latin-1 are removed from the API key before it is sent', async () => {
    const saved = await apiOk<{id: string}>('/credentials', {
      body: {
        name: fx.uniqueName('Docs Gamma'),
        credentialName: 'gammaApi',
        plainDataObj: {apiKey: 'sk-gamma\u2026-1', baseUrl: `${productState().stubUrl}/echo`},
      },
    });
    const fixed = {
      textMode: 'generate',
      format: 'presentation',
      cardSplit: 'auto',
      exportAs: 'pdf',
      textAmount: 'brief',
      imageSource: 'noImages',
      imageModel: 'flux-1-quick',
      cardDimensions: '16x9',
      sharingWorkspaceAccess: 'view',
      sharingExternalAccess: 'view',
      pollUntilComplete: false,
    };
    const flow = await functionWithTools("return await $tools.gamma_generate.invoke('A deck')", [
      {name: 'gamma', inputs: fixed, credential: saved.id},
    ]);
    const answer = await ask(flow.id, {question: 'Deck'});
    const echoed = JSON.parse(answer.body.text as string) as {path: string; headers: Record<string, string>};
    expect(echoed.path).toBe('/echo/v0.2/generations');
    expect(echoed.headers['x-api-key']).toBe('sk-gamma-1');
  });
});

describe('session IDs of memory nodes (nodes/memory/index, buffer-memory)', () => {
  test('a chatId that is not a UUID fails with 500', async () => {
    const answer = await ask((await fx.conversationalFlow()).id, {question: 'Hi', chatId: 'customer-42'});
    expect(answer.status).toBe(500);
    expect(answer.body.message).toBe(
      'Error: predictionsServices.buildChatflow - invalid input syntax for type uuid: "customer-42"',
    );
  });

  test("a fixed Session Id joins API requests that send no ID, and a request's chatId wins over it", async () => {
    const {nodes, edges} = await fx.conversationalNodes({streaming: false});
    nodes[1].data.inputs.sessionId = fx.uniqueName('shared').replace(/\W+/g, '-');
    const flow = await fx.saveChatflow('Docs behaviour: fixed session', nodes, edges);
    await fx.predict(flow.id, {question: 'First visitor'});
    await clearStubRequests();
    await fx.predict(flow.id, {question: 'Second visitor'});
    expect(await lastModelCall()).toContain('user: First visitor');
    await clearStubRequests();
    await fx.predict(flow.id, {question: 'Own chat', chatId: crypto.randomUUID()});
    expect(await lastModelCall()).not.toContain('user: First visitor');
  });
});

describe('moderation (nodes/moderation/index)', () => {
  test('a blocked question and the error message reach the next turn through Buffer Memory', async () => {
    const {nodes, edges} = await fx.conversationalNodes({streaming: false});
    const moderation = flowNode(await nodeDefinition('inputModerationSimple'), 'inputModerationSimple_0', {
      denyList: 'refund',
      moderationErrorMessage: 'I cannot help with that.',
    });
    const flow = await fx.saveChatflow(
      'Docs behaviour: moderation',
      [...nodes, moderation],
      [...edges, connect(moderation, nodes[2], 'inputModeration')],
    );
    const sessionId = crypto.randomUUID();
    const blocked = await ask(flow.id, {question: 'Can I get a REFUND?', overrideConfig: {sessionId}});
    expect(blocked.status).toBe(200);
    expect(blocked.body.text).toBe('I cannot help with that.');
    await clearStubRequests();
    await fx.predict(flow.id, {question: 'Hello', overrideConfig: {sessionId}});
    const messages = await lastModelCall();
    expect(messages).toContain('user: Can I get a REFUND?');
    expect(messages).toContain('assistant: I cannot help with that.');
  });
});

describe('output parsers (nodes/output-parsers/index, prompts/few-shot-prompt-template)', () => {
  test('an LLM Chain with a Few Shot Prompt Template and an output parser always fails', async () => {
    const model = await stubChatModel();
    const example = flowNode(await nodeDefinition('promptTemplate'), 'promptTemplate_0', {
      template: 'Word: {word}\nAntonym: {antonym}',
    });
    const fewShot = flowNode(await nodeDefinition('fewShotPromptTemplate'), 'fewShotPromptTemplate_0', {
      examples: '[{"word": "happy", "antonym": "sad"}]',
      prefix: 'Give the antonym.',
      suffix: 'Word: {input}\nAntonym:',
      exampleSeparator: '\n\n',
      templateFormat: 'f-string',
    });
    const chain = flowNode(await nodeDefinition('llmChain'), 'llmChain_0', {}, {output: 'llmChain'});
    const parser = flowNode(await nodeDefinition('csvOutputParser'), 'csvOutputParser_0');
    const flow = await fx.saveChatflow(
      'Docs behaviour: few shot with parser',
      [model, example, fewShot, chain, parser],
      [
        connect(example, fewShot, 'examplePrompt'),
        connect(model, chain, 'model'),
        connect(fewShot, chain, 'prompt'),
        connect(parser, chain, 'outputParser'),
      ],
    );
    const answer = await ask(flow.id, {question: 'tall'});
    expect(answer.status).toBe(500);
    expect(answer.body.message).toBe(
      "Error: predictionsServices.buildChatflow - Chain llm expects multiple inputs, cannot use 'run' ",
    );
  });

  test('the Tool Agent (AnswerAI) never parses its answer; instructions reach the model only through a chat prompt', async () => {
    const agentFlow = async (withPrompt: boolean) => {
      const model = await stubChatModel();
      const memory = flowNode(await nodeDefinition('bufferMemory'), 'bufferMemory_0');
      const calculator = flowNode(await nodeDefinition('calculator'), 'calculator_0');
      const agent = flowNode(await nodeDefinition('aaiToolAgent'), 'aaiToolAgent_0', {systemMessage: 'You help.'});
      const parser = flowNode(await nodeDefinition('csvOutputParser'), 'csvOutputParser_0');
      const nodes = [model, memory, calculator, agent, parser];
      const edges = [
        connect(model, agent, 'model'),
        connect(memory, agent, 'memory'),
        connect(calculator, agent, 'tools'),
        connect(parser, agent, 'outputParser'),
      ];
      if (withPrompt) {
        const prompt = flowNode(await nodeDefinition('chatPromptTemplate'), 'chatPromptTemplate_0', {
          systemMessagePrompt: 'Prompt rules.',
          humanMessagePrompt: '{input}',
        });
        nodes.push(prompt);
        edges.push(connect(prompt, agent, 'chatPromptTemplate'));
      }
      return fx.saveChatflow('Docs behaviour: AnswerAI tool agent with parser', nodes, edges);
    };
    for (const withPrompt of [false, true]) {
      await clearStubRequests();
      const answer = await ask((await agentFlow(withPrompt)).id, {question: 'red, green'});
      // A CSV parser would have turned this comma-separated reply into a `json` list.
      expect(answer.body.text).toBe('Stub reply to: red, green');
      expect(answer.body).not.toHaveProperty('json');
      const system = (await lastModelCall())[0];
      if (withPrompt) expect(system).toMatch(/^system: Prompt rules\.\n\nIMPORTANT: Your final response must follow/);
      else expect(system).toBe('system: You help.');
    }
  });
});
