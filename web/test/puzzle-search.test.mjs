// Watch and Tree on a Puzzle board, in a real browser (headless Chromium): the Puzzle view's
// "Watch the search" opens the search of `nqueens trace --board` on its board, step by step
// as the command line tells it, with the given queens ringed and the blocked squares crossed;
// its completions agree with the Puzzle view's count; the link (board= and step=) opens the
// same step again, in Watch and in Tree; and the empty board comes back with a click.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { open } from './browser.mjs';
import { useBrowser, noProblems, CLI } from './session.mjs';

const SHOTS =
  process.env.NQUEENS_WEB_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'nqueens-web-shots-'));
const live = useBrowser(SHOTS);

// 6×6: a queen given in row 0, two squares blocked; one completion, 1 3 5 0 2 4.
const BOARD = '.Q..../....../...x../....../x...../......';
// 7×7: a queen given in row 3 and a corner blocked: several completions.
const BOARD7 = 'x....../......./......./..Q..../......./......./.......';

// Every step of `nqueens trace --board --json` on `board` (rows joined by /).
function traceBoard(board) {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'nqueens-board-')), 'board.txt');
  fs.writeFileSync(file, board.split('/').join('\n') + '\n');
  const out = execFileSync(CLI, ['trace', '--json', '--board', file], { encoding: 'utf8' });
  return out.trim().split('\n').map((l) => JSON.parse(l));
}

const text = (p, sel) => p.$eval(sel, (e) => e.textContent);
const param = (p, name) => new URL(p.url()).searchParams.get(name);

test('Watch the search opens the trace of the Puzzle board, step by step as the command line tells it', async () => {
  const trace = traceBoard(BOARD);
  const p = await open(live.chromium.browser, `${live.server.url}?n=6&view=puzzle&board=${BOARD}`);
  assert.equal(await text(p, '#p-count'), '1');
  await p.click('#p-watch');
  assert.equal(await p.$eval('#view-watch', (e) => e.hidden), false);
  assert.equal(param(p, 'board'), BOARD);
  assert.equal(param(p, 'view'), null);
  // What the search skips, and its completions as the Puzzle view counts them.
  assert.equal(await p.$eval('#w-puzzle', (e) => e.hidden), false);
  assert.match(await text(p, '#w-puzzle-text'), /finds 1 completion, those the Puzzle view counts/);
  assert.equal(await p.$eval('#w-mode', (e) => e.hidden), true);
  assert.match(await text(p, '#w-text'), /rows are skipped \(it starts at row 1/);
  // The cost line counts this search's squares, not the empty board's.
  const tried = trace.filter((s) => s.step === 'place' || s.step === 'conflict').length;
  assert.equal(await p.$eval('#w-cost', (e) => e.dataset.total), String(tried));
  assert.match(await text(p, '#w-cost'), /the 5 rows without a given queen instead: 65 = 7,776 boards/);
  // The given queen ringed, the blocked squares crossed, both in the legend.
  assert.equal(await p.$$eval('#w-board rect.given', (r) => r.map((e) => e.getAttribute('x')).join()), '1.06');
  assert.equal(await p.$$eval('#w-board path.cross', (r) => r.length), 2);
  assert.deepEqual(await p.$$eval('#w-legend .puzzle-only', (l) => l.map((e) => e.hidden)), [false, false]);
  // Each step is the command line's, and the board holds the given queen throughout.
  for (const [i, step] of trace.slice(0, 40).entries()) {
    await p.click('#w-step');
    const said = await text(p, '#w-text');
    assert.ok(said.startsWith(step.step), `step ${i + 1}: ${said} for ${JSON.stringify(step)}`);
    if (step.row !== undefined) assert.ok(said.includes(`row ${step.row} col ${step.col}`), `step ${i + 1}: ${said}`);
    const queens = (await p.$eval('#w-board', (b) => b.dataset.queens)).split(',').map(Number);
    assert.equal(queens[0], 1, `step ${i + 1}`);
    assert.ok(queens.every((c, r) => !(r === 2 && c === 3) && !(r === 4 && c === 0)), `step ${i + 1}: a queen on a blocked square`);
  }
  // The skipped row is said where the search passes it.
  const places = trace.filter((s) => s.step === 'place');
  assert.equal(places.filter((s) => s.row === 0).length, 0);
  // Its one solution is the command line's, at the same step, and the link opens it again.
  await p.click('#w-reset');
  await p.click('#w-solution');
  const at = trace.findIndex((s) => s.step === 'solution') + 1;
  assert.equal(param(p, 'step'), String(at));
  assert.match(await text(p, '#w-status'), new RegExp(`^step ${at}( of ${trace.length})? · 1 solution found`));
  const solution = trace[at - 1].columns.join(',');
  assert.equal(await p.$eval('#w-board', (b) => b.dataset.queens), solution);
  const status = await text(p, '#w-status');
  await p.screenshot({ path: path.join(SHOTS, 'puzzle-watch.png'), fullPage: true });
  const again = await open(live.chromium.browser, p.url());
  assert.equal(await again.$eval('#w-board', (b) => b.dataset.queens), solution);
  assert.equal(await text(again, '#w-status'), status);
  assert.equal(await again.$eval('#w-puzzle', (e) => e.hidden), false);
  noProblems(again);
  await again.close();
  await p.bringToFront();
  // The empty board again, with a click.
  await p.click('#w-puzzle-empty');
  assert.equal(param(p, 'board'), null);
  assert.equal(await p.$eval('#w-puzzle', (e) => e.hidden), true);
  assert.equal(await p.$$eval('#w-board rect.given', (r) => r.length), 0);
  // From an empty Puzzle board, the search is the empty board's, linked as such.
  await p.click('#tab-puzzle');
  await p.click('#p-clear');
  await p.click('#p-watch');
  assert.equal(param(p, 'board'), null);
  assert.equal(await p.$eval('#w-puzzle', (e) => e.hidden), true);
  assert.equal(await p.$eval('#w-mode', (e) => e.hidden), false);
  noProblems(p);
  await p.close();
});

test('the counts agree: Puzzle, Watch, Tree and the command line, and Tree opens by its link', async () => {
  const trace = traceBoard(BOARD7);
  const sols = trace.filter((s) => s.step === 'solution').length;
  const p = await open(live.chromium.browser, `${live.server.url}?n=7&view=puzzle&board=${BOARD7}`);
  assert.equal(await text(p, '#p-count'), String(sols));
  await p.click('#p-tree');
  assert.equal(await p.$eval('#view-tree', (e) => e.hidden), false);
  assert.equal(param(p, 'view'), 'tree');
  assert.match(await text(p, '#w-puzzle-text'), new RegExp(`finds ${sols} completions`));
  assert.equal(await p.$eval('#w-bar', (b) => b.dataset.solutions), String(sols));
  assert.equal(await p.$eval('#w-bar', (b) => b.dataset.length), String(trace.length));
  assert.equal(await text(p, '#t-root-name'), 'the Puzzle board, its given queens in place');
  noProblems(p);
  await p.close();
  // A step by its link: the tree has a node for each queen placed so far, none on row 3.
  const step = 60;
  const t = await open(live.chromium.browser, `${live.server.url}?n=7&view=tree&board=${BOARD7}&step=${step}`);
  const placed = trace.slice(0, step).filter((s) => s.step === 'place').length;
  assert.equal(await t.$$eval('#t-svg g.node', (g) => g.length), placed + 1);
  assert.equal(param(t, 'step'), String(step));
  assert.equal(param(t, 'board'), BOARD7);
  // The call stack has no frame for the given row.
  const rows = await t.$$eval('#t-stack [data-row]', (f) => f.map((e) => Number(e.dataset.row)));
  assert.ok(rows.length > 0 && !rows.includes(3), `frames ${rows}`);
  // Watch at the end: every completion found.
  await t.click('#tab-watch');
  await t.keyboard.press('End');
  await t.$eval('#w-bar', (b) => b.focus());
  await t.keyboard.press('End');
  assert.match(await text(t, '#w-status'), new RegExp(`${sols} solutions found · the end`));
  noProblems(t);
  await t.close();
});

// A click in the middle of a square of the Watch board.
async function clickSquare(p, row, col) {
  await p.$eval('#w-board', (svg) => svg.scrollIntoView({ block: 'nearest' }));
  const { x, y } = await p.$eval(
    '#w-board',
    (svg, [r, c]) => {
      const b = svg.getBoundingClientRect();
      const unit = b.width / (Number(svg.dataset.n) + 0.1);
      return { x: b.left + (c + 0.55) * unit, y: b.top + (r + 0.55) * unit };
    },
    [row, col],
  );
  await p.mouse.click(x, y);
}

test('practice on a Puzzle board: the given row and the blocked square explained, the right move the trace\'s', async () => {
  const trace = traceBoard(BOARD7);
  const first = trace.find((s) => s.step === 'place');
  const p = await open(live.chromium.browser, `${live.server.url}?n=7&board=${BOARD7}`);
  await p.click('#w-practice');
  // The call stack's questions are not asked: a given row has no call.
  assert.equal(await p.$eval('#wp-kind option[value="stack"]', (o) => o.disabled), true);
  const feedback = () => text(p, '#wp-feedback');
  await clickSquare(p, 3, 0);
  assert.match(await feedback(), /Row 3 has a given queen, at column 2: the search never places a queen there/);
  await clickSquare(p, 0, 0);
  assert.match(await feedback(), /Row 0 col 0 is blocked: the search never tries it/);
  // A square a given queen attacks, named as the trace names it.
  await clickSquare(p, 0, 2);
  assert.match(await feedback(), /row 3 col 2/);
  await clickSquare(p, first.row, first.col);
  assert.match(await feedback(), /^Right/);
  assert.equal(param(p, 'board'), BOARD7);
  // The tree's question counts the rows the search fills, not the given one.
  await p.select('#wp-kind', 'tree');
  assert.match(await text(p, '#wp-question'), /about to prune/);
  await p.click('#wp-show');
  assert.match(await feedback(), /the rows with a given queen are skipped/);
  noProblems(p);
  await p.close();
});
