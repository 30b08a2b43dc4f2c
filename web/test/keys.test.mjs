// The keyboard keeps the learner's place: after a choice in a list the keys act on the search,
// Space plays or pauses whichever player button was pressed last, and moving between Watch,
// Tree and Methods keeps the same search at the same point (an event, which the three methods
// share with the trace), saying so, and saying where it cannot.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { open } from './browser.mjs';
import { useBrowser, noProblems, traceSteps } from './session.mjs';

const SHOTS =
  process.env.NQUEENS_WEB_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'nqueens-web-shots-'));

const live = useBrowser(SHOTS);

const page = (query) => open(live.chromium.browser, live.server.url + query, 1280, 1000);
const text = (p, sel) => p.$eval(sel, (e) => e.textContent);
const step = async (p) => Number((await text(p, '#w-status')).match(/^step ([\d,]+)/)[1].replace(/,/g, ''));
const playing = (p, id) => p.$eval(id, (b) => b.textContent.includes('Pause'));
const queens = (p, sel) => p.$eval(sel, (svg) => svg.dataset.queens);
const methodsStep = (p) => p.$eval('#view-methods', (v) => Number(v.dataset.step));
const linkStep = (p) => p.evaluate(() => Number(new URLSearchParams(location.search).get('step') || 0));

// The position just after the k-th step of the trace that is not a conflict.
function eventStep(steps, k) {
  let seen = 0;
  for (let i = 0; i < steps.length && seen < k; i++) {
    if (steps[i].step !== 'conflict') seen++;
    if (seen === k) return i + 1;
  }
  return 0;
}

test('after n is chosen from its list, the arrows and Space act on the search', async () => {
  const p = await page('?n=8');
  await p.focus('#n');
  await p.keyboard.press('ArrowDown');
  assert.match(await text(p, '#qn'), /^Q\(9\) = 352 solutions/, '↓ chooses in the list');
  assert.equal(await p.evaluate(() => document.activeElement.id), 'n');
  await p.keyboard.press('ArrowRight');
  await p.keyboard.press('ArrowRight');
  assert.match(await text(p, '#qn'), /^Q\(9\)/, '→ leaves n alone');
  assert.equal(await step(p), 2, '→ steps the search');
  await p.keyboard.press('ArrowLeft');
  assert.equal(await step(p), 1, '← steps back');
  await p.keyboard.press(' ');
  assert.equal(await playing(p, '#w-play'), true, 'Space plays');
  await p.keyboard.press(' ');
  assert.equal(await playing(p, '#w-play'), false, 'Space pauses');
  assert.equal(await p.$eval('#n', (s) => s.value), '9');
  noProblems(p);
  await p.close();
});

test('Space plays or pauses after ▶|, Next solution or One operation was clicked; Enter presses the button', async () => {
  const p = await page('?n=6');
  await p.click('#w-step');
  assert.equal(await step(p), 1);
  await p.keyboard.press(' ');
  assert.equal(await playing(p, '#w-play'), true, 'Space after ▶| plays');
  await p.keyboard.press(' ');
  assert.equal(await playing(p, '#w-play'), false);
  await p.click('#w-solution');
  const first = await step(p);
  assert.match(await text(p, '#w-text'), /^solution 1:/);
  await p.keyboard.press(' ');
  assert.equal(await playing(p, '#w-play'), true, 'Space after Next solution plays, it does not jump again');
  await p.keyboard.press(' ');
  assert.equal(await playing(p, '#w-play'), false);
  assert.ok((await step(p)) >= first);
  // Enter on the focused button presses it.
  await p.focus('#w-step');
  const before = await step(p);
  await p.keyboard.press('Enter');
  assert.equal(await step(p), before + 1, 'Enter presses ▶|');

  await p.keyboard.press('2');
  await p.click('#m-tick');
  await p.keyboard.press(' ');
  assert.equal(await playing(p, '#m-play'), true, 'Space after One operation plays the methods');
  await p.keyboard.press(' ');
  assert.equal(await playing(p, '#m-play'), false);
  noProblems(p);
  await p.close();
});

test('Methods takes the point Watch reached, and Watch the point Methods reached, saying so', async () => {
  const steps = traceSteps(8);
  const p = await page('?n=8&step=60');
  const watchQueens = await queens(p, '#w-board');
  // Step 60 prunes squares after the 13th event: the methods stand at that event, step 55.
  assert.equal(steps[59].step, 'conflict');
  assert.equal(eventStep(steps, 13), 55);
  await p.keyboard.press('2');
  assert.ok((await methodsStep(p)) > 0, 'Methods does not start again at operation 0');
  for (const lane of [0, 1, 2]) assert.equal(await queens(p, `#lane-${lane} svg`), watchQueens, `lane ${lane} holds Watch's queens`);
  const note = await text(p, '#m-follow');
  assert.match(note, /^The search stood at step 60, 5 squares pruned after its last event\./);
  assert.match(note, /step 55: 13 events/);
  assert.equal(await p.$eval('#m-follow', (e) => e.hidden), false);
  assert.equal(await linkStep(p), await methodsStep(p), 'the link keeps the operation');
  await p.screenshot({ path: path.join(SHOTS, 'keys-follow-methods.png') });

  // Three events on in Methods, then Watch: the board of the 16th event.
  for (let i = 0; i < 3; i++) await p.keyboard.press('n');
  assert.equal(await p.$eval('#m-follow', (e) => e.hidden), true, 'the note goes once the methods move');
  const methodsQueens = await queens(p, '#lane-0 svg');
  await p.keyboard.press('1');
  assert.equal(await step(p), eventStep(steps, 16));
  assert.equal(await queens(p, '#w-board'), methodsQueens);
  assert.match(await text(p, '#w-follow'), new RegExp(`^The search stands where the methods stood: step ${eventStep(steps, 16)}, after the same 16 events`));
  assert.equal(await linkStep(p), eventStep(steps, 16));

  // Tree shows the same search: nothing moves, no note.
  await p.keyboard.press('3');
  assert.equal(await step(p), eventStep(steps, 16));
  // Between two events in Methods: the search takes the last event all three reached.
  await p.keyboard.press('2');
  assert.equal(await p.$eval('#m-follow', (e) => e.hidden), true, 'the methods were at that point already');
  await p.keyboard.press('ArrowRight');
  await p.keyboard.press('3');
  assert.equal(await step(p), eventStep(steps, 16));
  assert.equal(await p.$eval('#w-follow', (e) => e.hidden), true, 'the search was at that event already');
  // A step on in Tree, to Methods and back: Methods took the search's point, so the search
  // stays where it was.
  await p.keyboard.press('ArrowRight');
  await p.keyboard.press('2');
  await p.keyboard.press('1');
  assert.equal(await step(p), eventStep(steps, 16) + 1);
  noProblems(p);
  await p.close();
});

test('a search too far on for Methods to replay is said to be, and Methods keeps its point', async () => {
  const p = await page('?n=12&step=5000000');
  await p.keyboard.press('2');
  assert.equal(await methodsStep(p), 0);
  assert.match(await text(p, '#m-follow'), /^Methods cannot follow the search to its step 5,000,000: that is 786,015 events .* more than 50,000\./);
  // Back in Watch, the search is where it was: the methods did not move.
  await p.keyboard.press('1');
  assert.equal(await step(p), 5000000);
  assert.equal(await p.$eval('#w-follow', (e) => e.hidden), true);
  // Methods moved on: the search follows them, and says so.
  await p.keyboard.press('2');
  await p.keyboard.press('n');
  await p.keyboard.press('1');
  assert.equal(await step(p), 1);
  assert.match(await text(p, '#w-follow'), /^The search stands where the methods stood: step 1, after the same 1 event/);
  noProblems(p);
  await p.close();
});
