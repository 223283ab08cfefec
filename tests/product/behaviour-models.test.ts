/**
 * What the node reference pages of chat models, LLMs, embeddings, vector stores, retrievers and caches say the nodes
 * do, run against the product server with the stub model: which key reaches the provider, which settings reach the
 * request, which nodes cannot work with the pinned libraries, which failures surface and which are hidden. Each test
 * names the page whose statement it pins (under docs/using-answerai/sidekick-studio/nodes/).
 *
 * The stub's request log is shared with other test files, so these tests never clear it: each request is found by a
 * marker (a unique question, text or key) that only this test sends.
 */
import {describe, expect, test} from 'vitest';
import {serverOpenAiKey} from '../../product-server/server.mjs';
import {api, apiOk, productState, stubRequests} from './api';
import * as fx from './fixtures';
import {connect, flowNode, nodeDefinition, type FlowEdge, type FlowNode} from './flows';

type StubRequest = Awaited<ReturnType<typeof stubRequests>>[number];

/** A marker no other request carries. */
function marker(label: string): string {
  return `${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

/** The stub's recorded model and service requests whose body mentions `text` (not the web app sync of a saved flow). */
async function requestsMentioning(text: string): Promise<StubRequest[]> {
  return (await stubRequests()).filter(
    (request) => !request.url.startsWith('/api/sidekicks') && JSON.stringify(request.body ?? '').includes(text),
  );
}

/**
 * Sends a prediction and waits at most `ms` for the response to start.
 * @returns the status, or null when no response came in time (the request is then aborted)
 */
async function statusWithin(chatflowId: string, body: Record<string, unknown>, ms: number): Promise<number | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    const response = await fetch(`${productState().baseUrl}/api/v1/prediction/${chatflowId}`, {
      method: 'POST',
      headers: {'Content-Type': 'application/json'},
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    await response.body?.cancel();
    return response.status;
  } catch (error) {
    if ((error as Error).name === 'AbortError') return null;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** A credential of the given type, saved through the API. */
async function credential(credentialName: string, plainDataObj: Record<string, string>): Promise<string> {
  const saved = await apiOk<{id: string}>('/credentials', {
    body: {name: fx.uniqueName(`Docs ${credentialName}`), credentialName, plainDataObj},
  });
  return saved.id;
}

/** A node with no credential selected, as the canvas saves it (the definition's credential field left empty). */
function withoutCredential(node: FlowNode): FlowNode {
  node.data.credential = '';
  return node;
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

/** OpenAI Embeddings pointed at the stub model. */
async function stubEmbeddings(id = 'openAIEmbeddings_0'): Promise<FlowNode> {
  return flowNode(
    await nodeDefinition('openAIEmbeddings'),
    id,
    {modelName: 'text-embedding-3-small', basepath: fx.stubModelBase()},
    {credential: await fx.credential()},
  );
}

/** A chatflow where `model` answers through a Conversation Chain with Buffer Memory. */
async function conversationWith(model: FlowNode) {
  const memory = flowNode(await nodeDefinition('bufferMemory'), 'bufferMemory_0');
  const chain = flowNode(await nodeDefinition('conversationChain'), 'conversationChain_0');
  return fx.saveChatflow(
    'Docs models: conversation',
    [model, memory, chain],
    [connect(model, chain, 'model'), connect(memory, chain, 'memory')],
  );
}

/** A chatflow where `model` answers through an LLM Chain with the prompt `Answer: {question}`. */
async function llmChainWith(model: FlowNode) {
  const prompt = flowNode(await nodeDefinition('promptTemplate'), 'promptTemplate_0', {template: 'Answer: {question}'});
  const chain = flowNode(await nodeDefinition('llmChain'), 'llmChain_0', {}, {output: 'llmChain'});
  return fx.saveChatflow(
    'Docs models: LLM chain',
    [model, prompt, chain],
    [connect(model, chain, 'model'), connect(prompt, chain, 'prompt')],
  );
}

/** A chatflow where a Conversational Retrieval QA Chain (stub model) reads `retriever` and returns its sources. */
async function retrievalWith(nodes: FlowNode[], edges: FlowEdge[], retriever: FlowNode) {
  const model = await stubChatModel('chatOpenAI_answer');
  const memory = flowNode(await nodeDefinition('bufferMemory'), 'bufferMemory_0');
  const chain = flowNode(await nodeDefinition('conversationalRetrievalQAChain'), 'conversationalRetrievalQAChain_0', {
    returnSourceDocuments: true,
  });
  return fx.saveChatflow(
    'Docs models: retrieval',
    [...nodes, model, memory, chain],
    [
      ...edges,
      connect(retriever, chain, 'vectorStoreRetriever'),
      connect(model, chain, 'model'),
      connect(memory, chain, 'memory'),
    ],
  );
}

/** Plain Text (split into one chunk per paragraph), stub embeddings and an In-Memory Vector Store. */
async function memoryStore(paragraphs: string[], output: 'retriever' | 'vectorStore', embeddings?: FlowNode) {
  const splitter = flowNode(
    await nodeDefinition('recursiveCharacterTextSplitter'),
    'recursiveCharacterTextSplitter_0',
    {
      chunkSize: 60,
      chunkOverlap: 5,
    },
  );
  const loader = flowNode(await nodeDefinition('plainText'), 'plainText_0', {text: paragraphs.join('\n\n')});
  const emb = embeddings ?? (await stubEmbeddings());
  const store = flowNode(await nodeDefinition('memoryVectorStore'), 'memoryVectorStore_0', {topK: 4}, {output});
  const nodes = [splitter, loader, store, ...(embeddings ? [] : [emb])];
  const edges = [
    connect(splitter, loader, 'textSplitter'),
    connect(loader, store, 'document'),
    connect(emb, store, 'embeddings'),
  ];
  return {nodes, edges, store};
}

/** The source documents of a retrieval answer. */
function sources(body: unknown): Array<{pageContent: string; metadata: Record<string, unknown>}> {
  return (
    (body as {sourceDocuments?: Array<{pageContent: string; metadata: Record<string, unknown>}>}).sourceDocuments ?? []
  );
}

describe('which key reaches the provider (chat-models/*, embeddings/*, llms/index)', () => {
  const nodesPassingOpenAIApiKey: Array<[string, string, Record<string, string>, Record<string, unknown>]> = [
    ['chatOpenAI', 'openAIApi', {openAIApiKey: 'docs-key-chatopenai'}, {modelName: 'gpt-4o-mini', basepath: ''}],
    ['chatOpenAICustom', 'openAIApi', {openAIApiKey: 'docs-key-custom'}, {modelName: 'my-model', basepath: ''}],
    ['chatLocalAI', 'localAIApi', {localAIApiKey: 'docs-key-localai'}, {modelName: 'local', basePath: ''}],
    ['chatLitellm', 'litellmApi', {litellmApiKey: 'docs-key-litellm'}, {modelName: 'proxy', basePath: ''}],
    ['chatCerebras', 'cerebrasAIApi', {cerebrasApiKey: 'docs-key-cerebras'}, {modelName: 'llama3.1-8b', basepath: ''}],
    ['chatOpenRouter', 'openRouterApi', {openRouterApiKey: 'docs-key-openrouter'}, {modelName: 'a/b', basepath: ''}],
    ['Chat NVIDIA NIM', 'nvidiaNIMApi', {nvidiaNIMApiKey: 'docs-key-nim'}, {modelName: 'nim', basePath: ''}],
  ];

  test.each(nodesPassingOpenAIApiKey)(
    "%s sends the server's OPENAI_API_KEY, not its credential's key (chat-models/index and the node's page)",
    async (name, credentialName, data, inputs) => {
      const base = Object.fromEntries(
        Object.entries(inputs).map(([key, value]) => [key, value === '' ? fx.stubModelBase() : value]),
      );
      const model = flowNode(await nodeDefinition(name), 'model_0', base, {
        credential: await credential(credentialName, data),
      });
      const flow = await conversationWith(model);
      const question = marker('which-key');
      expect((await fx.predict(flow.id, {question})).text).toBe(`Stub reply to: ${question}`);
      const [call] = await requestsMentioning(question);
      expect(call.headers.authorization).toBe(`Bearer ${serverOpenAiKey}`);
      expect(call.headers.authorization).not.toContain(Object.values(data)[0]);
    },
  );

  test("Azure ChatOpenAI sends its credential's key in the api-key header (chat-models/azure-chatopenai)", async () => {
    const model = flowNode(
      await nodeDefinition('azureChatOpenAI'),
      'azureChatOpenAI_0',
      {modelName: 'gpt-4o', basepath: `${fx.stubModelBase()}/azure`},
      {
        credential: await credential('azureOpenAIApi', {
          azureOpenAIApiKey: 'docs-key-azure',
          azureOpenAIApiInstanceName: 'docs',
          azureOpenAIApiDeploymentName: 'docs-deployment',
          azureOpenAIApiVersion: '2024-10-21',
        }),
      },
    );
    const flow = await conversationWith(model);
    const question = marker('azure-key');
    await fx.predict(flow.id, {question});
    const [call] = await requestsMentioning(question);
    expect(call.headers['api-key']).toBe('docs-key-azure');
    expect(call.url).toContain('/deployments/docs-deployment/chat/completions?api-version=2024-10-21');
  });

  test("OpenAI Embeddings, OpenAI Embeddings Custom and LocalAI Embeddings send their credential's key (embeddings/*)", async () => {
    const cases: Array<[string, string, string, Record<string, unknown>]> = [
      [
        'openAIEmbeddings',
        'openAIApiKey',
        'docs-key-emb-openai',
        {modelName: 'text-embedding-3-small', basepath: fx.stubModelBase()},
      ],
      [
        'openAIEmbeddingsCustom',
        'openAIApiKey',
        'docs-key-emb-custom',
        {modelName: 'my-embed', basepath: fx.stubModelBase()},
      ],
      [
        'localAIEmbeddings',
        'localAIApiKey',
        'docs-key-emb-localai',
        {modelName: 'my-embed', basePath: fx.stubModelBase()},
      ],
    ];
    for (const [name, field, key, inputs] of cases) {
      const text = marker('embedding-key');
      const loader = flowNode(await nodeDefinition('plainText'), 'plainText_0', {text});
      const emb = flowNode(await nodeDefinition(name), `${name}_0`, inputs, {
        credential: await credential(field === 'localAIApiKey' ? 'localAIApi' : 'openAIApi', {[field]: key}),
      });
      const store = flowNode(await nodeDefinition('memoryVectorStore'), 'memoryVectorStore_0');
      const flow = await fx.saveChatflow(
        'Docs models: embedding key',
        [loader, emb, store],
        [connect(loader, store, 'document'), connect(emb, store, 'embeddings')],
      );
      expect((await api(`/vector/upsert/${flow.id}`, {body: {}})).status).toBe(200);
      const [call] = await requestsMentioning(text);
      expect(call.headers.authorization).toBe(`Bearer ${key}`);
    }
  });

  test("the OpenAI LLM node sends its credential's key (llms/index)", async () => {
    const model = flowNode(
      await nodeDefinition('openAI'),
      'openAI_0',
      {modelName: 'gpt-3.5-turbo-instruct', basepath: fx.stubModelBase()},
      {credential: await credential('openAIApi', {openAIApiKey: 'docs-key-llm-openai'})},
    );
    const flow = await llmChainWith(model);
    const question = marker('llm-key');
    // The stub has no completions route, so the run fails; the request it received is what matters.
    await api(`/prediction/${flow.id}`, {body: {question}, key: null});
    const [call] = await requestsMentioning(question);
    expect(call.url).toBe('/v1/completions');
    expect(call.headers.authorization).toBe('Bearer docs-key-llm-openai');
  });
});

describe('what ChatOpenAI and Azure ChatOpenAI send (chat-models/chatopenai, azure-chatopenai)', () => {
  /** The body of the chat request a ChatOpenAI-like node sends for one question. */
  async function requestBody(name: string, inputs: Record<string, unknown>, credentialId: string) {
    const flow = await conversationWith(
      flowNode(await nodeDefinition(name), 'model_0', inputs, {credential: credentialId}),
    );
    const question = marker('request-body');
    await fx.predict(flow.id, {question});
    const [call] = await requestsMentioning(question);
    return call.body as Record<string, unknown>;
  }

  test('an o-series model gets the stop words and the reasoning effort but no temperature; Prompt Cache Key is never sent', async () => {
    const body = await requestBody(
      'chatOpenAI',
      {
        modelName: 'o3-mini',
        basepath: fx.stubModelBase(),
        stopSequence: 'END, ###',
        reasoningEffort: 'low',
        promptCacheKey: 'hr-bot',
      },
      await fx.credential(),
    );
    expect(body.stop).toEqual(['END', '###']);
    expect(body.reasoning_effort).toBe('low');
    expect(body).not.toHaveProperty('temperature');
    expect(JSON.stringify(body)).not.toContain('hr-bot');
  });

  test('a gpt-5 model gets neither temperature nor reasoning effort, and Max Tokens as max_tokens', async () => {
    const body = await requestBody(
      'chatOpenAI',
      {modelName: 'gpt-5-mini', basepath: fx.stubModelBase(), reasoningEffort: 'low', maxTokens: 100},
      await fx.credential(),
    );
    expect(body).not.toHaveProperty('temperature');
    expect(body).not.toHaveProperty('reasoning_effort');
    expect(body.max_tokens).toBe(100);
  });

  test('o4-mini is not recognised by the node and still gets the temperature', async () => {
    const body = await requestBody(
      'chatOpenAI',
      {modelName: 'o4-mini', basepath: fx.stubModelBase()},
      await fx.credential(),
    );
    expect(body.temperature).toBe(0.9);
    expect(body).not.toHaveProperty('reasoning_effort');
  });

  test('Azure: a gpt-5 deployment gets max_tokens and no reasoning effort; an o3 one gets both reasoning settings', async () => {
    const azure = await credential('azureOpenAIApi', {
      azureOpenAIApiKey: 'docs-key-azure',
      azureOpenAIApiInstanceName: 'docs',
      azureOpenAIApiDeploymentName: 'docs-deployment',
      azureOpenAIApiVersion: '2024-10-21',
    });
    const common = {basepath: `${fx.stubModelBase()}/azure`, reasoningEffort: 'low', maxTokens: 100};
    const gpt5 = await requestBody('azureChatOpenAI', {modelName: 'gpt-5', ...common}, azure);
    expect(gpt5.max_tokens).toBe(100);
    expect(gpt5).not.toHaveProperty('reasoning_effort');
    const o3 = await requestBody('azureChatOpenAI', {modelName: 'o3-mini', ...common}, azure);
    expect(o3.max_completion_tokens).toBe(100);
    expect(o3.reasoning_effort).toBe('low');
  });
});

describe('ChatOpenAI (LlamaIndex) ignores BasePath (chat-models/chatopenai-llamaindex)', () => {
  test('a chat engine whose model has BasePath set to the stub never reaches it', async () => {
    const model = flowNode(
      await nodeDefinition('chatOpenAI_LlamaIndex'),
      'chatOpenAI_LlamaIndex_0',
      {modelName: 'gpt-4o', basepath: fx.stubModelBase()},
      {credential: await fx.credential()},
    );
    const memory = flowNode(await nodeDefinition('bufferMemory'), 'bufferMemory_0');
    const engine = flowNode(await nodeDefinition('simpleChatEngine'), 'simpleChatEngine_0', {
      systemMessagePrompt: 'Be brief.',
    });
    const flow = await fx.saveChatflow(
      'Docs models: LlamaIndex base path',
      [model, memory, engine],
      [connect(model, engine, 'model'), connect(memory, engine, 'memory')],
    );
    const question = marker('llamaindex-basepath');
    const answer = await api(`/prediction/${flow.id}`, {body: {question}, key: null});
    expect(answer.status).toBe(500);
    expect(await requestsMentioning(question)).toEqual([]);
  });
});

describe('Chat Nemo Guardrails (chat-models/chat-nemo-guardrails, chat-models/index)', () => {
  async function nemoFlow() {
    const model = flowNode(await nodeDefinition('chatNemoGuardrails'), 'chatNemoGuardrails_0', {
      configurationId: 'support_bot',
      baseUrl: productState().stubUrl,
    });
    return llmChainWith(model);
  }

  test('sends config_id and user/assistant roles, and fails with 500 on an answer without messages', async () => {
    const flow = await nemoFlow();
    const question = marker('nemo');
    const answer = await api(`/prediction/${flow.id}`, {body: {question}, key: null});
    expect(answer.status).toBe(500);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect((answer.body as {message: string}).message).toBe(
      "Error: predictionsServices.buildChatflow - Cannot read properties of undefined (reading 'map')",
    );
    const [call] = await requestsMentioning(question);
    expect(call.url).toBe('/v1/chat/completions');
    expect(call.headers.authorization).toBeUndefined();
    expect(call.body).toEqual({config_id: 'support_bot', messages: [{role: 'user', content: `Answer: ${question}`}]});
  });

  test('never streams, so a failing request that asks for streaming gets no answer at all', async () => {
    const flow = await nemoFlow();
    // A flow that can stream would answer 200 with an error event at once; this one cannot, and the server's
    // error handler stays silent for requests that asked for streaming.
    expect(await statusWithin(flow.id, {question: marker('nemo-stream'), streaming: true}, 10_000)).toBeNull();
    expect(await statusWithin(flow.id, {question: marker('nemo-whole')}, 10_000)).toBe(500);
  });
});

describe('Weaviate cannot run with the pinned libraries (vector-stores/weaviate)', () => {
  async function weaviateNode() {
    return withoutCredential(
      flowNode(await nodeDefinition('weaviate'), 'weaviate_0', {
        weaviateScheme: 'http',
        weaviateHost: new URL(productState().stubUrl).host,
        weaviateIndex: 'Handbook',
      }),
    );
  }

  test('an upsert fails with 500 before anything is sent to Weaviate', async () => {
    const text = marker('weaviate-upsert');
    const loader = flowNode(await nodeDefinition('plainText'), 'plainText_0', {text});
    const emb = await stubEmbeddings();
    const store = await weaviateNode();
    const flow = await fx.saveChatflow(
      'Docs models: Weaviate upsert',
      [loader, emb, store],
      [connect(loader, store, 'document'), connect(emb, store, 'embeddings')],
    );
    const answer = await api(`/vector/upsert/${flow.id}`, {body: {}});
    expect(answer.status).toBe(500);
    expect((answer.body as {message: string}).message).toBe(
      "Error: vectorsService.upsertVector - TypeError: Cannot read properties of undefined (reading 'exists')",
    );
    // Not even the chunk was embedded.
    expect(await requestsMentioning(text)).toEqual([]);
  });

  test('a question fails with 500 in the similarity search', async () => {
    const emb = await stubEmbeddings();
    const store = await weaviateNode();
    const flow = await retrievalWith([emb, store], [connect(emb, store, 'embeddings')], store);
    const answer = await api(`/prediction/${flow.id}`, {body: {question: 'Holiday?'}, key: null});
    expect(answer.status).toBe(500);
    expect((answer.body as {message: string}).message).toBe(
      "Error: predictionsServices.buildChatflow - Error in similaritySearch TypeError: Cannot read properties of undefined (reading 'get')",
    );
  });
});

describe('Document Store (Vector) (vector-stores/document-store-vector)', () => {
  async function flowOn(storeId: string) {
    const node = flowNode(
      await nodeDefinition('documentStoreVS'),
      'documentStoreVS_0',
      {selectedStore: storeId},
      {output: 'retriever'},
    );
    return retrievalWith([node], [], node);
  }

  test('a store that does not exist surfaces as an unrelated chain error, not "Store not found"', async () => {
    const flow = await flowOn(crypto.randomUUID());
    const answer = await api(`/prediction/${flow.id}`, {body: {question: 'Holiday?'}, key: null});
    expect(answer.status).toBe(500);
    expect((answer.body as {message: string}).message).toBe(
      'Error: predictionsServices.buildChatflow - Expected a Runnable, function or object.\nInstead got an unsupported type.',
    );
  });

  test('a document store on the In-Memory Vector Store finds nothing', async () => {
    const store = await fx.upsertedDocumentStore();
    const flow = await flowOn(store.storeId);
    const answer = await api(`/prediction/${flow.id}`, {body: {question: 'How many days of holiday?'}, key: null});
    expect(answer.status).toBe(200);
    expect(sources(answer.body)).toEqual([]);
  });
});

describe('the In-Memory Vector Store and embedding caches (vector-stores/in-memory-vector-store, cache/*, retrievers/embeddings-filter-retriever)', () => {
  test('an upsert answers numAdded and addedDocs, and keeps nothing', async () => {
    const flow = await fx.upsertFlow();
    const answer = await apiOk<Record<string, unknown>>(`/vector/upsert/${flow.id}`, {body: {}});
    expect(Object.keys(answer).sort()).toEqual(['addedDocs', 'numAdded']);
    expect(answer.numAdded).toBe(1);
  });

  test('every question embeds the chunks again', async () => {
    const text = marker('memory-reembed');
    const {nodes, edges, store} = await memoryStore([`Holidays ${text}: 25 days.`], 'retriever');
    const flow = await retrievalWith(nodes, edges, store);
    for (const round of [1, 2]) await fx.predict(flow.id, {question: `Holiday? round ${round}`});
    const chunkEmbeddings = (await requestsMentioning(text)).filter((request) =>
      Array.isArray((request.body as {input: unknown}).input),
    );
    expect(chunkEmbeddings).toHaveLength(2);
  });

  test('an InMemory Embedding Cache serves the chunks to the store and the Embeddings Filter; questions are never cached', async () => {
    const text = marker('embedding-cache');
    const cache = flowNode(await nodeDefinition('inMemoryEmbeddingCache'), 'inMemoryEmbeddingCache_0', {
      namespace: 'docs',
    });
    const emb = await stubEmbeddings();
    const {nodes, edges, store} = await memoryStore([`Holidays ${text}: 25 days.`], 'retriever', cache);
    const filter = flowNode(await nodeDefinition('embeddingsFilterRetriever'), 'embeddingsFilterRetriever_0', {
      similarityThreshold: 0.1,
      k: 5,
    });
    const flow = await retrievalWith(
      [...nodes, emb, cache, filter],
      [
        ...edges,
        connect(emb, cache, 'embeddings'),
        connect(store, filter, 'baseRetriever'),
        connect(cache, filter, 'embeddings'),
      ],
      filter,
    );
    for (const round of [1, 2]) {
      const answer = await fx.predict(flow.id, {question: `Holiday ${text} round ${round}?`});
      expect(sources(answer)).toHaveLength(1);
    }
    const calls = (await requestsMentioning(text)).map((request) => (request.body as {input: unknown}).input);
    // One document call for the chunk, ever; the question of each round twice (the store's search and the filter's).
    expect(calls.filter((input) => Array.isArray(input))).toEqual([[`Holidays ${text}: 25 days.`]]);
    expect(calls.filter((input) => typeof input === 'string')).toHaveLength(4);
  });

  test('an InMemory Cache answers a repeated prompt without calling the model, and streams it as one token', async () => {
    const model = await stubChatModel();
    const cache = flowNode(await nodeDefinition('inMemoryCache'), 'inMemoryCache_0');
    const prompt = flowNode(await nodeDefinition('promptTemplate'), 'promptTemplate_0', {
      template: 'Answer briefly: {question}',
    });
    const chain = flowNode(await nodeDefinition('llmChain'), 'llmChain_0', {}, {output: 'llmChain'});
    const flow = await fx.saveChatflow(
      'Docs models: LLM cache',
      [model, cache, prompt, chain],
      [connect(cache, model, 'cache'), connect(model, chain, 'model'), connect(prompt, chain, 'prompt')],
    );
    const question = marker('llm-cache');
    await fx.predict(flow.id, {question});
    await fx.predict(flow.id, {question});
    const streamed = await api(`/prediction/${flow.id}`, {body: {question, streaming: true}, key: null});
    expect(await requestsMentioning(question)).toHaveLength(1);
    const tokens = streamed.text.split('\n').filter((line) => line.startsWith('data:{"event":"token"'));
    expect(tokens).toEqual([`data:{"event":"token","data":"Stub reply to: Answer briefly: ${question}"}`]);
  });
});

describe('retrievers (retrievers/*)', () => {
  const paragraphs = [
    'Holidays: full-time staff get 25 days.',
    'Travel: book through the travel desk.',
    'Expenses: submit receipts in 30 days.',
    'Laptops: request one in the IT portal.',
    'Parking: the garage opens at 7 am.',
  ];

  test.each([
    ['cohereRerankRetriever', 'cohereApi', {cohereApiKey: 'invalid'}, {model: 'rerank-v3.5', topK: 2}],
    [
      'JinaRerankRetriever',
      'jinaAIApi',
      {jinaAIAPIKey: 'invalid'},
      {model: 'jina-reranker-v2-base-multilingual', topN: 2},
    ],
    ['voyageAIRerankRetriever', 'voyageAIApi', {apiKey: 'invalid', endpoint: ''}, {model: 'rerank-2', topK: 2}],
  ])(
    '%s hides a failed rerank: all base chunks, original order, no score, HTTP 200',
    async (name, credentialName, data, inputs) => {
      const {nodes, edges, store} = await memoryStore(paragraphs, 'retriever');
      const rerank = flowNode(await nodeDefinition(name), `${name}_0`, inputs, {
        credential: await credential(credentialName, data as Record<string, string>),
      });
      const flow = await retrievalWith([...nodes, rerank], [...edges, connect(store, rerank, 'baseRetriever')], rerank);
      const answer = await api(`/prediction/${flow.id}`, {body: {question: 'Holiday?'}, key: null});
      expect(answer.status).toBe(200);
      const found = sources(answer.body);
      expect(found).toHaveLength(4);
      expect(found.every((doc) => !('relevance_score' in doc.metadata))).toBe(true);
    },
  );

  test('the Multi Query Retriever fails on a question with a word in curly braces', async () => {
    const {nodes, edges, store} = await memoryStore(paragraphs, 'vectorStore');
    const model = await stubChatModel('chatOpenAI_rewrite');
    const retriever = flowNode(await nodeDefinition('multiQueryRetriever'), 'multiQueryRetriever_0');
    const flow = await retrievalWith(
      [...nodes, model, retriever],
      [...edges, connect(store, retriever, 'vectorStore'), connect(model, retriever, 'model')],
      retriever,
    );
    const braces = await api(`/prediction/${flow.id}`, {body: {question: 'What does {team} get?'}, key: null});
    expect(braces.status).toBe(500);
    expect((braces.body as {message: string}).message).toMatch(
      /^Error: predictionsServices\.buildChatflow - \(f-string\) Missing value for input team/,
    );
    expect((await api(`/prediction/${flow.id}`, {body: {question: 'What does the team get?'}, key: null})).status).toBe(
      200,
    );
  });

  test('the Extract Metadata Retriever fails the prediction when the model answers in plain text', async () => {
    const {nodes, edges, store} = await memoryStore(paragraphs, 'vectorStore');
    const model = await stubChatModel('chatOpenAI_extract');
    const retriever = flowNode(await nodeDefinition('extractMetadataRetriever'), 'extractMetadataRetriever_0', {
      dynamicMetadataFilterRetrieverStructuredOutput: JSON.stringify([
        {key: 'source', type: 'String', description: 'file'},
      ]),
    });
    const flow = await retrievalWith(
      [...nodes, model, retriever],
      [...edges, connect(store, retriever, 'vectorStore'), connect(model, retriever, 'model')],
      retriever,
    );
    const answer = await api(`/prediction/${flow.id}`, {body: {question: 'Holiday?'}, key: null});
    expect(answer.status).toBe(500);
    expect((answer.body as {message: string}).message).toMatch(
      /^Error: predictionsServices\.buildChatflow - Failed to parse\. Text: "Stub reply to: /,
    );
  });

  test('the RRF Retriever searches the original question and each line the model returns, with fused scores', async () => {
    const {nodes, edges, store} = await memoryStore(paragraphs, 'retriever');
    const model = await stubChatModel('chatOpenAI_rewrite');
    const retriever = flowNode(await nodeDefinition('RRFRetriever'), 'RRFRetriever_0', {queryCount: 4, topK: 3, c: 60});
    const flow = await retrievalWith(
      [...nodes, model, retriever],
      [...edges, connect(store, retriever, 'baseRetriever'), connect(model, retriever, 'model')],
      retriever,
    );
    const question = marker('rrf');
    const answer = await fx.predict(flow.id, {question});
    const found = sources(answer);
    expect(found).toHaveLength(3);
    expect(found.every((doc) => typeof doc.metadata.relevancy_score === 'number')).toBe(true);
    const rewording = (await requestsMentioning(question)).find((request) =>
      JSON.stringify(request.body).includes('OUTPUT (4 queries):'),
    );
    expect(rewording).toBeDefined();
    // The stub answers with one line, which is searched besides the original question.
    const searched = (await stubRequests()).filter(
      (request) =>
        request.url.endsWith('/embeddings') &&
        (request.body as {input: unknown}).input === 'Stub reply to: OUTPUT (4 queries):',
    );
    expect(searched.length).toBeGreaterThan(0);
  });
});
