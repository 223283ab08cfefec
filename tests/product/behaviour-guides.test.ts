/**
 * What the developer guides (docs/developers/**, integrations, post-launch pages) say the product does where it
 * behaves unexpectedly, run against the product server. Each test names the page whose statement it pins.
 */
import {describe, expect, test} from 'vitest';
import {api, apiOk, productState} from './api';
import * as fx from './fixtures';
import {flowNode, nodeDefinition} from './flows';

describe('a chatflow bound to a deleted key (developers/authorization/chatflow-level, app-level)', () => {
  test('refuses the owner’s other key with the "split" message, and no key with "Unauthorized"', async () => {
    const name = fx.uniqueName('guides-rotated');
    const keys = await apiOk<Array<{id: string; keyName: string; apiKey: string}>>('/apikey', {body: {keyName: name}});
    const key = keys.find((k) => k.keyName === name)!;
    const flow = await fx.freshConversationalFlow();
    await apiOk(`/chatflows/${flow.id}`, {method: 'PUT', body: {apikeyid: key.id}});
    expect((await api(`/prediction/${flow.id}`, {body: {question: 'Hi'}, key: key.apiKey})).status).toBe(200);
    await apiOk(`/apikey/${key.id}`, {method: 'DELETE'});

    const withOtherKey = await api(`/prediction/${flow.id}`, {
      body: {question: 'Hi'},
      key: productState().accounts.main.apiKey,
    });
    expect(withOtherKey.status).toBe(500);
    expect((withOtherKey.body as {message: string}).message).toBe(
      "Error: predictionsServices.buildChatflow - Cannot read properties of undefined (reading 'split')",
    );
    const withoutKey = await api(`/prediction/${flow.id}`, {body: {question: 'Hi'}, key: null});
    expect(withoutKey.status).toBe(500);
    expect((withoutKey.body as {message: string}).message).toBe(
      'Error: predictionsServices.buildChatflow - Unauthorized',
    );

    // Choosing "No Authorization" stores an empty string, which opens the endpoint again.
    await apiOk(`/chatflows/${flow.id}`, {method: 'PUT', body: {apikeyid: ''}});
    expect((await api(`/prediction/${flow.id}`, {body: {question: 'Hi'}, key: null})).status).toBe(200);
  });
});

describe('the code sandbox (developers/custom-tools)', () => {
  test('has no time limit: a function that waits 12 seconds still answers', async () => {
    const flow = await fx.freshCustomFunctionFlow("await new Promise((r) => setTimeout(r, 12000)); return 'waited';");
    const started = Date.now();
    const answer = await api<{text: string}>(`/prediction/${flow.id}`, {body: {question: 'Wait'}, key: null});
    expect(answer.status).toBe(200);
    expect(answer.body.text).toBe('waited');
    expect(Date.now() - started).toBeGreaterThanOrEqual(12000);
  }, 60_000);

  test('refuses modules outside the allowed lists with "Cannot find module"', async () => {
    const flow = await fx.freshCustomFunctionFlow("const fs = require('fs'); return 'loaded';");
    const answer = await api<{message: string}>(`/prediction/${flow.id}`, {body: {question: 'Go'}, key: null});
    expect(answer.status).toBe(500);
    expect(answer.body.message).toBe("Error: predictionsServices.buildChatflow - VMError: Cannot find module 'fs'");
  });
});

describe('overriding a JSON input (developers/use-cases/multiple-documents-qna)', () => {
  /** A Custom JS Function whose JSON input `functionInputVariables` holds `{"year": "2023"}`. */
  async function flowWithOverrides(nodes: Record<string, unknown>) {
    const node = flowNode(
      await nodeDefinition('customFunction'),
      'customFunction_0',
      {
        javascriptFunction: "return `year=${$year} other=${typeof $other === 'undefined' ? '-' : $other}`;",
        functionInputVariables: '{"year": "2023"}',
      },
      {output: 'EndingNode'},
    );
    return fx.saveChatflow('Guides: overrides', [node], [], {
      apiConfig: JSON.stringify({overrideConfig: {status: true, nodes, variables: []}}),
    });
  }
  const ask = async (flowId: string, overrideConfig: unknown) =>
    (await apiOk<{text: string}>(`/prediction/${flowId}`, {body: {question: 'q', overrideConfig}, key: null})).text;

  test('an object value is merged into the node’s JSON even when the input is not enabled for overriding', async () => {
    const flow = await flowWithOverrides({});
    expect(await ask(flow.id, {functionInputVariables: {year: '2024'}})).toBe('year=2024 other=-');
    expect(await ask(flow.id, {functionInputVariables: {other: 'x'}})).toBe('year=2023 other=x');
    // A text value, and a value keyed by node id, need the input to be enabled.
    expect(await ask(flow.id, {functionInputVariables: '{"year": "2025"}'})).toBe('year=2023 other=-');
    expect(await ask(flow.id, {functionInputVariables: {customFunction_0: {year: '2026'}}})).toBe('year=2023 other=-');
  });

  test('a value keyed by node id reaches only that node once the input is enabled', async () => {
    const flow = await flowWithOverrides({'Custom JS Function': [{name: 'functionInputVariables', enabled: true}]});
    expect(await ask(flow.id, {functionInputVariables: {customFunction_0: {year: '2026'}}})).toBe('year=2026 other=-');
    expect(await ask(flow.id, {functionInputVariables: {customFunction_9: {year: '2027'}}})).toBe('year=2023 other=-');
  });
});

describe('a prediction without a question (developers/use-cases/index, prediction.yaml)', () => {
  test('runs the chatflow and sends the chat model the text "undefined"', async () => {
    const flow = await fx.freshConversationalFlow();
    const answer = await api<{text: string}>(`/prediction/${flow.id}`, {body: {}, key: null});
    expect(answer.status).toBe(200);
    // The stub model quotes the last user message it was sent.
    expect(answer.body.text).toBe('Stub reply to: undefined');
  });
});
