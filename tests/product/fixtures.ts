/**
 * What the examples need on the product server, created through its API as a builder would: a credential, the
 * three chatflows the examples run against, a conversation with messages and feedback, a lead, an upsert history
 * record, a tool, a variable, a custom assistant and a document store with a loader and chunks.
 *
 * - **Conversational flow**: ChatOpenAI (its base path pointed at the stub model) with Buffer Memory in a
 *   Conversation Chain. It answers `Stub reply to: <question>` and can stream.
 * - **Custom function flow**: one Custom JS Function node as the ending node; it returns a fixed text built from
 *   the question, so it never streams.
 * - **Upsert flow**: Plain Text loader and OpenAI Embeddings (pointed at the stub) into an In-Memory Vector Store.
 * - **File upsert flow**: PDF File loader, OpenAI Embeddings (stub) and an In-Memory Vector Store, for uploads.
 *
 * Every getter creates its resource once (memoised); the `fresh…` functions create a new one each time, for the
 * examples that delete what they are given.
 */
import {api, apiOk, productState} from './api';
import {
  agentflowNode,
  connect,
  flowData,
  flowNode,
  follow,
  nodeDefinition,
  type FlowEdge,
  type FlowNode,
} from './flows';

/** A saved chatflow, as the API returns it. */
export interface Chatflow {
  id: string;
  name: string;
  flowData: string;
  [key: string]: unknown;
}

/** The base path the OpenAI-compatible nodes use to reach the stub model. */
export function stubModelBase(): string {
  return `${productState().stubUrl}/v1`;
}

/** A minimal one-page PDF whose text is `text` (ASCII), for upload examples. */
export function pdfWithText(text: string): Uint8Array<ArrayBuffer> {
  const stream = `BT /F1 12 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(out.length);
    out += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/** Memoises an async factory. */
function once<T>(factory: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= factory());
}

let counter = 0;
/** A name unique within this test run. */
export function uniqueName(base: string): string {
  counter += 1;
  return `${base} ${Date.now().toString(36)}-${counter}`;
}

/**
 * Saves a chatflow through the API.
 * @param name its name
 * @param nodes, edges the canvas graph
 * @param extra other fields (`type`, `chatbotConfig`, `apiConfig`…)
 */
export async function saveChatflow(
  name: string,
  nodes: FlowNode[],
  edges: FlowEdge[],
  extra: Record<string, unknown> = {},
): Promise<Chatflow> {
  return apiOk<Chatflow>('/chatflows', {
    body: {name: uniqueName(name), flowData: flowData(nodes, edges), deployed: false, type: 'CHATFLOW', ...extra},
  });
}

/** The OpenAI credential the stub-backed nodes use (its key is never checked by the stub). */
export const credential = once(async () => {
  const saved = await apiOk<{id: string}>('/credentials', {
    body: {name: uniqueName('Stub OpenAI'), credentialName: 'openAIApi', plainDataObj: {openAIApiKey: 'sk-stub'}},
  });
  return saved.id;
});

/** The nodes of the conversational flow: ChatOpenAI (stub) + Buffer Memory → Conversation Chain. */
export async function conversationalNodes(options: {streaming?: boolean} = {}) {
  const model = flowNode(
    await nodeDefinition('chatOpenAI'),
    'chatOpenAI_0',
    {modelName: 'gpt-4o-mini', basepath: stubModelBase(), temperature: 0.9, streaming: options.streaming ?? true},
    {credential: await credential()},
  );
  const memory = flowNode(await nodeDefinition('bufferMemory'), 'bufferMemory_0');
  const chain = flowNode(await nodeDefinition('conversationChain'), 'conversationChain_0');
  const edges = [connect(model, chain, 'model'), connect(memory, chain, 'memory')];
  return {nodes: [model, memory, chain], edges};
}

/** A new conversational flow. */
export async function freshConversationalFlow(extra: Record<string, unknown> = {}): Promise<Chatflow> {
  const {nodes, edges} = await conversationalNodes();
  return saveChatflow('Docs examples: conversation', nodes, edges, extra);
}

/** The JavaScript of the custom function flow's node. */
export const customFunctionCode = 'return `Custom function received: ${$input}`;';

/**
 * A new agent flow: an agent node (`toolAgent`, `xmlAgent`…) with ChatOpenAI (stub), Buffer Memory and the
 * Calculator tool.
 */
export async function freshAgentFlow(agent: string): Promise<Chatflow> {
  const model = flowNode(
    await nodeDefinition('chatOpenAI'),
    'chatOpenAI_0',
    {modelName: 'gpt-4o-mini', basepath: stubModelBase()},
    {credential: await credential()},
  );
  const memory = flowNode(await nodeDefinition('bufferMemory'), 'bufferMemory_0');
  const calculator = flowNode(await nodeDefinition('calculator'), 'calculator_0');
  const node = flowNode(await nodeDefinition(agent), `${agent}_0`);
  const edges = [connect(model, node, 'model'), connect(memory, node, 'memory'), connect(calculator, node, 'tools')];
  return saveChatflow(`Docs examples: ${agent}`, [model, memory, calculator, node], edges);
}

/** A new custom function flow (a Custom JS Function as the ending node). */
export async function freshCustomFunctionFlow(code = customFunctionCode, extra: Record<string, unknown> = {}) {
  const node = flowNode(
    await nodeDefinition('customFunction'),
    'customFunction_0',
    {javascriptFunction: code},
    {output: 'EndingNode'},
  );
  return saveChatflow('Docs examples: custom function', [node], [], extra);
}

/** The nodes of an upsert flow: a loader and OpenAI Embeddings (stub) into an In-Memory Vector Store. */
export async function upsertNodes(loader: FlowNode) {
  const embeddings = flowNode(
    await nodeDefinition('openAIEmbeddings'),
    'openAIEmbeddings_0',
    {modelName: 'text-embedding-3-small', basepath: stubModelBase()},
    {credential: await credential()},
  );
  const store = flowNode(await nodeDefinition('memoryVectorStore'), 'memoryVectorStore_0', {topK: 4});
  const edges = [connect(loader, store, 'document'), connect(embeddings, store, 'embeddings')];
  return {nodes: [loader, embeddings, store], edges};
}

/** The text the upsert flow's Plain Text loader holds. */
export const upsertText =
  'Full-time employees get 25 days of paid holiday a year. Travel must be booked through the travel desk.';

/** A new upsert flow with a Plain Text loader. */
export async function freshUpsertFlow(): Promise<Chatflow> {
  const loader = flowNode(await nodeDefinition('plainText'), 'plainText_0', {text: upsertText});
  const {nodes, edges} = await upsertNodes(loader);
  return saveChatflow('Docs examples: upsert', nodes, edges);
}

/**
 * A new upsert flow with a PDF File loader, for multipart uploads. Uploaded files reach the loader only when the
 * chatflow's API settings switch overriding on (its Security tab), so this flow does, without enabling any input.
 */
export async function freshFileUpsertFlow(): Promise<Chatflow> {
  const loader = flowNode(await nodeDefinition('pdfFile'), 'pdfFile_0', {usage: 'perPage'});
  const {nodes, edges} = await upsertNodes(loader);
  return saveChatflow('Docs examples: file upsert', nodes, edges, {
    apiConfig: JSON.stringify({overrideConfig: {status: true, nodes: {}, variables: []}}),
  });
}

/** The answer of one prediction, with what later calls need. */
export interface Prediction {
  text: string;
  chatId: string;
  chatMessageId: string;
  sessionId?: string;
  [key: string]: unknown;
}

/** Asks a chatflow a question (no key: predictions are whitelisted). */
export async function predict(chatflowId: string, body: Record<string, unknown>): Promise<Prediction> {
  return apiOk<Prediction>(`/prediction/${chatflowId}`, {body, key: null});
}

/**
 * A new retrieval flow: the stub's web page (Cheerio Web Scraper) embedded (stub) into an In-Memory Vector Store,
 * read by a Conversational Retrieval QA Chain with ChatOpenAI (stub) and Buffer Memory that returns its source
 * documents.
 */
export async function freshRetrievalFlow(): Promise<Chatflow> {
  const loader = flowNode(await nodeDefinition('cheerioWebScraper'), 'cheerioWebScraper_0', {
    url: `${productState().stubUrl}/pages/handbook`,
    relativeLinksMethod: '',
  });
  const {nodes, edges} = await upsertNodes(loader);
  const store = nodes.at(-1)!;
  const model = flowNode(
    await nodeDefinition('chatOpenAI'),
    'chatOpenAI_0',
    {modelName: 'gpt-4o-mini', basepath: stubModelBase(), temperature: 0.2},
    {credential: await credential()},
  );
  const memory = flowNode(await nodeDefinition('bufferMemory'), 'bufferMemory_0');
  const chain = flowNode(await nodeDefinition('conversationalRetrievalQAChain'), 'conversationalRetrievalQAChain_0', {
    returnSourceDocuments: true,
  });
  edges.push(
    connect(model, chain, 'model'),
    connect(store, chain, 'vectorStoreRetriever'),
    connect(memory, chain, 'memory'),
  );
  return saveChatflow('Docs examples: retrieval', [...nodes, model, memory, chain], edges);
}

/** An agentflow whose Start node takes a form (customer name, topic) and whose Direct Reply quotes it. */
export async function freshFormAgentflow(): Promise<Chatflow> {
  const start = agentflowNode(await nodeDefinition('startAgentflow'), 'startAgentflow_0', {
    startInputType: 'formInput',
    formTitle: 'Contact us',
    formDescription: 'Tell us who you are and what it is about.',
    formInputTypes: [
      {type: 'string', label: 'Your name', name: 'customerName', addOptions: ''},
      {type: 'options', label: 'Topic', name: 'topic', addOptions: [{option: 'Billing'}, {option: 'Support'}]},
    ],
  });
  const reply = agentflowNode(await nodeDefinition('directReplyAgentflow'), 'directReplyAgentflow_0', {
    directReplyMessage: 'Thank you, {{ $form.customerName }}. A {{ $form.topic }} specialist will write to you.',
  });
  return saveChatflow('Docs examples: form agentflow', [start, reply], [follow(start, reply)], {type: 'AGENTFLOW'});
}

/**
 * An agentflow that drafts a reply with an LLM node (ChatOpenAI at the stub) and stops at a Human Input node, whose
 * Proceed and Reject each lead to a Direct Reply. (A Human Input node with a fixed description shows the last
 * message before it, and fails when there is none, so the LLM node comes first.)
 */
export async function freshHumanInputAgentflow(): Promise<Chatflow> {
  const start = agentflowNode(await nodeDefinition('startAgentflow'), 'startAgentflow_0', {
    startInputType: 'chatInput',
  });
  const draft = agentflowNode(await nodeDefinition('llmAgentflow'), 'llmAgentflow_0', {
    llmModel: 'chatOpenAI',
    llmModelConfig: {
      credential: await credential(),
      FLOWISE_CREDENTIAL_ID: await credential(),
      modelName: 'gpt-4o-mini',
      basepath: stubModelBase(),
      llmModel: 'chatOpenAI',
    },
    llmMessages: [],
    llmEnableMemory: true,
    llmReturnResponseAs: 'assistantMessage',
  });
  const human = agentflowNode(await nodeDefinition('humanInputAgentflow'), 'humanInputAgentflow_0', {
    humanInputDescriptionType: 'fixed',
    humanInputDescription: 'Send the drafted reply to the customer?',
    humanInputEnableFeedback: true,
  });
  const sent = agentflowNode(await nodeDefinition('directReplyAgentflow'), 'directReplyAgentflow_0', {
    directReplyMessage: 'The reply was sent.',
  });
  const kept = agentflowNode(await nodeDefinition('directReplyAgentflow'), 'directReplyAgentflow_1', {
    directReplyMessage: 'The reply was not sent.',
  });
  return saveChatflow(
    'Docs examples: human input agentflow',
    [start, draft, human, sent, kept],
    [follow(start, draft), follow(draft, human), follow(human, sent, 0), follow(human, kept, 1)],
    {type: 'AGENTFLOW'},
  );
}

export const formAgentflow = once(() => freshFormAgentflow());
export const humanInputAgentflow = once(() => freshHumanInputAgentflow());

/** A run of the human input agentflow, stopped at its Human Input node: the flow's id and the chat's id. */
export async function pausedAgentflowRun(): Promise<{chatflowId: string; chatId: string}> {
  const flow = await humanInputAgentflow();
  const answer = await predict(flow.id, {question: 'Draft a reply to the customer about the late delivery.'});
  return {chatflowId: flow.id, chatId: answer.chatId};
}

export const conversationalFlow = once(() => freshConversationalFlow());
export const retrievalFlow = once(() => freshRetrievalFlow());
export const customFunctionFlow = once(() => freshCustomFunctionFlow());
export const upsertFlow = once(() => freshUpsertFlow());
export const fileUpsertFlow = once(() => freshFileUpsertFlow());

/** One conversation on the conversational flow: its chat id and the id of the answer's message. */
export const conversation = once(async () => {
  const flow = await conversationalFlow();
  const answer = await predict(flow.id, {question: 'Which plans include single sign-on?'});
  return {chatflowId: flow.id, chatId: answer.chatId, messageId: answer.chatMessageId};
});

/** One conversation on the retrieval flow. */
export const retrievalConversation = once(async () => {
  const flow = await retrievalFlow();
  const answer = await predict(flow.id, {question: 'How many days of holiday do employees get?'});
  return {chatflowId: flow.id, chatId: answer.chatId, messageId: answer.chatMessageId};
});

/** A feedback entry on the conversation's answer. */
export async function freshFeedback(): Promise<{id: string; chatflowId: string; messageId: string}> {
  // One feedback per message: the server refuses a second one on the same message.
  const chatflowId = (await conversationalFlow()).id;
  const answer = await predict(chatflowId, {question: 'Is this answer helpful?'});
  const {chatId, chatMessageId: messageId} = answer;
  const saved = await apiOk<{id: string}>('/feedback', {
    body: {chatflowid: chatflowId, chatId, messageId, rating: 'THUMBS_UP', content: 'Helpful.'},
  });
  return {id: saved.id, chatflowId, messageId};
}
export const feedback = once(freshFeedback);

/** The id of one upsert history record of the upsert flow (made by upserting it once). */
export async function freshUpsertHistoryId(): Promise<string> {
  const flow = await upsertFlow();
  await apiOk(`/vector/upsert/${flow.id}`, {body: {}});
  const records = await apiOk<Array<{id: string}>>(`/upsert-history/${flow.id}?order=DESC`);
  if (!records[0]) throw new Error('The upsert flow has no upsert history after an upsert');
  return records[0].id;
}

/** A new custom tool. */
export async function freshTool(): Promise<string> {
  const saved = await apiOk<{id: string}>('/tools', {
    body: {
      name: uniqueName('lookup').replace(/\W+/g, '_'),
      description: 'Looks something up.',
      color: '#4f46e5',
      schema: JSON.stringify([
        {id: 0, property: 'query', type: 'string', description: 'What to look up', required: true},
      ]),
      func: 'return `looked up ${$query}`;',
    },
  });
  return saved.id;
}
export const tool = once(freshTool);

/** A new static variable. */
export async function freshVariable(): Promise<string> {
  const saved = await apiOk<{id: string}>('/variables', {
    body: {name: uniqueName('docs_variable').replace(/\W+/g, '_'), value: 'one', type: 'static'},
  });
  return saved.id;
}
export const variable = once(freshVariable);

/** A new custom assistant. */
export async function freshAssistant(): Promise<string> {
  const saved = await apiOk<{id: string}>('/assistants', {
    body: {details: JSON.stringify({name: uniqueName('Docs helper')}), credential: await credential(), type: 'CUSTOM'},
  });
  return saved.id;
}
export const assistant = once(freshAssistant);

/** The text the document store's loader holds. */
export const storeText =
  'Full-time employees are entitled to 25 days of paid holiday a year. Part-time employees get a pro rata share.';

/**
 * A new document store with one Plain Text loader processed into chunks.
 * @returns the store's id, the loader entry's id and the id of its first chunk
 */
export async function freshDocumentStore(): Promise<{storeId: string; loaderId: string; chunkId: string}> {
  const store = await apiOk<{id: string}>('/document-store/store', {
    body: {name: uniqueName('Docs handbook'), description: 'Fixture store of the docs examples.'},
  });
  const loader = {
    loaderId: 'plainText',
    loaderName: 'Plain Text',
    loaderConfig: {text: storeText},
    splitterId: 'recursiveCharacterTextSplitter',
    splitterName: 'Recursive Character Text Splitter',
    splitterConfig: {chunkSize: 60, chunkOverlap: 10},
  };
  const saved = await apiOk<{id: string; userId: string; organizationId: string}>('/document-store/loader/save', {
    body: {storeId: store.id, ...loader},
  });
  // The chunks get the owner named in the body (the web app sends the saved loader entry, which names it).
  const owner = {userId: saved.userId, organizationId: saved.organizationId};
  const page = await apiOk<{count: number}>(`/document-store/loader/process/${saved.id}`, {
    body: {storeId: store.id, id: saved.id, ...loader, ...owner},
  });
  // The server saves the chunks without awaiting them: read until all of them are listed.
  let chunks: Array<{id: string}> = [];
  for (let attempt = 0; attempt < 40; attempt++) {
    chunks = (await apiOk<{chunks: Array<{id: string}>}>(`/document-store/chunks/${store.id}/${saved.id}/1`)).chunks;
    if (chunks.length >= page.count) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (!chunks[0]) throw new Error(`Document store ${store.id} lists no chunks after processing`);
  return {storeId: store.id, loaderId: saved.id, chunkId: chunks[0].id};
}
export const documentStore = once(freshDocumentStore);

/**
 * Gives a document store a vector store and embeddings (In-Memory, OpenAI Embeddings pointed at the stub), so that
 * upsert and query work on it; with `recordManager`, also a Postgres record manager in the product's own database,
 * so that its vector store data can be deleted.
 */
export async function configureStoreForUpsert(storeId: string, {recordManager = false} = {}): Promise<void> {
  const {postgres} = productState();
  await apiOk('/document-store/vectorstore/save', {
    body: {
      storeId,
      embeddingName: 'openAIEmbeddings',
      embeddingConfig: {credential: await credential(), modelName: 'text-embedding-3-small', basepath: stubModelBase()},
      vectorStoreName: 'memoryVectorStore',
      vectorStoreConfig: {topK: 4},
      ...(recordManager && {
        recordManagerName: 'postgresRecordManager',
        recordManagerConfig: {
          credential: await postgresCredential(),
          host: '127.0.0.1',
          port: postgres.port,
          database: postgres.database,
          tableName: 'docs_upsertion_records',
          cleanup: 'full',
        },
      }),
    },
  });
}

/** A Postgres credential for the product's own database cluster (trust authentication: any password). */
export const postgresCredential = once(async () => {
  const saved = await apiOk<{id: string}>('/credentials', {
    body: {
      name: uniqueName('Docs Postgres'),
      credentialName: 'PostgresApi',
      plainDataObj: {user: productState().postgres.user, password: 'unused'},
    },
  });
  return saved.id;
});

/** A conversational flow bound to the main account's API key (its `apikeyid`). */
export const keyBoundFlow = once(async () => {
  const flow = await freshConversationalFlow();
  await apiOk(`/chatflows/${flow.id}`, {method: 'PUT', body: {apikeyid: productState().accounts.main.apiKeyId}});
  return flow;
});

/** A document store ready for upsert and query: chunks, a vector store and embeddings, upserted once. */
export const upsertedDocumentStore = once(async () => {
  const store = await freshDocumentStore();
  await configureStoreForUpsert(store.storeId);
  await upsertStore(store.storeId);
  return store;
});

/** Upserts a configured document store's chunks into its vector store. */
export async function upsertStore(storeId: string): Promise<void> {
  await apiOk('/document-store/vectorstore/insert', {body: {storeId}});
}

/** A file uploaded to the conversation with the attachments endpoint: its name as the server stored it. */
export const attachment = once(async () => {
  const {chatflowId, chatId} = await conversation();
  const form = new FormData();
  form.append(
    'files',
    new Blob([pdfWithText('Either party may terminate with 30 days notice.')], {type: 'application/pdf'}),
    'contract.pdf',
  );
  const response = await api<Array<{name: string}>>(`/attachments/${chatflowId}/${chatId}`, {body: form, key: null});
  if (response.status !== 200) throw new Error(`Attachment upload answered ${response.status}: ${response.text}`);
  return {chatflowId, chatId, fileName: response.body[0].name};
});
