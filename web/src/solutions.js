// @ts-check
// Solutions: the count for any n up to 17 in a Web Worker, with progress and a way to cancel;
// every board for n up to 10, grouped by symmetry class and drawn with the library's own SVG,
// each named as the turn or reflection of its class's first board that it is, and linked to the
// step of Watch that finds it; LeetCode 51's output, shown up to n = 10 and a download past it.

import { class_members, board_svg, leetcode, known, timeline } from './pkg/nqueens_web.js';
import { View } from './view.js';
import { counted, placement, num } from './notation.js';
import { startCount } from './counting.js';
import { whole } from './link.js';
import { escape } from './html.js';

export const GALLERY_MAX = 10;
export const COUNT_MAX = 17;
// Boards drawn at first, then at each "Show more", whole classes at a time: the first page
// holds the 92 boards of n = 8.
const PAGE = 96;

// What a class's size says about the symmetry of its boards.
/** @type {Record<number, string>} */
const SYMMETRY = {
  1: 'the one board: every symmetry maps it to itself',
  2: 'a quarter turn maps each board to itself',
  4: 'a half turn maps each board to itself',
  8: 'no symmetry maps a board to itself',
};

// The symmetry that maps a class's first board onto another, by its place in the library's
// Symmetry::ALL (gallery.rs, class_members): what it does to the first board, in words.
export const SYMMETRY_WORDS = [
  'itself',
  'turned a quarter clockwise',
  'turned half round',
  'turned a quarter anticlockwise',
  'mirrored left to right',
  'mirrored top to bottom',
  'reflected in the diagonal \\',
  'reflected in the diagonal /',
];

/**
 * One board of the gallery: its number in the list of every solution, the symmetry that maps
 * its class's first board onto it (a place in SYMMETRY_WORDS), and its columns.
 * @typedef {{ number: number, by: number, cols: Uint32Array }} Member
 */

export class SolutionsView extends View {
  /** @param {HTMLElement} root the view's panel (#view-solutions) */
  constructor(root) {
    super(root);
    // Set by open(), which the page calls before anything is shown.
    /** @type {number} */
    this.n;
    /** @type {Member[][]} the symmetry classes, each its boards, the representative first */
    this.classes;
    /** @type {number} how many classes are drawn */
    this.shown;
    /** @type {number[]} the step of Watch after which each solution shows, by its number */
    this.found = [];
    /** @type {Worker | null | undefined} the count running, if any */
    this.worker;
    this.$('c-go').addEventListener('click', () => this.count());
    this.$('c-cancel').addEventListener('click', () => this.cancel());
    this.$('g-more').addEventListener('click', () => this.more());
    this.$('g-copy').addEventListener('click', () => this.copy());
    this.$('g-download').addEventListener('click', () => this.download());
    this.$('c-n').addEventListener('keydown', (e) => {
      if (e.key === 'Enter') this.count();
    });
  }

  /** @param {number} n */
  open(n) {
    this.n = n;
    if (!this.worker) /** @type {HTMLInputElement} */ (this.$('c-n')).value = String(n);
    const box = this.$('g-classes');
    box.innerHTML = '';
    this.$('g-more').hidden = true;
    if (n > GALLERY_MAX) {
      box.innerHTML = `<p class="hint">The gallery shows the boards of n = 1 to ${GALLERY_MAX}.</p>`;
      this.$('g-count').textContent = '';
      /** @type {HTMLTextAreaElement} */ (this.$('g-leetcode')).value = '';
      // No empty box with a Copy button: why there is nothing to copy, and where to get it.
      const none = this.$('g-leetcode-none');
      none.innerHTML =
        `LeetCode 51's output is shown for n = 1 to ${GALLERY_MAX}: n = ${n} has ${num(BigInt(known(n)[0]))} boards, too many to read in a box. ` +
        `Download them as one file instead, or let the command line print them: <code>nqueens list ${n} --format leetcode</code>.`;
      none.hidden = false;
      this.$('g-leetcode-box').hidden = true;
      const download = this.$('g-download');
      download.textContent = `Download the ${num(BigInt(known(n)[0]))} boards (nqueens-${n}-leetcode.json)`;
      download.hidden = false;
      this.classes = [];
      return;
    }
    // Each class: its boards, the representative first, each with its number in the list of
    // every solution.
    const flat = class_members(n);
    this.classes = [];
    for (let k = 0; k < flat.length; ) {
      const size = flat[k++];
      /** @type {Member[]} */
      const boards = [];
      for (let b = 0; b < size; b++, k += n + 2) {
        boards.push({ number: flat[k], by: flat[k + 1], cols: flat.subarray(k + 2, k + 2 + n) });
      }
      this.classes.push(boards);
    }
    // The step of Watch (stepping over the scan) after which each solution shows: the
    // timeline's positions of the solutions, in their order.
    const t = timeline(n, 0);
    this.found = Array.from(t.subarray(4, 4 + t[1]));
    this.shown = 0;
    const total = this.classes.reduce((t, c) => t + c.length, 0);
    const k = this.classes.length;
    this.$('g-count').textContent = `(${counted(total, 'board')} in ${counted(k, 'class', 'classes')})`;
    if (total === 0) box.innerHTML = '<p class="hint">none: no queen arrangement works</p>';
    this.more();
    /** @type {HTMLTextAreaElement} */ (this.$('g-leetcode')).value = leetcode(n);
    this.$('g-leetcode-none').hidden = true;
    this.$('g-download').hidden = true;
    this.$('g-leetcode-box').hidden = false;
  }

  // Draws the next classes, whole, until PAGE more boards are shown.
  more() {
    const parts = [];
    let boards = 0;
    while (this.shown < this.classes.length && boards < PAGE) {
      const i = this.shown++;
      const members = this.classes[i];
      boards += members.length;
      const rep = placement(members[0].cols);
      const size = members.length;
      parts.push(
        `<section class="sym-class" data-size="${size}"><h3>Class ${i + 1} · ${counted(size, 'board')} · ` +
          `<span class="rep">${rep}</span> <span class="hint">(${SYMMETRY[size] || ''})</span></h3>` +
          `<div class="gallery">${members.map((m) => this.figure(m, members[0].number)).join('')}</div></section>`,
      );
    }
    this.$('g-classes').insertAdjacentHTML('beforeend', parts.join(''));
    const left = this.classes.slice(this.shown).reduce((t, c) => t + c.length, 0);
    const more = this.$('g-more');
    more.hidden = left === 0;
    more.textContent = `Show more (${counted(left, 'board')} in ${counted(this.classes.length - this.shown, 'class', 'classes')} left)`;
  }

  // One board: its picture, its number and columns, the symmetry of the class's first board
  // that it is, and a link to the step of Watch that finds it.
  /**
   * @param {Member} m
   * @param {number} first the number of the class's first board
   */
  figure(m, first) {
    const svg = board_svg(Uint32Array.from(m.cols), new Uint32Array(0));
    const src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
    const step = this.found[m.number - 1];
    const by = m.by === 0 ? 'the class\'s first' : `${first.toLocaleString('en')} ${SYMMETRY_WORDS[m.by]}`;
    return (
      `<figure data-number="${m.number}" data-by="${m.by}"><img src="${src}" alt="board ${placement(m.cols)}">` +
      `<figcaption><span class="cols">${m.number.toLocaleString('en')}: ${placement(m.cols)}</span><br><span class="by">= ${escape(by)}</span><br>` +
      `<a class="found" href="?n=${this.n}&amp;view=watch&amp;step=${step}">found at step ${step.toLocaleString('en')}</a></figcaption></figure>`
    );
  }

  // Past the gallery's boards, LeetCode 51's output as a file, made when asked for.
  download() {
    const blob = new Blob([leetcode(this.n) + '\n'], { type: 'application/json' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `nqueens-${this.n}-leetcode.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 60_000);
  }

  async copy() {
    const area = /** @type {HTMLTextAreaElement} */ (this.$('g-leetcode'));
    area.select();
    let ok = false;
    try {
      await navigator.clipboard.writeText(area.value);
      ok = true;
    } catch {
      ok = document.execCommand && document.execCommand('copy');
    }
    this.$('g-copied').textContent = ok ? 'copied' : 'selected: press Ctrl+C';
  }

  // The link's count=N: N counted at once, as if typed in the box.
  /** @param {URLSearchParams} params */
  readLink(params) {
    const n = whole(params, 'count', 1, COUNT_MAX, 'nothing is counted');
    if (n === null) return;
    /** @type {HTMLInputElement} */ (this.$('c-n')).value = String(n);
    this.count();
  }

  // Starts a count of the n in the box; a running one is cancelled first.
  count() {
    const n = Number(/** @type {HTMLInputElement} */ (this.$('c-n')).value);
    const result = this.$('c-result');
    if (!Number.isInteger(n) || n < 1 || n > COUNT_MAX) {
      result.textContent = `n must be a whole number from 1 to ${COUNT_MAX} here`;
      return;
    }
    this.cancel(true);
    const unique = /** @type {HTMLInputElement} */ (this.$('c-unique')).checked;
    const bar = /** @type {HTMLProgressElement} */ (this.$('c-progress'));
    result.textContent = `counting Q(${n})…`;
    result.dataset.state = 'running';
    /** @type {HTMLButtonElement} */ (this.$('c-cancel')).disabled = false;
    /** @param {import('./worker.js').CountDone | import('./worker.js').Failed} m */
    const answer = (m) => {
      if (m.type === 'done') {
        bar.max = 1;
        bar.value = 1;
        const u = m.unique ? ` · ${Number(m.unique).toLocaleString('en')} unique` : '';
        result.innerHTML =
          `Q(${m.n}) = <b data-total="${m.total}" data-unique="${m.unique}">${Number(m.total).toLocaleString('en')}</b>${u} ` +
          `<span class="hint">(method ${m.method}, ${(m.ms / 1000).toFixed(3)} s)</span>`;
        result.dataset.state = 'done';
        result.dataset.ms = String(m.ms);
        this.finish();
      } else {
        result.textContent = m.message;
        result.dataset.state = 'error';
        this.finish();
      }
    };
    this.worker = startCount({ n, unique }, bar, answer);
  }

  // The bar shows only while a count runs: an empty one before the first count says nothing.
  finish() {
    /** @type {HTMLProgressElement} */ (this.$('c-progress')).hidden = true;
    if (this.worker) this.worker.terminate();
    this.worker = null;
    /** @type {HTMLButtonElement} */ (this.$('c-cancel')).disabled = true;
  }

  /** @param {boolean} [quiet] a new count follows: the result line is left to it */
  cancel(quiet) {
    if (!this.worker) return;
    this.finish();
    if (!quiet) {
      const result = this.$('c-result');
      result.textContent = 'cancelled';
      result.dataset.state = 'cancelled';
    }
  }
}
