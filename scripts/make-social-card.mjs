#!/usr/bin/env node
/**
 * Renders static/img/social-card.png (1200×630, the Open Graph size) in
 * Chromium from the HTML below. Run it again after changing the brand or text.
 */
import {readFileSync} from 'node:fs';
import {chromium} from '@playwright/test';
import {chromiumLaunchOptions} from '../lib/bench/page-weight.mjs';

const logo = readFileSync(new URL('../static/img/logo.svg', import.meta.url), 'utf8');
const html = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;box-sizing:border-box;padding:80px;display:flex;flex-direction:column;
justify-content:space-between;background:linear-gradient(135deg,#0b1b46,#1d4ed8);color:#fff;
font-family:system-ui,sans-serif">
  <div style="display:flex;align-items:center;gap:28px"><div style="width:120px;height:120px">${logo}</div>
  <div style="font-size:64px;font-weight:700">AnswerAI Docs</div></div>
  <div style="font-size:44px;line-height:1.25;max-width:960px">Build, share and run AI sidekicks without code</div>
  <div style="font-size:28px;opacity:.85">docs.theanswer.ai</div>
</div></body></html>`;

const browser = await chromium.launch(chromiumLaunchOptions);
const page = await browser.newPage({viewport: {width: 1200, height: 630}});
await page.setContent(html);
await page.screenshot({path: new URL('../static/img/social-card.png', import.meta.url).pathname});
await browser.close();
console.log('Wrote static/img/social-card.png');
