// Times a count in the page (headless Chromium, the Web Worker the Solutions view starts)
// against the command line on one thread, and prints the median of each; or, with `step`, the
// latency of one step of Watch: from the key → to the next animation frame after it (the
// page's redraw of the board, code, call stack, log and timeline, and one frame), one step at a
// time from the start of the search; or, with `jumps`, how long the timeline's jumps take: the
// pass over the whole search that lays out the bar, a jump to the end and to the middle, a drag
// of 82 moves across the bar and a link that opens at the end.
// Usage: node web/bench.mjs [RUNS] [N]        (default 7 runs of n = 14)
//        node web/bench.mjs step [STEPS] [N] [fine]  (default 300 steps of n = 8; with fine,
//        stepping into every call and return, as ?mode=fine does)
//        node web/bench.mjs jumps [RUNS] [N]  (default 5 runs of n = 12)
// Run web/build.sh first; NQUEENS_WEB_DIST names another built folder to time.

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { ROOT, serve, launch, open, barBetween } from './test/browser.mjs';

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

if (process.argv[2] === 'jumps') {
  const runs = Number(process.argv[3] || 5);
  const n = Number(process.argv[4] || 12);
  const server = await serve();
  const chromium = await launch();
  const took = { timeline: [], end: [], middle: [], drag: [], link: [] };
  for (let run = 0; run < runs; run++) {
    const page = await open(chromium.browser, `${server.url}?n=${n}`, 1100, 800);
    took.timeline.push(
      await page.evaluate(async (size) => {
        const m = await import('./pkg/nqueens_web.js');
        const t0 = performance.now();
        m.timeline(size);
        return performance.now() - t0;
      }, n),
    );
    const last = Number(await page.$eval('#w-bar', (e) => e.getAttribute('aria-valuemax')));
    // Milliseconds from `act` until the slider stands between `lo` and `hi`.
    const timed = async (act, lo, hi = lo) => {
      const t0 = performance.now();
      await act();
      await barBetween(page, lo, hi, 600000);
      return performance.now() - t0;
    };
    await page.focus('#w-bar');
    took.end.push(await timed(() => page.keyboard.press('End'), last));
    const b = await page.$eval('#w-bar', (e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, top: r.top, width: r.width, height: r.height };
    });
    const y = b.top + b.height - 4;
    took.middle.push(
      await timed(() => page.mouse.click(b.left + b.width / 2, y), Math.floor(last * 0.49), Math.ceil(last * 0.51)),
    );
    const drag = async () => {
      await page.mouse.move(b.left + b.width - 1, y);
      await page.mouse.down();
      for (let i = 40; i >= 0; i--) await page.mouse.move(b.left + (i / 40) * (b.width - 1), y);
      for (let i = 0; i <= 40; i++) await page.mouse.move(b.left + (i / 80) * (b.width - 1), y);
      await page.mouse.up();
    };
    took.drag.push(await timed(drag, Math.ceil(last * 0.49), Math.floor(last * 0.51)));
    if (page.problems.length) console.log('page problems:', page.problems);
    await page.close();
    const t0 = performance.now();
    const linked = await open(chromium.browser, `${server.url}?n=${n}&step=${last}`, 1100, 800);
    await linked.waitForFunction((v) => document.getElementById('w-bar').getAttribute('aria-valuenow') === v, {}, String(last));
    took.link.push(performance.now() - t0);
    await linked.close();
  }
  await chromium.close();
  await server.close();
  console.log(`timeline of n = ${n}, ${runs} runs, median ms (runs):`);
  const what = {
    timeline: 'the pass that lays out the bar',
    end: 'a jump to the end',
    middle: 'a jump to the middle',
    drag: 'a drag of 82 moves',
    link: 'a link to the end, opened',
  };
  for (const [key, label] of Object.entries(what)) {
    const xs = took[key];
    console.log(`  ${label.padEnd(32)} ${median(xs).toFixed(0).padStart(6)}  (${xs.map((t) => t.toFixed(0)).join(' ')})`);
  }
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
