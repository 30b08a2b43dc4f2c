// Accessibility of the page, in a real browser (headless Chromium): axe-core finds no violation
// in any view, with the introduction open or closed, nor in any view in each way of stepping
// (mode=coarse, fine and line), nor in Watch and Tree on a Puzzle board;
// the Tab key reaches every control and each shows a focus outline that stands out from the
// page; the tree's nodes fold from the keyboard; the sentence of the current step reaches
// screen readers through a polite live region, once per step taken by hand and never at each
// frame of an animation; and colour is never the only cue: patterns, shapes and words stand
// beside it, and each board's legend names its marks.
// Screenshots (in colour and in grey) go to NQUEENS_WEB_SHOTS (default: a new temporary folder;
// its path is printed).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { open } from './browser.mjs';
import { useBrowser } from './session.mjs';

const SHOTS =
  process.env.NQUEENS_WEB_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'nqueens-web-shots-'));
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const VIEWS = ['watch', 'methods', 'tree', 'solutions', 'puzzle', 'lesson'];
const [WIDTH, HEIGHT] = [1280, 1000];

const live = useBrowser(SHOTS);

// A browser context of its own: a first visit (the introduction open) and the visits after it.
async function context() {
  return live.chromium.browser.createBrowserContext();
}

async function done(p) {
  assert.deepEqual(p.problems, [], 'the page logged errors');
  await p.close();
}

const text = (p, sel) => p.$eval(sel, (e) => e.textContent);

async function shot(p, name) {
  await p.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

// Each view with something in it: steps taken, logs long enough to scroll, a count done, a
// puzzle begun.
const BUSY = {
  watch: async (p) => {
    for (let i = 0; i < 3; i++) await p.click('#w-solution');
    for (let i = 0; i < 12; i++) await p.click('#w-step');
  },
  methods: async (p) => {
    for (let i = 0; i < 9; i++) await p.click('#m-round');
    for (let i = 0; i < 3; i++) await p.click('#m-tick');
  },
  tree: async (p) => {
    await p.click('#w-solution');
    await p.click('#w-solution');
  },
  solutions: async (p) => {
    await p.click('#c-go');
    await p.waitForSelector('#c-result[data-state="done"]', { timeout: 60000 });
  },
  puzzle: async (p) => {
    // A block that leaves three completions, so that the arrows through them are enabled.
    await p.$eval('#p-board', (e) => e.focus());
    await p.keyboard.press('ArrowDown');
    await p.keyboard.press('x');
    assert.equal(await text(p, '#p-count'), '3');
  },
  lesson: async (p) => {
    // A step whose question offers B (the second queen's), and a wrong square answered on the
    // board, explained and outlined.
    for (let i = 0; i < 3; i++) await p.click('#l-next');
    const box = await p.$eval('#l-board', (b) => {
      b.scrollIntoView({ block: 'center' });
      const r = b.getBoundingClientRect();
      return { x: r.left, y: r.top, unit: r.width / 4.1 };
    });
    await p.mouse.click(box.x + 1.55 * box.unit, box.y + 2.55 * box.unit);
    assert.equal(await p.$eval('#l-feedback', (e) => e.dataset.right), 'false');
  },
};

// axe-core's violations on the page as it stands: rule, impact and the elements, in words.
async function violations(p) {
  if (!(await p.evaluate(() => typeof window.axe === 'object'))) await p.addScriptTag({ content: AXE });
  const found = await p.evaluate(async () => (await window.axe.run(document)).violations);
  return found.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('axe-core finds no violation in any view, with the introduction open or closed', async () => {
  for (const view of VIEWS) {
    // A first visit opens the introduction; the next one finds it folded.
    const ctx = await context();
    for (const intro of [true, false]) {
      const p = await open(ctx, `${live.server.url}?n=6&view=${view}`, WIDTH, HEIGHT);
      assert.equal(await p.$eval('#intro', (d) => d.open), intro);
      await BUSY[view](p);
      const found = await violations(p);
      assert.deepEqual(found, [], `${view}, introduction ${intro ? 'open' : 'closed'}:\n${found.join('\n')}`);
      await done(p);
    }
    await ctx.close();
  }
});

test('axe-core finds no violation in any view in any way of stepping: step over, step into, line by line', async () => {
  // One walk through the page as a learner meets it: each view opened by its link with each
  // mode=, something done in it, then axe on the whole page. Watch and Tree step in the mode
  // named; the other views keep it in their link.
  const ctx = await context();
  for (const view of VIEWS) {
    for (const mode of ['coarse', 'fine', 'line']) {
      const p = await open(ctx, `${live.server.url}?n=6&view=${view}&mode=${mode}`, WIDTH, HEIGHT);
      assert.equal(await p.$eval(`#w-mode button[data-key="${mode}"]`, (b) => b.getAttribute('aria-pressed')), 'true', `${view}: mode=${mode} taken`);
      await BUSY[view](p);
      const found = await violations(p);
      assert.deepEqual(found, [], `${view}, mode=${mode}:\n${found.join('\n')}`);
      await done(p);
    }
  }
  await ctx.close();
});

test('axe-core finds no violation in Watch and Tree on a Puzzle board', async () => {
  const ctx = await context();
  const board = '.Q..../....../...x../....../x...../......';
  for (const view of ['watch', 'tree']) {
    const p = await open(ctx, `${live.server.url}?n=6&view=${view}&board=${board}&step=30`, WIDTH, HEIGHT);
    assert.equal(await p.$eval('#w-puzzle', (e) => e.hidden), false);
    const found = await violations(p);
    assert.deepEqual(found, [], `${view} on a Puzzle board:\n${found.join('\n')}`);
    if (view === 'watch') await shot(p, 'a11y-puzzle-watch');
    await done(p);
  }
  await ctx.close();
});

// The focused element: its place in the document, a name (tag, id, classes, label or text), and
// how its focus shows.
const FOCUSED = () => {
  const e = document.activeElement;
  if (!e || e === document.body) return null;
  const style = getComputedStyle(e);
  const cls = typeof e.className === 'string' ? e.className : e.className.baseVal;
  const place = [];
  for (let n = e; n.parentElement; n = n.parentElement) place.unshift(Array.prototype.indexOf.call(n.parentElement.children, n));
  const label = e.getAttribute('aria-label') || (e.tagName === 'BUTTON' ? e.textContent.trim() : e.type);
  return {
    place: place.join('.'),
    name:
      e.tagName.toLowerCase() +
      (e.id ? '#' + e.id : '') +
      (cls ? '.' + cls.trim().split(/\s+/).join('.') : '') +
      (label ? `[${label}]` : ''),
    visible: e.matches(':focus-visible'),
    outline: [style.outlineStyle, style.outlineWidth, style.outlineColor],
    shadow: style.boxShadow,
    page: getComputedStyle(document.documentElement).backgroundColor,
  };
};

// The contrast ratio of two opaque CSS colours, written rgb(r, g, b).
function contrast(a, b) {
  const rgb = (c) => c.match(/[\d.]+/g).map(Number);
  const lum = ([r, g, b2]) => {
    const f = (v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b2);
  };
  const [la, lb] = [lum(rgb(a)), lum(rgb(b))].sort((x, y) => y - x);
  return (la + 0.05) / (lb + 0.05);
}

// What the Tab key must reach in each view, besides the header's controls.
const REACHED = {
  watch: ['button#w-play', 'input#w-speed', 'ol#w-log', 'ol#w-found', 'pre.code-listing', 'button#tab-watch'],
  methods: ['button#m-play', 'button#m-tick', 'input#m-speed', 'ol.ops.log', 'pre.code-listing', 'button#tab-methods'],
  tree: ['button#w-step', 'button#t-fold', 'div#t-wrap', 'g.node', 'button#tab-tree'],
  solutions: ['input#c-n', 'input#c-unique', 'button#c-go', 'textarea#g-leetcode', 'button#g-copy', 'button#tab-solutions'],
  puzzle: ['input[radio]', 'button#p-clear', 'svg#p-board', 'pre#p-text', 'button#p-next', 'button#tab-puzzle'],
  lesson: ['button#l-prev', 'button#l-next', 'svg#l-board', 'button#l-back', 'a#l-open', 'pre.code-listing', 'ol#l-stack', 'button#tab-lesson'],
};

test('the Tab key reaches every control of each view, and each shows a focus outline', async () => {
  const ctx = await context();
  for (const view of VIEWS) {
    const p = await open(ctx, `${live.server.url}?n=6&view=${view}`, WIDTH, HEIGHT);
    await BUSY[view](p);
    await p.evaluate(() => document.activeElement && document.activeElement.blur());
    // Round the page once: from wherever Tab starts, until it comes back to the first element.
    const seen = [];
    for (let i = 0; i < 400; i++) {
      await p.keyboard.press('Tab');
      const f = await p.evaluate(FOCUSED);
      if (!f) continue;
      if (seen.length && f.place === seen[0].place) break;
      seen.push(f);
    }
    assert.ok(seen.length > 5, `${view}: Tab reached ${seen.length} elements`);
    const names = seen.map((f) => f.name);
    // The lesson's board is 4×4 whatever the page's n: its header names it, without the select.
    for (const want of [...(view === 'lesson' ? [] : ['select#n']), 'summary', ...REACHED[view]]) {
      assert.ok(names.some((n) => n.startsWith(want) || n.includes(want)), `${view}: Tab never reaches ${want}:\n${names.join('\n')}`);
    }
    for (const f of seen) {
      assert.ok(f.visible, `${view}: ${f.name} does not match :focus-visible`);
      const [style, width, color] = f.outline;
      const outlined = style !== 'none' && parseFloat(width) >= 2;
      assert.ok(outlined || f.shadow !== 'none', `${view}: ${f.name} shows no focus (${f.outline.join(' ')}, ${f.shadow})`);
      if (outlined) {
        const ratio = contrast(color, f.page);
        assert.ok(ratio >= 3, `${view}: the focus outline of ${f.name} is ${ratio.toFixed(2)}:1 against the page`);
      }
    }
    await done(p);
  }
  await ctx.close();
});

test('the tree folds and unfolds from the keyboard, its arrows moving from node to node', async () => {
  const ctx = await context();
  const p = await open(ctx, `${live.server.url}?n=4&view=tree&step=1000`, WIDTH, HEIGHT);
  const status = await text(p, '#w-status');
  // One node is in the tab order: the empty board, first.
  assert.equal(await p.$$eval('#t-svg g.node[tabindex="0"]', (g) => g.length), 1);
  await p.$eval('#t-wrap', (e) => e.focus());
  await p.keyboard.press('Tab');
  const focused = () =>
    p.evaluate(() => {
      const e = document.activeElement;
      return e.matches('#t-svg g.node')
        ? { id: e.dataset.id, expanded: e.getAttribute('aria-expanded'), folded: e.classList.contains('folded'), root: e.classList.contains('root') }
        : null;
    });
  let f = await focused();
  assert.ok(f && f.root, 'Tab goes to the tree\'s first node');
  await p.keyboard.press('Enter');
  f = await focused();
  assert.deepEqual([f.root, f.expanded, f.folded], [true, 'false', true]);
  await p.keyboard.press(' ');
  f = await focused();
  assert.deepEqual([f.root, f.expanded, f.folded], [true, 'true', false]);
  await p.keyboard.press('ArrowRight');
  await p.keyboard.press('ArrowRight');
  f = await focused();
  assert.ok(f && !f.root, 'the arrow keys move to the next node');
  await p.keyboard.press('Enter');
  const again = await focused();
  assert.deepEqual([again.expanded, again.folded], ['false', true]);
  await shot(p, 'a11y-tree-focus');
  await p.keyboard.press('ArrowLeft');
  await p.keyboard.press('ArrowLeft');
  assert.equal((await focused()).root, true);
  // The keys went to the tree, not to the search.
  assert.equal(await text(p, '#w-status'), status);
  await done(p);
  await ctx.close();
});

// Counts the changes to `sel`'s text from now on, in window.__changes.
const watchChanges = (p, sel) =>
  p.$eval(sel, (e) => {
    window.__changes = 0;
    new MutationObserver(() => window.__changes++).observe(e, { childList: true, characterData: true, subtree: true });
  });
const changes = (p) => p.evaluate(() => window.__changes);

test('the sentence of the current step is said in a polite live region, not at each frame', async () => {
  const ctx = await context();
  const p = await open(ctx, `${live.server.url}?n=8`, WIDTH, HEIGHT);
  assert.equal(await p.$eval('#w-say', (e) => e.getAttribute('aria-live')), 'polite');
  // Watch: one step, by the button and by the key, each named.
  await p.click('#w-step');
  assert.equal(await text(p, '#w-say'), 'place row 0 col 0');
  await p.keyboard.press('ArrowRight');
  assert.equal(await text(p, '#w-say'), 'conflict row 1 col 0: attacked by row 0 col 0 (column)');
  assert.equal(await text(p, '#w-say'), await text(p, '#w-text'));
  await p.click('#w-back');
  assert.equal(await text(p, '#w-say'), 'place row 0 col 0');
  await p.click('#w-solution');
  assert.match(await text(p, '#w-say'), /^solution 1: /);
  // Playing fast: nothing is said until it stops, then the step where it stopped.
  await watchChanges(p, '#w-say');
  const before = await text(p, '#w-status');
  await p.evaluate(() => {
    const speed = document.querySelector('#w-speed');
    speed.value = '9';
    speed.dispatchEvent(new Event('input'));
  });
  await p.click('#w-play');
  await new Promise((r) => setTimeout(r, 600));
  assert.notEqual(await text(p, '#w-status'), before, 'the search played');
  assert.equal(await changes(p), 0, 'the live region changed while the search played');
  await p.click('#w-play');
  assert.equal(await changes(p), 1);
  assert.equal(await text(p, '#w-say'), await text(p, '#w-text'));
  // The tree view shares the search and its live region, which shows there.
  await p.keyboard.press('3');
  await p.click('#w-step');
  assert.equal(await text(p, '#w-say'), await text(p, '#w-text'));
  assert.equal(await p.$eval('#w-say', (e) => e.closest('[hidden]')), null);

  // Methods: one operation of each method, named in the live region.
  await p.keyboard.press('2');
  assert.equal(await p.$eval('#m-say', (e) => e.getAttribute('aria-live')), 'polite');
  const lastOps = () =>
    p.$$eval('#view-methods .lane', (lanes) =>
      lanes.map((l) => [l.querySelector('h2').firstChild.textContent.trim(), l.querySelector('.ops li:last-child')?.textContent]),
    );
  for (const act of ['#m-tick', '#m-tick', '#m-round']) {
    await p.click(act);
    const said = await text(p, '#m-say');
    for (const [lane, op] of await lastOps()) {
      if (op) assert.ok(said.includes(op), `${act}: "${said}" does not name ${lane}'s "${op}"`);
    }
    assert.ok(said.length > 0);
  }
  assert.match(await text(p, '#m-say'), /^Scan: .*\. Sets: .*\. Bit masks: /);
  await watchChanges(p, '#m-say');
  await p.evaluate(() => {
    const speed = document.querySelector('#m-speed');
    speed.value = '9';
    speed.dispatchEvent(new Event('input'));
  });
  const step = await p.$eval('#view-methods', (e) => e.dataset.step);
  await p.click('#m-play');
  await new Promise((r) => setTimeout(r, 600));
  assert.notEqual(await p.$eval('#view-methods', (e) => e.dataset.step), step, 'the methods played');
  assert.equal(await changes(p), 0, 'the live region changed while the methods played');
  await p.click('#m-play');
  assert.equal(await changes(p), 1);
  await done(p);
  await ctx.close();
});

// The classes of the marks drawn on a board, the queens and the completion's hollow queens.
const marksOn = (p, sel) =>
  p.$eval(sel, (svg) => {
    const out = new Set();
    for (const e of svg.querySelectorAll('[class]')) for (const c of e.classList) out.add(c);
    for (const u of svg.querySelectorAll('use')) out.add(u.getAttribute('href') === '#nq-ghost' ? 'ghost' : 'queen');
    out.delete('cross'); // a blocked square's cross, drawn with it
    return [...out].sort();
  });
const legend = (p, sel) => p.$$eval(`${sel} [data-mark]`, (li) => li.map((e) => e.dataset.mark));
const fill = (p, sel) => p.$eval(sel, (e) => getComputedStyle(e).fill);

// Takes a screenshot in colour and one in grey, as a reader who tells no colours sees it.
async function shots(p, name) {
  await shot(p, name);
  await p.evaluate(() => (document.documentElement.style.filter = 'grayscale(1)'));
  await shot(p, `${name}-grey`);
  await p.evaluate(() => (document.documentElement.style.filter = ''));
}

test('colour is never the only cue: patterns, shapes and words beside it, and legends', async () => {
  const ctx = await context();
  // Watch: attacked squares are hatched, in the board and in the legend; the conflict's square
  // and its attacker differ in shape (a square, a circle); the log names each step's kind.
  const p = await open(ctx, `${live.server.url}?n=6`, WIDTH, HEIGHT);
  for (let i = 0; i < 2; i++) await p.click('#w-step');
  assert.equal(await fill(p, '#w-board rect.att'), 'url("#nq-attacked")');
  assert.ok(await p.$('#nq-attacked line'), 'the attacked squares\' pattern has lines');
  assert.match(await p.$eval('#w-legend .key.att', (e) => getComputedStyle(e).backgroundImage), /repeating-linear-gradient/);
  assert.notEqual(
    await p.$eval('#w-legend .key.by', (e) => getComputedStyle(e).borderRadius),
    await p.$eval('#w-legend .key.tried', (e) => getComputedStyle(e).borderRadius),
  );
  await p.click('#w-solution');
  for (let i = 0; i < 3; i++) await p.click('#w-step');
  const log = await p.$$eval('#w-log li', (li) => li.map((e) => e.textContent.trim()));
  for (const line of log) assert.match(line, /^(place|conflict|backtrack|solution|start|done)/, line);
  assert.ok(log.some((l) => l.startsWith('solution')));
  // The lit line of the code is bold and barred, not only coloured.
  const lit = await p.$eval('#w-code .ln.lit', (e) => [getComputedStyle(e).fontWeight, getComputedStyle(e).boxShadow]);
  assert.equal(lit[0], '600');
  assert.notEqual(lit[1], 'none');
  await shots(p, 'a11y-watch');
  await done(p);

  // Methods: a square read that holds a queen is hatched, a free square of the masks dotted,
  // and the legend names every mark of the three boards.
  const m = await open(ctx, `${live.server.url}?n=6&view=methods`, WIDTH, HEIGHT);
  const drawn = new Set();
  const hits = new Set(); // the font weights of a set's value that a look-up finds
  for (let i = 0; i < 40; i++) {
    await m.click('#m-tick');
    for (let k = 0; k < 3; k++) for (const c of await marksOn(m, `#lane-${k} svg`)) drawn.add(c);
    for (const w of await m.$$eval('#lane-1 .chip.hit', (cs) => cs.map((c) => getComputedStyle(c).fontWeight))) hits.add(w);
    if (i === 30) await shots(m, 'a11y-methods');
  }
  assert.deepEqual([...drawn].sort(), ['free', 'queen', 'read', 'read-hit', 'tried']);
  const keys = await legend(m, '#m-legend');
  for (const mark of drawn) assert.ok(keys.includes(mark), `the Methods legend lacks ${mark}`);
  assert.equal(await fill(m, '#m-legend rect.read-hit'), 'url("#nq-hit")');
  assert.equal(await fill(m, '#m-legend rect.free'), 'url("#nq-free")');
  assert.ok(await m.$('#nq-free circle'), 'the free squares\' pattern has a dot');
  // A set's value that a look-up finds is bold, not only red.
  assert.deepEqual([...hits], ['700']);
  await done(m);

  // Tree: a solution has a double ring, the current path a thick ring and a bold number, a
  // folded node a dashed one, a branch to solutions a thick line.
  const t = await open(ctx, `${live.server.url}?n=8&view=tree&step=3000`, WIDTH, HEIGHT);
  await t.click('#w-solution');
  assert.ok(await t.$('#t-svg g.node.sol circle.ring'), 'a solution has a second ring');
  assert.ok(await t.$('#t-legend [data-mark="sol"] circle.ring'), 'the legend shows the second ring');
  const width = (sel) => t.$eval(sel, (e) => parseFloat(getComputedStyle(e).strokeWidth));
  assert.ok((await width('#t-svg g.node.open:not(.sol) circle')) >= 2 * (await width('#t-svg g.node:not(.open):not(.root):not(.sol) circle')));
  assert.equal(await t.$eval('#t-svg g.node.open text', (e) => getComputedStyle(e).fontWeight), '700');
  assert.notEqual(await t.$eval('#t-svg g.node.folded circle', (e) => getComputedStyle(e).strokeDasharray), 'none');
  assert.ok((await width('#t-svg line.edge.sol')) >= 2 * (await width('#t-svg line.edge:not(.sol)')));
  await shots(t, 'a11y-tree');
  await done(t);

  // Puzzle: the completion's queens are hollow (another symbol, dashed), attacked squares
  // hatched, blocked ones crossed; the legend names every mark.
  const z = await open(ctx, `${live.server.url}?n=6&view=puzzle&board=.Q..../....../...x../....../x...../......`, WIDTH, HEIGHT);
  await z.$eval('#p-board', (e) => e.focus());
  const marks = await marksOn(z, '#p-board');
  assert.deepEqual(marks, ['blocked', 'cursor', 'ghost', 'noway', 'queen']);
  const pkeys = await legend(z, '#p-legend');
  for (const mark of marks) assert.ok(pkeys.includes(mark), `the Puzzle legend lacks ${mark}`);
  assert.equal(await fill(z, '#p-board rect.noway'), 'url("#nq-noway")');
  assert.ok(await z.$('#nq-noway line'));
  assert.equal(await z.$eval('#nq-ghost g', (g) => g.getAttribute('stroke-dasharray')), '7 4');
  assert.match(await text(z, '#view-puzzle'), /hollow queens show one of them/);
  await shots(z, 'a11y-puzzle');
  await done(z);
  await ctx.close();
});
