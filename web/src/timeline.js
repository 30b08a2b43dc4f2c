// @ts-check
// The timeline: a bar across the whole search of Watch and Tree, with a tick at each solution
// (a bar as tall as their count, where they crowd) and a strip shaded darker where a larger share of the steps are backtracks. A click or a drag
// jumps to that step; as a slider it answers the arrow keys, PageUp, PageDown, Home, End, and
// [ and ] for the previous and next solution.
//
// The bar needs the whole search up front: the bindings' `timeline()` walks it once (about
// 50 ms at n = 12, so it runs when n is chosen) and returns its length, where each solution
// is, and per bin of steps the backtracks, the queens placed and the squares pruned, in the
// steps the search takes (one move a step, or every call and return too). A jump seeks the bindings'
// Watch and rebuilds what the view has followed step by step (the queens placed and the squares
// pruned so far, the solutions found, the tree) from those counts instead of from every step.

import { leetcodeRows } from './board.js';
import { Tree } from './tree.js';
import { num } from './notation.js';
import { steps } from './steps.js';

// A click this many px from a solution's tick lands on that solution.
const SNAP = 4;
// A jump forward by at most this many steps takes them one by one, as playing does.
const WALK = 20000;

/** @typedef {import('./search.js').Search} Search */

export class Timeline {
  /**
   * @param {HTMLElement} bar the timeline's slider (#w-bar)
   * @param {Search} search the search it moves
   */
  constructor(bar, search) {
    this.bar = bar;
    this.search = search;
    this.canvas = /** @type {HTMLCanvasElement} */ (bar.querySelector('canvas'));
    this.thumb = /** @type {HTMLElement} */ (bar.querySelector('.timeline-thumb'));
    // The legend's words for the solutions' marks, which draw() picks.
    this.legend = document.getElementById('w-tl-sols');
    /** @type {number | null} */
    this.target = null; // where a drag wants to go, taken at the next animation frame
    this.frame = 0;
    // Set by open(). The bar can be drawn before it, so draw() and update() check for a length.
    /** @type {number} */
    this.n;
    /** @type {number} the steps of the whole search */
    this.length;
    /** @type {Float64Array} */
    this.solutions;
    /** @type {Float64Array} */
    this.packed;
    /** @type {number} steps a bin */
    this.width;
    /** @type {Float64Array} */
    this.backtracksBefore;
    /** @type {Float64Array} */
    this.placedBefore;
    /** @type {Float64Array} */
    this.prunedBefore;
    /** @type {string[][]} */
    this.rows;
    bar.addEventListener('pointerdown', (e) => this.press(e));
    bar.addEventListener('pointermove', (e) => {
      if (bar.hasPointerCapture && bar.hasPointerCapture(e.pointerId)) this.aim(e.clientX);
    });
    bar.addEventListener('pointerup', (e) => this.release(e));
    bar.addEventListener('pointercancel', (e) => this.release(e));
    bar.addEventListener('keydown', (e) => this.key(e));
    // The marks are drawn for the bar's width in device pixels: a new width draws them again.
    if (typeof ResizeObserver === 'function') new ResizeObserver(() => this.draw()).observe(bar);
  }

  // Walks the whole search of the n×n board (or of its Puzzle board) once, in the steps the
  // search takes, and draws its marks.
  /** @param {number} n */
  open(n) {
    const t = this.search.stepper().timeline();
    const [length, sols, width, bins] = t;
    let at = 4;
    /** @param {number} count */
    const take = (count) => t.subarray(at, (at += count));
    this.n = n;
    this.length = length;
    this.solutions = take(sols); // the position of each solution, in order
    this.packed = take(sols); // its columns, 4 bits a row
    this.width = width;
    const backtracks = take(bins);
    const placed = take(bins);
    const pruned = take(bins);
    // Counts before each bin, and one more for the whole search.
    this.backtracksBefore = prefix(backtracks);
    this.placedBefore = prefix(placed);
    this.prunedBefore = prefix(pruned);
    this.rows = []; // the LeetCode rows of each solution, made when first needed
    this.bar.setAttribute('aria-valuemax', String(length));
    this.bar.dataset.length = String(length);
    this.bar.dataset.solutions = String(sols);
    this.bar.dataset.snap = String(SNAP);
    this.draw();
  }

  // The number of solutions whose step is among the first `p`.
  /** @param {number} p */
  solutionsBefore(p) {
    let lo = 0;
    let hi = this.solutions.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.solutions[mid] <= p) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  // The LeetCode rows of the first `count` solutions.
  /** @param {number} count */
  found(count) {
    const n = this.n;
    for (let i = this.rows.length; i < count; i++) {
      /** @type {number[]} */
      const columns = [];
      for (let r = 0; r < n; r++) columns.push(Math.floor(this.packed[i] / 2 ** (4 * r)) % 16);
      this.rows.push(leetcodeRows(columns));
    }
    return this.rows.slice(0, count);
  }

  // Goes to the place after `p` steps, the board, code, log and tree following.
  /** @param {number} p */
  jump(p) {
    const s = this.search;
    const w = s.stepper();
    p = Math.max(0, Math.min(this.length, Math.round(p)));
    s.pause();
    const here = w.position();
    if (p === here) return;
    if (p === here - 1) {
      s.back();
      return;
    }
    if (p > here && p - here <= WALK) {
      // To the last step, one more is asked for, so that Watch learns the search ends there.
      s.forward(p - here + (p === this.length ? 1 : 0), -1);
      return;
    }
    this.growTree(p);
    // The counts at the start of p's bin, then the steps from there to p.
    const bin = Math.min(Math.floor(p / this.width), this.placedBefore.length - 2);
    const start = bin * this.width;
    let placed = this.placedBefore[bin];
    let pruned = this.prunedBefore[bin];
    w.seek(start);
    const codes = w.forward(p - start, -1);
    for (const [kind] of steps(codes)) {
      if (kind === 1) placed++;
      else if (kind === 2) pruned++;
    }
    // At the last step, one more tries the step after it, so that Watch learns the search ends.
    if (p === this.length) w.forward(1, -1);
    s.placed = placed;
    s.pruned = pruned;
    s.columns = Array.from(w.columns());
    s.found = this.found(w.found());
    s.render(true);
  }

  // Brings the tree to step `p`: the tree keeps the start of the search only (tree.js), so it
  // is grown from the start or from where it stands, never past that cap.
  /** @param {number} p */
  growTree(p) {
    const s = this.search;
    const w = s.stepper();
    if (p < s.tree.applied) {
      const autoFold = s.tree.autoFold;
      s.tree = new Tree(this.n, !!s.board);
      s.tree.autoFold = autoFold;
    }
    const tree = s.tree;
    if (tree.full || tree.applied >= p) return;
    w.seek(tree.applied);
    while (!tree.full && tree.applied < p) {
      const from = tree.applied;
      const codes = w.forward(Math.min(8192, p - from), -1);
      if (codes.length === 0) break;
      steps(codes).forEach((code, i) => tree.apply(code, from + i));
    }
  }

  // The step under the pointer at clientX; near a solution's tick, that solution.
  /** @param {number} clientX */
  stepAt(clientX) {
    const box = this.bar.getBoundingClientRect();
    const x = Math.max(0, Math.min(box.width, clientX - box.left));
    const at = (x / box.width) * this.length;
    const k = this.solutionsBefore(at);
    let best = Math.round(at);
    let near = Infinity;
    for (const i of [k - 1, k]) {
      if (i < 0 || i >= this.solutions.length) continue;
      const px = Math.abs((this.solutions[i] / this.length) * box.width - x);
      if (px <= SNAP && px < near) {
        near = px;
        best = this.solutions[i];
      }
    }
    return best;
  }

  /** @param {PointerEvent} e */
  press(e) {
    if (e.button !== 0 || !this.length) return;
    this.bar.setPointerCapture(e.pointerId);
    this.aim(e.clientX);
  }

  // A drag moves the search once an animation frame, to the latest place asked for.
  /** @param {number} clientX */
  aim(clientX) {
    this.target = this.stepAt(clientX);
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      if (this.target !== null) this.jump(this.target);
      this.target = null;
    });
  }

  /** @param {PointerEvent} e */
  release(e) {
    if (!this.bar.hasPointerCapture(e.pointerId)) return;
    this.bar.releasePointerCapture(e.pointerId);
    // The last place asked for is taken now rather than at the next frame.
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    if (this.target !== null) this.jump(this.target);
    this.target = null;
  }

  // The slider's keys; they stay here rather than reach the page's own.
  /** @param {KeyboardEvent} e */
  key(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const s = this.search;
    const page = Math.max(1, Math.round(this.length / 20));
    const here = s.stepper().position();
    /** @type {Record<string, () => unknown>} */
    const acts = {
      ArrowRight: () => s.forward(1),
      ArrowUp: () => s.forward(1),
      ArrowLeft: () => s.back(),
      ArrowDown: () => s.back(),
      PageUp: () => this.jump(here + page),
      PageDown: () => this.jump(here - page),
      Home: () => this.jump(0),
      End: () => this.jump(this.length),
      // The solution ticks: the next one after here, the last one before.
      ']': () => this.jump(this.solutions[this.solutionsBefore(here)] ?? this.length),
      '[': () => this.jump(this.solutions[this.solutionsBefore(here - 1) - 1] ?? 0),
    };
    const act = acts[e.key];
    if (!act) return;
    s.pause();
    act();
    e.preventDefault();
    e.stopPropagation();
  }

  // Moves the thumb and the slider's values to where the search is.
  update() {
    if (!this.length) return;
    const pos = this.search.stepper().position();
    this.thumb.style.left = `${(pos / this.length) * 100}%`;
    this.bar.setAttribute('aria-valuenow', String(pos));
    this.bar.setAttribute(
      'aria-valuetext',
      `step ${pos.toLocaleString('en')} of ${this.length.toLocaleString('en')}`,
    );
  }

  // Draws the marks: solutions as ticks in the top band, backtracks as a shaded bottom band.
  draw() {
    const c = this.canvas;
    const css = this.bar.clientWidth;
    if (!css || !this.length) return;
    const dpr = window.devicePixelRatio || 1;
    const w = Math.round(css * dpr);
    const h = Math.round(c.clientHeight * dpr) || Math.round(36 * dpr);
    c.width = w;
    c.height = h;
    const g = /** @type {CanvasRenderingContext2D} */ (c.getContext('2d'));
    g.clearRect(0, 0, w, h);
    const mid = Math.round(h * 0.45);
    const band = Math.round(h * 0.55);
    // Backtracks per step in each pixel column, the counts spread evenly over each bin's steps.
    const rate = new Float64Array(w);
    let most = 0;
    for (let x = 0; x < w; x++) {
      const a = (x / w) * this.length;
      const b = ((x + 1) / w) * this.length;
      rate[x] = (this.backtracksAt(b) - this.backtracksAt(a)) / (b - a);
      most = Math.max(most, rate[x]);
    }
    g.fillStyle = '#eceae4';
    g.fillRect(0, band, w, h - band);
    for (let x = 0; x < w && most > 0; x++) {
      if (rate[x] <= 0) continue;
      g.fillStyle = `rgba(120, 30, 20, ${(0.15 + 0.85 * (rate[x] / most)).toFixed(3)})`;
      g.fillRect(x, band, 1, h - band);
    }
    // The solutions in each pixel column. Where no two share one, a tick each; where they do
    // (14,200 solutions on a bar a thousand pixels wide), ticks would merge into a solid band,
    // so each column gets a bar as tall as its count against the densest column's: where the
    // solutions crowd, not merely that there are some.
    const sols = new Uint32Array(w);
    let densest = 0;
    for (const p of this.solutions) {
      const x = Math.min(w - 1, Math.floor((p / this.length) * w));
      densest = Math.max(densest, ++sols[x]);
    }
    g.fillStyle = '#187a33';
    const line = Math.max(1, Math.round(dpr));
    for (let x = 0; x < w; x++) {
      if (!sols[x]) continue;
      const tall = densest > 1 ? Math.max(2 * line, Math.round((mid * sols[x]) / densest)) : mid;
      g.fillRect(x, mid - tall, line, tall);
    }
    const dense = densest > 1;
    this.bar.dataset.solutionMarks = dense ? 'density' : 'ticks';
    this.bar.dataset.densest = String(densest);
    if (this.legend) {
      this.legend.textContent = dense
        ? `solutions: a bar on top, as tall as the solutions under it (the tallest: ${num(densest)})`
        : 'solutions: a tick on top';
    }
  }

  // The backtracks among the first `p` steps, counting those of a bin as spread evenly.
  /** @param {number} p */
  backtracksAt(p) {
    const bins = this.backtracksBefore.length - 1;
    const bin = Math.min(Math.floor(p / this.width), bins - 1);
    const before = this.backtracksBefore[bin];
    const inside = this.backtracksBefore[bin + 1] - before;
    const span = Math.min(this.width, this.length - bin * this.width);
    return before + (inside * (p - bin * this.width)) / span;
  }
}

// The running sums of `counts`: element i is the sum of the first i.
/** @param {Float64Array} counts */
function prefix(counts) {
  const out = new Float64Array(counts.length + 1);
  for (let i = 0; i < counts.length; i++) out[i + 1] = out[i] + counts[i];
  return out;
}
