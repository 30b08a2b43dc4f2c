// What the page gives a learner, in a real browser (headless Chromium): the cost line's counts
// against `nqueens trace`, the introduction shown on the first visit only, legends that name
// every mark the board and the tree draw, a tree centred and scaled to its box with marks that
// never run together, the solutions grouped by symmetry class, a progress bar only while a count
// runs, and the Methods view comparable on a phone. Screenshots go to NQUEENS_WEB_SHOTS (default:
// a new temporary folder; its path is printed).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { open } from './browser.mjs';
import { useBrowser, traceSteps } from './session.mjs';

const SHOTS =
  process.env.NQUEENS_WEB_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'nqueens-web-shots-'));

const live = useBrowser(SHOTS);

// A page in its own browser context: its own storage, as on a first visit.
async function fresh(query, width, height) {
  const context = await live.chromium.browser.createBrowserContext();
  const p = await open(context, live.server.url + query, width, height);
  p.context = context;
  return p;
}

async function done(p) {
  assert.deepEqual(p.problems, [], 'the page logged errors');
  await p.close();
  if (p.context) await p.context.close();
}

const text = (p, sel) => p.$eval(sel, (e) => e.textContent);
const data = (p, sel, key) => p.$eval(sel, (e, k) => e.dataset[k], key);
const shown = (p, sel) => p.$$eval(sel, (els) => els.map((e) => e.getClientRects().length > 0));

async function shot(p, name) {
  await p.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

// The steps of `nqueens trace N --json`, as the command line prints them.
function trace(n) {
  return traceSteps(n).map((s) => s.step);
}

// Squares tried (queens placed and conflicts) among `steps`.
const tried = (steps) => steps.filter((s) => s === 'place' || s === 'conflict').length;

test('the cost line counts the squares of nqueens trace, and n^n and n!', async () => {
  const steps = trace(8);
  const total = tried(steps);
  assert.equal(total, 15720); // the figure textbooks quote for the 8×8 search
  const p = await fresh('?n=8&step=40');
  assert.equal(await data(p, '#w-cost', 'total'), String(total));
  assert.equal(await data(p, '#w-cost', 'placed'), String(steps.filter((s) => s === 'place').length));
  assert.equal(await data(p, '#w-cost', 'soFar'), String(tried(steps.slice(0, 40))));
  assert.equal(await data(p, '#w-cost', 'nn'), '16777216');
  assert.equal(await data(p, '#w-cost', 'fact'), '40320');
  const line = await text(p, '#w-cost');
  for (const figure of ['15,720', '16,777,216', '40,320', '8! = 40,320']) assert.ok(line.includes(figure), line);
  // A step back takes back the square it tried.
  await p.click('#w-back');
  assert.equal(await data(p, '#w-cost', 'soFar'), String(tried(steps.slice(0, 39))));
  // The Tree view shows the same line; the Methods view does not.
  await p.keyboard.press('3');
  assert.deepEqual(await shown(p, '#w-cost'), [true]);
  await p.keyboard.press('2');
  assert.deepEqual(await shown(p, '#w-cost'), [false]);
  await done(p);
  // At the end of the search, so far is all of it; n = 5 checks another board.
  const p5 = await fresh('?n=5&step=100000');
  const s5 = trace(5);
  assert.equal(await data(p5, '#w-cost', 'soFar'), String(tried(s5)));
  assert.equal(await data(p5, '#w-cost', 'total'), String(tried(s5)));
  assert.equal(await data(p5, '#w-cost', 'nn'), '3125');
  assert.equal(await data(p5, '#w-cost', 'fact'), '120');
  await done(p5);
  // With the bit masks' code the steps are theirs, and they try only free squares, each a queen:
  // so far and in all, the squares tried are the queens placed.
  const pm = await fresh('?n=8&method=bitmask&step=40');
  const own = steps.filter((s) => s !== 'conflict');
  const placed = own.filter((s) => s === 'place').length;
  assert.equal(await data(pm, '#w-cost', 'soFar'), String(own.slice(0, 40).filter((s) => s === 'place').length));
  assert.equal(await data(pm, '#w-cost', 'total'), String(placed));
  const said = await text(pm, '#w-cost');
  assert.match(said, /the bit masks have tried \d+ squares so far, each a queen placed: they never try an attacked square\./);
  assert.ok(said.includes(`${placed.toLocaleString('en')} in the whole search, where the scan and the sets try 15,720`), said);
  await done(pm);
});

test('the introduction opens on the first visit only, and opens again on request', async () => {
  const context = await live.chromium.browser.createBrowserContext();
  // A desktop's first visit opens it (a phone's keeps it folded: layout.test.mjs).
  const first = await open(context, live.server.url + '?n=6', 1280, 1000);
  assert.equal(await first.$eval('#intro', (d) => d.open), true);
  // It names every view the tabs offer.
  const intro = await text(first, '#intro');
  for (const tab of await first.$$eval('nav [role="tab"]', (t) => t.map((e) => e.textContent.replace(/^\d+ /, '')))) {
    assert.ok(intro.includes(tab), `the introduction says what ${tab} shows`);
  }
  await shot(first, 'intro-first-visit');
  const again = await open(context, live.server.url + '?n=6', 1280, 1000);
  assert.equal(await again.$eval('#intro', (d) => d.open), false);
  await again.click('#intro summary');
  assert.equal(await again.$eval('#intro', (d) => d.open), true);
  for (const p of [first, again]) {
    assert.deepEqual(p.problems, []);
    await p.close();
  }
  await context.close();
});

// The marks drawn on the Watch board: the class of each marked square or line, and "queen".
const boardMarks = (p) =>
  p.$eval('#w-board', (svg) => {
    const out = [];
    for (const e of svg.querySelectorAll('[class]')) out.push(...e.classList);
    if (svg.querySelector('use')) out.push('queen');
    return out;
  });

const legend = (p, sel) => p.$$eval(`${sel} [data-mark]`, (li) => li.map((e) => e.dataset.mark));

test('every mark on the board and in the tree is in its legend', async () => {
  const p = await fresh('?n=4');
  const seen = new Set();
  for (let i = 0; i < 78; i++) {
    await p.click('#w-step');
    for (const m of await boardMarks(p)) seen.add(m);
  }
  const keys = await legend(p, '#w-legend');
  assert.deepEqual([...seen].sort(), ['att', 'attack-line', 'by', 'lifted', 'placed', 'queen', 'tried']);
  for (const m of seen) assert.ok(keys.includes(m), `the Watch legend lacks ${m}`);
  await done(p);

  // The tree of 8×8 part way, with finished subtrees folded: every kind of mark is drawn.
  // At a solution, which is drawn unfolded at the end of the current path.
  const t = await fresh('?n=8&view=tree&step=3000');
  await t.click('#w-solution');
  const marks = await t.$eval('#t-svg', (svg) => {
    const out = new Set();
    for (const g of svg.querySelectorAll('g.node')) {
      const c = g.classList;
      out.add(c.contains('root') ? 'root' : 'node');
      for (const k of ['open', 'sol', 'folded']) if (c.contains(k)) out.add(k);
    }
    if (svg.querySelector('line.edge.sol')) out.add('edge-sol');
    if (svg.querySelector('path.pruned')) out.add('pruned');
    if (svg.querySelector('text.count')) out.add('count');
    return [...out].sort();
  });
  assert.deepEqual(marks, ['count', 'edge-sol', 'folded', 'node', 'open', 'pruned', 'root', 'sol']);
  const treeKeys = await legend(t, '#t-legend');
  for (const m of marks) assert.ok(treeKeys.includes(m), `the tree legend lacks ${m}`);
  // "+k ★s" says what a folded node's label counts: k is its queens below, s its solutions.
  const folded = await t.$$eval('#t-svg g.node.folded', (gs) =>
    gs.map((g) => [g.querySelector('text.count').textContent, g.querySelector('title').textContent]),
  );
  assert.ok(folded.length > 0);
  for (const [label, title] of folded) {
    const [, k, s] = label.match(/^\+(\d+)(?: ★(\d+))?$/);
    const [, below] = title.match(/: (\d+) nodes? below and here/);
    assert.equal(Number(below), Number(k) + 1, `${label}: ${title}`);
    const sols = title.match(/, (\d+) solutions?$/);
    assert.equal(s, sols ? sols[1] : undefined, `${label}: ${title}`);
  }
  await shot(t, 'tree-legend');
  await done(t);
});

// Each drawn box of `sel` in the tree, on the screen.
const boxes = (p, sel) =>
  p.$$eval(sel, (els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      return { left: r.left, right: r.right, top: Math.round(r.top), width: r.width };
    }),
  );

// True when no two boxes on one level overlap or come within `gap` px.
function apart(list, gap) {
  const levels = new Map();
  for (const b of list) levels.set(b.top, [...(levels.get(b.top) || []), b]);
  for (const row of levels.values()) {
    row.sort((a, b) => a.left - b.left);
    for (let i = 1; i < row.length; i++) {
      if (row[i].left - row[i - 1].right < gap) return `${JSON.stringify(row[i - 1])} and ${JSON.stringify(row[i])}`;
    }
  }
  return true;
}

test('the tree stands centred in its box, scaled to it, with pruned squares apart', async () => {
  // The whole 4×4 tree fits a wide box at full size: centred, with nothing to scroll.
  let p = await fresh('?n=4&view=tree&step=1000');
  let wrap = await p.$eval('#t-wrap', (w) => {
    const r = w.getBoundingClientRect();
    return { mid: r.left + w.clientLeft + w.clientWidth / 2, scroll: w.scrollWidth - w.clientWidth };
  });
  assert.equal(await data(p, '#t-svg', 'scale'), '1');
  assert.equal(wrap.scroll, 0);
  const drawn = await boxes(p, '#t-svg circle, #t-svg path.pruned');
  const mid = (Math.min(...drawn.map((b) => b.left)) + Math.max(...drawn.map((b) => b.right))) / 2;
  assert.ok(Math.abs(mid - wrap.mid) < 4, `the tree's middle is at ${mid}, the box's at ${wrap.mid}`);
  await done(p);

  // On a phone the same tree is scaled down to its box.
  p = await fresh('?n=4&view=tree&step=1000', 360, 740);
  const scale = Number(await data(p, '#t-svg', 'scale'));
  assert.ok(scale < 1, `scale ${scale}`);
  wrap = await p.$eval('#t-wrap', (w) => ({ client: w.clientWidth, scroll: w.scrollWidth }));
  const width = Number(await p.$eval('#t-svg', (s) => s.getAttribute('width')));
  // Scaled to the box, or as small as stays readable (then the box scrolls).
  assert.ok(width <= wrap.client + 0.5 || scale === 0.6, `${width} px in a ${wrap.client} px box at ${scale}`);
  assert.equal(apart(await boxes(p, '#t-svg path.pruned'), 2), true);
  await shot(p, 'tree-phone');
  await done(p);

  // The whole 6×6 tree, unfolded, at the smallest scale: hundreds of pruned squares, none
  // touching the next; and on 8×8 folded, the "+k" labels of neighbouring folds stay apart.
  p = await fresh('?n=6&view=tree&step=100000', 360, 740);
  const crosses = await boxes(p, '#t-svg path.pruned');
  assert.ok(crosses.length > 700, `${crosses.length} pruned squares`);
  assert.equal(apart(crosses, 2), true);
  await done(p);
  p = await fresh('?n=8&view=tree&step=17868', 1100, 800);
  const labels = await boxes(p, '#t-svg text.count');
  assert.ok(labels.length >= 8, `${labels.length} folded nodes`);
  assert.equal(apart(labels, 1), true);
  await done(p);
});

// The eight images of a board (columns of rows 0..n-1, from 0): its rotations and reflections,
// written the same way.
function images(cols) {
  const n = cols.length;
  const rot = (c) => {
    const out = new Array(n);
    c.forEach((col, row) => (out[col] = n - 1 - row));
    return out;
  };
  const mirror = (c) => c.map((col) => n - 1 - col);
  const out = [];
  let c = cols;
  for (let i = 0; i < 4; i++) {
    out.push(c, mirror(c));
    c = rot(c);
  }
  return out.map((b) => b.join(' '));
}

// The classes the Solutions view shows: each header's text and its boards' captions.
const classesShown = (p) =>
  p.$$eval('#g-classes .sym-class', (cs) =>
    cs.map((c) => ({
      head: c.querySelector('h3').textContent,
      size: Number(c.dataset.size),
      boards: Array.from(c.querySelectorAll('figcaption .cols'), (f) => f.textContent),
    })),
  );

test('solutions come grouped by symmetry class: 12 headers holding 92 boards for n = 8', async () => {
  const p = await fresh('?n=8&view=solutions');
  // No progress bar before a count starts.
  assert.deepEqual(await shown(p, '#c-progress'), [false]);
  const classes = await classesShown(p);
  assert.equal(classes.length, 12);
  assert.equal(await p.$$eval('#g-classes figure', (f) => f.length), 92);
  assert.equal(await p.$eval('#g-more', (b) => b.hidden), true);
  assert.match(await text(p, '#g-count'), /92 boards in 12 classes/);
  const numbers = [];
  for (const c of classes) {
    assert.equal(c.boards.length, c.size, c.head);
    assert.match(c.head, new RegExp(`· ${c.size} boards? ·`));
    // Each board of a class is an image of the class's first board, and no two are the same.
    const [first, ...rest] = c.boards.map((b) => b.split(': '));
    const rep = first[1].split(' ').map(Number);
    assert.ok(c.head.includes(first[1]), c.head);
    const family = images(rep);
    for (const [, cols] of rest) assert.ok(family.includes(cols), `${cols} is not an image of ${first[1]}`);
    assert.equal(new Set(c.boards.map((b) => b.split(': ')[1])).size, c.size);
    // The first board is the smallest of them all.
    assert.equal([...family].sort((a, b) => (a < b ? -1 : 1))[0], first[1]);
    numbers.push(...c.boards.map((b) => Number(b.split(':')[0])));
  }
  assert.deepEqual(numbers.sort((a, b) => a - b), Array.from({ length: 92 }, (_, i) => i + 1));
  // The sizes: 11 classes of 8 boards and one of 4, as `nqueens count 8 --json` splits them.
  assert.deepEqual(classes.map((c) => c.size).sort(), [4, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8]);
  await shot(p, 'solutions-classes');

  // The bar shows while a count runs, and goes when it ends.
  await p.$eval('#c-n', (e) => (e.value = '12'));
  await p.click('#c-go');
  await p.waitForSelector('#c-result[data-state="done"]', { timeout: 60000 });
  assert.deepEqual(await shown(p, '#c-progress'), [false]);
  await done(p);

  // n = 10: 724 boards in 92 classes, shown a page of whole classes at a time.
  const q = await fresh('?n=10&view=solutions');
  while (!(await q.$eval('#g-more', (b) => b.hidden))) await q.click('#g-more');
  const ten = await classesShown(q);
  assert.equal(ten.length, 92);
  assert.equal(ten.reduce((t, c) => t + c.boards.length, 0), 724);
  await done(q);
});

// The turn or reflection each caption names, written out here square by square: where the
// queen of (row, col) goes on an n×n board.
const MOVES = {
  "the class's first": (n, r, c) => [r, c],
  'turned a quarter clockwise': (n, r, c) => [c, n - 1 - r],
  'turned half round': (n, r, c) => [n - 1 - r, n - 1 - c],
  'turned a quarter anticlockwise': (n, r, c) => [n - 1 - c, r],
  'mirrored left to right': (n, r, c) => [r, n - 1 - c],
  'mirrored top to bottom': (n, r, c) => [n - 1 - r, c],
  'reflected in the diagonal \\': (n, r, c) => [c, r],
  'reflected in the diagonal /': (n, r, c) => [n - 1 - c, n - 1 - r],
};
const moved = (cols, move) => {
  const out = [];
  cols.forEach((c, r) => {
    const [r2, c2] = move(cols.length, r, c);
    out[r2] = c2;
  });
  return out.join(' ');
};

test('Solutions: each board names the turn or reflection of its class\'s first, and opens in Watch at the step that finds it', async () => {
  const n = 8;
  const trace = traceSteps(n);
  const at = [];
  trace.forEach((s, i) => s.step === 'solution' && (at[s.number] = i + 1));
  const p = await fresh(`?n=${n}&view=solutions`);
  const boards = await p.$$eval('#g-classes .sym-class', (cs) =>
    cs.map((c) =>
      Array.from(c.querySelectorAll('figure'), (f) => ({
        cols: f.querySelector('.cols').textContent,
        by: f.querySelector('.by').textContent,
        href: f.querySelector('a.found').getAttribute('href'),
        link: f.querySelector('a.found').textContent,
      })),
    ),
  );
  const seen = new Set();
  for (const members of boards) {
    const [firstNumber, firstCols] = members[0].cols.split(': ');
    for (const b of members) {
      const [number, cols] = b.cols.split(': ');
      // "= 1 turned a quarter clockwise": board 1, so moved, is this board.
      const m = b.by.match(/^= (?:the class's first|([\d,]+) (.+))$/);
      assert.ok(m, b.by);
      if (m[1]) assert.equal(m[1], firstNumber, b.by);
      const move = m[2] || "the class's first";
      assert.ok(move in MOVES, `${b.by}: a symmetry of the square`);
      if (b === members[0]) assert.equal(move, "the class's first");
      assert.equal(moved(firstCols.split(' ').map(Number), MOVES[move]), cols, `board ${number} is ${b.by}`);
      seen.add(move);
      // The link opens Watch at the step of `nqueens trace` that finds this solution.
      const k = at[Number(number)];
      assert.equal(b.href, `?n=${n}&view=watch&step=${k}`);
      assert.equal(b.link, `found at step ${k.toLocaleString('en')}`);
    }
  }
  // 8×8 has every kind: the turns and the reflections.
  assert.equal(seen.size, 8, [...seen].join(', '));
  await shot(p, 'solutions-symmetry');
  // Board 5, opened: Watch at its step, the solution on the board.
  const five = boards.flat().find((b) => b.cols.startsWith('5: '));
  await Promise.all([p.waitForNavigation(), p.click(`a.found[href="${five.href}"]`)]);
  await p.waitForSelector('#view-watch:not([hidden])');
  assert.equal(await text(p, '#w-text'), `solution 5: ${five.cols.split(': ')[1]}`);
  await done(p);

  // Past the gallery's n: no LeetCode box, a download of every board instead.
  const q = await fresh('?n=11&view=solutions');
  assert.deepEqual(await shown(q, '#g-download'), [true]);
  assert.match(await text(q, '#g-download'), /^Download the 2,680 boards \(nqueens-11-leetcode\.json\)$/);
  assert.match(await text(q, '#g-leetcode-none'), /Download them as one file instead/);
  const file = await q.evaluate(async () => {
    /** @type {Blob[]} */
    const made = [];
    const create = URL.createObjectURL;
    URL.createObjectURL = (b) => (made.push(b), create.call(URL, b));
    HTMLAnchorElement.prototype.click = function () {
      made.name = this.download;
    };
    document.getElementById('g-download').click();
    return { name: made.name, text: await made[0].text() };
  });
  assert.equal(file.name, 'nqueens-11-leetcode.json');
  const all = JSON.parse(file.text);
  assert.equal(all.length, 2680);
  // The first board of the lexicographic list: 0 2 4 6 8 10 1 3 5 7 9.
  assert.deepEqual(all[0].map((row) => row.indexOf('Q')), [0, 2, 4, 6, 8, 10, 1, 3, 5, 7, 9]);
  assert.deepEqual(await shown(q, '#g-leetcode-box'), [false]);
  const eight = await fresh('?n=8&view=solutions');
  assert.deepEqual(await shown(eight, '#g-download'), [false]);
  await done(eight);
  await done(q);
});

test('Methods on a 390 px phone: the three side by side, one tap to switch, the step kept', async () => {
  const p = await fresh('?n=6&view=methods', 390, 844);
  for (let i = 0; i < 6; i++) await p.click('#m-round');
  for (let i = 0; i < 4; i++) await p.click('#m-tick');
  const step = await data(p, '#view-methods', 'step');
  const works = await p.$$eval('#view-methods .lane', (l) => l.map((e) => e.dataset.work));
  assert.ok(new Set(works).size === 3, `the three methods have paid ${works}`);
  const strip = () =>
    p.$$eval('.lane-switch [data-lane]', (bs) =>
      bs.map((b) => {
        const r = b.querySelector('svg').getBoundingClientRect();
        return {
          work: b.querySelector('.sw-work').textContent.replace(/,/g, ''),
          queens: b.querySelector('svg').dataset.queens,
          top: Math.round(r.top),
          left: r.left,
          right: r.right,
          selected: b.getAttribute('aria-selected'),
        };
      }),
    );
  let s = await strip();
  // Side by side: three boards on one line, within the screen, each with its method's count.
  assert.deepEqual(s.map((b) => b.work), works);
  assert.equal(new Set(s.map((b) => b.top)).size, 1, JSON.stringify(s));
  assert.ok(s[0].right <= s[1].left && s[1].right <= s[2].left && s[2].right <= 390, JSON.stringify(s));
  const lanes = await p.$$eval('#view-methods .lane', (l) => l.map((e) => e.querySelector('svg').dataset.queens));
  assert.deepEqual(s.map((b) => b.queens), lanes);
  assert.deepEqual(await shown(p, '#view-methods .lane'), [true, false, false]);
  await shot(p, 'methods-phone-scan');
  // One tap: the sets in full, at the same step.
  await p.click('.lane-switch [data-lane="1"]');
  assert.deepEqual(await shown(p, '#view-methods .lane'), [false, true, false]);
  assert.equal(await data(p, '#view-methods', 'step'), step);
  s = await strip();
  assert.deepEqual(s.map((b) => b.selected), ['false', 'true', 'false']);
  assert.deepEqual(s.map((b) => b.work), works);
  // The switch follows the search as it goes on.
  await p.click('#m-round');
  const after = await p.$$eval('#view-methods .lane', (l) => l.map((e) => e.dataset.work));
  assert.deepEqual((await strip()).map((b) => b.work), after);
  assert.ok(await p.evaluate(() => document.documentElement.scrollWidth <= 390));
  await shot(p, 'methods-phone-sets');
  await done(p);
  // On a wide screen the three lanes stand side by side in full, and the switch is not needed.
  const wide = await fresh('?n=6&view=methods', 1100, 800);
  assert.deepEqual(await shown(wide, '#view-methods .lane'), [true, true, true]);
  assert.deepEqual(await shown(wide, '.lane-switch'), [false]);
  await done(wide);
});

test('every view fits 360 px on a first visit, with no error; a screenshot of each', async () => {
  for (const view of ['watch', 'methods', 'tree', 'solutions', 'puzzle']) {
    const p = await fresh(`?n=8&view=${view}&step=${view === 'puzzle' || view === 'solutions' ? 0 : 200}`, 360, 740);
    // A phone's first visit opens on the board, the introduction folded; opened, it fits too.
    assert.equal(await p.$eval('#intro', (d) => d.open), false);
    await p.click('#intro > summary');
    const width = await p.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, `${view} is ${width} px wide at 360 px`);
    await shot(p, `learn-${view}-360`);
    await done(p);
  }
});
