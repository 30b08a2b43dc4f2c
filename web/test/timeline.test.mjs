// The timeline under the search's controls: a click on each solution's tick lands on that
// solution of `nqueens trace --json N`, the slider's keys move the search, a click at a
// fraction of the bar lands at that step and the link keeps it, a jump matches walking there
// step by step, n = 12's jumps land where asked, and the bar fits 360 px. No page logs an error.
// Screenshots go to NQUEENS_WEB_SHOTS (default: a new temporary folder; its path is printed).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { open, barBetween } from './browser.mjs';
import { useBrowser, traceSteps } from './session.mjs';

const SHOTS =
  process.env.NQUEENS_WEB_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'nqueens-web-shots-'));

const live = useBrowser(SHOTS);

async function page(query, width = 1100, height = 800) {
  return open(live.chromium.browser, live.server.url + query, width, height);
}

async function done(p) {
  assert.deepEqual(p.problems, [], 'the page logged errors');
  await p.close();
}

const text = (p, sel) => p.$eval(sel, (e) => e.textContent);
const attr = (p, sel, name) => p.$eval(sel, (e, a) => e.getAttribute(a), name);
const queens = (p) => p.$eval('#w-board', (e) => e.dataset.queens);

// The trace of the n×n board: each step's position (the steps taken once it is done), and the
// columns of the queens on the board after it.
function trace(n) {
  const columns = [];
  const steps = [];
  for (const [i, step] of traceSteps(n).entries()) {
    if (step.step === 'place') columns.push(step.col);
    if (step.step === 'backtrack') columns.pop();
    steps.push({ ...step, position: i + 1, queens: columns.join(',') });
  }
  return steps;
}

// The bar's box, and a click at `fraction` of its width.
const box = (p) =>
  p.$eval('#w-bar', (e) => {
    const r = e.getBoundingClientRect();
    return { left: r.left, top: r.top, width: r.width, height: r.height };
  });

async function clickAt(p, fraction) {
  const b = await box(p);
  await p.mouse.click(b.left + fraction * b.width, b.top + b.height / 2);
}

test('a click on each solution tick lands on that solution', async () => {
  const steps = trace(8);
  const solutions = steps.filter((s) => s.step === 'solution');
  assert.equal(solutions.length, 92);
  const p = await page('?n=8');
  const length = Number(await attr(p, '#w-bar', 'aria-valuemax'));
  assert.equal(length, steps.length);
  // Each tick is drawn: a green pixel at the foot of the canvas's top band at its position
  // (where two solutions share a pixel, the marks are bars standing on that line).
  const drawn = await p.$eval(
    '#w-bar canvas',
    (c, at, len) => {
      const g = c.getContext('2d');
      const foot = Math.round(c.height * 0.45) - 1;
      return at.map((pos) => {
        const x = Math.min(c.width - 1, Math.floor((pos / len) * c.width));
        const [r, gr, , a] = g.getImageData(x, foot, 1, 1).data;
        return a > 0 && gr > r;
      });
    },
    solutions.map((s) => s.position),
    length,
  );
  assert.ok(drawn.every(Boolean), 'a tick at every solution');
  const b = await box(p);
  // Backwards too, so that both ways of jumping are used.
  const order = [...solutions.keys(), ...[...solutions.keys()].reverse()];
  for (const k of order) {
    const s = solutions[k];
    await p.mouse.click(b.left + (s.position / length) * b.width, b.top + 4);
    assert.equal(await attr(p, '#w-bar', 'aria-valuenow'), String(s.position), `solution ${k + 1}`);
    assert.equal(await queens(p), s.columns.join(','), `solution ${k + 1}`);
    assert.equal(await text(p, '#w-found-count'), `(${k + 1})`);
    const last = await p.$eval('#w-found li:last-child .rows', (e) => JSON.parse(e.textContent));
    assert.deepEqual(last, s.columns.map((c) => '.'.repeat(c) + 'Q' + '.'.repeat(7 - c)));
    assert.match(await text(p, '#w-status'), new RegExp(`^step ${s.position.toLocaleString('en')} `));
  }
  await p.screenshot({ path: path.join(SHOTS, 'timeline-8.png') });
  await done(p);
});

test('the slider answers its keys, and they do not reach the page', async () => {
  const steps = trace(6);
  const first = steps.find((s) => s.step === 'solution').position;
  const p = await page('?n=6');
  const L = steps.length;
  const now = () => attr(p, '#w-bar', 'aria-valuenow').then(Number);
  assert.equal(await attr(p, '#w-bar', 'role'), 'slider');
  assert.equal(await attr(p, '#w-bar', 'aria-valuemin'), '0');
  assert.equal(await attr(p, '#w-bar', 'aria-valuemax'), String(L));
  await p.focus('#w-bar');
  for (let i = 0; i < 3; i++) await p.keyboard.press('ArrowRight');
  assert.equal(await now(), 3, 'one step a key, not two');
  assert.match(await text(p, '#w-status'), /^step 3 /);
  assert.equal(await queens(p), steps[2].queens);
  await p.keyboard.press('ArrowLeft');
  assert.equal(await now(), 2);
  assert.equal(await attr(p, '#w-bar', 'aria-valuetext'), `step 2 of ${L.toLocaleString('en')}`);
  await p.keyboard.press('End');
  assert.equal(await now(), L);
  assert.match(await text(p, '#w-status'), /the end/);
  await p.keyboard.press('Home');
  assert.equal(await now(), 0);
  await p.keyboard.press('PageUp');
  const page1 = Math.round(L / 20);
  assert.equal(await now(), page1);
  assert.equal(await queens(p), steps[page1 - 1].queens);
  await p.keyboard.press('PageDown');
  assert.equal(await now(), 0);
  await p.keyboard.press(']');
  assert.equal(await now(), first, 'the next solution');
  assert.equal(await queens(p), steps[first - 1].columns.join(','));
  await p.keyboard.press('ArrowRight');
  await p.keyboard.press('[');
  assert.equal(await now(), first, 'the previous solution');
  // The bar keeps the focus, and shows it.
  assert.equal(await p.evaluate(() => document.activeElement.id), 'w-bar');
  const outline = await p.$eval('#w-bar', (e) => getComputedStyle(e).outlineStyle);
  assert.notEqual(outline, 'none', 'a visible focus');
  await done(p);
});

test('a click at a fraction of the bar lands there, and the link keeps the step', async () => {
  const steps = trace(8);
  const L = steps.length;
  const p = await page('?n=8');
  const b = await box(p);
  const snap = Number(await attr(p, '#w-bar', 'data-snap'));
  // A fraction with no solution tick within snapping distance.
  const ticks = steps.filter((s) => s.step === 'solution').map((s) => (s.position / L) * b.width);
  let f = 0.37;
  while (ticks.some((x) => Math.abs(x - f * b.width) <= snap + 1)) f += 0.003;
  // First far on, so that the jump back is a seek rather than a walk.
  await clickAt(p, 0.97);
  await clickAt(p, f);
  const want = Math.round(((Math.round(b.left + f * b.width) - b.left) / b.width) * L);
  const got = Number(await attr(p, '#w-bar', 'aria-valuenow'));
  assert.ok(Math.abs(got - want) <= Math.ceil(L / b.width), `step ${got}, about ${want}`);
  assert.equal(await queens(p), steps[got - 1].queens);
  const search = new URL(p.url()).search;
  assert.match(search, new RegExp(`step=${got}(&|$)`));
  // The link opens the same step, walked there step by step: the same board, texts and counts.
  const q = await page(search);
  assert.equal(await attr(q, '#w-bar', 'aria-valuenow'), String(got));
  for (const sel of ['#w-status', '#w-text', '#w-log', '#w-found', '#w-found-count', '#w-cost']) {
    assert.equal(await text(q, sel), await text(p, sel), sel);
  }
  assert.equal(await queens(q), await queens(p));
  // The tree too.
  await p.keyboard.press('3');
  await q.keyboard.press('3');
  assert.equal(await text(q, '#t-status'), await text(p, '#t-status'));
  assert.equal(await p.$eval('#t-svg', (e) => e.innerHTML), await q.$eval('#t-svg', (e) => e.innerHTML));
  await done(q);

  // A drag follows the pointer and ends where it is let go.
  await p.keyboard.press('1');
  const y = b.top + b.height - 4;
  await p.mouse.move(b.left + 0.1 * b.width, y);
  await p.mouse.down();
  for (let i = 1; i <= 20; i++) await p.mouse.move(b.left + (0.1 + i * 0.04) * b.width, y);
  await p.mouse.up();
  const end = Number(await attr(p, '#w-bar', 'aria-valuenow'));
  assert.ok(Math.abs(end - 0.9 * L) <= L / 50, `dragged to ${end} of ${L}`);
  assert.equal(await queens(p), steps[end - 1].queens);
  await done(p);
});

// How fast the jumps are is measured by `node web/bench.mjs jumps`, not here: a test asserts
// where they land, which a loaded machine cannot change.
test('n = 12: the bar spans the whole search, and its jumps, a drag and a link land where asked', async () => {
  const p = await page('?n=12');
  const L = Number(await attr(p, '#w-bar', 'aria-valuemax'));
  assert.equal(L, 10974256);
  // Waits until the slider stands between `lo` and `hi`.
  const reaches = (lo, hi = lo) => barBetween(p, lo, hi);
  await p.focus('#w-bar');
  await p.keyboard.press('End');
  await reaches(L);
  assert.match(await text(p, '#w-status'), / 14,?200 solutions found · the end/);
  const b = await box(p);
  await p.mouse.click(b.left + b.width / 2, b.top + b.height - 4);
  await reaches(Math.floor(L * 0.49), Math.ceil(L * 0.51));
  // A drag back and forth across the whole bar: each move is a jump, taken once a frame, and
  // the bar ends where the pointer was let go.
  const y = b.top + b.height - 4;
  await p.mouse.move(b.left + b.width - 1, y);
  await p.mouse.down();
  for (let i = 40; i >= 0; i--) await p.mouse.move(b.left + (i / 40) * (b.width - 1), y);
  for (let i = 0; i <= 40; i++) await p.mouse.move(b.left + (i / 80) * (b.width - 1), y);
  await p.mouse.up();
  await reaches(Math.ceil(L / 2 - L / 100), Math.floor(L / 2 + L / 100));
  await p.keyboard.press('Home');
  await reaches(0);
  // A link to the end opens there.
  const q = await page(`?n=12&step=${L}`);
  assert.equal(await attr(q, '#w-bar', 'aria-valuenow'), String(L));
  await done(q);
  await done(p);
});

test('the bar fits 360 px in Watch and Tree', async () => {
  const p = await page('?n=8&step=120', 360, 740);
  for (const key of ['1', '3']) {
    await p.keyboard.press(key);
    const fit = await p.evaluate(() => {
      const r = document.getElementById('w-bar').getBoundingClientRect();
      return {
        scroll: document.documentElement.scrollWidth,
        left: r.left,
        right: r.right,
        width: r.width,
      };
    });
    assert.ok(fit.scroll <= 360, `the page scrolls sideways: ${fit.scroll} px`);
    assert.ok(fit.left >= 0 && fit.right <= 360 && fit.width > 200, JSON.stringify(fit));
    await p.screenshot({ path: path.join(SHOTS, `timeline-360-${key}.png`), fullPage: true });
  }
  assert.equal(await attr(p, '#w-bar', 'aria-valuenow'), '120');
  await done(p);
});

// The columns of the queens on the tree's current path, row 0 first (the labels of its nodes
// marked open, by depth).
const openPath = (p) =>
  p.$$eval('#t-svg g.node.open', (gs) =>
    gs
      .map((g) => ({ y: Number(g.querySelector('circle').getAttribute('cy')), col: g.querySelector('text').textContent }))
      .sort((a, b) => a.y - b.y)
      .map((o) => o.col)
      .join(','),
  );
const solutionsOf = async (p, sel) => (await text(p, sel)).match(/([\d,]+) solutions? found/)[1];

test('the tree never contradicts the board: its path is the board\'s or none, its counts the search\'s', async () => {
  // Within the nodes the tree keeps (the whole 8×8 tree; the start of 12×12), the current path
  // holds the board's queens.
  for (const query of ['?n=8&view=tree&step=5000', '?n=12&view=tree&step=1000']) {
    const p = await page(query);
    const board = await queens(p);
    assert.ok(board.length > 0, query);
    assert.equal(await openPath(p), board, query);
    assert.equal(await solutionsOf(p, '#t-status'), await solutionsOf(p, '#w-status'), query);
    await done(p);
  }
  // Past them, the tree marks no path, says why, and counts what Watch counts.
  const p = await page('?n=12&view=tree&step=5000000', 1280, 1000);
  assert.equal(await solutionsOf(p, '#w-status'), '6,234');
  assert.equal(await solutionsOf(p, '#t-status'), '6,234');
  assert.equal(await openPath(p), '');
  assert.equal(await p.$eval('#t-svg', (e) => e.dataset.current), 'false');
  const status = await text(p, '#t-status');
  assert.match(status, /^[\d,]+ queens placed · [\d,]+ squares pruned · 6,234 solutions found\. The tree keeps the first 40,000 nodes and crosses, the search's first [\d,]+ steps \(18 solutions among them\): the search has gone past them, so no path here is the board's/);
  // Back at the start, the path is the board's again.
  await p.keyboard.press('Home');
  for (let i = 0; i < 30; i++) await p.keyboard.press('ArrowRight');
  assert.equal(await openPath(p), await queens(p));
  assert.equal(await p.$eval('#t-status', (e) => e.dataset.past), 'false');
  await done(p);
});

// The height of the solutions' mark in each pixel column of the bar's top band that has one.
const markHeights = (p) =>
  p.$eval('#w-bar canvas', (c) => {
    const g = c.getContext('2d');
    const { data, width, height } = g.getImageData(0, 0, c.width, c.height);
    const heights = [];
    for (let x = 0; x < width; x++) {
      let top = -1;
      let bottom = -1;
      for (let y = 0; y < height * 0.5; y++) {
        const i = (y * width + x) * 4;
        const green = data[i + 1] > 100 && data[i] < 60 && data[i + 3] > 200;
        if (green && top < 0) top = y;
        if (green) bottom = y;
      }
      if (top >= 0) heights.push(bottom - top + 1);
    }
    return heights;
  });

test('a timeline dense with solutions draws their density; a sparse one a tick each', async () => {
  const p = await page('?n=12', 1280, 1000);
  assert.equal(await p.$eval('#w-bar', (b) => b.dataset.solutionMarks), 'density');
  const densest = Number(await p.$eval('#w-bar', (b) => b.dataset.densest));
  assert.ok(densest > 1);
  assert.equal(await text(p, '#w-tl-sols'), `solutions: a bar on top, as tall as the solutions under it (the tallest: ${densest})`);
  const heights = await markHeights(p);
  assert.ok(new Set(heights).size >= 5, `bars of many heights, not one solid band: ${[...new Set(heights)]}`);
  await p.screenshot({ path: path.join(SHOTS, 'timeline-density-12.png'), clip: await p.$eval('.timeline', (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; }) });
  await done(p);
  const q = await page('?n=6');
  assert.equal(await q.$eval('#w-bar', (b) => b.dataset.solutionMarks), 'ticks');
  assert.equal(await text(q, '#w-tl-sols'), 'solutions: a tick on top');
  const ticks = await markHeights(q);
  assert.equal(ticks.length, 4);
  assert.equal(new Set(ticks).size, 1, 'every tick as tall as the others');
  await done(q);
});
