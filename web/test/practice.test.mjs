// Practice, in a real browser (headless Chromium): in Watch the page stops before each queen
// placed or taken back and asks where the search goes next; at chosen steps of n = 4 to 6 a
// right answer scores and plays the steps, a wrong one is explained, naming the queen that
// attacks the square and the line they share as `nqueens trace --json N` names them, or why the
// search goes elsewhere first; "It backtracks" is right exactly where the trace backtracks;
// leaving practice watches on from the same step (the link keeps it); the board answers from
// the keyboard; in Methods the learner gives the key the sets look up or a row's free mask.
// axe-core finds no violation with practice on, at 1280 px and 360 px, nothing overflows at
// 360 px, and no page logs an error. Screenshots go to NQUEENS_WEB_SHOTS (default: a new
// temporary folder; its path is printed).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { open } from './browser.mjs';
import { useBrowser, traceSteps } from './session.mjs';

const SHOTS =
  process.env.NQUEENS_WEB_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'nqueens-web-shots-'));
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const live = useBrowser(SHOTS);

const page = (query, width = 1280, height = 1000) => open(live.chromium.browser, live.server.url + query, width, height);

async function done(p) {
  assert.deepEqual(p.problems, [], 'the page logged errors');
  await p.close();
}

const text = (p, sel) => p.$eval(sel, (e) => e.textContent);
const shot = (p, name) => p.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

// The trace of the n×n board, as the library writes it; each step with the queens on the
// board before it.
function trace(n) {
  const queens = [];
  return traceSteps(n).map((step) => {
      const s = { ...step, queens: queens.slice() };
      if (s.step === 'place') queens.push(s.col);
      if (s.step === 'backtrack') queens.pop();
      return s;
    });
}

// The line of a conflict in the words of the explanation.
function along(step) {
  const { row, col } = step;
  return {
    column: `along column ${col}`,
    diagonal: `along a diagonal \\ (row − col = ${signed(row - col)})`,
    antidiagonal: `along a diagonal / (row + col = ${row + col})`,
  }[step.along];
}
const signed = (v) => (v < 0 ? `−${-v}` : String(v));
const attackedBy = (s) => `Row ${s.row} col ${s.col} is attacked by the queen at row ${s.by.row} col ${s.by.col} ${along(s)}`;

// The practice's state: score, the step (from the link, which keeps it), the feedback.
async function state(p) {
  return p.evaluate(() => ({
    right: Number(document.querySelector('#wp-score').dataset.right),
    asked: Number(document.querySelector('#wp-score').dataset.asked),
    step: Number(new URLSearchParams(location.search).get('step') || 0),
    feedback: document.querySelector('#wp-feedback').textContent,
    question: document.querySelector('#wp-question').textContent,
  }));
}

// A click in the middle of a square of the Watch board, scrolled into view first (a button of
// the practice panel clicked before may have scrolled the page).
async function clickSquare(p, row, col) {
  await p.$eval('#w-board', (svg) => svg.scrollIntoView({ block: 'nearest' }));
  const { x, y } = await p.$eval(
    '#w-board',
    (svg, [r, c]) => {
      const n = Number(svg.dataset.n);
      const b = svg.getBoundingClientRect();
      const unit = b.width / (n + 0.1);
      return { x: b.left + (c + 0.55) * unit, y: b.top + (r + 0.55) * unit };
    },
    [row, col],
  );
  await p.mouse.click(x, y);
}

// The first step at or after `from` that is not a conflict: the event the question is about.
function event(steps, from) {
  let k = from;
  while (steps[k].step === 'conflict') k++;
  return k;
}

test('Watch: right and wrong answers at chosen steps of n = 4 to 6, the explanation naming the attacker', async () => {
  for (const [n, start, questions] of [
    [4, 0, 14],
    [5, 37, 10],
    [6, 120, 10],
  ]) {
    const steps = trace(n);
    const p = await page(`?n=${n}${start ? `&step=${start}` : ''}`);
    await p.click('#w-practice');
    let at = start;
    let [right, asked] = [0, 0];
    let named = 0;
    for (let i = 0; i < questions; i++) {
      const k = event(steps, at);
      const ev = steps[k];
      const where = `n = ${n}, step ${at}, ${ev.step}`;
      const s0 = await state(p);
      assert.equal(s0.step, at, where);
      if (ev.step === 'solution') {
        assert.match(s0.question, /the next step records solution/, where);
        await p.click('#wp-show');
        at = k + 1;
        assert.equal((await state(p)).step, at, where);
        continue;
      }
      const conflicts = steps.slice(at, k);
      // Every other question is answered wrong first: a pruned square on the way when there is
      // one (its attacker named as the trace names it), else a square of another row.
      if (i % 2 === 0) {
        const c = conflicts[conflicts.length - 1];
        if (c) await clickSquare(p, c.row, c.col);
        else if (ev.step === 'place') await p.click('#wp-backtracks');
        else await clickSquare(p, 0, n - 1);
        asked++;
        const s = await state(p);
        assert.deepEqual([s.right, s.asked, s.step], [right, asked, at], `${where}: a wrong answer scores nothing and stays`);
        assert.match(s.feedback, /^Not quite\. /, where);
        if (c) {
          assert.ok(s.feedback.includes(attackedBy(c)), `${where}: "${s.feedback}" does not say "${attackedBy(c)}"`);
          named++;
          // The board shows the learner's square, its attacker and their line.
          const marks = await p.$eval('#w-board', (svg) => ({
            guess: [...svg.querySelectorAll('rect.guess')].map((r) => [Number(r.getAttribute('y')), Number(r.getAttribute('x'))].map(Math.floor)),
            by: [...svg.querySelectorAll('rect.by')].map((r) => [Number(r.getAttribute('y')), Number(r.getAttribute('x'))].map(Math.floor)),
            line: svg.querySelectorAll('line.attack-line').length,
          }));
          assert.deepEqual(marks.guess, [[c.row, c.col]], where);
          assert.ok(marks.by.some(([r, cc]) => r === c.by.row && cc === c.by.col), where);
          assert.ok(marks.line >= 1, where);
        }
        if (ev.step === 'backtrack' && ev.row < n - 1 && ev.queens.length < n) {
          assert.match(s.feedback, new RegExp(`Row ${ev.row + 1} has no safe square left \\(column 0 `), where);
        }
        if (ev.step === 'place' && !c) assert.match(s.feedback, /still has a safe square/, where);
      }
      // The right answer.
      const first = i % 2 === 1;
      if (ev.step === 'place') await clickSquare(p, ev.row, ev.col);
      else await p.click('#wp-backtracks');
      if (first) {
        asked++;
        right++;
      }
      at = k + 1;
      const s = await state(p);
      assert.deepEqual([s.right, s.asked, s.step], [right, asked, at], `${where}: the right answer plays the steps`);
      assert.match(s.feedback, first ? /^Right: / : /^Right \(a second try: not scored\): /, where);
      assert.equal(await text(p, '#w-text'), `${ev.step} row ${ev.row} col ${ev.col}`, where);
      assert.equal(await p.$eval('#w-board', (e) => e.dataset.queens), steps[k + 1] ? steps[k + 1].queens.join(',') : '', where);
      assert.equal(await p.$eval('#w-bar', (e) => e.getAttribute('aria-valuenow')), String(at), `${where}: the timeline follows`);
    }
    assert.ok(named >= 2, `n = ${n}: only ${named} attackers named`);
    assert.equal(await text(p, '#wp-score'), `Score: ${right} right of ${asked} asked`);
    await shot(p, `practice-watch-${n}`);
    await done(p);
  }
});

test('Watch: why the search goes elsewhere first, and the backtrack answer', async () => {
  // n = 6 after four steps: queens at row 0 column 0 and row 1 column 2; row 2's first safe
  // square is column 4.
  const p = await page('?n=6&step=4');
  await p.click('#w-practice');
  const says = async () => (await state(p)).feedback;
  await clickSquare(p, 3, 0);
  assert.match(await says(), /The search fills the rows from the top: row 2 gets its queen before row 3\./);
  await clickSquare(p, 2, 5);
  assert.match(await says(), /The search tries columns left to right: column 4 comes before column 5/);
  await clickSquare(p, 1, 2);
  assert.match(await says(), /Row 1 col 2 has a queen already: the search fills one row at a time from the top, and it is filling row 2 now\./);
  await clickSquare(p, 2, 3);
  assert.match(await says(), /Row 2 col 3 is attacked by the queen at row 1 col 2 along a diagonal \\ \(row − col = −1\)/);
  await p.click('#wp-backtracks');
  assert.match(await says(), /Row 2 still has a safe square: the search places a queen there before it would backtrack/);
  let s = await state(p);
  assert.deepEqual([s.right, s.asked, s.step], [0, 1, 4], 'one question, asked once, the step unchanged');
  // Show me: the answer plays.
  await p.click('#wp-show');
  s = await state(p);
  assert.equal(s.step, 9);
  assert.match(s.feedback, /^The answer: row 2 col 4 is the first square of row 2 from column 0 on that no queen attacks \(on the way it tries and prunes columns 0, 1, 2 and 3\)/);
  await done(p);

  // n = 4 after four steps: row 2 has no safe square, the search backtracks.
  const b = await page('?n=4&step=4');
  await b.click('#w-practice');
  await clickSquare(b, 2, 1);
  s = await state(b);
  assert.deepEqual([s.right, s.asked], [0, 1]);
  assert.ok(s.feedback.includes('Row 2 col 1 is attacked by the queen at row 1 col 2 along a diagonal / (row + col = 3)'), s.feedback);
  assert.ok(
    s.feedback.includes(
      'Row 2 has no safe square left (column 0 by the queen at row 0 col 0; column 1 by the queen at row 1 col 2; column 2 by the queen at row 0 col 0; column 3 by the queen at row 1 col 2), so the search backtracks.',
    ),
    s.feedback,
  );
  await b.click('#wp-backtracks');
  s = await state(b);
  assert.deepEqual([s.right, s.asked, s.step], [0, 1, 9]);
  assert.equal(await text(b, '#w-text'), 'backtrack row 1 col 2');
  // Next: row 1's next column, 3, is safe; the backtrack would be wrong, the square right.
  await b.click('#wp-backtracks');
  await clickSquare(b, 1, 3);
  s = await state(b);
  assert.deepEqual([s.right, s.asked, s.step], [0, 2, 10]);
  // Row 2: column 0 is pruned, column 1 safe; answered right the first time.
  await clickSquare(b, 2, 1);
  s = await state(b);
  assert.deepEqual([s.right, s.asked, s.step], [1, 3, 12]);
  assert.match(s.feedback, /^Right: row 2 col 1 is the first square of row 2 from column 0 on that no queen attacks \(on the way it tries and prunes column 0\)/);
  // After a solution (n = 4, step 31), the search backtracks.
  await done(b);
  const z = await page('?n=4&step=30');
  await z.click('#w-practice');
  assert.match((await state(z)).question, /records solution 1/);
  assert.equal(await z.$eval('#wp-backtracks', (e) => e.disabled), true);
  await z.click('#wp-show');
  assert.equal((await state(z)).step, 31);
  await clickSquare(z, 3, 0);
  assert.match((await state(z)).feedback, /The board is full: .*After a solution the search backtracks/);
  await z.click('#wp-backtracks');
  s = await state(z);
  assert.deepEqual([s.right, s.asked, s.step], [0, 1, 32]);
  await done(z);
});

test('Watch: leaving practice watches on from the same step', async () => {
  const p = await page('?n=5&step=7');
  const forward = ['#w-play', '#w-step', '#w-solution', '#w-backtrack'];
  await p.click('#w-practice');
  for (const b of forward) assert.equal(await p.$eval(b, (e) => e.disabled), true, `${b} rests in practice`);
  // The page's keys do not move the search past the question.
  await p.evaluate(() => document.activeElement.blur());
  await p.keyboard.press('ArrowRight');
  await p.keyboard.press('s');
  assert.equal((await state(p)).step, 7);
  // Back is allowed: a new question at the step before.
  await p.click('#w-back');
  assert.equal((await state(p)).step, 6);
  const k = event(trace(5), 6);
  const ev = trace(5)[k];
  if (ev.step === 'place') await clickSquare(p, ev.row, ev.col);
  else await p.click('#wp-backtracks');
  const s = await state(p);
  assert.deepEqual([s.right, s.asked, s.step], [1, 1, k + 1]);
  await p.click('#wp-leave');
  assert.equal(await p.$eval('#wp-panel', (e) => e.hidden), true);
  assert.equal(await p.evaluate(() => document.activeElement.id), 'w-practice');
  for (const b of forward) assert.equal(await p.$eval(b, (e) => e.disabled), false, `${b} works again`);
  assert.equal(await p.$eval('#w-board', (e) => e.getAttribute('role')), 'img');
  assert.equal((await state(p)).step, k + 1, 'the link keeps the step');
  await p.click('#w-step');
  assert.equal((await state(p)).step, k + 2);
  // Practice again, then another view: practice ends there, the step kept.
  await p.click('#w-practice');
  await p.keyboard.press('3');
  assert.equal(await p.$eval('#w-step', (e) => e.disabled), false);
  assert.equal(await p.evaluate(() => new URLSearchParams(location.search).get('step')), String(k + 2));
  await done(p);
});

test('Watch: practice from the keyboard, with a visible focus', async () => {
  const p = await page('?n=4');
  await p.$eval('#w-practice', (e) => e.focus());
  await p.keyboard.press('Enter');
  assert.equal(await p.evaluate(() => document.activeElement.id), 'w-board', 'the board takes the focus');
  const focus = await p.$eval('#w-board', (e) => [e.matches(':focus-visible'), getComputedStyle(e).outlineStyle, parseFloat(getComputedStyle(e).outlineWidth)]);
  assert.deepEqual(focus, [true, 'solid', 3]);
  assert.ok(await p.$('#w-board rect.cursor'), 'the keyboard\'s square is drawn');
  // Row 0 col 0 is the first answer: Enter at once.
  await p.keyboard.press('Enter');
  let s = await state(p);
  assert.deepEqual([s.right, s.asked, s.step], [1, 1, 1]);
  // Row 1: column 2 (after two pruned squares). Down, right, Enter: column 1, wrong.
  await p.keyboard.press('ArrowDown');
  await p.keyboard.press('ArrowRight');
  assert.match(await text(p, '#wp-cursor'), /row 1 col 1/);
  await shot(p, 'practice-keyboard');
  assert.match(await p.$eval('#w-board', (e) => e.getAttribute('aria-label')), /now row 1 col 1/);
  await p.keyboard.press('Enter');
  s = await state(p);
  assert.deepEqual([s.right, s.asked, s.step], [1, 2, 1]);
  assert.match(s.feedback, /Row 1 col 1 is attacked by the queen at row 0 col 0 along a diagonal \\ \(row − col = 0\)/);
  await p.keyboard.press('ArrowRight');
  await p.keyboard.press(' ');
  s = await state(p);
  assert.deepEqual([s.right, s.asked, s.step], [1, 2, 4]);
  // Row 2 has no safe square: B says the search backtracks.
  await p.keyboard.press('b');
  s = await state(p);
  assert.deepEqual([s.right, s.asked, s.step], [2, 3, 9]);
  // Tab reaches the panel's buttons; Enter on Leave practice leaves.
  const names = [];
  for (let i = 0; i < 8; i++) {
    await p.keyboard.press('Tab');
    names.push(await p.evaluate(() => document.activeElement.id));
    if (names[names.length - 1] === 'wp-leave') break;
  }
  // The switch under the board and the kind of question come first.
  assert.deepEqual(names.slice(0, 5), ['w-attacked', 'wp-kind', 'wp-backtracks', 'wp-show', 'wp-leave']);
  await p.keyboard.press('Enter');
  assert.equal(await p.$eval('#wp-panel', (e) => e.hidden), true);
  assert.equal((await state(p)).step, 9);
  await done(p);
});

// The Methods practice: score, question and feedback.
async function mstate(p) {
  return p.evaluate(() => ({
    right: Number(document.querySelector('#mp-score').dataset.right),
    asked: Number(document.querySelector('#mp-score').dataset.asked),
    question: document.querySelector('#mp-question').textContent,
    feedback: document.querySelector('#mp-feedback').textContent,
    step: Number(document.querySelector('#view-methods').dataset.step),
  }));
}

async function type(p, value) {
  await p.click('#mp-answer', { clickCount: 3 });
  await p.keyboard.press('Backspace');
  await p.type('#mp-answer', value);
  await p.keyboard.press('Enter');
}

test('Methods: the key the sets look up and the free mask, right and wrong', async () => {
  for (const n of [5, 6]) {
    const p = await page(`?n=${n}&view=methods`);
    await p.click('#m-practice');
    for (const b of ['#m-play', '#m-tick', '#m-round', '#m-reset']) assert.equal(await p.$eval(b, (e) => e.disabled), true);
    assert.equal(await p.evaluate(() => document.activeElement.id), 'mp-answer');
    let [right, asked] = [0, 0];
    // Answers `good`, after `bad` when there is one (its feedback checked by `wrong`): only the
    // first answer of a question is scored.
    const answer = async (good, bad, wrong) => {
      asked++;
      if (bad === undefined) right++;
      else {
        await type(p, bad);
        wrong(await mstate(p));
      }
      await type(p, good);
    };
    for (let i = 0; i < 6; i++) {
      const s = await mstate(p);
      const m = s.question.match(/checks row (\d+) col (\d+)\. Which key does it look up in the (row − col|row \+ col) set\?/);
      assert.ok(m, s.question);
      const [row, col] = [Number(m[1]), Number(m[2])];
      const key = m[3] === 'row − col' ? row - col : row + col;
      await answer(String(key), i % 2 === 0 ? signed(key + 1) : undefined, (w) => {
        assert.deepEqual([w.right, w.asked, w.step], [right, asked, s.step]);
        assert.ok(w.feedback.includes(`it is ${row} ${m[3] === 'row − col' ? '−' : '+'} ${col} = ${signed(key)}, not ${signed(key + 1)}`), w.feedback);
      });
      const r = await mstate(p);
      assert.deepEqual([r.right, r.asked], [right, asked]);
      assert.match(r.feedback, /^Right/);
      // The key found names the queen on that diagonal.
      const found = r.feedback.match(/the queen at row (\d+) col (\d+) stands on that diagonal/);
      if (found) {
        const [qr, qc] = [Number(found[1]), Number(found[2])];
        assert.equal(m[3] === 'row − col' ? qr - qc : qr + qc, key);
      }
      assert.ok(r.step > s.step, 'the look-up played');
    }
    // The free mask.
    await p.select('#mp-kind', 'mask');
    for (let i = 0; i < 4; i++) {
      const s = await mstate(p);
      const m = s.question.match(/free squares of row (\d+)\./);
      assert.ok(m, s.question);
      const row = Number(m[1]);
      const queens = (await p.$eval('#lane-2 svg', (e) => e.dataset.queens)).split(',').filter((c) => c !== '').map(Number).slice(0, row);
      let free = 0;
      const attacker = [];
      for (let c = 0; c < n; c++) {
        const r = queens.findIndex((q, qr) => q === c || qr - q === row - c || qr + q === row + c);
        if (r < 0) free |= 1 << c;
        attacker.push(r);
      }
      const bits = (v) => v.toString(2).padStart(n, '0');
      const busy = attacker.findIndex((r) => r >= 0);
      await answer(bits(free), busy >= 0 && i % 2 === 0 ? bits(free | (1 << busy)) : undefined, (w) => {
        assert.deepEqual([w.right, w.asked], [right, asked]);
        const ar = attacker[busy];
        assert.ok(w.feedback.includes(`not ${bits(free | (1 << busy))}: column ${busy} is not free: row ${row} col ${busy} is attacked by the queen at row ${ar} col ${queens[ar]} along`), w.feedback);
      });
      const r = await mstate(p);
      assert.deepEqual([r.right, r.asked], [right, asked], r.feedback);
      assert.match(r.feedback, /^Right/);
    }
    // The mask just answered is the one the masks worked out.
    assert.match(await p.$eval('#lane-2 .ops', (e) => e.textContent), /free\(row \d+\) = 0b[01]+/);
    // Unreadable answers are said, not scored.
    await type(p, '12');
    const u = await mstate(p);
    assert.equal(u.asked, asked);
    assert.match(u.feedback, new RegExp(`^Type ${n} bits`));
    await shot(p, `practice-methods-${n}`);
    await p.click('#mp-leave');
    for (const b of ['#m-play', '#m-tick', '#m-round', '#m-reset']) assert.equal(await p.$eval(b, (e) => e.disabled), false);
    const step = (await mstate(p)).step;
    await p.click('#m-tick');
    assert.equal((await mstate(p)).step, step + 1, 'the methods go on from the same operation');
    await done(p);
  }
});

async function violations(p) {
  if (!(await p.evaluate(() => typeof window.axe === 'object'))) await p.addScriptTag({ content: AXE });
  const found = await p.evaluate(async () => (await window.axe.run(document)).violations);
  return found.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('practice has no axe-core violation and fits 1280 px and 360 px', async () => {
  for (const [width, height] of [
    [1280, 1000],
    [360, 800],
  ]) {
    const p = await page('?n=6&step=4', width, height);
    await p.click('#w-practice');
    await clickSquare(p, 2, 3);
    let found = await violations(p);
    assert.deepEqual(found, [], `watch, ${width} px:\n${found.join('\n')}`);
    const wide = () => p.evaluate(() => document.documentElement.scrollWidth);
    assert.ok((await wide()) <= width, `watch at ${width} px is ${await wide()} px wide`);
    const panel = await p.$eval('#wp-panel', (e) => e.getBoundingClientRect().right);
    assert.ok(panel <= width, `the practice panel ends at ${panel} px`);
    await shot(p, `practice-watch-${width}`);
    await p.keyboard.press('2');
    await p.click('#m-practice');
    await type(p, '9');
    found = await violations(p);
    assert.deepEqual(found, [], `methods, ${width} px:\n${found.join('\n')}`);
    assert.ok((await wide()) <= width, `methods at ${width} px is ${await wide()} px wide`);
    await shot(p, `practice-methods-${width}`);
    await done(p);
  }
});
