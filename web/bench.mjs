// Times a count in the page (headless Chromium, the Web Worker the Solutions view starts)
// against the command line on one thread, and prints the median of each.
// Usage: node web/bench.mjs [RUNS] [N]   (default 7 runs of n = 14; run web/build.sh first)

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, serve, launch, open } from './test/browser.mjs';

const runs = Number(process.argv[2] || 7);
const n = Number(process.argv[3] || 14);
const cli = process.env.NQUEENS_BIN || path.join(ROOT, 'target', 'release', 'nqueens');
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const server = await serve();
const chromium = await launch();
const page = await open(chromium.browser, `${server.url}?n=8&view=solutions`);
await page.$eval('#c-unique', (e) => (e.checked = false));
await page.$eval('#c-n', (e, v) => (e.value = v), String(n));
const inPage = [];
const inCli = [];
let method = '';
for (let i = 0; i < runs; i++) {
  await page.click('#c-go');
  await page.waitForSelector('#c-result[data-state="done"]', { timeout: 600000 });
  inPage.push(Number(await page.$eval('#c-result', (e) => e.dataset.ms)) / 1000);
  method = await page.$eval('#c-result .hint', (e) => e.textContent);
  const start = process.hrtime.bigint();
  execFileSync(cli, ['count', String(n), '--threads', '1']);
  inCli.push(Number(process.hrtime.bigint() - start) / 1e9);
}
if (page.problems.length) console.log('page problems:', page.problems);
await chromium.close();
await server.close();
console.log(`count ${n}, ${runs} runs alternating, median seconds:`);
console.log(`  page (WebAssembly in a Web Worker) ${median(inPage).toFixed(3)}  ${method}  runs: ${inPage.map((t) => t.toFixed(3)).join(' ')}`);
console.log(`  nqueens count ${n} --threads 1      ${median(inCli).toFixed(3)}  runs: ${inCli.map((t) => t.toFixed(3)).join(' ')}`);
console.log(`  ratio page / CLI: ${(median(inPage) / median(inCli)).toFixed(2)}`);
