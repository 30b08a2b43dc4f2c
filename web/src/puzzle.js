// @ts-check
// Puzzle: completion puzzles: place queens and block squares, and the library counts the completions
// at once; step through them on the board. A board with many rows left to fill is counted in a
// Web Worker, with progress and a stop, so that a large board in a link never freezes the page.

import { Board } from './pkg/nqueens_web.js';
import { drawBoard, squareAt } from './board.js';
import { View } from './view.js';
import { startCount } from './counting.js';

// The most rows left to fill that are counted at once, on the page's own thread: twelve take
// milliseconds, while an empty 18×18 board takes seconds and a 64×64 one ages.
export const AT_ONCE_ROWS = 12;

// The most rows of a board whose search Watch and Tree step through, as `nqueens trace`.
const SEARCHED_MAX = 12;

export class PuzzleView extends View {
  /**
   * @param {HTMLElement} root the view's panel (#view-puzzle)
   * @param {() => void} onChange after each change of the board
   * @param {(view: 'watch' | 'tree') => void} onSearch Watch the search on this board, or its tree
   */
  constructor(root, onChange, onSearch) {
    super(root);
    this.onChange = onChange;
    // The search of Watch and Tree on this board: `nqueens trace --board`, up to 12 rows.
    this.$('p-watch').addEventListener('click', () => onSearch('watch'));
    this.$('p-tree').addEventListener('click', () => onSearch('tree'));
    this.svg = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (this.$('p-board')));
    /** @type {[number, number]} the keyboard's square */
    this.cursor = [0, 0];
    // Set by open(), which the page calls first; link() and the page's link check for a board,
    // as they can come before it.
    /** @type {Board} */
    this.board;
    // Set at each change of the board.
    /** @type {number | null} the completions, null while a worker counts them */
    this.total;
    /** @type {number[]} the columns of the completion shown, row 0 first */
    this.ghosts;
    /** @type {number} which completion is shown, from 0 */
    this.which;
    /** @type {boolean | undefined} the worker is finding the completion asked for */
    this.finding;
    /** @type {Worker | null | undefined} the worker of a large board, kept for its completions */
    this.worker;
    // On pointer down rather than click: focusing the board redraws it, and a click whose
    // square was redrawn between press and release would be lost.
    this.svg.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      const sq = squareAt(this.svg, e);
      if (sq) {
        this.cursor = sq;
        this.act(sq, this.mode());
      }
    });
    this.svg.addEventListener('keydown', (e) => this.key(e));
    this.svg.addEventListener('focus', () => this.draw());
    this.svg.addEventListener('blur', () => this.draw());
    this.$('p-clear').addEventListener('click', () => this.open(this.board.n()));
    this.$('p-prev').addEventListener('click', () => this.step(-1));
    this.$('p-next').addEventListener('click', () => this.step(1));
    this.$('p-stop').addEventListener('click', () => this.stop());
    this.keys = {
      '[': () => this.step(-1),
      ']': () => this.step(1),
      q: () => this.setMode('queen'),
      Q: () => this.setMode('queen'),
      x: () => this.setMode('block'),
      X: () => this.setMode('block'),
    };
  }

  mode() {
    return /** @type {HTMLInputElement} */ (this.root.querySelector('input[name="p-mode"]:checked')).value;
  }

  /** @param {string} mode 'queen' or 'block' */
  setMode(mode) {
    /** @type {HTMLInputElement} */ (this.root.querySelector(`input[name="p-mode"][value="${mode}"]`)).checked = true;
  }

  // An empty n×n board.
  /** @param {number} n */
  open(n) {
    if (this.board) this.board.free();
    this.board = new Board(n);
    this.error('');
    this.cursor = [0, 0];
    this.changed();
  }

  // The board in `text` (rows of Q, . and x, a link's board) in place of the open one. Returns
  // why it was not read ('' when it was), for the page to say.
  /** @param {string} text */
  load(text) {
    /** @type {Board} */
    let parsed;
    try {
      parsed = Board.parse(text);
    } catch (e) {
      // The bindings refuse a board with an Error that carries the library's message.
      this.error(`the board in the link was not read: ${/** @type {Error} */ (e).message}`);
      return String(/** @type {Error} */ (e).message);
    }
    this.board.free();
    this.board = parsed;
    this.cursor = [0, 0];
    this.changed();
    return '';
  }

  // The rows of the board: a link's board may have another number of rows than the page's n.
  size() {
    return this.board.n();
  }

  // A board with a queen or a block on it is kept in the link.
  /** @param {URLSearchParams} params */
  link(params) {
    if (this.board && /[Qx]/.test(this.text())) params.set('board', this.text().trim().split('\n').join('/'));
  }

  // What a click does: a queen where there is none (or takes it away), or a block.
  /**
   * @param {[number, number]} square
   * @param {string} mode 'queen' or 'block'
   */
  act([row, col], mode) {
    const cell = this.board.cells()[row * this.board.n() + col];
    try {
      if (mode === 'queen') {
        if (cell === 1) this.board.clear(row, col);
        else {
          if (cell === 2) this.board.clear(row, col);
          this.board.place(row, col);
        }
      } else if (cell === 2) this.board.clear(row, col);
      else {
        if (cell === 1) this.board.clear(row, col);
        this.board.block(row, col);
      }
      this.error('');
    } catch (e) {
      this.error(/** @type {Error} */ (e).message);
    }
    this.changed();
  }

  /** @param {KeyboardEvent} e */
  key(e) {
    const n = this.board.n();
    const [r, c] = this.cursor;
    /** @type {Record<string, [number, number]>} */
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[e.key]) {
      const [dr, dc] = moves[e.key];
      this.cursor = [Math.min(n - 1, Math.max(0, r + dr)), Math.min(n - 1, Math.max(0, c + dc))];
      this.draw();
    } else if (e.key === 'q' || e.key === 'Q' || e.key === 'Enter' || e.key === ' ') {
      this.act(this.cursor, e.key === 'Enter' || e.key === ' ' ? this.mode() : 'queen');
    } else if (e.key === 'x' || e.key === 'X') {
      this.act(this.cursor, 'block');
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      this.board.clear(r, c);
      this.changed();
    } else {
      return;
    }
    e.preventDefault();
    e.stopPropagation();
  }

  /** @param {string} text */
  error(text) {
    this.$('p-error').textContent = text;
  }

  // The board changed: count its completions, at once or in a worker.
  changed() {
    this.endWorker();
    this.which = 0;
    this.$('p-text').textContent = this.board.text();
    const n = this.board.n();
    for (const id of ['p-watch', 'p-tree']) {
      const b = /** @type {HTMLButtonElement} */ (this.$(id));
      b.dataset.title ??= b.title;
      b.disabled = n > SEARCHED_MAX;
      b.title = n > SEARCHED_MAX ? `Watch and Tree follow boards of up to ${SEARCHED_MAX} rows` : b.dataset.title;
    }
    const given = this.board.cells().filter((c) => c === 1).length;
    if (n - given <= AT_ONCE_ROWS) {
      this.total = Number(this.board.count());
      this.ghosts = this.total ? Array.from(this.board.completion(0)) : [];
      this.status('', 'done');
    } else {
      this.countInWorker();
    }
    this.showTotal();
    this.draw();
    if (this.onChange) this.onChange();
  }

  showTotal() {
    const known = this.total !== null;
    this.$('p-count').textContent = known ? /** @type {number} */ (this.total).toLocaleString('en') : '…';
    this.$('p-count-word').textContent = this.total === 1 ? 'completion' : 'completions';
  }

  /**
   * @param {string} text
   * @param {string} state the line's data-state
   */
  status(text, state) {
    const line = this.$('p-status');
    line.textContent = text;
    line.dataset.state = state;
  }

  // Counts in a worker that stays, once the count is done, to find the completions shown.
  countInWorker() {
    const n = this.board.n();
    this.total = null;
    this.ghosts = [];
    this.finding = false;
    /** @type {HTMLButtonElement} */ (this.$('p-stop')).disabled = false;
    this.status(`counting the completions of this ${n}×${n} board…`, 'running');
    /** @param {import('./worker.js').BoardDone | import('./worker.js').Completion | import('./worker.js').Failed} m */
    const answer = (m) => {
      if (m.type === 'done') {
        this.total = Number(m.total);
        this.ghosts = m.completion;
        this.idle();
        this.status(`counted in ${(m.ms / 1000).toFixed(1)} s`, 'done');
        this.showTotal();
        this.draw();
      } else if (m.type === 'completion') {
        if (m.index !== this.which) return;
        this.ghosts = m.columns;
        this.finding = false;
        this.draw();
      } else {
        this.endWorker();
        this.status(m.message, 'error');
      }
    };
    const bar = /** @type {HTMLProgressElement} */ (this.$('p-progress'));
    this.worker = startCount({ board: this.board.text() }, bar, answer);
  }

  // The count is over: the worker stays for the completions, the bar and the stop go.
  idle() {
    /** @type {HTMLProgressElement} */ (this.$('p-progress')).hidden = true;
    /** @type {HTMLButtonElement} */ (this.$('p-stop')).disabled = true;
  }

  endWorker() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.finding = false;
    this.idle();
  }

  // Stops a count in a worker: the total stays unknown until the board changes.
  stop() {
    if (!this.worker || this.total !== null) return;
    this.endWorker();
    this.status('stopped: the completions were not all counted', 'stopped');
    this.draw();
  }

  /** @param {number} delta */
  step(delta) {
    if (!this.total) return;
    if (!this.worker) {
      this.which = (this.which + delta + this.total) % this.total;
      this.ghosts = Array.from(this.board.completion(this.which));
      this.draw();
      return;
    }
    // Completion k is found by walking past the k before it, so the worker's steps stop at
    // the ends rather than wrap to a last one that may be billions of steps away.
    const which = Math.min(this.total - 1, Math.max(0, this.which + delta));
    if (which === this.which) return;
    this.which = which;
    this.finding = true;
    this.draw();
    this.worker.postMessage({ board: this.board.text(), index: which });
  }

  text() {
    return this.board.text();
  }

  draw() {
    const n = this.board.n();
    const cells = this.board.cells();
    /** @type {number[]} */
    const given = [];
    for (let row = 0; row < n; row++) {
      let col = -1;
      for (let c = 0; c < n; c++) if (cells[row * n + c] === 1) col = c;
      given.push(col);
    }
    const ghosts = this.finding ? [] : this.ghosts;
    const ghostOnly = ghosts.map((c, row) => (given[row] === c ? -1 : c));
    drawBoard(this.svg, n, {
      queens: given,
      ghosts: ghostOnly,
      cells,
      cellClass: ['', '', 'blocked', 'noway'],
      cursor: document.activeElement === this.svg ? this.cursor : null,
    });
    this.svg.dataset.given = given.join(',');
    this.svg.dataset.completion = ghosts.join(',');
    let which = 'no completion';
    if (this.total === null) which = '—';
    else if (this.total) {
      const finding = this.finding ? 'finding ' : '';
      which = `${finding}completion ${this.which + 1} of ${this.total.toLocaleString('en')}`;
    }
    this.$('p-which').textContent = which;
    const wraps = !this.worker;
    const several = this.total !== null && this.total >= 2;
    /** @type {HTMLButtonElement} */ (this.$('p-prev')).disabled = !several || (!wraps && this.which === 0);
    /** @type {HTMLButtonElement} */ (this.$('p-next')).disabled = !several || (!wraps && this.which === /** @type {number} */ (this.total) - 1);
  }
}
