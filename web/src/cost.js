// @ts-check
// What the search costs, seen: the squares backtracking has tried so far and over the whole
// search (the library counts the whole), beside what trying every placement would take: n^n
// boards with a queen anywhere in each row, n! with one queen per row and column. On a Puzzle
// board, the search's own whole (the timeline's counts) beside n^k boards for its k free rows.

import { search_size } from './pkg/nqueens_web.js';

/** @param {number} v */
const fmt = (v) => v.toLocaleString('en');

/**
 * The squares the whole search tries, by how each ended.
 * @typedef {{ placed: number, tried: number, pruned: number }} Squares
 */

export class Cost {
  /** @param {HTMLElement} el the cost line */
  constructor(el) {
    this.el = el;
    // Set by open(), which the page calls before any render.
    /** @type {number} */
    this.n;
    /** @type {Squares} */
    this.total;
    /** @type {number} n^n */
    this.nn;
    /** @type {number} n! */
    this.fact;
  }

  /**
   * @param {number} n
   * @param {{ placed: number, pruned: number, free: number } | null} [puzzle] the search on a
   *   Puzzle board: its squares placed and pruned in the whole search, its rows without a given queen
   */
  open(n, puzzle = null) {
    this.n = n;
    /** @type {number} the rows the search fills */
    this.free = puzzle ? puzzle.free : n;
    if (puzzle) {
      this.total = { placed: puzzle.placed, tried: puzzle.placed + puzzle.pruned, pruned: puzzle.pruned };
    } else {
      const [placed, tried] = search_size(n);
      this.total = { placed, tried, pruned: tried - placed };
    }
    // Exact: 12^12 is below 2^53.
    this.nn = n ** this.free;
    this.fact = 1;
    for (let k = 2; k <= n; k++) this.fact *= k;
  }

  // placed, pruned: the squares the search has tried so far, by how each ended; masks: the
  // steps are the bit masks' own, which try no attacked square.
  /**
   * @param {number} placed
   * @param {number} pruned
   * @param {boolean} [masks]
   */
  render(placed, pruned, masks = false) {
    const n = this.n;
    const t = this.total;
    const ratio = this.nn / Math.max(1, t.tried);
    const k = this.free;
    const instead =
      k === n
        ? `Trying every placement instead: ${n}<sup>${n}</sup> = <b class="nn">${fmt(this.nn)}</b> boards, ` +
          `or ${n}! = <b class="fact">${fmt(this.fact)}</b> with one queen per row and column`
        : `Trying every placement of the ${k} rows without a given queen instead: ${n}<sup>${k}</sup> = <b class="nn">${fmt(this.nn)}</b> boards`;
    const el = this.el;
    if (masks) {
      // The bit masks try only the free squares, each of which gets a queen: what they try is
      // what they place, beside what the scan and the sets try for the same search.
      const ratio = this.nn / Math.max(1, t.placed);
      el.dataset.soFar = String(placed);
      el.dataset.total = String(t.placed);
      el.dataset.placed = String(t.placed);
      el.dataset.nn = String(this.nn);
      el.dataset.fact = String(this.fact);
      el.innerHTML =
        `<b>Cost:</b> the bit masks have tried <b class="so-far">${fmt(placed)}</b> squares so far, each a queen placed: ` +
        `they never try an attacked square. <b class="total">${fmt(t.placed)}</b> in the whole search` +
        (t.tried > t.placed ? `, where the scan and the sets try ${fmt(t.tried)} (${fmt(t.pruned)} of them pruned). ` : '. ') +
        instead +
        (ratio >= 2 ? ` — ${n}<sup>${k}</sup> is ${fmt(Math.round(ratio))} times the squares the bit masks try.` : '.');
      return;
    }
    el.dataset.soFar = String(placed + pruned);
    el.dataset.total = String(t.tried);
    el.dataset.placed = String(t.placed);
    el.dataset.nn = String(this.nn);
    el.dataset.fact = String(this.fact);
    el.innerHTML =
      `<b>Cost:</b> backtracking has tried <b class="so-far">${fmt(placed + pruned)}</b> squares so far ` +
      `(${fmt(placed)} queens placed, ${fmt(pruned)} pruned), ` +
      `<b class="total">${fmt(t.tried)}</b> in the whole search (${fmt(t.placed)} placed, ${fmt(t.pruned)} pruned). ` +
      instead +
      (ratio >= 2 ? ` — ${n}<sup>${k}</sup> is ${fmt(Math.round(ratio))} times the squares backtracking tries.` : '.');
  }
}
