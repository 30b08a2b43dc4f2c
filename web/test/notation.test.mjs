// One numbering and one notation in every view, as the introduction states: rows and columns
// from 0, a square written "row R col C", a solution by its queens' columns from row 0, and
// every count with its thousands separated.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { open } from './browser.mjs';
import { useBrowser, noProblems } from './session.mjs';

const SHOTS =
  process.env.NQUEENS_WEB_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'nqueens-web-shots-'));

const live = useBrowser(SHOTS);

const text = (p, sel) => p.$eval(sel, (e) => e.textContent);

// The text a learner reads in the view shown, but for the programs and their values (where a
// mask is binary digits) and LeetCode's output.
const prose = (p) =>
  p.evaluate(() => {
    const skip = 'pre, .code-listing, .code-values, .stack, textarea, script, style, [hidden]';
    const out = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      const el = t.parentElement;
      if (!el || el.closest(skip) || el.getClientRects().length === 0) continue;
      out.push(t.textContent);
    }
    return out.join(' ');
  });

// A square in any other notation: "(7, 4)", "row 7, col 4", "row 7, column 4", "row 7 column 4".
const OTHER_SQUARE = /\(\d+, \d+\)|row \d+, col|row \d+,? column \d+/i;
// The counts of four digits or more with no separator among `words`; a mask of the bit masks
// (up to n binary digits, after 0b or in the masks' table, where a lit bit may split it) is
// not a count.
const ungrouped = (words, n) =>
  (words.match(/(?<![\d,.])\d{4,}(?![\d,])/g) || []).filter((d) => !(d.length <= n && /^[01]+$/.test(d)));

test('the introduction states the notation the page uses', async () => {
  const p = await open(live.chromium.browser, live.server.url + '?n=4');
  const said = await text(p, '#notation');
  for (const part of ['count from 0', 'row 2 col 3', '1 3 0 2', '14,200']) assert.ok(said.includes(part), said);
  noProblems(p);
  await p.close();
});

test('Solutions writes a board as Watch does: its columns from 0', async () => {
  const p = await open(live.chromium.browser, live.server.url + '?n=8');
  await p.click('#w-solution');
  const said = await text(p, '#w-text');
  assert.equal(said, 'solution 1: 0 4 7 5 2 6 1 3');
  await p.keyboard.press('4');
  const rep = await text(p, '#g-classes .sym-class .rep');
  assert.equal(rep, '0 4 7 5 2 6 1 3');
  const first = await p.$eval('#g-classes figure', (f) => [f.querySelector('figcaption .cols').textContent, f.querySelector('img').alt]);
  assert.deepEqual(first, ['1: 0 4 7 5 2 6 1 3', 'board 0 4 7 5 2 6 1 3']);
  noProblems(p);
  await p.close();
});

test('every view writes a square one way and groups the digits of every count', async () => {
  const p = await open(live.chromium.browser, live.server.url + '?n=12&step=5000000', 1280, 1000);
  assert.match(await text(p, '#w-status'), /^step 5,000,000( of [\d,]+)? · 6,234 solutions found$/);
  assert.equal(await text(p, '#w-found-count'), '(6,234)');
  assert.match(await p.$eval('#w-found li:last-child', (e) => e.textContent), /^6,234\. \[/);
  // The sentence of a late solution groups its number too.
  await p.click('#w-solution');
  assert.match(await text(p, '#w-text'), /^solution 6,235: (\d+ ){11}\d+$/);
  // Steps that show a square every way the page words it: a conflict, a place, a backtrack,
  // in Watch, then the same search in Tree, and the three methods.
  for (const [view, moves] of [
    ['1', ['ArrowRight', 'ArrowRight', 'ArrowRight']],
    ['3', ['ArrowRight']],
    ['2', ['ArrowRight', 'ArrowRight']],
  ]) {
    await p.keyboard.press(view);
    for (const key of moves) {
      await p.keyboard.press(key);
      const words = await prose(p);
      assert.doesNotMatch(words, OTHER_SQUARE, `view ${view}`);
      assert.deepEqual(ungrouped(words, 12), [], `view ${view}`);
    }
  }
  noProblems(p);
  await p.close();
});

test('practice words its squares as the rest of the page does', async () => {
  const p = await open(live.chromium.browser, live.server.url + '?n=6&step=4');
  await p.click('#w-practice');
  // A wrong square, attacked: the explanation names it and its attacker.
  const { x, y } = await p.$eval('#w-board', (svg) => {
    const n = Number(svg.dataset.n);
    const b = svg.getBoundingClientRect();
    const unit = b.width / (n + 0.1);
    return { x: b.left + 3.55 * unit, y: b.top + 2.55 * unit };
  });
  await p.mouse.click(x, y);
  const words = await prose(p);
  assert.ok(words.includes('Row 2 col 3 is attacked by the queen at row 1 col 2'), words);
  assert.doesNotMatch(words, OTHER_SQUARE);
  noProblems(p);
  await p.close();
});
