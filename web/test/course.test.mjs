// The course after its first chapter (?view=lesson&lesson=13 to 30), in a real browser
// (headless Chromium), held against the command line: every step opens by its link and shows
// the board it promises (its size in the header, its queens, the search's point); the figures
// its text states are the engine's (nqueens count, and the steps of nqueens trace --json counted
// here: 92 and 12 for n = 8, 15,720 squares tried, 2,056 queens placed, the masks' values worked
// out here from the queens); each question takes its right answer and marks a wrong one on the
// board (a square outlined) or on the choice; the chapter list reaches every chapter's first step;
// and axe-core finds no violation on any step, a wrong answer shown. The first chapter is
// lesson.test.mjs's.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { open } from './browser.mjs';
import { useBrowser, traceSteps, noProblems, CLI } from './session.mjs';

const SHOTS =
  process.env.NQUEENS_WEB_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'nqueens-web-shots-'));
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const live = useBrowser(SHOTS);

const cli = (...args) => execFileSync(CLI, args, { encoding: 'utf8' }).trim();
const fmt = (v) => v.toLocaleString('en');

// What the command line says of the n×n board: Q(n), the unique count, the steps of its trace,
// the squares tried, the queens placed, and its solutions in order.
function board(n) {
  const trace = traceSteps(n);
  const placed = trace.filter((s) => s.step === 'place').length;
  const pruned = trace.filter((s) => s.step === 'conflict').length;
  return {
    total: Number(cli('count', String(n))),
    unique: Number(cli('count', String(n), '--unique')),
    trace,
    placed,
    pruned,
    tried: placed + pruned,
    solutions: cli('list', String(n), '--format', 'json').split('\n').map((l) => JSON.parse(l).columns),
  };
}

// The queens after `at` steps of a trace.
function queensAt(trace, at) {
  const cols = [];
  for (const s of trace.slice(0, at)) {
    if (s.step === 'place') cols.push(s.col);
    else if (s.step === 'backtrack') cols.pop();
  }
  return cols;
}

// The position after the first step from `from` that passes `test`.
const after = (trace, test, from = 0) => trace.findIndex((s, i) => i >= from && test(s)) + 1;

// The bit masks the call for row `row` gets from the queens above, as the textbook program
// builds them, in binary with col 0 on the right.
function masks(n, queens, row) {
  const full = (1 << n) - 1;
  let [cols, left, right] = [0, 0, 0];
  for (let r = 0; r < row; r++) {
    const bit = 1 << queens[r];
    cols |= bit;
    left = ((left | bit) << 1) & full;
    right = (right | bit) >> 1;
  }
  const bin = (v) => v.toString(2).padStart(n, '0');
  const free = full & ~(cols | left | right);
  return { cols: bin(cols), left: bin(left), right: bin(right), free: bin(free), freeCols: [...Array(n).keys()].filter((c) => (free >> c) & 1) };
}

// The eight images of a board: turned 0, 1, 2 or 3 quarters clockwise, and each mirrored.
function images(cols) {
  const n = cols.length;
  const turn = (b) => {
    const out = [];
    b.forEach((c, r) => (out[c] = n - 1 - r));
    return out;
  };
  const out = [];
  let b = cols;
  for (let t = 0; t < 4; t++, b = turn(b)) out.push(b, b.map((c) => n - 1 - c));
  return out;
}

// The course's steps from 13 on, each with what the page must show and the answers to try:
// n, the queens (columns, '' for none), the search's position (null: no search), words the
// text holds, the right answer, a wrong one and words its explanation holds (a square, 'back',
// or { choice: key }).
function expected() {
  const [b4, b6, b8] = [board(4), board(6), board(8)];
  // The bit masks' own program places what the scan places, and tries no attacked square: its
  // steps are the scan's without the conflicts.
  const own6 = b6.trace.filter((s) => s.step !== 'conflict');
  const firstSol4 = after(b4.trace, (s) => s.step === 'solution');
  const lastSol4 = after(b4.trace, (s) => s.step === 'solution', firstSol4);
  const takenBack = b4.trace[after(b4.trace, (s) => s.step === 'backtrack', lastSol4) - 1];
  const firstSol8 = after(b8.trace, (s) => s.step === 'solution');
  const second6 = after(b6.trace, (s) => s.step === 'place', after(b6.trace, (s) => s.step === 'place'));
  const at = (row, col, from) => after(b6.trace, (s) => s.step === 'conflict' && s.row === row && s.col === col, from);
  const m2 = masks(6, queensAt(own6, 2), 2);
  const m3 = masks(6, queensAt(own6, 3), 3);
  // The first queen taken back after which its row picks another square.
  const lift = own6.findIndex((s, i) => s.step === 'backtrack' && own6[i + 1].step === 'place') + 1;
  const picked = own6[lift];
  const half = (cols) => cols.map((_, r) => 7 - cols[7 - r]);
  const still = b8.solutions.find((cols) => half(cols).join() === cols.join());
  const first8 = b8.solutions[0];
  const mirror = first8.map((c) => 7 - c);
  const number = (cols) => b8.solutions.findIndex((s) => s.join() === cols.join()) + 1;
  const quarter = [];
  first8.forEach((c, r) => (quarter[c] = 7 - r));
  const numbers = [...new Set(images(b8.solutions[0]).map(number))].sort((a, b) => a - b);
  const halfAt = after(b8.trace, (s) => s.step === 'place' && s.row === 0 && s.col === 4);
  return {
    b4,
    b6,
    b8,
    steps: [
      { n: 4, at: lastSol4, queens: queensAt(b4.trace, lastSol4), says: [`solution 2, 2 0 3 1`, `Q(4) = ${b4.total}`], right: [takenBack.row, takenBack.col], wrong: [0, 0], why: 'takes back the latest queen' },
      { n: 8, at: null, queens: [], says: [`4^4 = 256`, `4! = 24`], right: { choice: 'nn' }, wrong: { choice: '64' }, why: `8^8 = ${fmt(8 ** 8)}` },
      { n: 4, at: 2, queens: [0], says: [`tries ${fmt(b4.tried)} squares (${b4.placed} queens placed, ${b4.pruned} pruned)`], right: [1, 1], wrong: [1, 3], why: 'row 1 col 1' },
      { n: 8, at: firstSol8, queens: first8, says: [`first solution, ${first8.join(' ')}, after ${fmt(firstSol8)} steps`, `tries ${fmt(b8.tried)} squares`, `Q(8) = ${b8.total}`, '1,067 times'], right: { choice: 'pruned' }, wrong: { choice: 'placed' }, why: `${fmt(b8.tried)} − ${fmt(b8.placed)} = ${fmt(b8.pruned)}` },
      { n: 6, at: second6, method: 'sets', queens: [0, 2], says: ['cols = {0, 2}', 'diffs = {-1, 0}', 'sums = {0, 3}'], right: [2, 0], also: [2, 2], wrong: [2, 4], why: 'col = 4 is not in cols' },
      { n: 6, at: at(2, 1, second6), method: 'sets', queens: [0, 2], lit: 'set2', says: ['tries row 2 col 1', 'row + col = 3 is in sums'], right: [2, 3], wrong: [2, 1], why: 'only row 2 col 3' },
      { n: 6, at: at(2, 3, second6), method: 'sets', queens: [0, 2], lit: 'set1', says: ['row − col = -1 is in diffs'], right: [2, 2], wrong: [2, 3], why: 'row 2 col 2 has its key in two sets' },
      { n: 6, at: at(2, 3, second6), method: 'sets', queens: [0, 2], says: [`${fmt(b6.tried)} on 6×6: ${b6.placed} queens placed, ${b6.pruned} pruned`], right: [2, 4], wrong: [2, 5], why: 'row 2 col 4' },
      { n: 6, at: 2, method: 'bitmask', queens: [0, 2], says: [`cols | bit = ${m2.cols}`, `= ${m2.left}`, `= ${m2.right}`, `free = full & ~(cols | left | right) = ${m2.free}`], right: [2, m2.freeCols[0]], also: [2, m2.freeCols[1]], wrong: [2, 0], why: `free = ${m2.free}` },
      { n: 6, at: 3, method: 'bitmask', queens: queensAt(own6, 3), says: [`free = full & ~(cols | left | right) = ${m3.free}`], right: [3, m3.freeCols[0]], wrong: [3, 3], why: `col ${m3.freeCols[0]}` },
      { n: 6, at: lift + 0, method: 'bitmask', queens: queensAt(own6, lift), back: true, says: ['free ^= bit clears that bit'], right: [picked.row, picked.col], wrong: [3, 0], why: `lowest 1 is col ${picked.col}` },
      { n: 6, at: after(own6, (s) => s.step === 'solution'), method: 'bitmask', queens: b6.solutions[0], says: [`takes ${own6.length} steps and places ${b6.placed} queens`, `try ${b6.tried} squares (${b6.pruned} pruned)`, `${fmt(b8.placed)} queens placed`], right: { choice: '0' }, wrong: { choice: 'pruned' }, why: `the ${fmt(b8.pruned)} squares` },
      { n: 8, at: null, queens: first8, reveal: mirror, says: [`8 different images, solutions ${numbers.join(', ')} of the ${b8.total}`], right: [0, mirror[0]], wrong: [0, 0], why: 'col 7 − c' },
      { n: 8, at: null, queens: first8, reveal: quarter, says: [`The image is ${quarter.join(' ')}`], right: [0, quarter[0]], wrong: [0, 0], why: 'a quarter turn takes' },
      { n: 8, at: null, queens: still, reveal: half(still), says: [`fall into ${b8.unique} classes: 11 of 8 boards and 1 class of 4`, `This board, ${still.join(' ')}, is in the class of 4`], right: [0, still[0]], wrong: [0, 5], why: 'half round' },
      { n: 8, at: halfAt, queens: [4], says: [`${b8.total / 2} with row 0's queen in cols 0 to 3`, `after ${fmt(halfAt)} of its ${fmt(b8.trace.length)} steps`], right: [0, 3], wrong: [0, 7], why: 'up to row 0 col 3' },
      { n: 8, at: null, queens: first8, says: [`Q(8) = ${b8.total}, and ${b8.unique} unique`], right: { choice: String(b8.total) }, wrong: { choice: String(b8.unique) }, why: '11 × 8 + 4 = 92' },
    ],
    numbers,
  };
}

const FIRST = 13;
const TOTAL = 30;
const url = (k, extra = '') => `${live.server.url}?view=lesson&lesson=${k}${extra}`;
const text = (p, sel) => p.$eval(sel, (e) => e.textContent);

// Clicks the middle of square [row, col] of the lesson's board, presses B, or a choice.
async function give(p, answer) {
  if (answer === 'back') return p.click('#l-back');
  if (!Array.isArray(answer)) return p.click(`#l-choices button[data-key="${answer.choice}"]`);
  const box = await p.$eval('#l-board', (b) => {
    b.scrollIntoView({ block: 'center' });
    const r = b.getBoundingClientRect();
    return { x: r.left, y: r.top, w: r.width, n: Number(b.dataset.n) };
  });
  const unit = box.w / (box.n + 0.1);
  await p.mouse.click(box.x + (answer[1] + 0.55) * unit, box.y + (answer[0] + 0.55) * unit);
}

const feedback = (p) => p.$eval('#l-feedback', (e) => ({ right: e.dataset.right, text: e.textContent }));

let want;
function steps() {
  want ??= expected();
  return want;
}

test('every step of chapters 2 to 6 opens by its link and shows its board, its size in the header, and the engine’s figures', async () => {
  const { steps: all, b8, numbers } = steps();
  assert.equal(FIRST - 1 + all.length + 1, TOTAL);
  // The real values, as the command line counts them.
  assert.deepEqual([b8.total, b8.unique, b8.tried, b8.placed, b8.pruned], [92, 12, 15720, 2056, 13664]);
  for (const [i, s] of all.entries()) {
    const k = FIRST + i;
    const p = await open(live.chromium.browser, url(k, '&n=12'));
    const said = await text(p, '#l-text');
    assert.ok((await text(p, '#l-count')).startsWith(`Step ${k} of ${TOTAL} (chapter `), `step ${k}`);
    assert.match(p.url(), new RegExp(`lesson=${k}(&|$)`));
    for (const w of s.says) assert.ok(said.includes(w), `step ${k}: "${w}" not in: ${said}`);
    // The header names the step's board, never the page's n = 12.
    const header = await p.$eval('header .summary', (e) => e.innerText);
    const q = { 4: [2, 1], 6: [4, 1], 8: [92, 12] }[s.n];
    assert.ok(header.includes(`n = ${s.n} · Q(${s.n}) = ${q[0]} solutions · ${q[1]} unique`), `step ${k}: ${header}`);
    assert.ok(!header.includes('Q(12)'), `step ${k}: ${header}`);
    assert.equal(await p.$eval('#l-board', (b) => b.dataset.n), String(s.n), `step ${k}`);
    assert.equal(await p.$eval('#l-board', (b) => b.dataset.queens), s.queens.join(','), `step ${k}`);
    // B is offered only where the question asks what the search does next.
    const ask = await text(p, '#l-ask');
    assert.equal(await p.$eval('#l-back', (b) => b.hidden), !/press B/.test(ask), `step ${k}: ${ask}`);
    assert.equal(!!s.back, /press B/.test(ask), `step ${k}: ${ask}`);
    const search = await p.$eval('#l-search', (e) => !e.hidden);
    assert.equal(search, s.at !== null, `step ${k}: the code and stack show with a search`);
    if (s.at !== null) {
      const m = s.method ? `&method=${s.method}` : '';
      assert.equal(await p.$eval('#l-open', (a) => new URL(a.href).search), `?n=${s.n}${m}&step=${s.at}`, `step ${k}`);
      assert.equal(await p.$eval('#l-code', (c) => c.dataset.method), s.method || 'naive', `step ${k}`);
      if (s.lit) assert.equal(await p.$eval('#l-code', (c) => c.dataset.tag), s.lit, `step ${k}`);
    }
    noProblems(p);
    await p.close();
  }
  // The first solution's eight images, by their numbers in the command line's list.
  assert.deepEqual(numbers, [1, 4, 22, 33, 60, 71, 89, 92]);
});

test('the sets and the masks under the code are the values the text states', async () => {
  const p = await open(live.chromium.browser, url(17));
  const values = await p.$eval('#l-code .code-values', (e) => e.innerText.replace(/\s+/g, ' '));
  assert.match(values, /cols \{0, 2\} diffs \{-1, 0\} sums \{0, 3\}/);
  await p.close();
  // Row 1's call, about to call row 2: its masks and the bit it picked, whose | and shifts are
  // the masks the text gives row 2.
  const q = await open(live.chromium.browser, url(21));
  const v = await q.$eval('#l-code .code-values', (e) => e.innerText.replace(/\s+/g, ' '));
  assert.match(v, /row 1 cols 000001 left 000010 right 000000 free 111100 bit 000100/);
  assert.ok((await text(q, '#l-text')).includes('cols | bit = 000101, ((left | bit) << 1) & full = 001100 and (right | bit) >> 1 = 000010'));
  // The free squares of row 2 dotted: cols 4 and 5, as free = 110000 says.
  const dotted = await q.$$eval('#l-board rect.free', (r) => r.map((e) => [Number(e.getAttribute('y')), Number(e.getAttribute('x'))]));
  assert.deepEqual(dotted, [[2, 4], [2, 5]]);
  // Its link opens that point in Watch, on the bit masks' own steps.
  const href = await q.$eval('#l-open', (a) => a.href);
  await q.goto(href);
  await q.waitForSelector('body[data-ready="true"]');
  assert.equal(await q.$eval('#w-board', (b) => b.dataset.queens), '0,2');
  assert.equal(await q.$eval('#w-code', (c) => c.dataset.tag), 'place');
  noProblems(q);
  await q.close();
});

test('each question takes its right answer, and a wrong one is marked on the board or on its choice', async () => {
  const { steps: all } = steps();
  for (const [i, s] of all.entries()) {
    const k = FIRST + i;
    const p = await open(live.chromium.browser, url(k));
    await give(p, s.wrong);
    let f = await feedback(p);
    assert.equal(f.right, 'false', `step ${k}: ${f.text}`);
    assert.ok(f.text.startsWith('Not ') && f.text.includes(s.why), `step ${k}: ${f.text}`);
    if (Array.isArray(s.wrong)) {
      const marks = await p.$$eval('#l-board rect.guess', (r) => r.map((e) => [Math.round(Number(e.getAttribute('y')) - 0.06), Math.round(Number(e.getAttribute('x')) - 0.06)]));
      assert.deepEqual(marks, [s.wrong], `step ${k}: the wrong square outlined`);
    } else {
      assert.equal(await p.$eval(`#l-choices button[data-key="${s.wrong.choice}"]`, (b) => b.dataset.wrong), 'true', `step ${k}: the wrong choice marked`);
    }
    // Before the right answer, no image shows.
    const ghosts = () => p.$$eval('#l-board use[href="#nq-ghost"]', (u) => u.map((e) => [Math.round(Number(e.getAttribute('y')) - 0.1), Math.round(Number(e.getAttribute('x')) - 0.1)]));
    assert.deepEqual(await ghosts(), [], `step ${k}`);
    await give(p, s.right);
    f = await feedback(p);
    assert.equal(f.right, 'true', `step ${k}: ${f.text}`);
    assert.ok(f.text.startsWith('Right'), f.text);
    assert.equal(await p.$$eval('#l-board rect.guess', (r) => r.length), 0, `step ${k}: the right answer clears the mark`);
    if (s.reveal) assert.deepEqual(await ghosts(), s.reveal.map((c, r) => [r, c]), `step ${k}: the image, hollow`);
    if (s.also) {
      await p.goto(url(k));
      await p.waitForSelector('body[data-ready="true"]');
      await give(p, s.also);
      assert.equal((await feedback(p)).right, 'true', `step ${k}: ${s.also} answers it too`);
    }
    noProblems(p);
    await p.close();
  }
});

test('the chapter list reaches each chapter’s first step, and the link keeps it', async () => {
  const p = await open(live.chromium.browser, url(1));
  const links = await p.$$eval('#l-chapters a', (a) => a.map((e) => [e.textContent, Number(e.dataset.step), new URL(e.href).search]));
  assert.deepEqual(links.map(([name, k]) => [name, k]), [['Backtracking', 1], ['Counting', 13], ['Sets', 17], ['Bit masks', 21], ['Symmetry', 25], ['Read next', 30]]);
  for (const [i, [, k, search]] of links.entries()) {
    assert.equal(search, `?view=lesson&lesson=${k}`);
    await p.click(`#l-chapters li:nth-child(${i + 1}) a`);
    assert.equal(await p.$eval('#view-lesson', (v) => v.dataset.lesson), String(k));
    assert.match(p.url(), new RegExp(`lesson=${k}(&|$)`));
    assert.match(await text(p, '#l-chapter'), new RegExp(`^Chapter ${i + 1}: `));
    assert.equal(await p.$eval('#l-chapters [aria-current="step"]', (a) => a.dataset.step), String(k));
  }
  // The last step: no board, the links onward, and no step after it.
  assert.equal(await p.$eval('#l-board-box', (b) => b.hidden), true);
  const onward = await p.$$eval('#l-links a', (a) => a.map((e) => new URL(e.href).search));
  assert.deepEqual(onward, ['?n=8', '?n=6&view=methods', '?n=6&view=tree', '?n=8&view=solutions', '?n=8&view=puzzle']);
  assert.ok((await text(p, '#l-ask')).includes('Q(16) = 14,772,512'));
  assert.equal(await p.$eval('#l-next', (b) => b.disabled), true);
  // The end of a chapter says which comes next.
  await p.goto(url(16));
  await p.waitForSelector('body[data-ready="true"]');
  await give(p, { choice: 'pruned' });
  assert.match((await feedback(p)).text, /That ends chapter 2: Next \(N\) opens chapter 3, The sets method\./);
  noProblems(p);
  await p.close();
  // A step past the last is named, and the course opens at its start.
  const q = await open(live.chromium.browser, url(TOTAL + 1));
  assert.match(await text(q, '#link-notes'), new RegExp(`lesson=${TOTAL + 1} is not a whole number from 1 to ${TOTAL}`));
  await q.close();
});

test('axe-core finds no violation on any step of chapters 2 to 6, a wrong answer shown', async () => {
  const { steps: all } = steps();
  for (let k = FIRST; k <= TOTAL; k++) {
    const p = await open(live.chromium.browser, url(k), 1280, 1000);
    const s = all[k - FIRST];
    if (s) await give(p, s.wrong);
    if (!(await p.evaluate(() => typeof window.axe === 'object'))) await p.addScriptTag({ content: AXE });
    const found = await p.evaluate(async () => (await window.axe.run(document)).violations);
    const said = found.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    assert.deepEqual(said, [], `lesson step ${k}:\n${said.join('\n')}`);
    if ([15, 21, 25].includes(k)) await p.screenshot({ path: path.join(SHOTS, `course-${k}.png`), fullPage: true });
    await p.close();
  }
});

test('the answer stands under the board, on the screen, on a phone and a desktop, for a choice and on 6×6 and 8×8', async () => {
  const { steps: all } = steps();
  for (const [width, height] of [[390, 844], [1280, 1000]]) {
    for (const k of [16, 21, 27]) {
      const s = all[k - FIRST];
      const p = await open(live.chromium.browser, url(k), width, height);
      await p.evaluate(() => {
        document.getElementById('intro').open = false;
      });
      await give(p, s.wrong);
      const seen = await p.evaluate(() => {
        const f = document.getElementById('l-feedback').getBoundingClientRect();
        const b = document.getElementById('l-board').getBoundingClientRect();
        return { top: f.top, bottom: f.bottom, board: { left: b.left, right: b.right, bottom: b.bottom }, height: innerHeight, width: document.documentElement.clientWidth };
      });
      const what = `step ${k} at ${width}×${height}`;
      assert.ok(seen.top >= 0 && seen.bottom <= seen.height + 1, `${what}: the answer spans ${seen.top} to ${seen.bottom} px of ${seen.height}`);
      assert.ok(seen.top >= seen.board.bottom - 1 && seen.top - seen.board.bottom <= 24, `${what}: ${seen.top - seen.board.bottom} px under the board`);
      assert.ok(seen.board.left >= 0 && seen.board.right <= seen.width, `${what}: the board spans ${seen.board.left} to ${seen.board.right} px of ${seen.width}`);
      if (k === 21) await p.screenshot({ path: path.join(SHOTS, `course-answer-${width}.png`) });
      noProblems(p);
      await p.close();
    }
  }
});
