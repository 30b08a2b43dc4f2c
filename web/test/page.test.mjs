// The page in a real browser (headless Chromium): the search of `?n=4` reaches exactly the two
// boards LeetCode 51 shows, the counts on the page are OEIS A000170 and A002562, completion
// counts agree with `nqueens count --board`, the library's answers through the JavaScript API
// agree with its own tests, the keyboard drives every view, every view fits 360 px, and no page
// logs an error. A screenshot of each view is saved in NQUEENS_WEB_SHOTS (default: a new
// temporary folder; its path is printed).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, open } from './browser.mjs';
import { useBrowser, CLI, noProblems } from './session.mjs';

const SHOTS =
  process.env.NQUEENS_WEB_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'nqueens-web-shots-'));

// OEIS A000170 and A002562, n = 1..12, written out here rather than read from the library.
const A000170 = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
const A002562 = [1, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341, 1787];

const live = useBrowser(SHOTS);

async function page(query, width, height) {
  return open(live.chromium.browser, live.server.url + query, width, height);
}


const text = (p, sel) => p.$eval(sel, (e) => e.textContent);
const data = (p, sel, key) => p.$eval(sel, (e, k) => e.dataset[k], key);

async function shot(p, name) {
  await p.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

test('?n=4 steps to exactly the two solutions LeetCode 51 shows', async () => {
  const p = await page('?n=4');
  assert.match(await text(p, '#qn'), /Q\(4\) = 2 solutions/);
  assert.equal(await data(p, '#w-board', 'n'), '4');
  const leetcode = [
    ['.Q..', '...Q', 'Q...', '..Q.'],
    ['..Q.', 'Q...', '...Q', '.Q..'],
  ];
  const found = () => p.$$eval('#w-found li .rows', (li) => li.map((e) => JSON.parse(e.textContent)));
  await p.click('#w-solution');
  assert.deepEqual(await found(), leetcode.slice(0, 1));
  assert.equal(await data(p, '#w-board', 'queens'), '1,3,0,2');
  assert.equal(await text(p, '#w-text'), 'solution 1: 1 3 0 2');
  await p.click('#w-solution');
  assert.deepEqual(await found(), leetcode);
  assert.equal(await data(p, '#w-board', 'queens'), '2,0,3,1');
  await p.click('#w-solution'); // no third: the search runs to its end
  assert.deepEqual(await found(), leetcode);
  assert.match(await text(p, '#w-status'), /step 78 of 78 · 2 solutions found · the end/);

  // One step at a time, from the start, the same way; and back again.
  await p.click('#w-reset');
  await p.click('#w-step');
  assert.equal(await text(p, '#w-text'), 'place row 0 col 0');
  await p.click('#w-step');
  assert.equal(await text(p, '#w-text'), 'conflict row 1 col 0: attacked by row 0 col 0 (column)');
  // A conflict marks the square tried and the queen that attacks it.
  assert.equal(await p.$$eval('#w-board rect.tried', (r) => r.length), 1);
  assert.equal(await p.$$eval('#w-board rect.by', (r) => r.length), 1);
  for (let i = 0; i < 76; i++) await p.click('#w-step');
  assert.deepEqual(await found(), leetcode);
  for (let i = 0; i < 78; i++) await p.click('#w-back');
  assert.match(await text(p, '#w-status'), /^step 0 /);
  assert.deepEqual(await found(), []);
  noProblems(p);
  await p.close();
});

test('?n=8 opens the 8×8 board and shows Q(8) = 92', async () => {
  const p = await page('?n=8');
  assert.match(await text(p, '#qn'), /Q\(8\) = 92 solutions · 12 unique/);
  assert.equal(await data(p, '#w-board', 'n'), '8');
  assert.equal(await p.$eval('#n', (s) => s.value), '8');
  for (let i = 0; i < 120; i++) await p.click('#w-step');
  await shot(p, 'watch');
  noProblems(p);
  await p.close();
});

test('the counts on the page for n = 1..12 are A000170 and A002562', async () => {
  const p = await page('?n=1&view=solutions');
  for (let n = 1; n <= 12; n++) {
    // The header, counted on the page's own thread when n changes.
    await p.select('#n', String(n));
    assert.equal(await data(p, '#qn', 'total'), String(A000170[n - 1]), `header, n = ${n}`);
    assert.equal(await data(p, '#qn', 'unique'), String(A002562[n - 1]), `header, n = ${n}`);
    // The Web Worker.
    await p.$eval('#c-n', (e, v) => (e.value = v), String(n));
    await p.click('#c-go');
    await p.waitForSelector('#c-result[data-state="done"]');
    const b = await p.$('#c-result b');
    assert.equal(await b.evaluate((e) => e.dataset.total), String(A000170[n - 1]), `worker, n = ${n}`);
    assert.equal(await b.evaluate((e) => e.dataset.unique), String(A002562[n - 1]), `worker, n = ${n}`);
  }
  noProblems(p);
  await p.close();
});

test('a count runs in a worker: progress, a responsive page, and cancel', async () => {
  const p = await page('?n=8&view=solutions');
  await p.$eval('#c-n', (e) => (e.value = '17'));
  await p.click('#c-go');
  await p.waitForFunction(() => document.querySelector('#c-progress').value > 0, { timeout: 60000 });
  // The page answers while the worker counts: the step is taken before the count ends.
  await p.click('#tab-watch');
  await p.click('#w-step');
  assert.equal(await text(p, '#w-text'), 'place row 0 col 0');
  assert.equal(await data(p, '#c-result', 'state'), 'running', 'the step waited for the count');
  await p.click('#tab-solutions');
  await shot(p, 'count-running');
  await p.click('#c-cancel');
  assert.equal(await data(p, '#c-result', 'state'), 'cancelled');
  // A new count after a cancelled one.
  await p.$eval('#c-n', (e) => (e.value = '13'));
  await p.click('#c-go');
  await p.waitForSelector('#c-result[data-state="done"]', { timeout: 60000 });
  assert.equal(await p.$eval('#c-result b', (e) => e.dataset.total), '73712');
  noProblems(p);
  await p.close();
});

// Boards for `nqueens count --board`: rows of Q, . and x.
const BOARDS = [
  ['.Q....', '......', '...x..', '......', 'x.....', '......'],
  ['Q.......', '........', '........', '........', '........', '........', '........', '........'],
  ['x.......', '........', '..x.....', '........', '.....Q..', '........', '........', '.......x'],
  ['..........', '...Q......', '..........', 'x.........', '..........', '.....x....', '..........', '........Q.', '..........', '.x........'],
  ['Q.....', '.Q....', '......', '......', '......', '......'],
];

function cliCount(rows) {
  if (!fs.existsSync(CLI)) {
    throw new Error(`${CLI} is missing: build it with cargo build --release -p nqueens-cli`);
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'nqueens-board-')), 'board.txt');
  fs.writeFileSync(file, rows.join('\n') + '\n');
  try {
    return execFileSync(CLI, ['count', '--board', file], { encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch (e) {
    return `error: ${e.stderr}`;
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

test('completion counts match nqueens count --board', async () => {
  for (const rows of BOARDS.slice(0, 4)) {
    const p = await page(`?view=puzzle&n=${rows.length}&board=${rows.join('/')}`);
    const want = cliCount(rows);
    assert.match(want, /^\d+$/);
    assert.equal(await text(p, '#p-count'), Number(want).toLocaleString('en'), rows.join('/'));
    assert.equal(await text(p, '#p-text'), rows.join('\n') + '\n');
    noProblems(p);
    await p.close();
  }
  // Two queens that attack each other: the library refuses the second, as the CLI refuses the board.
  assert.match(cliCount(BOARDS[4]), /^error: .*attack each other/);
});

test('a large board in a link is counted in the background, with progress and a stop', async () => {
  const empty = (k) => Array(k).fill('.'.repeat(k)).join('/');
  // The first two solutions of 14, from the command line, 0-based as the board's data are.
  const first = execFileSync(CLI, ['list', '14', '--format', 'perm', '--limit', '2'], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((l) => l.split(' ').map((c) => Number(c) - 1).join(','));
  // An empty 14×14 board has more rows to fill than are counted at once: a worker counts it.
  let p = await page(`?view=puzzle&n=8&board=${empty(14)}`);
  assert.equal(await data(p, '#p-board', 'n'), '14');
  await p.waitForFunction(() => document.querySelector('#p-status').dataset.state === 'done', {
    timeout: 120000,
  });
  assert.equal(await text(p, '#p-count'), '365,596');
  assert.match(await text(p, '#p-status'), /^counted in \d+\.\d s$/);
  assert.equal(await data(p, '#p-board', 'completion'), first[0]);
  assert.equal(await text(p, '#p-which'), 'completion 1 of 365,596');
  // Steps go to the worker too, and stop at the ends rather than wrap.
  assert.equal(await p.$eval('#p-prev', (b) => b.disabled), true);
  await p.click('#p-next');
  await p.waitForFunction(() => document.querySelector('#p-which').textContent === 'completion 2 of 365,596');
  assert.equal(await data(p, '#p-board', 'completion'), first[1]);
  noProblems(p);
  await p.close();
  // An empty 64×64 board would take ages: the page stays responsive, shows the count running,
  // and stops it.
  p = await page(`?view=puzzle&n=8&board=${empty(64)}`);
  assert.equal(await data(p, '#p-status', 'state'), 'running');
  assert.equal(await text(p, '#p-count'), '…');
  assert.equal(await p.$eval('#p-progress', (e) => e.hidden), false);
  assert.equal(await p.evaluate(() => document.querySelector('#p-board').dataset.n), '64');
  assert.equal(await data(p, '#p-status', 'state'), 'running', 'the page waited for the count');
  await p.click('#p-stop');
  assert.equal(await data(p, '#p-status', 'state'), 'stopped');
  assert.equal(await text(p, '#p-which'), '—');
  assert.equal(await p.$eval('#p-next', (b) => b.disabled), true);
  // Clearing the board starts its count over.
  await p.click('#p-clear');
  assert.equal(await data(p, '#p-status', 'state'), 'running');
  await p.click('#p-stop');
  noProblems(p);
  await p.close();
});

test('a puzzle built by clicks and keys, and its completions', async () => {
  const p = await page('?view=puzzle&n=6');
  const board = await p.$('#p-board');
  const click = async (row, col) => {
    const box = await board.boundingBox();
    const unit = box.width / 6.1;
    await p.mouse.click(box.x + (col + 0.55) * unit, box.y + (row + 0.55) * unit);
  };
  assert.equal(await text(p, '#p-count'), '4');
  await click(0, 1);
  await p.click('input[name="p-mode"][value="block"]');
  await click(2, 3);
  await click(4, 0);
  assert.equal(await text(p, '#p-text'), BOARDS[0].join('\n') + '\n');
  assert.equal(await text(p, '#p-count'), cliCount(BOARDS[0]));
  assert.equal(await data(p, '#p-board', 'completion'), '1,3,5,0,2,4');
  assert.match(new URL(p.url()).search, /board=\.Q\.\.\.\.%2F/);
  // A queen the given one attacks is refused with the library's message.
  await p.click('input[name="p-mode"][value="queen"]');
  await click(1, 1);
  assert.match(await text(p, '#p-error'), /attack each other in the same column/);
  assert.equal(await text(p, '#p-count'), '1');
  assert.equal(await text(p, '#p-count-word'), 'completion');
  // Keys: clear the board, then Q on the cursor (the top-left corner), ] to the next completion.
  await p.click('#p-clear');
  await board.evaluate((e) => e.focus());
  await p.keyboard.press('q');
  assert.equal(await data(p, '#p-board', 'given'), '0,-1,-1,-1,-1,-1');
  assert.equal(await text(p, '#p-count'), '0');
  assert.equal(await text(p, '#p-count-word'), 'completions');
  await p.keyboard.press('q'); // takes it back
  await p.keyboard.press('ArrowRight');
  await p.keyboard.press('q');
  assert.equal(await text(p, '#p-count'), '1');
  await p.click('#p-clear');
  await p.keyboard.press(']');
  assert.equal(await text(p, '#p-which'), 'completion 2 of 4');
  await board.evaluate((e) => e.focus());
  await p.keyboard.press('ArrowDown');
  await p.keyboard.press('x');
  await shot(p, 'puzzle');
  noProblems(p);
  await p.close();
});

test('the library through the JavaScript API agrees with its own tests', async () => {
  const p = await page('?n=4');
  const r = await p.evaluate(async () => {
    const m = await import('./pkg/nqueens_web.js');
    await m.default();
    const out = { counts: {}, errors: {} };
    const limits = { naive: 10, sets: 10, bitmask: 12, symmetry: 12, halves: 12 };
    for (const [method, max] of Object.entries(limits)) {
      out.counts[method] = [];
      for (let n = 1; n <= max; n++) {
        try {
          const c = m.count(n, false, method, undefined);
          out.counts[method].push(Number(c.total));
          c.free();
        } catch (e) {
          out.counts[method].push(`n = ${n}: ${e.message}`);
        }
      }
    }
    const u = m.count(12, true, 'symmetry', undefined);
    out.unique12 = u.unique;
    u.free();
    const q14 = m.count(14, false, '', undefined);
    out.q14 = [q14.total, q14.method];
    q14.free();
    for (const [name, call] of [
      ['n65', () => m.count(65, false, '', undefined)],
      ['bitmaskUnique', () => m.count(8, true, 'bitmask', undefined)],
      ['magic', () => m.count(8, false, 'magic', undefined)],
      ['trace13', () => new m.Watch(13)],
      ['board', () => m.count_board('Q..\n.Q.\n...\n')],
    ]) {
      try {
        call();
        out.errors[name] = 'no error';
      } catch (e) {
        out.errors[name] = e.message;
      }
    }
    // The trace: 78 steps for n = 4, 17,868 for n = 8 (README), two solutions.
    const w = new m.Watch(4);
    const steps = w.forward(1000, -1).length / 7;
    out.trace4 = [steps, w.found(), w.recent(2)];
    w.free();
    const w8 = new m.Watch(8);
    w8.forward(100000, -1);
    out.trace8 = [w8.position(), w8.found()];
    w8.free();
    // The three methods' work on 4×4, as the library's test counts it.
    const c = new m.Methods(4);
    while (c.round());
    out.work4 = [c.work(0), c.work(1), c.work(2), c.found(0)];
    c.free();
    out.board = m.count_board('.Q....\n......\n...x..\n......\nx.....\n......\n');
    out.leetcode4 = m.leetcode(4);
    out.known8 = m.known(8);
    return out;
  });
  for (const [method, counts] of Object.entries(r.counts)) {
    assert.deepEqual(counts, A000170.slice(0, counts.length), method);
  }
  assert.equal(r.unique12, '1787');
  assert.deepEqual(r.q14, ['365596', 'halves']);
  assert.match(r.errors.n65, /\b1\b.*\b64\b/);
  assert.equal(r.errors.bitmaskUnique, 'method bitmask cannot count unique solutions; method symmetry can');
  assert.match(r.errors.magic, /magic/);
  assert.match(r.errors.trace13, /13/);
  assert.match(r.errors.board, /attack each other along a diagonal/);
  assert.deepEqual(r.trace4, [
    78,
    2,
    ['  conflict row 1 col 3: attacked by row 0 col 3 (column)', 'backtrack row 0 col 3'],
  ]);
  assert.deepEqual(r.trace8, [17868, 92]);
  assert.deepEqual(r.work4, [153, 115, 31, 2]);
  assert.equal(r.board, '1');
  assert.equal(r.leetcode4, '[[".Q..","...Q","Q...","..Q."],["..Q.","Q...","...Q",".Q.."]]');
  assert.deepEqual(r.known8, ['92', '12']);
  noProblems(p);
  await p.close();
});

test('the keyboard drives every view', async () => {
  const p = await page('?n=5');
  await p.keyboard.press('ArrowRight');
  await p.keyboard.press('ArrowRight');
  assert.match(await text(p, '#w-status'), /^step 2 /);
  await p.keyboard.press('ArrowLeft');
  assert.match(await text(p, '#w-status'), /^step 1 /);
  await p.keyboard.press('s');
  assert.equal(await text(p, '#w-text'), 'solution 1: 0 2 4 1 3');
  await p.keyboard.press('b');
  assert.match(await text(p, '#w-text'), /^backtrack/);
  await p.keyboard.press('+');
  assert.equal(await p.$eval('#w-speed', (e) => e.value), '4');
  await p.keyboard.press(' ');
  assert.equal(await text(p, '#w-play'), '▮▮ Pause');
  await p.keyboard.press(' ');
  assert.equal(await text(p, '#w-play'), '▶ Play');
  await p.keyboard.press('Home');
  assert.match(await text(p, '#w-status'), /^step 0 /);

  await p.keyboard.press('3');
  assert.equal(await p.$eval('#view-tree', (e) => e.hidden), false);
  for (let i = 0; i < 3; i++) await p.keyboard.press('s');
  assert.match(await text(p, '#t-status'), /3 solutions/);

  await p.keyboard.press('2');
  assert.equal(await p.$eval('#view-methods', (e) => e.hidden), false);
  await p.keyboard.press('ArrowRight');
  await p.keyboard.press('n');
  assert.equal(await p.$eval('#lane-2', (e) => e.classList.contains('waiting')), true);

  await p.keyboard.press('4');
  assert.equal(await p.$eval('#view-solutions', (e) => e.hidden), false);
  await p.keyboard.press('5');
  assert.equal(await p.$eval('#view-puzzle', (e) => e.hidden), false);
  await p.keyboard.press('x');
  assert.equal(await p.$eval('input[name="p-mode"]:checked', (e) => e.value), 'block');
  noProblems(p);
  await p.close();
});

test('every view: a screenshot, and readable at 360 px wide', async () => {
  const views = {
    watch: async (p) => {
      for (let i = 0; i < 3; i++) await p.click('#w-solution');
      for (let i = 0; i < 25; i++) await p.click('#w-step');
    },
    methods: async (p) => {
      for (let i = 0; i < 6; i++) await p.click('#m-round');
      for (let i = 0; i < 4; i++) await p.click('#m-tick');
    },
    tree: async (p) => {
      await p.click('#w-solution');
      await p.click('#w-solution');
    },
    solutions: async () => {},
    puzzle: async (p) => {
      const box = await (await p.$('#p-board')).boundingBox();
      const unit = box.width / 6.1;
      await p.mouse.click(box.x + 1.5 * unit, box.y + 0.5 * unit);
    },
    lesson: async (p) => {
      // The dead end, with its code and call stack, and a wrong square explained and outlined.
      for (let i = 0; i < 4; i++) await p.click('#l-next');
      const box = await p.$eval('#l-board', (b) => {
        b.scrollIntoView({ block: 'center' });
        const r = b.getBoundingClientRect();
        return { x: r.left, y: r.top, unit: r.width / 4.1 };
      });
      await p.mouse.click(box.x + 0.55 * box.unit, box.y + 0.55 * box.unit);
    },
  };
  for (const [width, height, n, tag] of [
    [1100, 800, 6, 'wide'],
    [360, 740, 8, 'narrow'],
  ]) {
    for (const [view, act] of Object.entries(views)) {
      const p = await page(`?n=${n}&view=${view}`, width, height);
      await act(p);
      await shot(p, `${view}-${tag}`);
      const overflow = await p.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(overflow <= width, `${view} is ${overflow} px wide at ${width} px`);
      noProblems(p);
      await p.close();
    }
  }
  // The picture README.md shows (web/screenshot.png is a copy of it), opened from its link.
  const p = await page(`?n=6&view=methods&step=${README_STEP}`, 960, 800);
  await p.screenshot({ path: path.join(SHOTS, 'readme.png') });
  noProblems(p);
  await p.close();
});

// The Methods picture of README.md: 9 events and 3 operations on 6×6, which its link names.
const README_STEP = 133;

// What the Methods view shows: each method's work, operations of the round and state.
const methodsState = (p) =>
  p.$$eval('#view-methods .lane', (lanes) =>
    lanes.map((l) => [l.dataset.work, l.querySelector('.ops').textContent, l.querySelector('svg').innerHTML]),
  );

test('step=K opens Watch, Tree and Methods at step K', async () => {
  // Methods: the operations of the README picture, clicked, then opened from the link.
  const clicked = await page('?n=6&view=methods');
  for (let i = 0; i < 9; i++) await clicked.click('#m-round');
  for (let i = 0; i < 3; i++) await clicked.click('#m-tick');
  const k = Number(await data(clicked, '#view-methods', 'step'));
  assert.equal(k, README_STEP);
  const linked = await page(`?n=6&view=methods&step=${k}`);
  assert.equal(await data(linked, '#view-methods', 'step'), String(k));
  assert.deepEqual(await methodsState(linked), await methodsState(clicked));
  assert.notEqual(await data(linked, '#lane-0', 'work'), '0');
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  assert.ok(readme.includes(`?n=6&view=methods&step=${k}`), 'README links its Methods picture');
  for (const p of [clicked, linked]) {
    noProblems(p);
    await p.close();
  }
  // Watch and Tree: the search after K steps, the same as K clicks.
  for (const view of ['watch', 'tree']) {
    const p = await page(`?n=6&view=${view}&step=40`);
    assert.match(await text(p, '#w-status'), /^step 40 /);
    const q = await page(`?n=6&view=${view}`);
    for (let i = 0; i < 40; i++) await q.click('#w-step');
    assert.equal(await text(p, '#w-text'), await text(q, '#w-text'));
    assert.equal(await data(p, '#w-board', 'queens'), await data(q, '#w-board', 'queens'));
    for (const r of [p, q]) {
      noProblems(r);
      await r.close();
    }
  }
});

// True when the last entry of each list matching `sel` lies inside the list's visible box.
const lastShown = (p, sel) =>
  p.$$eval(sel, (lists) =>
    lists.map((list) => {
      const last = list.lastElementChild;
      if (!last) return 'empty';
      const box = list.getBoundingClientRect();
      const line = last.getBoundingClientRect();
      return line.top >= box.top - 0.5 && line.bottom <= box.bottom + 0.5;
    }),
  );

test('the latest line of every log shows when a link opens at a step', async () => {
  // The Watch log and the solutions found, opened at a step past several solutions.
  let p = await page('?n=7&step=3000');
  assert.ok(Number(await p.$$eval('#w-found li', (li) => li.length)) > 12);
  assert.deepEqual(await lastShown(p, '#w-log, #w-found'), [true, true]);
  noProblems(p);
  await p.close();
  // Each method's operations.
  p = await page('?n=8&view=methods&step=300');
  assert.deepEqual(await lastShown(p, '#view-methods .ops'), [true, true, true]);
  noProblems(p);
  await p.close();
  // A log filled while its view was hidden: the search moved in Tree, then Watch shown.
  p = await page('?n=7&view=tree&step=3000');
  await p.keyboard.press('1');
  assert.deepEqual(await lastShown(p, '#w-log, #w-found'), [true, true]);
  noProblems(p);
  await p.close();
});

test('method= names the methods as the library does, and the page\'s older names still open', async () => {
  for (const [query, method] of [['?method=bitmask', 'bitmask'], ['?method=bits', 'bitmask'], ['?method=scan', 'naive'], ['?method=sets', 'sets']]) {
    const p = await page(query);
    assert.equal(await p.$eval('#w-code', (e) => e.dataset.method), method, query);
    assert.equal(await p.$eval('#link-notes', (e) => e.hidden), true, query);
    // The link is written again with the library's name.
    assert.equal(new URL(p.url()).searchParams.get('method'), method === 'naive' ? null : method, query);
    noProblems(p);
    await p.close();
  }
});

test('a link the page cannot follow says what was wrong and what it shows instead', async () => {
  const cases = [
    ['?n=13', 'n=13 is not a whole number from 1 to 12: showing n = 8'],
    ['?n=abc&view=methods', 'n=abc is not a whole number from 1 to 12: showing n = 8'],
    ['?view=map', 'view=map is not one of watch, methods, tree, solutions, puzzle, lesson: showing watch'],
    ['?n=5&step=-3', 'step=-3 is not a whole number from 0 to 16777216: starting from the beginning'],
    ['?n=4&step=1000', 'step=1000 is past the end of the search on 4×4 (78 steps): showing its end'],
    ['?n=4&view=methods&step=100000', 'step=100000 is past the end of the methods on 4×4 ('],
    ['?n=6&view=puzzle&step=5', 'step=5 is for the watch, methods and tree views, not puzzle: not used'],
    ['?n=8&view=solutions&count=99', 'count=99 is not a whole number from 1 to 17: nothing is counted'],
    ['?speed=fast', 'speed=fast is not a whole number from 0 to 9: speed 3'],
    ['?nn=5', 'nn is not a link parameter (n, view, step, board, count, speed, code, lesson, mode, method): ignored'],
    ['?mode=deep', 'mode=deep is not one of coarse, fine, line: stepping over'],
    ['?method=dfs', 'method=dfs is not one of naive, sets, bitmask: showing the scan'],
    ['?n=8&view=puzzle&board=Q..', 'board=Q.. was not read ('],
    ['?n=8&view=puzzle&board=Q..', ': the puzzle is the empty 8×8 board'],
    ['?n=8&view=puzzle&board=.Q../..../..../....', 'board=.Q../..../..../.... has 4 rows but n = 8'],
  ];
  for (const [query, said] of cases) {
    const p = await page(query);
    assert.equal(await p.$eval('#link-notes', (e) => e.hidden), false, query);
    assert.ok((await text(p, '#link-notes')).includes(said), `${query}: ${await text(p, '#link-notes')}`);
    noProblems(p);
    await p.close();
  }
  // What was used instead is what the page shows.
  let p = await page('?n=13&step=x');
  assert.equal(await p.$eval('#n', (s) => s.value), '8');
  assert.match(await text(p, '#w-status'), /^step 0 /);
  assert.equal((await text(p, '#link-notes')).split('\n').length, 2);
  await p.close();
  // A link the page follows says nothing.
  p = await page('?n=6&view=puzzle&board=.Q..../....../....../....../....../......&step=0');
  assert.equal(await p.$eval('#link-notes', (e) => e.hidden), true);
  assert.equal(await text(p, '#link-notes'), '');
  noProblems(p);
  await p.close();
});

test('a link of any length gives notes of a few lines, a large board named by its size', async () => {
  const rows = (count, width) => Array(count).fill('.'.repeat(width)).join('/');
  const unknown = Array.from({ length: 500 }, (_, i) => `x${i}=1`).join('&');
  const cases = [
    // A hundred thousand squares: one row, a thousand rows of a hundred, rows of every length.
    [`?view=puzzle&board=${'Q'.repeat(100000)}`, ['board=QQQQQQQQQQQQQQQQQQQQ… (1 row of 100,000 squares)']],
    [`?view=puzzle&board=${rows(1000, 99)}`, ['1,000 rows of 99 squares', 'the board has 1000 rows']],
    [`?view=puzzle&board=${Array.from({ length: 400 }, (_, i) => '.'.repeat(i + 1)).join('/')}`, ['400 rows of up to 400 squares']],
    [`?view=puzzle&board=${rows(65, 65)}`, ['a 65×65 board', 'the board has 65 rows']],
    [`?view=puzzle&n=4&board=${rows(10, 10)}`, ['a 10×10 board', 'has 10 rows but n = 4']],
    [`?n=${'9'.repeat(5000)}`, ['n=99999999999999999999… (5,000 characters) is not a whole number']],
    [`?view=${'m'.repeat(100000)}`, ['view=mmmmmmmmmmmmmmmmmmmm… (100,000 characters) is not one of']],
    [`?code=${'é'.repeat(3000)}&speed=a%0Ab`, ['(3,000 characters)', 'speed=a\ufffdb is not']],
    [`?${'k'.repeat(50000)}=1&${unknown}`, ['(50,000 characters) is not a link parameter', '498 more names are not']],
  ];
  for (const [query, said] of cases) {
    const p = await page(query);
    const notes = await text(p, '#link-notes');
    const shown = `${query.slice(0, 60)}…: ${notes.slice(0, 2000)}`;
    for (const words of said) assert.ok(notes.includes(words), shown);
    const lines = notes.split('\n');
    assert.ok(lines.length <= 5, shown);
    for (const line of lines) assert.ok(line.length <= 300, `${line.length} characters: ${shown}`);
    assert.ok((await text(p, '#p-error')).length <= 300, shown);
    noProblems(p);
    await p.close();
  }
});

test('README and the guide serve the page on the loopback interface and pin wasm-bindgen-cli', () => {
  for (const file of ['README.md', 'docs/web-page.md', 'web/build.sh']) {
    const lines = fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n');
    const serves = lines.filter((l) => l.includes('http.server'));
    assert.ok(serves.length > 0, file);
    for (const l of serves) assert.match(l, /--bind 127\.0\.0\.1/, `${file}: ${l}`);
    const installs = lines.filter((l) => /cargo install .*wasm-bindgen-cli/.test(l));
    assert.ok(installs.length > 0, file);
    // The version is pinned (Cargo.lock's); `--locked` is left out, since one of the tool's
    // locked dependencies has left the registry.
    for (const l of installs) assert.match(l, /--version (\d+\.\d+\.\d+|\$want|X)\b/, `${file}: ${l}`);
  }
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  assert.match(readme, /wasm-bindgen-cli[^\n]*\n?[^\n]*from source/);
});

test('Solutions says why it has no LeetCode output past n = 10, with no empty box to copy', async () => {
  for (const n of [8, 10, 11, 12]) {
    const p = await open(live.chromium.browser, `${live.server.url}?n=${n}&view=solutions`);
    const seen = await p.evaluate(() => ({
      box: document.getElementById('g-leetcode-box').offsetParent !== null,
      copy: document.getElementById('g-copy').offsetParent !== null,
      value: document.getElementById('g-leetcode').value,
      why: document.getElementById('g-leetcode-none').offsetParent !== null ? document.getElementById('g-leetcode-none').textContent : null,
    }));
    if (n <= 10) {
      assert.ok(seen.box && seen.copy && seen.value.startsWith('[['), `n = ${n}`);
      assert.equal(seen.why, null, `n = ${n}`);
    } else {
      assert.ok(!seen.box && !seen.copy, `n = ${n}: an empty box and its Copy button show`);
      assert.ok(seen.why.includes(`n = ${n} has ${A000170[n - 1].toLocaleString('en')} boards`), seen.why);
      assert.ok(seen.why.includes(`nqueens list ${n} --format leetcode`), seen.why);
    }
    noProblems(p);
    await p.close();
  }
});

test('Methods: the bit masks\' table shows free as the values under their code do', async () => {
  // The step 133 of 6×6 (a pick: the table said 000000, the code's values 000010), and
  // the steps around it: every kind of operation of the bit masks.
  for (let step = 120; step <= 140; step++) {
    const p = await open(live.chromium.browser, `${live.server.url}?n=6&view=methods&step=${step}`);
    const seen = await p.evaluate(() => {
      const lane = document.getElementById('lane-2');
      const row = [...lane.querySelectorAll('.masks tr')].find((r) => r.querySelector('th')?.textContent === 'free');
      const value = [...lane.querySelectorAll('.lane-code .code-values div')].find((d) => d.querySelector('dt').textContent === 'free');
      return { table: row ? row.querySelector('td').textContent : null, code: value ? value.querySelector('dd').textContent : null };
    });
    if (seen.table !== null && seen.code !== null) assert.equal(seen.table, seen.code, `step ${step}`);
    if (step === 133) assert.deepEqual(seen, { table: '000010', code: '000010' });
    noProblems(p);
    await p.close();
  }
});
