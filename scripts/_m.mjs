import {chromium} from '@playwright/test';
import {measurePage, chromiumLaunchOptions} from './lib/page-weight.mjs';
const browser = await chromium.launch(chromiumLaunchOptions);
for (const p of process.argv.slice(2)) {
  const r = await measurePage(browser, 'http://127.0.0.1:3299' + p);
  console.log(p, 'js', (r.js.gzip/1024).toFixed(1));
  for (const f of r.files.filter(f=>f.kind==='js').sort((a,b)=>b.gzip-a.gzip).slice(0,8)) console.log('  ', (f.gzip/1024).toFixed(1), f.url.split('/').pop());
}
await browser.close();
