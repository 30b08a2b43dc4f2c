// Times a count in the page (headless Chromium, the Web Worker the Solutions view starts)
// against the command line on one thread, and prints the median of each; or, with `step`, the
// latency of one step of Watch: from the key → to the next animation frame after it (the
// page's redraw of the board, code, call stack, log and timeline, and one frame), one step at a
// time from the start of the search.
// Usage: node web/bench.mjs [RUNS] [N]        (default 7 runs of n = 14)
//        node web/bench.mjs step [STEPS] [N] [fine]  (default 300 steps of n = 8; with fine,
//        stepping into every call and return, as ?mode=fine does)
// Run web/build.sh first; NQUEENS_WEB_DIST names another built folder to time.

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, serve, launch, open } from './test/browser.mjs';

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (process.argv[2] === 'step') {
  const steps = Number(process.argv[3] || 300);
  const n = Number(process.argv[4] || 8);
  const mode = process.argv[5] === 'fine' ? '&mode=fine' : '';
  const server = await serve();
  const chromium = await launch();
  const page = await open(chromium.browser, `${server.url}?n=${n}${mode}`, 1280, 1000);
  const times = await page.evaluate(async (count) => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    const out = [];
    await frame();
    for (let i = 0; i < count; i++) {
      const start = performance.now();
      document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
      await frame();
      out.push(performance.now() - start);
    }
    return out;
  }, steps);
  if (page.problems.length) console.log('page problems:', page.problems);
  const at = await page.$eval('#w-status', (e) => e.textContent);
  await chromium.close();
  await server.close();
  const sorted = [...times].sort((a, b) => a - b);
  const q = (f) => sorted[Math.min(sorted.length - 1, Math.floor(f * sorted.length))].toFixed(1);
  console.log(`step latency at n = ${n}${mode ? ', stepping into' : ''}, ${steps} steps from the start (${at}), ms, one animation frame included:`);
  console.log(`  median ${q(0.5)}  p10 ${q(0.1)}  p90 ${q(0.9)}  max ${q(1 - 1e-9)}`);
  process.exit(0);
}

const runs = Number(process.argv[2] || 7);
const n = Number(process.argv[3] || 14);
const cli = process.env.NQUEENS_BIN || path.join(ROOT, 'target', 'release', 'nqueens');

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
