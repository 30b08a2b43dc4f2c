// The call stack beside the code, in a real browser (headless Chromium): at every step of the
// library's trace, forward and back, in every language and method, the frames the page shows
// are the calls the program has open, with the locals it holds, worked out here by following
// the program through the trace; returning calls are shown leaving, struck through and never
// said to be running, in every way of stepping, the bit masks' calls with their masks' values; a frame outlines its row on
// the board; and the views with the panel fit a 360 px screen with no console error.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { open } from './browser.mjs';
import { useBrowser, noProblems, traceSteps, forwardAndBack, eachListing } from './session.mjs';
import { LANGS, METHODS, masks, solveFrame } from './program.mjs';

const SHOTS =
  process.env.NQUEENS_WEB_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'nqueens-web-shots-'));


const live = useBrowser(SHOTS);

const page = (query, width, height) => open(live.chromium.browser, live.server.url + query, width, height);


// The library's trace of the n×n search, as `nqueens trace --json` writes it.
const trace = traceSteps;

// In the page: the frames of a call stack list, top first.
const READ = (id) =>
  [...document.querySelectorAll(`#${id} .frame`)].map((b) => ({
    row: Number(b.dataset.row),
    call: b.dataset.call,
    current: b.dataset.current === 'true',
    leaving: b.dataset.leaving === 'true',
    locals: JSON.parse(b.dataset.locals),
    text: b.textContent,
  }));

// ---- What the program holds, by following it through the trace step by step.

// The frames at each step of the trace (index 0: before the first step), top first, as the
// program holds them. A frame: row, the queens above it, where its loop is (col), whether its
// queen is on the board, its count, its untried free squares, its last picked bit, whether it
// is inside its loop's body, and whether it returns.
function expected(steps, n, lang, method) {
  const stack = [];
  const queens = [];
  const out = [[]];
  let leaving = null;
  for (const s of steps) {
    // The call that returned at the last step is gone, its result added by its caller.
    if (leaving) {
      stack.pop();
      if (leaving.solution) stack[stack.length - 1].count += 1;
      leaving = null;
    }
    const top = () => stack[stack.length - 1];
    if (s.step === 'solution') {
      leaving = { row: n, above: queens.slice(), solution: true };
      stack.push(leaving);
    } else {
      if (!stack.length || top().row < s.row) {
        stack.push({ row: s.row, above: queens.slice(), count: 0, free: masks(n, queens, s.row).free, bit: null });
      }
      // The bit masks never try an attacked square: a row with none free has no step of its
      // own, and its call returns at the backtrack above it.
      if (s.step === 'backtrack' && method === 'bitmask' && s.row + 1 < n && top().row === s.row) {
        stack.push({ row: s.row + 1, above: queens.slice(), count: 0, free: masks(n, queens, s.row + 1).free, bit: null });
      }
      if (s.step === 'backtrack' && top().row === s.row + 1) {
        leaving = top();
        leaving.returned = true;
        leaving.inBody = false;
        stack[stack.length - 2].count += leaving.count;
      }
      const f = leaving ? stack[stack.length - 2] : top();
      f.col = s.col;
      if (s.step === 'place') {
        queens.push(s.col);
        Object.assign(f, { queen: true, inBody: true, bit: 1 << s.col });
      } else if (s.step === 'conflict') {
        Object.assign(f, { queen: false, inBody: false });
      } else {
        queens.pop();
        f.free ^= 1 << s.col;
        Object.assign(f, { queen: false, inBody: true });
      }
    }
    const current = leaving && !leaving.solution ? stack[stack.length - 2] : top();
    out.push(stack.map((f) => shown(f, f === current, f === leaving, n, lang, method)).reverse());
  }
  return out;
}

function shown(f, current, leaving, n, lang, method) {
  return { row: f.row, ...solveFrame(f, n, lang, method), current, leaving };
}

test('the call stack holds the program\'s frames at every step, forward and back, in every language and method', async () => {
  const n = 5;
  await eachListing(page, n, async (p, lang, method) => {
    // The bit masks' own program never tries an attacked square: no conflict is a step of theirs.
    const steps = trace(n).filter((s) => method !== 'bitmask' || s.step !== 'conflict');
    const seen = await forwardAndBack(p, steps.length, READ, 'w-stack');
    const want = expected(steps, n, lang, method);
    assert.equal(seen.out.length, want.length);
    for (let k = 0; k < want.length; k++) {
      const got = seen.out[k].map(({ row, call, current, leaving, locals }) => ({ row, call, current, leaving, locals }));
      assert.deepEqual(got, want[k], `${lang} ${method}, step ${k}: ${JSON.stringify(steps[k - 1])}`);
      // One frame runs, marked in words as well as by its look.
      if (k > 0) {
        const running = seen.out[k].filter((f) => f.current);
        assert.equal(running.length, 1);
        // A running frame says it runs; one that returns at this step says that, and only that.
        if (running[0].leaving) assert.match(running[0].text, /← returns/);
        else assert.match(running[0].text, /← running/);
        assert.ok(!/running.*returns/.test(running[0].text), running[0].text);
      }
    }
    assert.deepEqual(seen.back, seen.out.slice(0, -1), `${lang} ${method}: stepping back`);

  });
});

test('a solution and a backtrack show the returning call leaving, gone at the next step', async () => {
  const p = await page('?n=4&code=python');
  const frames = () => p.evaluate(new Function(`return (${READ})('w-stack')`));
  // The first backtrack of 4×4: the queen of row 1 (col 2) comes off, the call for row 2 returns.
  await p.click('#w-backtrack');
  let f = await frames();
  assert.deepEqual(f.map((x) => [x.row, x.leaving, x.current]), [[2, true, false], [1, false, true], [0, false, false]]);
  assert.match(f[0].text, /returns/);
  await p.click('#w-step');
  f = await frames();
  assert.ok(f.every((x) => !x.leaving), 'the returned call is gone');
  assert.equal(f[0].row, 1);
  // The first solution: the call for row 4 returns, in the bit masks with 1.
  await p.click('#w-code-method button[data-key="bitmask"]');
  await p.click('#w-solution');
  f = await frames();
  assert.deepEqual(f.map((x) => x.row), [4, 3, 2, 1, 0]);
  assert.ok(f[0].leaving && f[0].current);
  assert.match(f[0].text, /returns 1/);
  assert.deepEqual(Object.fromEntries(f[0].locals), { row: '4', cols: '1111', left: '1100', right: '0011' });
  // Then the queen of row 3 comes off: the call for row 4 is gone, its 1 counted by row 3's.
  await p.click('#w-step');
  f = await frames();
  assert.deepEqual(f.map((x) => [x.row, x.leaving]), [[3, false], [2, false], [1, false], [0, false]]);
  assert.equal(Object.fromEntries(f[0].locals).count, '1');
  // Stepping back shows it leaving again.
  await p.click('#w-back');
  assert.ok((await frames())[0].leaving);
  noProblems(p);
  await p.close();
});

test('a frame, clicked or pressed, outlines its row on the board until the next step', async () => {
  const p = await page('?n=5&step=6');
  const outline = () => p.$$eval('#w-board rect.row-outline', (rs) => rs.map((r) => [r.dataset.row, r.getAttribute('y')]));
  assert.deepEqual(await outline(), []);
  const rows = await p.$$eval('#w-stack button.frame', (bs) => bs.map((b) => Number(b.dataset.row)));
  assert.ok(rows.length >= 2, `${rows}`);
  await p.click('#w-stack button.frame[data-row="1"]');
  assert.deepEqual(await outline(), [['1', '1.05']]);
  // Drawn dashed, and named in the legend.
  assert.ok(await p.$('#w-legend [data-mark="row-outline"] .key.row-outline'), 'the legend names the outline');
  // The keyboard: Enter on the frame of row 0.
  await p.focus('#w-stack button.frame[data-row="0"]');
  await p.keyboard.press('Enter');
  assert.deepEqual(await outline(), [['0', '0.05']]);
  // A frame's button is named by its call and its locals.
  const name = await p.$eval('#w-stack button.frame[data-row="0"]', (b) => b.textContent);
  assert.match(name, /solve\(0\).*row = 0.*col = 0/);
  await p.click('#w-step');
  assert.deepEqual(await outline(), []);
  noProblems(p);
  await p.close();
});

test('Watch and Tree with the call stack fit a 360 px screen', async () => {
  for (const view of ['watch', 'tree']) {
    const p = await page(`?n=8&view=${view}&step=120&code=rust`, 360, 780);
    for (const method of METHODS) {
      if (view === 'watch') await p.click(`#w-code-method button[data-key="${method}"]`);
      const id = view === 'watch' ? 'w-stack' : 't-stack';
      const f = await p.evaluate(new Function(`return (${READ})('${id}')`));
      assert.ok(f.length >= 2, `${view}: ${f.length} frames`);
      assert.ok((await p.evaluate(() => document.documentElement.scrollWidth)) <= 360, `${view} ${method}: wider than 360 px`);
      const box = await p.$eval(`#${id}`, (e) => [e.scrollWidth - e.clientWidth, e.getBoundingClientRect().right]);
      assert.equal(box[0], 0, `${view} ${method}: the call stack scrolls sideways`);
      assert.ok(box[1] <= 360, `${view} ${method}: the call stack ends at ${box[1]} px`);
      if (view === 'tree') break;
    }
    // Tree shows the frames of Watch.
    if (view === 'tree') {
      const both = await p.evaluate(new Function(`const r = ${READ}; return [r('w-stack'), r('t-stack')].map((l) => l.map((f) => f.locals))`));
      assert.deepEqual(both[1], both[0]);
    }
    await p.screenshot({ path: path.join(SHOTS, `stack-${view}-360.png`), fullPage: true });
    noProblems(p);
    await p.close();
  }
});

test('in every way of stepping, a returning frame is struck through and never says it runs, and the bit masks\' calls give their values', async () => {
  // The points: a struck-through frame said "← running: returns False", running and
  // returned at once; and the bit masks' frames read solve(n, 0, cols, left, right), names for
  // values.
  const n = 5;
  for (const mode of ['coarse', 'fine', 'line']) {
    for (const method of METHODS) {
      const p = await page(`?n=${n}&mode=${mode}&method=${method}`);
      const bad = await p.evaluate((n, method) => {
        const wrong = [];
        let leaving = 0;
        for (let k = 0; k < 400; k++) {
          for (const f of document.querySelectorAll('#w-stack .frame')) {
            const call = f.querySelector('.frame-call');
            const mark = f.querySelector('.frame-mark')?.textContent ?? '';
            const struck = getComputedStyle(call).textDecorationLine === 'line-through';
            if (f.classList.contains('leaving')) {
              leaving++;
              if (!struck) wrong.push(`step ${k}: ${call.textContent} returns, not struck through`);
              if (mark.includes('running')) wrong.push(`step ${k}: ${call.textContent} says "${mark}"`);
            } else if (struck) wrong.push(`step ${k}: ${call.textContent} struck through, not returning`);
            const solve = call.textContent.startsWith('solve(');
            if (method === 'bitmask' && solve && !new RegExp(`^solve\\(${n}, \\d, 0b[01]{${n}}, 0b[01]{${n}}, 0b[01]{${n}}\\)$`).test(call.textContent)) {
              wrong.push(`step ${k}: the frame reads ${call.textContent}`);
            }
          }
          document.getElementById('w-step').click();
        }
        return { wrong, leaving };
      }, n, method);
      assert.ok(bad.leaving > 0, `${mode} ${method}: some frame returned`);
      assert.deepEqual(bad.wrong.slice(0, 5), [], `${mode} ${method}`);
      noProblems(p);
      await p.close();
    }
  }
});
