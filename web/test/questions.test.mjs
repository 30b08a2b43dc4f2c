// Practice that teaches: a switch hides the attacked squares so that the learner works them out;
// questions on the call stack (which call resumes when the innermost returns, and what it
// returns, in the scan's listing and the bit masks') and on the tree (how many nodes the next
// prune saves); a score over the session that every practice adds to. axe-core finds no
// violation with each question open. Screenshots go to NQUEENS_WEB_SHOTS.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { open } from './browser.mjs';
import { useBrowser, noProblems } from './session.mjs';

const SHOTS =
  process.env.NQUEENS_WEB_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'nqueens-web-shots-'));
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const live = useBrowser(SHOTS);

// A page in its own browser context: its own session storage, as a new tab has.
async function fresh(query, width = 1280, height = 1000) {
  const context = await live.chromium.browser.createBrowserContext();
  const p = await open(context, live.server.url + query, width, height);
  p.context = context;
  return p;
}

async function done(p) {
  noProblems(p);
  await p.close();
  await p.context.close();
}

const text = (p, sel) => p.$eval(sel, (e) => e.textContent);
const feedback = (p) => text(p, '#wp-feedback');
const scoreOf = (p, sel) => p.$eval(sel, (e) => [Number(e.dataset.right), Number(e.dataset.asked)]);

async function violations(p) {
  if (!(await p.evaluate(() => typeof window.axe === 'object'))) await p.addScriptTag({ content: AXE });
  const found = await p.evaluate(async () => (await window.axe.run(document)).violations);
  return found.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function ask(p, kind) {
  await p.click('#w-practice');
  await p.select('#wp-kind', kind);
}

async function type(p, answer) {
  await p.$eval('#wp-answer', (e) => (e.value = ''));
  await p.type('#wp-answer', answer);
  await p.click('#wp-submit');
}

const pick = (p, row) => p.click(`#w-stack button[data-row="${row}"]`);

test('the switch hides the attacked squares, and practice still explains them', async () => {
  const p = await fresh('?n=6&step=4');
  const hatched = () => p.$$eval('#w-board rect.att', (r) => r.length);
  assert.ok((await hatched()) > 0);
  await p.click('#w-attacked');
  assert.equal(await hatched(), 0, 'no square hatched');
  assert.equal(await p.$eval('#w-board', (b) => b.dataset.queens), '0,2');
  await p.keyboard.press('ArrowRight');
  assert.equal(await hatched(), 0, 'still none after a step');
  await p.keyboard.press('ArrowLeft');
  await p.click('#w-practice');
  // Row 2 col 3 is attacked: the answer says by which queen, the board still hatches nothing.
  const { x, y } = await p.$eval('#w-board', (svg) => {
    const b = svg.getBoundingClientRect();
    const unit = b.width / 6.1;
    return { x: b.left + 3.55 * unit, y: b.top + 2.55 * unit };
  });
  await p.mouse.click(x, y);
  assert.match(await feedback(p), /Row 2 col 3 is attacked by the queen at row 1 col 2/);
  assert.equal(await hatched(), 0);
  await p.click('#wp-leave');
  await p.click('#w-attacked');
  assert.ok((await hatched()) > 0, 'on again');
  await done(p);
});

test('the call stack: which call resumes, and what it returns (the scan: nothing)', async () => {
  const p = await fresh('?n=4&step=4');
  await ask(p, 'stack');
  // Row 2 has no safe square: the search plays on to just before the backtrack.
  assert.match(await text(p, '#wp-question'), /^The call for row 2 has tried every column of its row: it returns at the next step\. Which call resumes then\?/);
  assert.match(await text(p, '#w-text'), /^conflict row 2 col 3/);
  assert.deepEqual(await p.$$eval('#w-stack button', (b) => b.map((e) => e.dataset.row)), ['2', '1', '0']);
  await pick(p, 0);
  assert.match(await feedback(p), /^Not quite\. The call for row 0 waits further down: it resumes only once the call for row 1 returns to it\./);
  await pick(p, 2);
  assert.match(await feedback(p), /^Not quite\. The call for row 2 is the one that returns/);
  await pick(p, 1);
  assert.match(await feedback(p), /^Right \(a second try: not scored\): A call returns to the call that made it/);
  assert.match(await text(p, '#wp-question'), /^What does the call for row 2 return\?/);
  await type(p, '3');
  assert.match(await feedback(p), /^Not quite: it returns nothing: this listing's solve adds each solution to a list/);
  await type(p, 'nothing');
  assert.match(await feedback(p), /^Right \(a second try: not scored\): it returns nothing/);
  // The backtrack played, and the next question is on the stack again.
  assert.ok((await text(p, '#w-log')).includes('backtrack row 1 col 2'));
  assert.deepEqual(await scoreOf(p, '#wp-score'), [0, 2]);
  assert.match(await text(p, '#wp-question'), /^The call for row \d has tried every column/);
  let found = await violations(p);
  assert.deepEqual(found, [], found.join('\n'));
  await p.screenshot({ path: path.join(SHOTS, 'questions-stack.png') });
  await done(p);
});

test('the call stack of the bit masks returns its count', async () => {
  const p = await fresh('?n=4');
  await p.click('#w-code-method button[data-key="bitmask"]');
  await ask(p, 'stack');
  assert.match(await text(p, '#wp-question'), /^The call for row 2 has tried every column/);
  await pick(p, 1);
  assert.match(await feedback(p), /^Right: /);
  await type(p, '0');
  assert.match(await feedback(p), /^Right: it returns 0: the bit masks' solve counts the solutions found below it/);
  assert.deepEqual(await scoreOf(p, '#wp-score'), [2, 2]);
  // Show me: the answers, each counted as asked.
  await p.click('#wp-show');
  assert.match(await feedback(p), /^The answer: A call returns to the call that made it/);
  await p.click('#wp-show');
  assert.match(await feedback(p), /^The answer: it returns \d+/);
  assert.deepEqual(await scoreOf(p, '#wp-score'), [2, 4]);
  await done(p);
});

test('the tree with the bit masks\' code: no prune to ask about, and the search stays where it was', async () => {
  // The bit masks never try an attacked square: asking about a prune would have played their
  // whole search to its end, and said only that it was over.
  const p = await fresh('?n=5&method=bitmask&step=3');
  await ask(p, 'tree');
  assert.match(await text(p, '#wp-question'), /^The bit masks never try an attacked square: their search prunes no square at a step of its own\./);
  assert.equal(await p.evaluate(() => new URLSearchParams(location.search).get('step')), '3');
  assert.equal(await p.$eval('#wp-show', (b) => b.disabled), true);
  await done(p);
});

test('the tree: how many nodes a prune saves; and the score over the session', async () => {
  const p = await fresh('?n=4');
  await ask(p, 'tree');
  // The first square pruned: row 1 col 0, under the queen of row 0 col 0.
  assert.match(await text(p, '#wp-question'), /^The search is about to prune row 1 col 0: a queen there would be attacked\./);
  await type(p, '20');
  assert.equal(await feedback(p), 'Not quite: 1 for the square itself, n = 4 for each square of row 2 under it, n² = 16 for row 3, and so on down to row 3: 1 + 4 + 16 = 21 nodes, none of which the search visits once it prunes row 1 col 0.');
  await type(p, '21');
  assert.match(await feedback(p), /^Right \(a second try: not scored\): /);
  assert.match(await text(p, '#w-text'), /^conflict row 1 col 0/);
  assert.match(await text(p, '#wp-question'), /prune row 1 col 1/);
  await type(p, '21');
  assert.match(await feedback(p), /^Right: /);
  assert.deepEqual(await scoreOf(p, '#wp-score'), [1, 2]);
  assert.deepEqual(await scoreOf(p, '#wp-session'), [1, 2]);
  assert.equal(await text(p, '#wp-session'), 'This session, all practice: 1 right of 2 asked');
  let found = await violations(p);
  assert.deepEqual(found, [], found.join('\n'));
  await p.screenshot({ path: path.join(SHOTS, 'questions-tree.png') });
  // The session's score outlives a reload and counts Methods' practice too.
  await p.reload();
  await p.waitForSelector('body[data-ready="true"]');
  await p.keyboard.press('2');
  await p.click('#m-practice');
  assert.deepEqual(await scoreOf(p, '#mp-session'), [1, 2]);
  await p.click('#mp-show');
  assert.deepEqual(await scoreOf(p, '#mp-session'), [1, 3]);
  assert.deepEqual(await scoreOf(p, '#mp-score'), [0, 1]);
  await done(p);
});
