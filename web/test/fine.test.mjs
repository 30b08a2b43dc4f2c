// Stepping into the program ("Step into", mode=fine), in a real browser (headless Chromium): at
// every step of `nqueens trace --calls --json 5` (with --checks for the scan), in every language
// and method, the call stack holds the frames the program has open, worked out here by
// following the program through those steps (a frame pushed at each call with its arguments,
// the scan's safe(row, col) a frame of its own with r, c and d, each return with its value),
// and the code lights the call or return line; the timeline and step= links count those steps
// exactly, the switch keeps the search at the same move and is reached from the keyboard, and
// axe-core finds no violation.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { open } from './browser.mjs';
import { useBrowser, noProblems, traceSteps, forwardAndBack } from './session.mjs';
import { LANGS, METHODS, masks, solveFrame } from './program.mjs';

const SHOTS =
  process.env.NQUEENS_WEB_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'nqueens-web-shots-'));
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');


const live = useBrowser(SHOTS);
const page = (query, width = 1280, height = 1000) => open(live.chromium.browser, live.server.url + query, width, height);

// The steps of "step into": the scan's with its calls of safe, the others' without; the bit
// masks' program never tries an attacked square, so no conflict is a step of theirs.
const ownSteps = (steps, method) => (method === 'bitmask' ? steps.filter((s) => s.step !== 'conflict') : steps);
const fineSteps = (n, method) => ownSteps(traceSteps(n, method === 'naive' ? ['--calls', '--checks'] : ['--calls']), method);
// The detail the page asks the bindings for, stepping into each method's program (search.js).
const FINE = { naive: 2, sets: 1, bitmask: 4 };

// In the page: the frames of the call stack, top first, and the tag of the lit line.
const READ = () => ({
  tag: document.getElementById('w-code').dataset.tag,
  frames: [...document.querySelectorAll('#w-stack .frame')].map((b) => ({
    row: Number(b.dataset.row),
    call: b.dataset.call,
    current: b.dataset.current === 'true',
    leaving: b.dataset.leaving === 'true',
    entering: b.dataset.entering === 'true',
    locals: JSON.parse(b.dataset.locals),
    mark: b.querySelector('.frame-mark')?.textContent ?? '',
  })),
});

// ---- What the program holds, by following it through the steps.

// The frames (top first) and the lit tag at each step, index 0 being before the first. A solve
// frame: row, the queens above it, its loop's column, whether its queen is on the board, its
// count, untried free squares and last bit, whether it is in its loop's body, just called, at
// its solution or returned. A safe frame: its square, and the queen that attacks it.
function expected(steps, n, lang, method) {
  const stack = [];
  const queens = [];
  const out = [{ tag: 'start', frames: [] }];
  const [yes, no] = lang === 'python' ? ['True', 'False'] : ['true', 'false'];
  let gone = null; // the frame that returned or answered at the last step
  for (const s of steps) {
    if (gone) {
      stack.pop();
      if (gone.returns !== undefined && gone.solve && stack.length) stack[stack.length - 1].count += gone.found;
      gone = null;
    }
    const top = () => stack[stack.length - 1];
    let tag;
    let current = null;
    if (s.step === 'call') {
      const f = { solve: true, row: s.row, above: queens.slice(), count: 0, free: masks(n, queens, s.row).free, bit: null, entered: true };
      stack.push(f);
      current = f;
      tag = s.row === 0 ? 'start' : method === 'bitmask' ? 'place' : 'call';
    } else if (s.step === 'check') {
      Object.assign(top(), { col: s.col, queen: false, inBody: false, entered: false });
      current = { safe: true, row: s.row, col: s.col, entering: true };
      stack.push(current);
      tag = 'try';
    } else if (s.step === 'safe' || (s.step === 'conflict' && method === 'naive')) {
      current = top();
      current.entering = false;
      if (s.step === 'conflict') Object.assign(current, { returns: no, by: [s.by.row, s.by.col] });
      // Python keeps the loops' last values: the last row above, its diagonal / (col + d, d = 1).
      else Object.assign(current, { returns: yes, by: lang === 'python' && s.row > 0 ? [s.row - 1, s.col + 1] : null });
      gone = current;
      tag = s.step === 'safe' ? 'safe' : 'hit';
    } else if (s.step === 'conflict') {
      current = top();
      Object.assign(current, { col: s.col, queen: false, inBody: false, entered: false });
      tag = method === 'bitmask' ? 'free' : `set${[0, 1, 2].find((i) => [queens.includes(s.col), queens.some((c, r) => r - c === s.row - s.col), queens.some((c, r) => r + c === s.row + s.col)][i])}`;
    } else if (s.step === 'place') {
      current = top();
      queens.push(s.col);
      Object.assign(current, { col: s.col, queen: true, inBody: true, bit: 1 << s.col, entered: false });
      tag = 'place';
    } else if (s.step === 'solution') {
      current = top();
      Object.assign(current, { solution: true, entered: false });
      tag = 'solution';
    } else if (s.step === 'return') {
      current = top();
      assert.equal(current.row, s.row);
      const found = current.solution ? 1 : current.count;
      assert.equal(s.found, found, `the trace's return of row ${s.row}`);
      // Its body has run, whether or not it tried a square (the bit masks may find none free).
      Object.assign(current, { returns: method === 'bitmask' ? String(found) : null, found, returned: !current.solution, inBody: false, entered: false });
      gone = current;
      tag = current.solution ? (method === 'bitmask' ? 'solution' : 'done') : 'out';
    } else if (s.step === 'backtrack') {
      current = top();
      queens.pop();
      current.free ^= 1 << s.col;
      Object.assign(current, { queen: false, inBody: true });
      tag = 'remove';
    }
    out.push({ tag, frames: stack.map((f) => shown(f, f === current, f === gone, n, lang, method)).reverse() });
  }
  return out;
}

function shown(f, current, leaving, n, lang, method) {
  // A returning call is marked as returning, never as running too.
  const mark = f.entering || f.entered ? '← called' : current && !leaving ? '← running' : '';
  const returns = leaving ? `${current ? '← ' : ''}${f.returns === null || f.returns === undefined ? 'returns' : `returns ${f.returns}`}` : '';
  const base = { row: f.row, current, leaving, entering: !!(f.entering || f.entered), mark: [mark, returns].filter(Boolean).join(': ') };
  if (f.safe) {
    const locals = [['row', String(f.row)], ['col', String(f.col)]];
    if (f.by) locals.push(['r', String(f.by[0])], ['c', String(f.by[1])], ['d', String(f.row - f.by[0])]);
    return { ...base, call: lang === 'rust' ? `safe(placer, n, ${f.row}, ${f.col})` : `safe(${f.row}, ${f.col})`, locals };
  }
  return { ...base, ...solveFrame(f, n, lang, method) };
}

test('stepping into, the call stack and the lit line follow every call and return, in every language and method', async () => {
  const n = 5;
  const p = await page(`?n=${n}&mode=fine`);
  // Every step, every language and method: the frames and the lit line the page works out
  // (stack.js and code.js, as Watch draws them) from the library's steps.
  for (const method of METHODS) {
    const steps = fineSteps(n, method);
    const seen = await p.evaluate(
      async (n, method, detail, langs) => {
        const { Watch } = await import('./pkg/nqueens_web.js');
        const { frames } = await import('./stack.js');
        const { stepPoint } = await import('./code.js');
        const w = Watch.with_detail(n, detail);
        const out = Object.fromEntries(langs.map((lang) => [lang, []]));
        for (;;) {
          for (const lang of langs) {
            const [code, queens] = [w.step(), w.columns()];
            out[lang].push({
              tag: stepPoint(method, lang, n, code, queens, true).tag,
              frames: frames(lang, method, n, code, queens, true).map((f) => ({
                row: f.row,
                call: f.call,
                current: f.current,
                leaving: f.leaving,
                entering: !!f.entering,
                locals: f.locals,
              })),
            });
          }
          if (w.forward(1, -1).length === 0) break;
        }
        w.free();
        return out;
      },
      n,
      method,
      FINE[method],
      LANGS,
    );
    for (const lang of LANGS) {
      const want = expected(steps, n, lang, method).map(({ tag, frames }) => ({ tag, frames: frames.map(({ mark, ...f }) => f) }));
      assert.equal(seen[lang].length, want.length, `${lang} ${method}: every step`);
      for (let k = 0; k < want.length; k++) {
        assert.deepEqual(seen[lang][k], want[k], `${lang} ${method}, step ${k}: ${JSON.stringify(steps[k - 1])}`);
      }
    }
  }
  // On the page, step by step, forward and back: the panel shows those frames, each marked in
  // words (called, running, returns and its value).
  for (const [lang, method, count] of [['python', 'naive', 60], ['java', 'sets', 40], ['rust', 'bitmask', 40]]) {
    await p.click(`#w-code-lang button[data-key="${lang}"]`);
    await p.click(`#w-code-method button[data-key="${method}"]`);
    await p.click('#w-reset');
    const want = expected(fineSteps(n, method), n, lang, method).slice(0, count + 1);
    const seen = await forwardAndBack(p, count, READ);
    for (let k = 0; k <= count; k++) assert.deepEqual(seen.out[k], want[k], `${lang} ${method} on the page, step ${k}`);
    assert.deepEqual(seen.back, seen.out.slice(0, -1), `${lang} ${method}: stepping back`);
  }
  noProblems(p);
  await p.close();
});

test('stepping into, the timeline and step= count its steps, and the switch keeps the move', async () => {
  const n = 5;
  for (const method of ['naive', 'bitmask']) {
    const steps = fineSteps(n, method);
    const flat = ownSteps(traceSteps(n), method);
    const m = method === 'naive' ? '' : `&method=${method}`;
    // A conflict, where the scan's safe returns false on top of the stack; the bit masks meet
    // none, and take a queen back instead.
    const k = steps.findIndex((s, i) => i > 40 && s.step === (method === 'naive' ? 'conflict' : 'backtrack')) + 1;
    const p = await page(`?n=${n}&mode=fine${m}&step=${k}`);
    assert.equal(await p.$eval('#w-bar', (b) => Number(b.dataset.length)), steps.length, `${method}: the timeline's length`);
    assert.match(await p.$eval('#w-status', (e) => e.textContent), new RegExp(`^step ${k} `));
    const moves = steps.slice(0, k).filter((s) => !['call', 'check', 'safe', 'return'].includes(s.step)).length;
    assert.deepEqual(steps[k - 1], flat[moves - 1], 'the step is a move of the trace');
    const top = await p.$eval('#w-stack .frame', (b) => b.dataset.call);
    // The bit masks' frame is titled with the values of its call, not the parameters' names.
    if (method === 'naive') assert.equal(top, `safe(${steps[k - 1].row}, ${steps[k - 1].col})`);
    else assert.match(top, new RegExp(`^solve\\(${n}, ${steps[k - 1].row}, 0b[01]{${n}}, 0b[01]{${n}}, 0b[01]{${n}}\\)$`));
    // Step over: the same move, at its step of the trace; step into again: back at k.
    await p.click('#w-mode button[data-key="coarse"]');
    assert.equal(await p.evaluate(() => new URLSearchParams(location.search).get('step')), String(moves));
    assert.equal(await p.evaluate(() => new URLSearchParams(location.search).get('mode')), null);
    assert.equal(await p.$eval('#w-bar', (b) => Number(b.dataset.length)), flat.length);
    // From the keyboard: Tab reaches the switch, Space presses it.
    await p.focus('#w-mode button[data-key="fine"]');
    await p.keyboard.press('Space');
    assert.equal(await p.$eval('#w-mode button[data-key="fine"]', (b) => b.getAttribute('aria-pressed')), 'true');
    const link = await p.evaluate(() => location.search);
    assert.match(link, new RegExp(`mode=fine.*step=${k}$`));
    // The end of the search: the first call returns, with every solution in the bit masks.
    await p.keyboard.press('End');
    await p.focus('#w-bar');
    await p.keyboard.press('End');
    assert.match(await p.$eval('#w-text', (e) => e.textContent), /^return row 0: 10 found$/);
    if (method === 'naive') {
      const found = await violations(p);
      assert.deepEqual(found, [], found.join('\n'));
    }
    noProblems(p);
    await p.close();
  }
});

test('stepping into on 8×8: the issue\'s step, safe a frame of its own, axe clean, and a screenshot', async () => {
  const p = await page('?n=8&step=60');
  // Stepping over, safe has answered and is gone from the stack: the lit line is its caller's
  // `continue`, not safe's `return False`.
  assert.equal(await p.$eval('#w-code', (c) => c.dataset.tag), 'reject');
  assert.equal(await p.$eval('#w-code .ln.lit', (l) => l.textContent.trim()), 'continue');
  assert.deepEqual(await p.$$eval('#w-stack .frame', (f) => f.map((b) => b.dataset.call).filter((c) => c.startsWith('safe'))), []);
  await p.click('#w-mode button[data-key="fine"]');
  // Coarse step 60 is safe(7, 4) returning False: the same move, with its frame on top.
  const f = await p.evaluate(new Function(`return (${READ})()`));
  assert.equal(f.tag, 'hit');
  assert.deepEqual(f.frames[0].locals, [['row', '7'], ['col', '4'], ['r', '2'], ['c', '4'], ['d', '5']]);
  // safe has returned: its frame says so, and not that it is running as well.
  assert.equal(f.frames[0].mark, '← returns False');
  assert.equal(f.frames[1].call, 'solve(7)');
  const found = await violations(p);
  assert.deepEqual(found, [], found.join('\n'));
  await p.click('#w-step');
  await p.screenshot({ path: path.join(SHOTS, 'watch-step-into.png') });
  noProblems(p);
  await p.close();
});

async function violations(p) {
  if (!(await p.evaluate(() => typeof window.axe === 'object'))) await p.addScriptTag({ content: AXE });
  const found = await p.evaluate(async () => (await window.axe.run(document)).violations);
  return found.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((x) => x.target.join(' ')).join(', ')}`);
}
