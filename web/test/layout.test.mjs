// The layout keeps what just happened in view: on a phone (390×844) the step's sentence and the
// board come right under the search's controls, above the code and the call stack; on a
// desktop (1280×1000) the call stack stands beside the code, whole, without scrolling. Both
// with the introduction open (a first visit) and closed. Screenshots go to NQUEENS_WEB_SHOTS.

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

// Where each element is on the page (not the viewport), in CSS px.
const boxes = (p, sels) =>
  p.evaluate(
    (list) =>
      Object.fromEntries(
        list.map((sel) => {
          const r = document.querySelector(sel).getBoundingClientRect();
          return [sel, { top: r.top + scrollY, bottom: r.bottom + scrollY, left: r.left, right: r.right }];
        }),
      ),
    sels,
  );

const setIntro = (p, open) =>
  p.evaluate((o) => {
    document.querySelector('#intro').open = o;
  }, open);

test('on a phone the sentence and the board come right under the controls', async () => {
  for (const intro of [true, false]) {
    const p = await open(live.chromium.browser, live.server.url + '?n=8&step=60', 390, 844);
    await setIntro(p, intro);
    const b = await boxes(p, ['#search-controls', '#w-text', '#w-board', '#w-code', '#w-stack', '#w-cost']);
    const height = 844;
    // Scrolled to the controls, the sentence and the whole board are on the screen under them.
    const top = b['#search-controls'].top;
    assert.ok(b['#w-text'].top >= b['#search-controls'].bottom, 'the sentence is under the controls');
    assert.ok(b['#w-board'].bottom - top <= height, `the board ends ${b['#w-board'].bottom - top} px under the controls' top`);
    assert.ok(b['#w-text'].bottom <= b['#w-board'].top, 'the sentence is above the board');
    // The code, the call stack and the cost line come after.
    for (const later of ['#w-code', '#w-stack', '#w-cost']) assert.ok(b[later].top >= b['#w-board'].bottom, later);
    assert.equal(await p.$eval('#w-text', (e) => e.textContent), 'conflict row 7 col 4: attacked by row 2 col 4 (column)');
    if (!intro) assert.ok(b['#w-board'].bottom <= height, 'with the introduction folded, the board is on the first screen');
    await p.screenshot({ path: path.join(SHOTS, `layout-phone-intro-${intro ? 'open' : 'closed'}.png`) });
    noProblems(p);
    await p.close();
  }
});

test('on a desktop the call stack stands beside the code, whole', async () => {
  const p = await open(live.chromium.browser, live.server.url + '?n=8&step=60', 1280, 1000);
  await setIntro(p, false);
  const b = await boxes(p, ['#w-code', '#w-stack', '#w-board', '#w-text']);
  assert.ok(b['#w-stack'].left >= b['#w-code'].right, 'the stack is right of the code');
  assert.ok(b['#w-stack'].top < b['#w-code'].top + 60, 'level with the code');
  assert.ok(b['#w-stack'].bottom <= 1000, `the stack ends at ${b['#w-stack'].bottom} px, above the fold`);
  const frames = await p.$$eval('#w-stack > li', (l) => l.length);
  assert.equal(frames, 8, 'solve(0) to solve(7)');
  assert.ok(await p.$eval('#w-stack', (e) => e.scrollHeight <= e.clientHeight), 'every frame shows without scrolling');
  assert.ok(b['#w-text'].bottom <= b['#w-board'].top, 'the sentence is above the board');
  await p.screenshot({ path: path.join(SHOTS, 'layout-desktop.png') });
  noProblems(p);
  await p.close();
});

test('the call stack shows its every frame whole at n = 12, in Tree and Watch, on a phone and a desktop', async () => {
  // The point of the 12×12 search: six calls open, the last one cut in half by a list
  // that scrolled within the page.
  for (const [view, list] of [['tree', '#t-stack'], ['watch', '#w-stack']]) {
    for (const method of ['naive', 'bitmask']) {
      for (const [w, h] of [[390, 844], [1280, 1000]]) {
        // The same point of the search in the bit masks' own steps, which pass over the
        // squares they never try: their step 786,016 places the queen that follows.
        const step = method === 'bitmask' ? 786016 : 5000000;
        const p = await open(live.chromium.browser, `${live.server.url}?n=12&view=${view}&step=${step}&method=${method}`, w, h);
        const seen = await p.$eval(list, (e) => {
          const frames = [...e.querySelectorAll('.frame')];
          const box = e.getBoundingClientRect();
          const last = frames[frames.length - 1].getBoundingClientRect();
          return { frames: frames.length, hidden: e.scrollHeight - e.clientHeight, lastBottom: last.bottom, listBottom: box.bottom };
        });
        const what = `${view} ${method} at ${w}×${h}`;
        assert.ok(seen.frames >= 5, `${what}: ${seen.frames} frames`);
        assert.ok(seen.hidden <= 1, `${what}: ${seen.hidden} px of the stack hidden`);
        assert.ok(seen.lastBottom <= seen.listBottom + 1, `${what}: the last frame ends at ${seen.lastBottom}, the list at ${seen.listBottom}`);
        if (method === 'bitmask') await p.screenshot({ path: path.join(SHOTS, `stack-12-${view}-${w}.png`), fullPage: true });
        noProblems(p);
        await p.close();
      }
    }
  }
});
