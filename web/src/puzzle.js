// Completion puzzles: place queens and block squares, and the library counts the completions
// at once; step through them on the board.

import { Board } from './pkg/nqueens_web.js';
import { drawBoard, squareAt } from './board.js';

export class Puzzle {
  constructor(root, onChange) {
    this.root = root;
    this.onChange = onChange;
    this.$ = (id) => root.querySelector('#' + id);
    this.svg = this.$('p-board');
    this.cursor = [0, 0];
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
  }

  mode() {
    return this.root.querySelector('input[name="p-mode"]:checked').value;
  }

  setMode(mode) {
    this.root.querySelector(`input[name="p-mode"][value="${mode}"]`).checked = true;
  }

  // An empty n×n board, or the board in `text` (rows of Q, . and x). Returns why `text` was
  // not read ('' when it was, or when there was none), for the page to say.
  open(n, text) {
    if (this.board) this.board.free();
    this.board = new Board(n);
    this.error('');
    let problem = '';
    if (text) {
      try {
        const parsed = Board.parse(text);
        this.board.free();
        this.board = parsed;
      } catch (e) {
        problem = e.message;
        this.error(`the board in the link was not read: ${problem}`);
      }
    }
    this.cursor = [0, 0];
    this.changed();
    return problem;
  }

  // What a click does: a queen where there is none (or takes it away), or a block.
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
      this.error(e.message);
    }
    this.changed();
  }

  key(e) {
    const n = this.board.n();
    const [r, c] = this.cursor;
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

  error(text) {
    this.$('p-error').textContent = text;
  }

  changed() {
    this.total = Number(this.board.count());
    this.which = 0;
    this.$('p-count').textContent = this.total.toLocaleString('en');
    this.$('p-count-word').textContent = this.total === 1 ? 'completion' : 'completions';
    this.$('p-text').textContent = this.board.text();
    this.draw();
    if (this.onChange) this.onChange();
  }

  step(delta) {
    if (this.total === 0) return;
    this.which = (this.which + delta + this.total) % this.total;
    this.draw();
  }

  text() {
    return this.board.text();
  }

  draw() {
    const n = this.board.n();
    const cells = this.board.cells();
    const given = [];
    for (let row = 0; row < n; row++) {
      let col = -1;
      for (let c = 0; c < n; c++) if (cells[row * n + c] === 1) col = c;
      given.push(col);
    }
    const ghosts = this.total ? Array.from(this.board.completion(this.which)) : [];
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
    this.$('p-which').textContent = this.total
      ? `completion ${this.which + 1} of ${this.total.toLocaleString('en')}`
      : 'no completion';
    this.$('p-prev').disabled = this.total < 2;
    this.$('p-next').disabled = this.total < 2;
  }
}
