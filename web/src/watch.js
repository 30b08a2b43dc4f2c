// @ts-check
// Watch: the search on a board, step by step, with the sentence of each step, the recent
// steps, the solutions found, the code beside the board with its call stack, and practice.
// The search itself (search.js) is shared with Tree; this view draws it.

import { drawBoard } from './board.js';
import { SearchView } from './search-view.js';
import { frames, StackPanel } from './stack.js';
import { lineFrames } from './line-frames.js';
import { LINE_KIND } from './lines.js';
import { WatchPractice } from './watch-practice.js';
import { escape } from './html.js';
import { brief, counted, num } from './notation.js';

/** @typedef {import('./search.js').Search} Search */
/** @typedef {import('./code.js').CodeViews} CodeViews */
/** @typedef {import('./board.js').BoardOptions} BoardOptions */

/**
 * The board of a step as drawn: its queens and its marks are always there.
 * @typedef {BoardOptions & { queens: number[], marks: NonNullable<BoardOptions['marks']> }} StepBoard
 */

export class WatchView extends SearchView {
  /**
   * @param {HTMLElement} root the view's panel (#view-watch)
   * @param {Search} search the search it shows, shared with Tree
   * @param {CodeViews} code the code panels, the one beside this board among them
   */
  constructor(root, search, code) {
    super(root, search);
    /** @param {string} id */
    const $ = (id) => /** @type {HTMLElement} */ (root.querySelector('#' + id));
    this.codePanel = code; // the code beside the board, lit at each step
    this.board = /** @type {SVGSVGElement} */ (/** @type {unknown} */ ($('w-board')));
    this.status = $('w-status');
    this.text = $('w-text');
    this.log = $('w-log');
    this.found = /** @type {HTMLOListElement} */ ($('w-found'));
    this.foundCount = $('w-found-count');
    // The switch that hides the attacked squares, so that the learner works them out.
    this.attackedSwitch = /** @type {HTMLInputElement} */ ($('w-attacked'));
    this.attackedSwitch.addEventListener('change', () => this.render(true));
    /** @type {StepBoard | null} the board as last drawn, for practice and the call stack */
    this.boardOpts = null;
    // The call stack: its frames outline their row on the board.
    this.stack = new StackPanel($('w-stack'), (row) => (this.practice.active ? this.practice.pickFrame(row) : this.showRow(row)));
    code.listen(() => this.renderStack());
    this.practice = new WatchPractice(root, this);
    search.listen((all) => this.render(all));
    // In practice the question moves the search on, not these keys.
    const moves = [' ', 'ArrowRight', 's', 'S', 'b', 'B'];
    this.keys = Object.fromEntries(
      Object.entries(search.keys).map(([k, act]) => [k, () => (this.practice.active && moves.includes(k) ? false : act())]),
    );
  }

  show() {
    super.show();
    this.search.showControls(true);
  }

  // Practice belongs to this view: another view watches on from the same step.
  hide() {
    this.practice.leave(false);
    super.hide();
    this.search.showControls(false);
  }

  // Redraws the board and the texts; `all`: see search.js.
  /** @param {boolean} all */
  render(all) {
    const s = this.search;
    const w = s.stepper();
    const n = s.n;
    const code = w.step();
    const [kind, row, col, byRow, byCol] = code;
    // The rows filled, and on a Puzzle board the given queens below them, ringed, with the
    // blocked squares crossed.
    const queens = Array.from(w.columns());
    while (queens.length < n) queens.push(s.given[queens.length] ?? -1);
    while (queens.length && queens[queens.length - 1] < 0) queens.pop();
    const attacked = this.attackedSwitch.checked ? w.attacked() : new Uint8Array(n * n);
    /** @type {number[]} */
    let cells = Array.from(attacked);
    if (s.board) {
      const given = w.givens();
      cells = cells.map((a, i) => (given[i] === 2 ? 2 : a));
    }
    /** @type {StepBoard} */
    const opts = {
      queens,
      cells,
      cellClass: ['', 'att', 'blocked'],
      marks: s.given.flatMap((col, row) => (col >= 0 ? [{ row, col, cls: 'given' }] : [])),
    };
    if (kind === 1) opts.marks.push({ row, col, cls: 'placed' });
    if (kind === 3) opts.marks.push({ row, col, cls: 'lifted' });
    // Stepping into the scan: the square safe is asked about.
    if (kind === 6 || kind === 7) opts.marks.push({ row, col, cls: 'tried' });
    // Line by line: the square the innermost call is at.
    if (kind === LINE_KIND && row < n && col >= 0 && col < n && queens[row] !== col) opts.marks.push({ row, col, cls: 'tried' });
    if (kind === 2) {
      opts.marks.push({ row, col, cls: 'tried' }, { row: byRow, col: byCol, cls: 'by' });
      opts.line = { from: [byRow, byCol], to: [row, col] };
    }
    drawBoard(this.board, n, opts);
    this.boardOpts = opts;
    for (const li of /** @type {NodeListOf<HTMLElement>} */ (this.root.querySelectorAll('#w-legend .puzzle-only'))) li.hidden = !s.board;
    this.codePanel.showStep(code, Array.from(w.columns()), s.mode === 'fine' && !s.board, s.machine());
    this.renderStack();
    const pos = w.position();
    const len = w.length();
    const at = len >= 0 && pos >= len ? ' · the end' : '';
    this.status.textContent =
      `step ${pos.toLocaleString('en')}${len >= 0 ? ' of ' + len.toLocaleString('en') : ''} · ` +
      `${counted(w.found(), 'solution')} found${at}`;
    this.text.textContent = s.sentence();
    this.text.dataset.kind = String(kind);
    // Each line's depth (two spaces a row) becomes its left padding (halved on a phone), so that
    // a line too long for the panel wraps under its own start instead of being cut off. On a
    // phone a long line shows in brief, drawn by the style sheet from data-short; its whole
    // wording stays in the line for screen readers.
    this.log.innerHTML = w
      .recent(10)
      .map((/** @type {string} */ line) => {
        const text = line.trimStart();
        const short = brief(text);
        const data = short ? ` data-short="${escape(short)}"` : '';
        return `<li style="--depth: ${line.length - text.length}"${data}><span class="said">${escape(text)}</span></li>`;
      })
      .join('');
    this.log.scrollTop = this.log.scrollHeight;
    const found = s.found;
    this.foundCount.textContent = found.length ? `(${num(found.length)})` : '(none yet)';
    const shown = found.slice(-50);
    const first = found.length - shown.length;
    // Each number written out, not the list's marker, so that it has its thousands separated.
    this.found.innerHTML = shown
      .map((rows, i) => `<li><span class="num">${num(first + i + 1)}.</span> <span class="rows">${escape(JSON.stringify(rows))}</span></li>`)
      .join('');
    this.found.scrollTop = this.found.scrollHeight;
    if (all) this.practice.changed();
  }

  // The call stack in the language and method of the code beside the board.
  renderStack() {
    const s = this.search;
    if (!s.watch) return;
    // On a Puzzle board a row with a given queen has no call: its frame is left out.
    const m = s.machine();
    const open = m ? lineFrames(this.codePanel.lang, m) : frames(this.codePanel.lang, this.codePanel.watchMethod, s.n, s.watch.step(), s.watch.columns(), s.mode === 'fine' && !s.board);
    this.stack.show(open.filter((f) => !(s.given[f.row] >= 0)));
  }

  // A frame picked in the call stack: its row outlined on the board until the next step.
  /** @param {number} row */
  showRow(row) {
    drawBoard(this.board, this.search.n, { ...this.boardOpts, rowOutline: row });
  }
}

