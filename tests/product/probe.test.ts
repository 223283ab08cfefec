import {test} from 'vitest';
import * as fx from './fixtures';
import {api, apiOk, productState} from './api';
test('probe', async () => {
  const bound = await fx.keyBoundFlow();
  for (const key of [null, 'wrong', productState().accounts.main.apiKey]) {
    const r = await api(`/vector/upsert/${bound.id}`, {body: {}, key});
    console.log('PROBE upsert bound', String(key).slice(0,5), r.status, r.text.slice(0,160));
  }
  const flow = await fx.freshConversationalFlow({chatbotConfig: JSON.stringify({allowedOrigins: ['https://www.example.org'], allowedOriginsError: 'Not from here'})});
  for (const origin of [undefined, 'https://www.example.org', 'https://evil.example.com']) {
    const r = await api(`/prediction/${flow.id}`, {body: {question: 'hi'}, key: null, headers: origin ? {Origin: origin} : {}});
    console.log('PROBE origin', origin, r.status, r.headers.get('content-type'), r.text.slice(0,160));
  }
  const r2 = await api(`/prediction/${flow.id}`, {body: {question: 'hi', streaming: true}, key: null, headers: {Origin: 'https://evil.example.com'}});
  console.log('PROBE origin stream', r2.status, r2.headers.get('content-type'), r2.text.slice(0,160));
  const {chatflowId, chatId, messageId} = await fx.conversation();
  const f1 = await api('/feedback', {body: {chatflowid: chatflowId, chatId, messageId, rating: 'THUMBS_UP'}, key: null});
  const f2 = await api('/feedback', {body: {chatflowid: chatflowId, chatId, messageId, rating: 'THUMBS_DOWN'}, key: null});
  console.log('PROBE feedback', f1.status, f2.status, f2.text.slice(0, 200));
  const g = await api(`/chatflows/${bound.id}`, {key: productState().accounts.other.apiKey});
  console.log('PROBE other org get', g.status, g.text.slice(0, 200));
}, 120000);
