// The layout keeps what just happened in view: on a phone (390×844) the step's sentence and the
// board come right under the search's controls, above the code and the call stack; on a
// desktop (1280×1000) the call stack stands beside the code, whole, without scrolling. Both
// with the introduction open and closed. Practice's answer shows under the board, inside the
// screen, at both sizes, and Methods' practice answers inside the screen too; a phone's first
// visit opens on the board, the introduction folded; on a phone the tree comes right under its
// controls; and on a desktop and a phone each line of the 8×8 step log holds on one line in every way of
// stepping. Screenshots go to NQUEENS_WEB_SHOTS.

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

// A page in a browser context of its own: its own storage, as on a first visit.
async function firstVisit(query, width, height) {
  const context = await live.chromium.browser.createBrowserContext();
  const p = await open(context, live.server.url + query, width, height);
  p.context = context;
  return p;
}

test('practice answers beside the board, inside the screen, on a phone and a desktop', async () => {
  for (const [width, height] of [[390, 844], [1280, 1000]]) {
    const p = await open(live.chromium.browser, `${live.server.url}?n=6&step=4`, width, height);
    await setIntro(p, false);
    await p.click('#w-practice');
    // A wrong square, clicked where the learner sees it: row 3 before row 2 is filled.
    await p.$eval('#w-board', (svg) => svg.scrollIntoView({ block: 'nearest' }));
    const at = await p.$eval('#w-board', (svg) => {
      const b = svg.getBoundingClientRect();
      const unit = b.width / (Number(svg.dataset.n) + 0.1);
      return { x: b.left + 0.55 * unit, y: b.top + 3.55 * unit };
    });
    await p.mouse.click(at.x, at.y);
    const seen = await p.evaluate(() => {
      const f = document.getElementById('wp-feedback').getBoundingClientRect();
      const b = document.getElementById('w-board').getBoundingClientRect();
      return {
        text: document.getElementById('wp-feedback').textContent,
        feedback: { top: f.top, bottom: f.bottom, left: f.left, right: f.right },
        board: { bottom: b.bottom, left: b.left, right: b.right },
        view: { width: innerWidth, height: innerHeight },
      };
    });
    const what = `${width}×${height}`;
    assert.match(seen.text, /row 2 gets its queen before row 3/, what);
    // Inside the screen as it stands after the click, without scrolling.
    assert.ok(seen.feedback.top >= 0 && seen.feedback.bottom <= seen.view.height + 1, `${what}: the feedback spans ${seen.feedback.top} to ${seen.feedback.bottom} px of ${seen.view.height}`);
    assert.ok(seen.feedback.left >= 0 && seen.feedback.right <= seen.view.width, `${what}: the feedback is wider than the screen`);
    // Right under the board, not below the practice panel.
    assert.ok(seen.feedback.top >= seen.board.bottom - 1 && seen.feedback.top - seen.board.bottom <= 16, `${what}: ${seen.feedback.top - seen.board.bottom} px under the board`);
    await p.screenshot({ path: path.join(SHOTS, `practice-feedback-${width}.png`) });
    noProblems(p);
    await p.close();
  }
});

test('the lesson answers under its board, inside the screen, on a phone and a desktop', async () => {
  for (const [width, height] of [[390, 844], [1280, 1000]]) {
    for (const step of [2, 3, 4]) {
      const p = await open(live.chromium.browser, `${live.server.url}?view=lesson&lesson=${step}`, width, height);
      await setIntro(p, false);
      // A wrong square, the bottom right one, clicked where the learner sees it.
      await p.$eval('#l-board', (svg) => svg.scrollIntoView({ block: 'nearest' }));
      const at = await p.$eval('#l-board', (svg) => {
        const b = svg.getBoundingClientRect();
        const unit = b.width / 4.1;
        return { x: b.left + 3.55 * unit, y: b.top + 3.55 * unit };
      });
      await p.mouse.click(at.x, at.y);
      const seen = await p.evaluate(() => {
        const f = document.getElementById('l-feedback').getBoundingClientRect();
        const b = document.getElementById('l-board').getBoundingClientRect();
        return { text: document.getElementById('l-feedback').textContent, top: f.top, bottom: f.bottom, board: b.bottom, height: innerHeight };
      });
      const what = `lesson step ${step} at ${width}×${height}`;
      assert.match(seen.text, /^Not row 3 col 3/, what);
      assert.ok(seen.top >= 0 && seen.bottom <= seen.height + 1, `${what}: the answer spans ${seen.top} to ${seen.bottom} px of ${seen.height}`);
      assert.ok(seen.top >= seen.board - 1 && seen.top - seen.board <= 24, `${what}: ${seen.top - seen.board} px under the board`);
      if (step === 4) await p.screenshot({ path: path.join(SHOTS, `lesson-feedback-${width}.png`) });
      noProblems(p);
      await p.close();
    }
  }
});

test('a first visit on a phone opens on the board, the introduction one tap away; on a desktop it opens', async () => {
  const phone = await firstVisit('?n=8', 390, 844);
  assert.equal(await phone.$eval('#intro', (d) => d.open), false, 'folded on a phone');
  const b = await boxes(phone, ['#intro > summary', '#w-board']);
  assert.ok(b['#w-board'].bottom <= 844, `the board ends at ${b['#w-board'].bottom} px, on the first screen`);
  assert.ok(b['#intro > summary'].bottom <= b['#w-board'].top, 'the summary stands above the board');
  await phone.screenshot({ path: path.join(SHOTS, 'first-visit-phone.png') });
  await phone.click('#intro > summary');
  assert.equal(await phone.$eval('#intro', (d) => d.open), true, 'one tap opens it');
  noProblems(phone);
  await phone.close();
  await phone.context.close();
  const desktop = await firstVisit('?n=8', 1280, 1000);
  assert.equal(await desktop.$eval('#intro', (d) => d.open), true, 'open on a desktop\'s first visit');
  noProblems(desktop);
  await desktop.close();
  await desktop.context.close();
});

test('on a phone the tree comes right under its controls', async () => {
  const p = await firstVisit('?n=6&view=tree&step=40', 390, 844);
  const b = await boxes(p, ['#search-controls', '#view-tree .controls', '#t-wrap', '#t-legend']);
  assert.ok(b['#view-tree .controls'].top >= b['#search-controls'].bottom, 'the tree\'s own controls come after the search\'s');
  assert.ok(b['#view-tree .controls'].top - b['#search-controls'].bottom <= 120, `the tree's controls start ${b['#view-tree .controls'].top - b['#search-controls'].bottom} px under the search's`);
  assert.ok(b['#t-wrap'].top - b['#view-tree .controls'].bottom <= 16, 'the tree right under them');
  assert.ok(b['#t-wrap'].top <= 844, `the tree starts at ${b['#t-wrap'].top} px, on the first screen`);
  assert.ok(b['#t-legend'].top >= b['#t-wrap'].bottom, 'its legend after it');
  await p.screenshot({ path: path.join(SHOTS, 'tree-phone.png') });
  noProblems(p);
  await p.close();
  await p.context.close();
});

test('on a desktop and a phone each line of the 8×8 step log holds on one line, in every mode and method', async () => {
  // The point: at 8×8 the log, as narrow as the board, wrapped each entry onto two lines;
  // on a phone, 366 px wide, an entry indented for row 7 was still about 72 characters.
  for (const [width, height] of [[1280, 1000], [390, 844]]) {
    for (const mode of ['coarse', 'fine', 'line']) {
      for (const method of ['naive', 'sets', 'bitmask']) {
        const what = `${width}×${height} ${mode} ${method}`;
        const p = await open(live.chromium.browser, `${live.server.url}?n=8&mode=${mode}&method=${method}`, width, height);
        const seen = await p.evaluate(() => {
          const heights = [];
          const read = () => {
            for (const li of document.querySelectorAll('#w-log li')) {
              const r = li.getBoundingClientRect();
              const log = li.parentElement.getBoundingClientRect();
              heights.push({ h: r.height, text: li.textContent, size: parseFloat(getComputedStyle(li).fontSize), inside: r.right <= log.right + 0.5, wide: li.scrollWidth <= li.clientWidth + 1, brief: getComputedStyle(li, '::before').content });
            }
          };
          // The first steps, then the deepest rows: the first solution and the steps after it.
          for (let i = 0; i < 120; i++) document.getElementById('w-step').click(), read();
          document.getElementById('w-solution').click();
          read();
          for (let i = 0; i < 60; i++) document.getElementById('w-step').click(), read();
          return heights;
        });
        const one = Math.min(...seen.map((s) => s.h));
        assert.ok(one > 0, `${what}: the log has lines`);
        const two = seen.find((s) => s.h > one * 1.5);
        assert.equal(two, undefined, `${what}: "${two?.text}" takes ${two?.h} px, a line ${one} px`);
        const cut = seen.find((s) => !s.inside || !s.wide);
        assert.equal(cut, undefined, `${what}: "${cut?.text}" runs past the log's edge`);
        // Not by shrinking the letters: the log keeps the page's 0.8rem (12.8 px).
        assert.ok(seen.every((s) => s.size >= 12.8), `${what}: the log's letters are ${Math.min(...seen.map((s) => s.size))} px`);
        assert.ok(seen.some((s) => /row 7/.test(s.text)), `${what}: the log reached row 7`);
        // A line drawn in brief keeps its whole wording, which a screen reader reads (the bit
        // masks never try an attacked square).
        if (method !== 'bitmask') assert.ok(seen.some((s) => /^conflict row 7 col \d: attacked by row \d col \d \((column|diagonal [/\\])\)$/.test(s.text)), `${what}: a conflict in full`);
        // What the phone shows of it: the brief, drawn by the style sheet; a desktop, the whole.
        const brief = seen.filter((s) => /conflict r7 c\d ← r\d c\d \((column|diag [/\\])\)/.test(s.brief));
        if (width < 600 && method !== 'bitmask') assert.ok(brief.length > 0, `${what}: a conflict in brief`);
        if (width >= 600) assert.equal(brief.length, 0, `${what}: a brief on a desktop`);
        if (mode === 'fine' && method === 'naive') await p.screenshot({ path: path.join(SHOTS, `layout-log-${width}.png`), fullPage: true });
        noProblems(p);
        await p.close();
      }
    }
  }
});

test("Methods' practice answers inside the screen, on a phone and a desktop, the introduction open or folded", async () => {
  for (const [width, height] of [[390, 844], [1280, 1000]]) {
    for (const intro of [true, false]) {
      const p = await open(live.chromium.browser, `${live.server.url}?n=6&view=methods`, width, height);
      await setIntro(p, intro);
      await p.click('#m-practice');
      // A wrong key, typed where the question asks for it.
      await p.click('#mp-answer', { clickCount: 3 });
      await p.type('#mp-answer', '99');
      await p.keyboard.press('Enter');
      const seen = await p.evaluate(() => {
        const f = document.getElementById('mp-feedback').getBoundingClientRect();
        return { text: document.getElementById('mp-feedback').textContent, top: f.top, bottom: f.bottom, left: f.left, right: f.right, width: innerWidth, height: innerHeight };
      });
      const what = `${width}×${height}, introduction ${intro ? 'open' : 'folded'}`;
      assert.match(seen.text, /^Not quite/, what);
      assert.ok(seen.top >= 0 && seen.bottom <= seen.height + 1, `${what}: the answer spans ${seen.top} to ${seen.bottom} px of ${seen.height}`);
      assert.ok(seen.left >= 0 && seen.right <= seen.width, `${what}: the answer is wider than the screen`);
      if (!intro) await p.screenshot({ path: path.join(SHOTS, `methods-practice-feedback-${width}.png`) });
      noProblems(p);
      await p.close();
    }
  }
});
