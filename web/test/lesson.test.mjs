// The lesson's first chapter, placing queens and backtracking (?view=lesson, steps 1 to 12 of the
// course; course.test.mjs checks the chapters after it), in a real browser (headless Chromium):
// every step opens by its link (lesson=K) and shows what it promises, the board's queens and the text, the board taken
// from the search at the step `nqueens trace --json 4` reaches there; each try-it question
// takes the right answer and refuses a wrong one with an explanation, by a click on the board,
// the arrow keys and Enter, or B; Previous and Next, and their keys, go from step to step and
// keep the link; the navigation reaches the lesson; and axe-core finds no violation on any step.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { open } from './browser.mjs';
import { useBrowser, traceSteps, noProblems } from './session.mjs';

const SHOTS =
  process.env.NQUEENS_WEB_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'nqueens-web-shots-'));
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const live = useBrowser(SHOTS);

// Each step: the search's position (null on a Puzzle board), the queens on the board (the
// column of each row, -1 for none), words its text holds, the right answer and a wrong one
// (a square [row, col], or 'back' for B) and words the refusal holds.
const STEPS = [
  { at: 0, queens: [], title: 'The empty board', says: 'Nothing is placed yet', right: [0, 0], wrong: [0, 1], why: 'row 0 col 0' },
  { at: 1, queens: [0], title: 'The first queen', says: 'row 0 col 0', right: [1, 0], wrong: [1, 2], why: 'row 1 col 0 first' },
  { at: 2, queens: [0], title: 'A conflict', says: 'tries row 1 col 0', right: [0, 0], wrong: [1, 0], why: 'the queen on row 0 col 0' },
  { at: 4, queens: [0, 2], title: 'The second queen', says: 'row 1 col 2', right: 'back', wrong: [2, 1], why: 'the search backtracks' },
  { at: 8, queens: [0, 2], title: 'A dead end', says: 'Every square of row 2 is attacked', right: [1, 2], wrong: [0, 0], why: 'row 1 col 2' },
  { at: 9, queens: [0], title: 'The step back', says: 'takes the queen off row 1 col 2', right: [1, 3], wrong: [1, 2], why: 'row 1 col 3' },
  { at: 10, queens: [0, 3], title: 'The next column', says: 'row 1 col 3', right: [2, 1], wrong: 'back', why: 'row 2 col 1' },
  { at: 22, queens: [1], title: 'Back to row 0', says: 'moves on to row 0 col 1', right: [1, 3], wrong: [1, 0], why: 'row 1 col 3' },
  { at: 31, queens: [1, 3, 0, 2], title: 'The first solution', says: 'the first solution, 1 3 0 2', right: 'back', wrong: [3, 3], why: 'backtracks' },
  { at: 32, queens: [1, 3, 0], title: 'And back', says: 'takes back the queen on row 3 col 2', right: 'back', wrong: [3, 3], why: 'backtracks' },
  { at: null, queens: [2, -1, -1, -1], title: 'A Puzzle: a queen given', says: '1 completion', right: [1, 0], wrong: [1, 3], why: 'only row 1 col 0' },
  { at: null, queens: [2, 0, 3, -1], title: 'A Puzzle: a square blocked', says: 'placed queens on row 1 col 0 and row 2 col 3', right: 'back', wrong: [1, 0], why: 'backtracks' },
];

// The steps of the whole course, all chapters.
const TOTAL = 30;

const url = (k) => `${live.server.url}?view=lesson&lesson=${k}`;
const text = (p, sel) => p.$eval(sel, (e) => e.textContent);

// Clicks the middle of square [row, col] of the lesson's board, or presses B.
async function give(p, answer) {
  if (answer === 'back') {
    await p.click('#l-back');
    return;
  }
  const box = await p.$eval('#l-board', (b) => {
    b.scrollIntoView({ block: 'center' });
    const r = b.getBoundingClientRect();
    return { x: r.left, y: r.top, w: r.width, n: Number(b.dataset.n) };
  });
  const unit = box.w / (box.n + 0.1);
  await p.mouse.click(box.x + (answer[1] + 0.55) * unit, box.y + (answer[0] + 0.55) * unit);
}

async function feedback(p) {
  return p.$eval('#l-feedback', (e) => ({ right: e.dataset.right, text: e.textContent }));
}

test('every step opens by its link and shows the board of the search at its point, and its text', async () => {
  const trace = traceSteps(4);
  assert.ok(STEPS.length >= 8 && STEPS.length <= 12);
  for (const [i, s] of STEPS.entries()) {
    const p = await open(live.chromium.browser, url(i + 1));
    assert.equal(await text(p, '#l-count'), `Step ${i + 1} of ${TOTAL} (chapter 1: ${i + 1} of ${STEPS.length})`);
    assert.equal(await text(p, '#l-chapter'), 'Chapter 1: Placing queens and backtracking');
    assert.equal(await text(p, '#l-title'), s.title);
    assert.ok((await text(p, '#l-text')).includes(s.says), `step ${i + 1}: ${await text(p, '#l-text')}`);
    assert.equal(await p.$eval('#l-board', (b) => b.dataset.queens), s.queens.join(','), `step ${i + 1}`);
    assert.match(p.url(), new RegExp(`lesson=${i + 1}(&|$)`));
    if (s.at !== null) {
      // The queens after `at` steps of the command line's trace are the board's.
      const cols = [];
      for (const step of trace.slice(0, s.at)) {
        if (step.step === 'place') cols.push(step.col);
        else if (step.step === 'backtrack') cols.pop();
      }
      assert.deepEqual(cols, s.queens, `step ${i + 1} against the trace`);
      assert.equal(await p.$eval('#l-open', (a) => new URL(a.href).search), s.at ? `?n=4&step=${s.at}` : '?n=4');
      assert.equal(await p.$eval('#l-search', (e) => e.hidden), false);
      // The code's lit line and the call stack are those of the search at that point.
      const kind = s.at ? trace[s.at - 1].step : 'start';
      assert.ok(await p.$eval('#l-code', (c) => c.dataset.lit), `step ${i + 1}: a line of the code is lit`);
      // The scan's program, as Watch shows it: its line for each kind of step.
      // Stepping over, a conflict is safe's answer back in solve: the loop's `continue`.
      const line = { start: 'start', place: 'place', conflict: 'reject', backtrack: 'remove', solution: 'solution' }[kind];
      assert.equal(await p.$eval('#l-code', (c) => c.dataset.tag), line, `step ${i + 1}: the lit line`);
      // A call a row, the running one on top; a backtrack keeps the call that returns on top.
      const frames = await p.$$eval('#l-stack .frame', (f) => f.length);
      const row = kind === 'start' || kind === 'solution' ? 0 : trace[s.at - 1].row;
      const depth = { start: 0, solution: 5 }[kind] ?? row + 1 + (kind === 'backtrack' && row + 1 < 4 ? 1 : 0);
      assert.equal(frames, depth, `step ${i + 1}: the call stack`);
    } else {
      assert.equal(await p.$eval('#l-search', (e) => e.hidden), true);
      assert.ok((await p.$eval('#l-open', (a) => a.href)).includes('view=puzzle&board='));
    }
    noProblems(p);
    await p.close();
  }
});

test('each try-it question takes the right answer and refuses a wrong one', async () => {
  for (const [i, s] of STEPS.entries()) {
    const p = await open(live.chromium.browser, url(i + 1));
    await give(p, s.wrong);
    let f = await feedback(p);
    assert.equal(f.right, 'false', `step ${i + 1}: ${f.text}`);
    assert.ok(f.text.startsWith('Not ') && f.text.includes(s.why), `step ${i + 1}: ${f.text}`);
    const ghosts = () => p.$$eval('#l-board use[href="#nq-ghost"]', (u) => u.length);
    // The Puzzle's completion, hollow, shows once the question is answered, not before.
    if (i === 10) assert.equal(await ghosts(), 0);
    await give(p, s.right);
    if (i === 10) assert.equal(await ghosts(), 3);
    f = await feedback(p);
    assert.equal(f.right, 'true', `step ${i + 1}: ${f.text}`);
    assert.ok(f.text.startsWith('Right'), f.text);
    noProblems(p);
    await p.close();
  }
});

test('the keyboard goes from step to step and answers on the board', async () => {
  const p = await open(live.chromium.browser, url(1));
  const at = async () => Number(await p.$eval('#view-lesson', (v) => v.dataset.lesson));
  await p.keyboard.press('n');
  assert.equal(await at(), 2);
  await p.keyboard.press('PageDown');
  assert.equal(await at(), 3);
  await p.keyboard.press('ArrowRight');
  assert.equal(await at(), 4);
  assert.match(p.url(), /lesson=4/);
  // Step 4 asks for a backtrack: B answers it.
  await p.keyboard.press('b');
  assert.equal((await feedback(p)).right, 'true');
  await p.keyboard.press('p');
  assert.equal(await at(), 3);
  await p.keyboard.press('PageUp');
  await p.keyboard.press('ArrowLeft');
  assert.equal(await at(), 1);
  assert.equal(await p.$eval('#l-prev', (b) => b.disabled), true);
  // On the board the arrows move the keyboard's square and Enter answers it: row 0 col 1 is
  // wrong at step 1, row 0 col 0 right.
  await p.$eval('#l-board', (b) => b.focus());
  await p.keyboard.press('ArrowRight');
  await p.keyboard.press('Enter');
  assert.equal((await feedback(p)).right, 'false');
  assert.equal(await at(), 1, 'the arrows on the board move its square, not the lesson');
  await p.keyboard.press('ArrowLeft');
  await p.keyboard.press('Enter');
  assert.equal((await feedback(p)).right, 'true');
  // The Next button, from the keyboard.
  await p.focus('#l-next');
  await p.keyboard.press('Enter');
  assert.equal(await at(), 2);
  // The chapter's last step leads on to the next chapter's first.
  await p.goto(url(STEPS.length));
  await p.waitForSelector('body[data-ready="true"]');
  await p.keyboard.press('n');
  assert.equal(await at(), STEPS.length + 1);
  assert.equal(await p.$eval('#view-lesson', (v) => v.dataset.chapter), '2');
  noProblems(p);
  await p.close();
});

test('the navigation reaches the lesson, and a step it does not have is named', async () => {
  const p = await open(live.chromium.browser, `${live.server.url}?n=6`);
  await p.click('#tab-lesson');
  assert.equal(await p.$eval('#view-lesson', (v) => v.hidden), false);
  assert.match(p.url(), /view=lesson&lesson=1/);
  await p.keyboard.press('1');
  assert.equal(await p.$eval('#view-lesson', (v) => v.hidden), true);
  await p.keyboard.press('6');
  assert.equal(await p.$eval('#view-lesson', (v) => v.hidden), false);
  noProblems(p);
  await p.close();
  const q = await open(live.chromium.browser, `${live.server.url}?view=lesson&lesson=99`);
  assert.match(await text(q, '#link-notes'), new RegExp(`lesson=99 is not a whole number from 1 to ${TOTAL}: the lesson starts at step 1`));
  assert.ok((await text(q, '#l-count')).startsWith(`Step 1 of ${TOTAL} `));
  await q.close();
});

test('axe-core finds no violation on any step of the lesson', async () => {
  for (let k = 1; k <= STEPS.length; k++) {
    const p = await open(live.chromium.browser, url(k), 1280, 1000);
    await give(p, STEPS[k - 1].wrong);
    if (!(await p.evaluate(() => typeof window.axe === 'object'))) await p.addScriptTag({ content: AXE });
    const found = await p.evaluate(async () => (await window.axe.run(document)).violations);
    const said = found.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    assert.deepEqual(said, [], `lesson step ${k}:\n${said.join('\n')}`);
    if (k === 5 || k === 11) await p.screenshot({ path: path.join(SHOTS, `lesson-${k}.png`), fullPage: true });
    await p.close();
  }
});

// Whether a step's question offers B (what the search does next), as its words say.
const offersBack = (ask) => /press B/.test(ask);

test('B is offered only where the question asks what the search does next, and answers nothing else', async () => {
  for (let k = 1; k <= STEPS.length; k++) {
    const p = await open(live.chromium.browser, url(k));
    const ask = await text(p, '#l-ask');
    const hidden = await p.$eval('#l-back', (b) => b.hidden || b.offsetParent === null);
    assert.equal(hidden, !offersBack(ask), `step ${k}: ${ask}`);
    if (!offersBack(ask)) {
      // B on a question that asks for a square: neither right nor wrong, and no "Not a backtrack".
      await p.$eval('#l-board', (b) => b.blur());
      await p.keyboard.press('b');
      const f = await feedback(p);
      assert.equal(f.right, undefined, `step ${k}: ${f.text}`);
      assert.ok(!/backtrack \(B\): the search/.test(f.text) && /asks for a square/.test(f.text), `step ${k}: ${f.text}`);
    }
    noProblems(p);
    await p.close();
  }
  // The empty board offers no backtrack at all.
  const p = await open(live.chromium.browser, url(1));
  assert.equal(await p.$eval('#l-back', (b) => b.hidden), true);
  await p.close();
});

test('where the lesson passes over steps of the search, its text says what they did', async () => {
  const trace = traceSteps(4);
  let checked = 0;
  for (let i = 1; i < STEPS.length; i++) {
    const [from, to] = [STEPS[i - 1].at, STEPS[i].at];
    if (from === null || to === null || to - from <= 1) continue;
    const did = { place: 0, conflict: 0, backtrack: 0, solution: 0 };
    for (const s of trace.slice(from, to)) did[s.step] += 1;
    const n = (k, one) => `${k} ${k === 1 ? one : `${one}s`}`;
    // What happened, what did not left out.
    const parts = [
      [did.place, `${n(did.place, 'queen')} placed`],
      [did.conflict, `${n(did.conflict, 'square')} pruned`],
      [did.backtrack, n(did.backtrack, 'backtrack')],
      [did.solution, n(did.solution, 'solution')],
    ].filter(([k]) => k > 0).map(([, w]) => w);
    const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0];
    const want = `took ${to - from} steps, ${from + 1} to ${to}: ${list}.`;
    const p = await open(live.chromium.browser, url(i + 1));
    const said = await text(p, '#l-text');
    assert.ok(said.includes(want), `step ${i + 1} (search steps ${from} to ${to}): ${said}\nwants: ${want}`);
    await p.close();
    checked += 1;
  }
  // Among them the issue's: steps 7 and 8 of the lesson, search steps 10 and 22.
  assert.ok(checked >= 4 && STEPS[6].at === 10 && STEPS[7].at === 22);
});

test("the header names the lesson's 4×4 board while the lesson shows, and the page's n after", async () => {
  const p = await open(live.chromium.browser, `${live.server.url}?n=8&view=lesson&lesson=3`);
  const header = () => p.$eval('header .summary', (e) => e.innerText);
  assert.match(await header(), /n = 4 · Q\(4\) = 2 solutions · 1 unique/);
  assert.ok(!(await header()).includes('Q(8)'), await header());
  await p.click('#tab-watch');
  assert.match(await header(), /Q\(8\) = 92 solutions/);
  assert.ok(!(await header()).includes('Q(4)'), await header());
  noProblems(p);
  await p.close();
});

test("a wrong square is outlined on the lesson's board, and the right answer clears it", async () => {
  for (const k of [1, 3, 11, 12]) {
    const s = STEPS[k - 1];
    const p = await open(live.chromium.browser, url(k));
    const [row, col] = s.wrong === 'back' ? [3, 3] : s.wrong;
    await give(p, [row, col]);
    const marks = await p.$$eval('#l-board rect.guess', (r) => r.map((e) => [Number(e.getAttribute('y')), Number(e.getAttribute('x'))]));
    assert.deepEqual(marks.map(([y, x]) => [Math.round(y - 0.06), Math.round(x - 0.06)]), [[row, col]], `step ${k}`);
    await give(p, s.right);
    assert.equal(await p.$$eval('#l-board rect.guess', (r) => r.length), 0, `step ${k}`);
    noProblems(p);
    await p.close();
  }
});

test("the blocked Puzzle shows the search's queens, and row 3 attacked or blocked, as its words say", async () => {
  const p = await open(live.chromium.browser, url(12));
  // Every square of row 3 is hatched (attacked) or blocked on the board itself.
  const row3 = await p.$$eval('#l-board rect', (r) =>
    r.filter((e) => Number(e.getAttribute('y')) === 3 && ['att', 'blocked'].includes(e.getAttribute('class'))).map((e) => [e.getAttribute('class'), Number(e.getAttribute('x'))]),
  );
  assert.deepEqual(row3.sort((a, b) => a[1] - b[1]), [['att', 0], ['blocked', 1], ['att', 2], ['att', 3]]);
  // A square of row 3 names the queen on the board that attacks it.
  await give(p, [3, 3]);
  assert.match((await feedback(p)).text, /^Not row 3 col 3: the queen on row 2 col 3 attacks it/);
  noProblems(p);
  await p.close();
});
