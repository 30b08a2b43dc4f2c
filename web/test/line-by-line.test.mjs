// "Line by line" (mode=line) runs the program beside the board one executed line a step. Here
// each of the three programs (the scan, the sets, the bit masks) is run again, written as
// plain recursive code that notes each line it runs and keeps each frame's variables as the
// language scopes them (Python keeps a function's variables once assigned; Java, C++ and
// JavaScript keep a counting loop's variable through its last test and a body's variables
// through one pass of the body; Rust keeps every loop's variable in its body). At every step
// of n = 4, 5 and 6, in each of the five languages, the page's stepper (lines.js, as Watch and
// Tree step it) must be at the same line, the listing's lit line must be that line's code, the
// call stack must hold the program's frames with exactly their variables and values, the
// values under the code must be the innermost frame's and the shared lists and sets, and each
// move made on the way must be the bindings' own (Watch), in order.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const WEB = path.resolve(import.meta.dirname, '..');
const PKG = path.join(WEB, 'dist', 'pkg');
const { initSync, Watch } = await import(pathToFileURL(path.join(PKG, 'nqueens_web.js')).href);
initSync({ module: fs.readFileSync(path.join(PKG, 'nqueens_web_bg.wasm')) });
const { LineWatch } = await import(pathToFileURL(path.join(WEB, 'src', 'lines.js')).href);
const { lineFrames, linePoint } = await import(pathToFileURL(path.join(WEB, 'src', 'line-frames.js')).href);
const { listing } = await import(pathToFileURL(path.join(WEB, 'src', 'listings.js')).href);
const { LANGS, METHODS, bin, setOf } = await import('./program.mjs');

// ---- The programs, run here. Each step: the line's tag, the frames (innermost first, each its
// variables by name, written as the page writes them), the shared placer and sets, the move the
// line makes (kind, row, col) if any, and whether the innermost frame was called or returns.

function run(method, n, lang) {
  const py = lang === 'python';
  const rust = lang === 'rust';
  const counting = !py && !rust; // Java, C++, JavaScript: for (int i = 0; i < k; i++)
  const placer = Array(n).fill(-1);
  const sets = [new Set(), new Set(), new Set()];
  const stack = [];
  const steps = [];
  const emit = (tag, extra = {}) =>
    steps.push({
      tag,
      frames: stack.map((f) => ({ ...f })).reverse(),
      placer: placer.slice(),
      sets: sets.map((s) => [...s]),
      ...extra,
    });
  const call = (vars) => {
    const f = vars;
    stack.push(f);
    return f;
  };

  function safe(row, col) {
    const f = call(rust ? { n: String(n), row: String(row), col: String(col) } : { row: String(row), col: String(col) });
    emit('try', { entering: true });
    for (let r = 0; ; r++) {
      if (r >= row) {
        // The loop's last test: C-like languages still hold r (= row), Python its last value.
        if (rust) delete f.r;
        else if (counting) f.r = String(r);
        if (!py) delete f.c;
        emit('for_r');
        if (counting) delete f.r;
        emit('safe', { returns: py ? 'True' : 'true' });
        stack.pop();
        return true;
      }
      f.r = String(r);
      emit('for_r');
      const d = row - r;
      f.d = String(d);
      const cands = [col, col - d, col + d];
      if (lang === 'java') f.look = `{${cands.join(', ')}}`;
      if (rust) f.look = `[${cands.map((c) => (c < 0 ? 'None' : `Some(${c})`)).join(', ')}]`;
      emit('d');
      for (const c of cands) {
        if (rust && c < 0) {
          // flatten() passes over None at the for line: no c is bound.
          delete f.c;
          emit('for_c');
          emit('for_c');
          continue;
        }
        f.c = String(c);
        emit('for_c');
        emit('check');
        if (c >= 0 && c < n && placer[r] === c) {
          emit('hit', { returns: py ? 'False' : 'false' });
          stack.pop();
          return false;
        }
      }
      if (!py) delete f.c;
      emit('for_c');
      if (!py) {
        delete f.d;
        delete f.look;
      }
    }
  }

  function solve(row) {
    const f = call(rust ? { n: String(n), row: String(row) } : { row: String(row) });
    emit(row === 0 ? 'start' : 'call', { entering: true });
    emit('base');
    if (row === n) {
      emit('solution', { move: [4, -1, -1] });
      emit('done', { returns: null });
      stack.pop();
      return;
    }
    for (let col = 0; ; col++) {
      if (col >= n) {
        if (rust) delete f.col;
        else if (counting) f.col = String(col);
        emit('loop');
        if (counting) delete f.col;
        emit('out', { returns: null });
        stack.pop();
        return;
      }
      f.col = String(col);
      emit('loop');
      if (method === 'naive') {
        if (!safe(row, col)) {
          emit('reject', { move: [2, row, col] });
          continue;
        }
        placer[row] = col;
        emit('place', { move: [1, row, col] });
        solve(row + 1);
        placer[row] = -1;
        emit('remove', { move: [3, row, col] });
        continue;
      }
      // The sets: the condition stops at the first set that holds its key.
      const keys = [col, row - col, row + col];
      let held = false;
      for (let i = 0; i < 3 && !held; i++) {
        emit(`set${i}`);
        held = sets[i].has(keys[i]);
      }
      if (held) {
        emit('reject', { move: [2, row, col] });
        continue;
      }
      placer[row] = col;
      emit('put', { move: [1, row, col] });
      for (let i = 0; i < 3; i++) {
        sets[i].add(keys[i]);
        emit(`add${i}`);
      }
      solve(row + 1);
      placer[row] = -1;
      emit('unput', { move: [3, row, col] });
      for (let i = 0; i < 3; i++) {
        sets[i].delete(keys[i]);
        emit(`del${i}`);
      }
    }
  }

  const full = (1 << n) - 1;
  function masks(row, cols, left, right, col) {
    const f = call({ n: String(n), row: String(row), cols: bin(cols, n), left: bin(left, n), right: bin(right, n) });
    if (row === 0) emit('start', { entering: true });
    else {
      placer[row - 1] = col;
      emit('place', { entering: true, move: [1, row - 1, col] });
    }
    emit('base');
    if (row === n) {
      emit('solution', { move: [4, -1, -1], returns: '1' });
      stack.pop();
      return 1;
    }
    f.full = bin(full, n);
    emit('full');
    let count = 0;
    f.count = '0';
    emit('zero');
    let free = full & ~(cols | left | right);
    f.free = bin(free, n);
    emit('free');
    for (;;) {
      // bit is the body's, but in Python.
      if (!py) delete f.bit;
      emit('while');
      if (!free) {
        emit('out', { returns: String(count) });
        stack.pop();
        return count;
      }
      const bit = free & -free;
      f.bit = bin(bit, n);
      emit('pick');
      const c = 31 - Math.clz32(bit);
      count += masks(row + 1, cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1, c);
      f.count = String(count);
      free ^= bit;
      f.free = bin(free, n);
      placer[row] = -1;
      emit('remove', { move: [3, row, c] });
    }
  }

  if (method === 'bitmask') masks(0, 0, 0, 0, -1);
  else solve(0);
  return steps;
}

// The code each line's tag must light, in every language: the lit line is that line.
const CODE = {
  start: /solve\(/,
  call: /solve\(.*row \+ 1/,
  base: /if \(?row ===? n\)?/,
  solution: /solutions\.(append|add|push)|push_back|return 1/,
  done: /^return;?$/,
  loop: /for.*\bcol\b.*\bn\b/,
  out: /^for col in range\(n\):$|^}$|return count|^count$/,
  try: /safe\(placer, n, row, col\)|safe\(row, col\)/,
  for_r: /for.*\br\b.*\brow\b/,
  d: /d = row - r|look = |Some\(col \+ d\)/,
  for_c: /for.*\bc\b/,
  check: /placer\[r\] ===? c/,
  hit: /return [Ff]alse/,
  safe: /return [Tt]rue|^true$/,
  reject: /continue/,
  place: /placer\[row\] = col|placer\.push\(col\)|count \+= solve\(/,
  remove: /placer\[row\] = -1|placer\.pop\(\)|free \^= bit/,
  set0: /col\b.*\bcols|cols.*\(&?col\)/,
  set1: /row - col/,
  set2: /row \+ col/,
  put: /placer\[row\] = col|placer\.push\(col\)/,
  add0: /cols\.(add|insert)\(col\)/,
  add1: /diffs\.(add|insert)\(row - col\)/,
  add2: /sums\.(add|insert)\(row \+ col\)/,
  unput: /placer\[row\] = -1|placer\.pop\(\)/,
  del0: /cols\.(remove|delete|erase)\(&?col\)/,
  del1: /diffs\.(remove|delete|erase)\(&?\(?row - col\)?\)/,
  del2: /sums\.(remove|delete|erase)\(&?\(?row \+ col\)?\)/,
  full: /full = \(1 << n\) - 1/,
  zero: /count = 0/,
  free: /free = full & [~!]\(cols \| left \| right\)/,
  while: /while/,
  pick: /bit = free & /,
};

const placerText = (lang, placer) =>
  lang === 'rust' ? `[${placer.filter((c) => c >= 0).join(', ')}]` : lang === 'cpp' ? `{${placer.join(', ')}}` : `[${placer.join(', ')}]`;

for (const method of METHODS) {
  test(`line by line: every step of n = 4 to 6 is a line the ${method} program runs, with every frame's variables`, () => {
    for (const n of [4, 5, 6]) {
      // The moves as the bindings make them: the scan's trace (the sets prune the same squares),
      // the bit masks' own.
      const w = Watch.with_detail(n, method === 'bitmask' ? 3 : 0);
      const want = [];
      for (;;) {
        const code = w.forward(1, -1);
        if (code.length === 0) break;
        want.push([code[0], code[0] === 4 ? -1 : code[1], code[0] === 4 ? -1 : code[2]]);
      }
      w.free();
      for (const lang of LANGS) {
        const steps = run(method, n, lang);
        const lw = new LineWatch(n, method);
        assert.equal(lw.length(), steps.length, `n = ${n}, ${lang}: as many steps as the program runs lines`);
        const code = listing(lang, method, n);
        const moves = [];
        steps.forEach((s, i) => {
          const where = `n = ${n}, ${method}, ${lang}, step ${i + 1} (${s.tag})`;
          const got = lw.forward(1, -1);
          const m = lw.machine();
          const p = linePoint(lang, m);
          // The lit line: the program's, and its code is that line's.
          const lit = code.at[p.tag] ?? [];
          assert.ok(lit.length, `${where}: the listing has no line «${p.tag}»`);
          assert.equal(p.tag, s.tag, `${where}: lights ${p.tag}`);
          assert.ok(
            lit.some((k) => CODE[s.tag].test(code.lines[k].trim())),
            `${where}: the lit line «${lit.map((k) => code.lines[k].trim()).join(' / ')}» is not ${s.tag}'s code`,
          );
          // The frames, innermost first, with exactly their variables.
          const frames = lineFrames(lang, m);
          assert.deepEqual(
            frames.map((f) => Object.fromEntries(f.locals)),
            s.frames,
            `${where}: the call stack's variables`,
          );
          const top = frames[0];
          assert.equal(top.entering, !!s.entering, `${where}: just called`);
          assert.equal(top.leaving, 'returns' in s, `${where}: returns`);
          if ('returns' in s) assert.equal(top.returns, s.returns, `${where}: what it returns`);
          // Under the code: the innermost frame's variables, then what the calls share.
          const values = Object.fromEntries(p.values);
          const shared = {};
          if (method !== 'bitmask') {
            const b = lang === 'rust' && method === 'sets' ? 'b.' : '';
            shared[`${b}placer`] = placerText(lang, s.placer);
            if (method === 'sets') ['cols', 'diffs', 'sums'].forEach((name, k) => (shared[`${b}${name}`] = setOf(lang, s.sets[k])));
          }
          assert.deepEqual(values, { ...s.frames[0], ...shared }, `${where}: the values under the code`);
          // The move the line makes, if any: the bindings' next, in order.
          if (s.move) {
            assert.deepEqual([got[0], got[0] === 4 ? -1 : got[1], got[0] === 4 ? -1 : got[2]], s.move, `${where}: the move`);
            moves.push(s.move);
          } else assert.equal(got[0], 9, `${where}: a line that makes no move`);
          assert.deepEqual(Array.from(lw.columns()), s.placer.slice(0, s.placer.indexOf(-1) < 0 ? n : s.placer.indexOf(-1)), `${where}: the queens`);
        });
        assert.equal(lw.forward(1, -1).length, 0, `n = ${n}, ${lang}: the program ends there`);
        assert.deepEqual(moves, want, `n = ${n}, ${lang}: the moves are the bindings' own, in order`);
      }
    }
  });
}

// Stepping back, seeking and the counts the timeline and the other views follow agree with
// stepping forward; switching to the bindings' steps keeps the move (moves(), seek_moves()).
test('line by line: back, seek, the timeline and the moves agree with walking forward', () => {
  for (const method of METHODS) {
    const n = 6;
    const lw = new LineWatch(n, method);
    const codes = [];
    for (;;) {
      const c = lw.forward(1, -1);
      if (!c.length) break;
      codes.push(Array.from(c));
    }
    for (let p = codes.length; p > codes.length - 3000 && p > 0; p -= 7) {
      lw.seek(p);
      assert.deepEqual(Array.from(lw.step()), codes[p - 1], `${method}: seek ${p}`);
      assert.deepEqual(Array.from(lw.back()), codes[p - 1], `${method}: back from ${p}`);
      assert.equal(lw.position(), p - 1);
    }
    const t = lw.timeline();
    const sols = codes.flatMap((c, i) => (c[0] === 4 ? [i + 1] : []));
    assert.deepEqual([t[0], t[1]], [codes.length, sols.length], `${method}: the timeline's length and solutions`);
    assert.deepEqual(Array.from(t.subarray(4, 4 + sols.length)), sols, `${method}: where the solutions are`);
    // The same move in the bindings' steps: the bit masks count the scan's moves too.
    const w = Watch.with_detail(n, method === 'bitmask' ? 3 : 0);
    for (const k of [1, 2, 5, 40, 300, 700]) {
      lw.seek_moves(k);
      w.seek_moves(k);
      assert.equal(lw.text(), w.text(), `${method}: move ${k}`);
      assert.equal(lw.moves(), w.moves(), `${method}: move ${k}`);
      assert.deepEqual(Array.from(lw.columns()), Array.from(w.columns()), `${method}: move ${k}`);
    }
    w.free();
  }
});

// ---- In the page (headless Chromium): the switch's third button and mode=line.

const { useBrowser, noProblems } = await import('./session.mjs');
const { open } = await import('./browser.mjs');
const os = await import('node:os');
const { createRequire } = await import('node:module');
const SHOTS = process.env.NQUEENS_WEB_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'nqueens-web-shots-'));
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const live = useBrowser(SHOTS);
const page = (query, width = 1280, height = 1000) => open(live.chromium.browser, live.server.url + query, width, height);
const param = (p, name) => p.evaluate((name) => new URLSearchParams(location.search).get(name), name);
const READ = () => ({
  tag: document.getElementById('w-code').dataset.tag,
  lit: [...document.querySelectorAll('#w-code .ln.lit')].map((l) => l.textContent.trim()),
  status: document.getElementById('w-status').textContent,
  frames: [...document.querySelectorAll('#w-stack .frame')].map((b) => Object.fromEntries(JSON.parse(b.dataset.locals))),
  values: Object.fromEntries([...document.querySelectorAll('#w-code .code-values > div')].map((d) => [d.querySelector('dt').textContent, d.querySelector('dd').textContent])),
});

test('line by line in the page: the button, the mode=line link, the keys, the timeline, and axe', async () => {
  const n = 5;
  const steps = run('sets', n, 'java');
  const k = steps.findIndex((s, i) => i > 60 && s.tag === 'add1') + 1;
  const p = await page(`?n=${n}&mode=line&method=sets&code=java&step=${k}`);
  assert.equal(await p.$eval('#w-mode button[data-key="line"]', (b) => b.getAttribute('aria-pressed')), 'true');
  assert.equal(await p.$eval('#w-bar', (b) => Number(b.dataset.length)), steps.length, "the timeline's length: every line run");
  let seen = await p.evaluate(READ);
  assert.match(seen.status, new RegExp(`^step ${k} of ${steps.length.toLocaleString('en')} `));
  assert.equal(seen.tag, 'add1');
  assert.deepEqual(seen.lit, ['diffs.add(row - col);']);
  assert.deepEqual(seen.frames, steps[k - 1].frames, 'each frame with its variables');
  assert.equal(seen.values['diffs'], setOf('java', steps[k - 1].sets[1]));
  assert.equal(await param(p, 'mode'), 'line');
  assert.equal(await param(p, 'step'), String(k));
  // The keys: → runs the next line, ← goes back; the link follows.
  await p.focus('#w-bar');
  await p.keyboard.press('ArrowRight');
  seen = await p.evaluate(READ);
  assert.equal(seen.tag, steps[k].tag);
  assert.deepEqual(seen.frames, steps[k].frames);
  assert.equal(await param(p, 'step'), String(k + 1));
  await p.click('#w-back');
  assert.equal((await p.evaluate(READ)).tag, 'add1');
  // Step over: the same move (the queen put in placer, `put`), at its step of the trace; line
  // by line again, at the line that made it.
  const moves = steps.slice(0, k).filter((s) => s.move).length;
  await p.click('#w-mode button[data-key="coarse"]');
  assert.equal(await param(p, 'mode'), null);
  assert.equal(await param(p, 'step'), String(moves));
  await p.focus('#w-mode button[data-key="line"]');
  await p.keyboard.press('Space');
  assert.equal(await param(p, 'mode'), 'line');
  const put = steps.findIndex((s, i) => s.move && steps.slice(0, i + 1).filter((t) => t.move).length === moves) + 1;
  assert.equal(await param(p, 'step'), String(put));
  assert.equal((await p.evaluate(READ)).tag, steps[put - 1].tag);
  // Play runs on and pause stops it; End goes to the last line, the first call's return.
  await p.focus('#w-bar');
  await p.keyboard.press('End');
  seen = await p.evaluate(READ);
  assert.match(seen.status, new RegExp(`^step ${steps.length.toLocaleString('en')} of `));
  assert.equal(seen.tag, 'out');
  assert.deepEqual(seen.frames, [{ row: '0' }]);
  await p.keyboard.press('Home');
  await p.click('#w-play');
  await p.waitForFunction(() => /^step [1-9]/.test(document.getElementById('w-status').textContent));
  await p.click('#w-play');
  const found = await violations(p);
  assert.deepEqual(found, [], found.join('\n'));
  await p.evaluate(() => document.getElementById('w-code').scrollIntoView());
  await p.screenshot({ path: path.join(SHOTS, 'watch-line-by-line.png') });
  noProblems(p);
  await p.close();
});

test('line by line goes up to n = 8: a larger board steps into the program, and says so', async () => {
  const p = await page('?n=10&mode=line');
  assert.match(await p.$eval('#link-notes', (e) => e.textContent), /mode=line runs the program line by line up to n = 8/);
  assert.equal(await p.$eval('#w-mode button[data-key="line"]', (b) => b.disabled), true);
  assert.equal(await p.$eval('#w-mode button[data-key="fine"]', (b) => b.getAttribute('aria-pressed')), 'true');
  assert.equal(await param(p, 'mode'), 'fine');
  // On 8×8 it is there, with the scan's safe a frame of its own, all its variables shown.
  await p.select('#n', '8');
  assert.equal(await p.$eval('#w-mode button[data-key="line"]', (b) => b.disabled), false);
  await p.click('#w-mode button[data-key="line"]');
  assert.equal(await param(p, 'mode'), 'line');
  for (let i = 0; i < 15; i++) await p.click('#w-step');
  const seen = await p.evaluate(READ);
  assert.equal(seen.tag, 'check');
  assert.deepEqual(seen.frames[0], { row: '1', col: '0', r: '0', d: '1', c: '0' });
  noProblems(p);
  await p.close();
  // Tree steps the same lines: its call stack at that step, from the link.
  const t = await page('?n=8&view=tree&mode=line&step=15');
  const frames = await t.$$eval('#t-stack .frame', (f) => f.map((b) => Object.fromEntries(JSON.parse(b.dataset.locals))));
  assert.deepEqual(frames, [{ row: '1', col: '0', r: '0', d: '1', c: '0' }, { row: '1', col: '0' }, { row: '0', col: '0' }]);
  noProblems(t);
  await t.close();
});

async function violations(p) {
  if (!(await p.evaluate(() => typeof window.axe === 'object'))) await p.addScriptTag({ content: AXE });
  const found = await p.evaluate(async () => (await window.axe.run(document)).violations);
  return found.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((x) => x.target.join(' ')).join(', ')}`);
}
