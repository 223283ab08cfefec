/**
 * Which fixture serves each API operation when an example of it runs, and what the example may expect that is not
 * the operation's first success status. This is the reviewed part of the examples' configuration: a new operation
 * gets its setup here, a new example that needs something special gets an entry in `exampleSetups`.
 */
import * as fx from '../fixtures';
import {productState} from '../api';
import type {RoleValues} from './placeholders';

/** What an example of an operation runs against. */
export type Setup = () => Promise<RoleValues>;

/** The roles every example can use. */
export function commonValues(apiUrl: string): RoleValues {
  return {apiKey: productState().accounts.main.apiKey, apiUrl, vectorStoreNodeId: 'memoryVectorStore_0'};
}

const conversation: Setup = async () => {
  const {chatflowId, chatId, messageId} = await fx.conversation();
  return {chatflowId, chatId, messageId};
};

/** The setup of each operation, by operationId. */
export const operationSetups: Record<string, Setup> = {
  // Assistants
  listAssistants: async () => ({}),
  createAssistant: async () => ({credentialId: await fx.credential(), chatflowId: (await fx.customFunctionFlow()).id}),
  getAssistantById: async () => ({assistantId: await fx.assistant()}),
  updateAssistant: async () => ({
    assistantId: await fx.assistant(),
    credentialId: await fx.credential(),
    chatflowId: (await fx.customFunctionFlow()).id,
  }),
  deleteAssistant: async () => ({assistantId: await fx.freshAssistant()}),
  // Attachments
  createAttachment: conversation,
  downloadAttachmentContent: async () => fx.attachment(),
  // Chat messages
  getAllChatMessages: conversation,
  removeAllChatMessages: async () => {
    const flow = await fx.freshConversationalFlow();
    const answer = await fx.predict(flow.id, {question: 'A question to delete.'});
    return {chatflowId: flow.id, chatId: answer.chatId, messageId: answer.chatMessageId};
  },
  // Chatflows
  listChatflows: async () => ({}),
  createChatflow: async () => ({}),
  getChatflowById: async () => ({chatflowId: (await fx.conversationalFlow()).id}),
  updateChatflow: async () => ({chatflowId: (await fx.freshCustomFunctionFlow()).id}),
  deleteChatflow: async () => ({chatflowId: (await fx.freshCustomFunctionFlow()).id}),
  getChatflowByApiKey: async () => ({chatflowId: (await fx.keyBoundFlow()).id}),
  // Document store
  createDocumentStore: async () => ({}),
  getAllDocumentStores: async () => ({}),
  getDocumentStoreById: async () => ({storeId: (await fx.documentStore()).storeId}),
  updateDocumentStore: async () => ({storeId: (await fx.documentStore()).storeId}),
  deleteDocumentStore: async () => ({storeId: (await fx.freshDocumentStore()).storeId}),
  previewChunking: async () => ({storeId: (await fx.documentStore()).storeId, webPageUrl: webPage()}),
  processChunking: async () => ({...(await fx.freshDocumentStore()), webPageUrl: webPage()}),
  getFileChunks: async () => fx.documentStore(),
  updateFileChunk: async () => fx.freshDocumentStore(),
  deleteFileChunk: async () => fx.freshDocumentStore(),
  deleteLoaderFromDocumentStore: async () => fx.freshDocumentStore(),
  upsertDocument: async () => {
    const store = await fx.freshDocumentStore();
    await fx.configureStoreForUpsert(store.storeId);
    return {...store, webPageUrl: webPage()};
  },
  refreshDocument: async () => {
    const store = await fx.freshDocumentStore();
    await fx.configureStoreForUpsert(store.storeId);
    return store;
  },
  queryVectorStore: async () => fx.upsertedDocumentStore(),
  deleteVectorStoreData: async () => {
    const store = await fx.freshDocumentStore();
    await fx.configureStoreForUpsert(store.storeId, {recordManager: true});
    await fx.upsertStore(store.storeId);
    return store;
  },
  // Feedback
  createChatMessageFeedbackForChatflow: conversation,
  getAllChatMessageFeedback: async () => ({chatflowId: (await fx.feedback()).chatflowId}),
  updateChatMessageFeedbackForChatflow: async () => ({feedbackId: (await fx.feedback()).id}),
  // Leads
  createLead: conversation,
  getAllLeadsForChatflow: conversation,
  // Ping
  pingServer: async () => ({}),
  // Prediction
  createPrediction: async () => fx.retrievalConversation(),
  // Tools
  getAllTools: async () => ({}),
  createTool: async () => ({}),
  getToolById: async () => ({toolId: await fx.tool()}),
  updateTool: async () => ({toolId: await fx.tool()}),
  deleteTool: async () => ({toolId: await fx.freshTool()}),
  // Upsert history
  getAllUpsertHistory: async () => ({chatflowId: (await fx.upsertFlow()).id}),
  patchDeleteUpsertHistory: async () => ({upsertHistoryId: await fx.freshUpsertHistoryId()}),
  // Variables
  getAllVariables: async () => ({}),
  createVariable: async () => ({}),
  updateVariable: async () => ({variableId: await fx.variable()}),
  deleteVariable: async () => ({variableId: await fx.freshVariable()}),
  // Vector upsert
  vectorUpsert: async () => ({chatflowId: (await fx.upsertFlow()).id, webPageUrl: webPage()}),
};

/** The page the stub serves for examples that load a web page. */
function webPage(): string {
  return `${productState().stubUrl}/pages/handbook`;
}

/** What a particular example needs beyond its operation's setup. */
export interface ExampleSetup {
  /** Replaces the operation's setup. */
  setup?: Setup;
  /** The response example of the OpenAPI file the answer is compared with, when its name is not the request's. */
  responseExample?: string;
  /** Files the example reads, relative to its working folder, and their content. */
  files?: () => Record<string, string | Uint8Array>;
}

/** The retrieval flow, for the guides whose examples read source documents. */
const retrieval: ExampleSetup = {setup: async () => ({chatflowId: (await fx.retrievalFlow()).id})};

/** A chatflow bound to the main account's key, for the chatflow-level key guide. */
const keyBound: ExampleSetup = {setup: async () => ({chatflowId: (await fx.keyBoundFlow()).id})};

/** Special setups of single examples, by example id (`<file>#<n>` or `<file>#<operationId>/<name>`). */
export const exampleSetups: Record<string, ExampleSetup> = {
  'docs/developers/use-cases/sql-qna.mdx#1': {
    files: () => ({'weekly-questions.txt': 'How many orders were placed last week?\nWhich customer ordered most?\n'}),
  },
  'api-specs/prediction.yaml#createPrediction/agentflowForm': {
    setup: async () => ({chatflowId: (await fx.formAgentflow()).id}),
    responseExample: 'agentflow',
  },
  'api-specs/prediction.yaml#createPrediction/humanInputResume': {
    setup: fx.pausedAgentflowRun,
    responseExample: 'agentflow',
  },
  'docs/developers/authorization/chatflow-level.mdx#1': keyBound,
  'docs/developers/authorization/chatflow-level.mdx#2': keyBound,
  'docs/developers/authorization/chatflow-level.mdx#3': keyBound,
  'docs/developers/use-cases/web-scrape-qna.mdx#1': retrieval,
  'docs/developers/use-cases/web-scrape-qna.mdx#2': retrieval,
  'docs/developers/use-cases/web-scrape-qna.mdx#3': retrieval,
  'docs/developers/use-cases/multiple-documents-qna.mdx#1': retrieval,
  'docs/developers/use-cases/multiple-documents-qna.mdx#2': retrieval,
  'docs/developers/use-cases/multiple-documents-qna.mdx#3': retrieval,
  'docs/developers/use-cases/upserting-data.mdx#1': uploadExample(),
  'docs/developers/use-cases/upserting-data.mdx#2': uploadExample(),
  'docs/developers/use-cases/upserting-data.mdx#3': uploadExample(),
};

/** The upload examples of the upserting-data guide: a file upsert flow and two PDFs in `policies/`. */
function uploadExample(): ExampleSetup {
  return {
    setup: async () => ({chatflowId: (await fx.fileUpsertFlow()).id}),
    files: () => ({
      'policies/travel-policy.pdf': fx.pdfWithText('Travel must be booked through the travel desk.'),
      'policies/expense-policy.pdf': fx.pdfWithText('Expenses are reimbursed within 30 days.'),
    }),
  };
}
