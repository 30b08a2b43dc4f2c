// @ts-check
// The search as `nqueens trace` tells it, shared by Watch and Tree: the library's stepper (the
// bindings' Watch), what has been followed step by step (the queens, the solutions found, the
// squares placed and pruned, the recursion tree), and the controls above both views: play,
// pause, step forward and back, jump to the next solution or backtrack, the speed, the
// timeline and the cost line. The views draw it: each listens for its redraws.
//
// Two ways to step, a switch among the controls: "step over", one move of the search a step
// (`nqueens trace N`), and "step into", where each call of solve and each return is a step of
// its own, and for the scan each call of safe and its answer (`nqueens trace N --calls`, with
// `--checks` for the scan). Both come from the library; switching keeps the search at the same
// move. A third, "line by line", runs the program of the code beside the board one executed
// line a step, every local of every frame shown (lines.js), on boards up to LINE_MAX a side.
//
// The search runs on the empty board or on a Puzzle board (`nqueens trace --board`): the given
// queens stand from the start and a row with one is skipped, a blocked square is never tried.
// On a Puzzle board the search steps over: "step into" follows the program of the empty board,
// whose every row has a call.

import { Watch } from './pkg/nqueens_web.js';
import { leetcodeRows } from './board.js';
import { Tree } from './tree.js';
import { Cost } from './cost.js';
import { Player } from './clock.js';
import { Timeline } from './timeline.js';
import { choiceBar } from './code.js';
import { counted } from './notation.js';
import { steps } from './steps.js';
import { LineWatch, LINE_DETAIL, LINE_MAX } from './lines.js';

/** @typedef {import('./listings.js').Method} Method */

// The ways to step, as the switch names them.
export const MODES = { coarse: 'Step over', fine: 'Step into', line: 'Line by line' };
/** @typedef {keyof typeof MODES} Mode */

/**
 * What a view of the search does at each redraw; `all`: a step taken one at a time, a jump, or
 * where playing stopped, rather than a frame of a running animation.
 * @typedef {(all: boolean) => void} Listener
 */

export class Search {
  /**
   * @param {HTMLElement} controls the controls above Watch and Tree (#search-controls)
   * @param {HTMLElement} costLine the cost line under them
   * @param {() => void} onChange after each redraw that is not a frame of an animation
   * @param {HTMLElement} followLine the note of what following Methods did (#w-follow)
   */
  constructor(controls, costLine, onChange, followLine) {
    /** @param {string} id */
    const $ = (id) => /** @type {HTMLElement} */ (controls.querySelector('#' + id));
    this.controls = controls;
    this.costLine = costLine;
    this.followLine = followLine;
    /** @type {number} the step at which the note was written; it shows until the search moves */
    this.notedAt = -1;
    this.onChange = onChange;
    // The note above Watch and Tree while the search is on a Puzzle board (#w-puzzle).
    this.puzzleNote = /** @type {HTMLElement} */ (document.getElementById('w-puzzle'));
    this.say = $('w-say');
    // The buttons that move the search forward (practice turns them off: its question does).
    this.moves = ['w-play', 'w-step', 'w-solution', 'w-backtrack'].map((id) => /** @type {HTMLButtonElement} */ ($(id)));
    /** @type {Listener[]} */
    this.listeners = [];
    this.n = 0;
    /** @type {string} the Puzzle board searched (rows of Q . x, one a line); '' the empty board */
    this.board = '';
    /** @type {number[]} the column of each row's given queen, -1 where none */
    this.given = [];
    /** @type {Watch | LineWatch | null} */
    this.watch = null;
    this.tree = new Tree(1);
    /** @type {number[]} the queens' columns, followed through the steps */
    this.columns = [];
    /** @type {string[][]} the solutions seen, as LeetCode rows */
    this.found = [];
    this.placed = 0; // squares tried so far that got a queen
    this.pruned = 0; // and those pruned by a conflict
    this.cost = new Cost(costLine);
    this.player = new Player(
      { button: $('w-play'), speed: /** @type {HTMLInputElement} */ ($('w-speed')), speedOut: $('w-speed-out') },
      {
        advance: (due) => this.took(this.stepper().forward(due, -1)) === due,
        // At the end Play does nothing.
        canPlay: () => {
          const w = this.stepper();
          return !(w.length() >= 0 && w.position() >= w.length());
        },
        redraw: (all) => this.render(all),
      },
      3,
    );
    this.timeline = new Timeline(/** @type {HTMLElement} */ ($('w-bar')), this);
    /** @type {Mode} how the search steps */
    this.mode = 'coarse';
    /** @type {Method} the method of the code beside the board, whose program makes the steps */
    this.method = 'naive';
    const modeBar = $('w-mode');
    this.modeBar = modeBar;
    this.modeButtons = choiceBar(modeBar, 'how the search steps', MODES, (mode) => this.setMode(mode));
    modeBar.querySelector('[data-key="coarse"]')?.setAttribute('title', 'One move of the search a step: a queen placed, a square pruned, a queen taken back');
    modeBar.querySelector('[data-key="fine"]')?.setAttribute('title', 'Every call and every return a step too: a new frame on the stack, and what it returns');
    /** @type {HTMLButtonElement} */
    this.lineButton = /** @type {HTMLButtonElement} */ (modeBar.querySelector('[data-key="line"]'));
    this.lineButton.setAttribute('title', `Every line the program runs a step: the lit line is the one just run, and each frame shows all its locals (up to n = ${LINE_MAX})`);
    this.modeButtons(this.mode);
    $('w-reset').addEventListener('click', () => this.reset());
    $('w-back').addEventListener('click', () => this.back());
    $('w-step').addEventListener('click', () => this.forward(1));
    $('w-solution').addEventListener('click', () => this.nextSolution());
    $('w-backtrack').addEventListener('click', () => this.nextBacktrack());
    // The keys of Watch and Tree.
    /** @type {Record<string, () => unknown>} */
    this.keys = {
      ...this.player.keys,
      ArrowRight: () => this.forward(1),
      ArrowLeft: () => this.back(),
      s: () => this.nextSolution(),
      S: () => this.nextSolution(),
      b: () => this.nextBacktrack(),
      B: () => this.nextBacktrack(),
      Home: () => this.reset(),
    };
  }

  // The program's machine at this step, stepping line by line; null otherwise.
  machine() {
    return this.watch instanceof LineWatch ? this.watch.machine() : null;
  }

  // The bindings' stepper, once a board is open.
  stepper() {
    if (!this.watch) throw new Error('the search has no board yet');
    return this.watch;
  }

  // A view's redraw, at each redraw of the search.
  /** @param {Listener} listener */
  listen(listener) {
    this.listeners.push(listener);
  }

  // The controls and the cost line show with Watch and with Tree.
  /** @param {boolean} shown */
  showControls(shown) {
    this.controls.hidden = !shown;
    this.costLine.hidden = !shown;
    this.puzzleNote.hidden = !shown || !this.board;
    if (!shown) this.followLine.hidden = true;
  }

  // The note of what following Methods did (follow.js); '' hides it.
  /** @param {string} text */
  note(text) {
    this.followLine.textContent = text;
    this.followLine.hidden = !text;
    this.notedAt = this.watch ? this.watch.position() : 0;
  }

  // The detail of the bindings' steps, and whose program makes them: 0 one move a step, 1 the
  // calls of solve and their returns too, 2 the scan's calls of safe too; 3 and 4 the same as 0
  // and 1 for the bit masks' own program, which never tries an attacked square, so that every
  // step shown is one the program of the code beside the board makes.
  // 10 to 12: line by line, each method's own program (lines.js).
  detail() {
    if (this.mode === 'line' && !this.board) return LINE_DETAIL[this.method];
    if (this.method === 'bitmask') return this.mode === 'coarse' || this.board ? 3 : 4;
    if (this.board) return 0;
    if (this.mode === 'coarse') return 0;
    return this.method === 'naive' ? 2 : 1;
  }

  // Steps one move at a time ('coarse'), into every call ('fine') or line by line ('line'), at
  // the same move.
  /** @param {Mode} mode */
  setMode(mode) {
    if (mode === 'line' && this.n > LINE_MAX) return;
    this.mode = mode;
    this.modeButtons(mode);
    this.restep();
  }

  // The method of the code beside the board, whose calls "step into" follows.
  /** @param {Method} method */
  setMethod(method) {
    this.method = method;
    this.restep();
  }

  // Opens the search again with the steps the mode and the method ask for, at the same move:
  // the step that makes it.
  restep() {
    if (!this.watch || this.watch.detail() === this.detail()) return;
    const moves = this.watch.moves();
    this.open(this.n, this.board);
    const w = this.stepper();
    w.seek_moves(moves);
    const at = w.position();
    w.seek(0);
    this.timeline.jump(at);
  }

  // The search on the empty n×n board, or on the Puzzle board `board` (rows of Q . x, one a
  // line, n of them), before its first step.
  /**
   * @param {number} n
   * @param {string} [board]
   */
  open(n, board = '') {
    if (this.watch) this.watch.free();
    this.n = n;
    this.board = board;
    this.modeBar.hidden = !!board;
    // Line by line walks the whole program up front: past LINE_MAX, the search steps into it.
    this.lineButton.disabled = n > LINE_MAX;
    if (this.mode === 'line' && n > LINE_MAX) {
      this.mode = 'fine';
      this.modeButtons(this.mode);
    }
    const detail = this.detail();
    if (board) this.watch = Watch.puzzle(board, detail);
    else if (this.mode === 'line') this.watch = new LineWatch(n, this.method);
    else this.watch = Watch.with_detail(n, detail);
    const cells = this.watch.givens();
    this.given = Array.from({ length: n }, (_, r) => Array.from(cells.subarray(r * n, (r + 1) * n)).indexOf(1));
    this.tree = new Tree(n, !!board);
    // The rows filled from the top: on a Puzzle board, the given queens of its top rows.
    this.columns = Array.from(this.watch.columns());
    this.found = [];
    this.placed = 0;
    this.pruned = 0;
    this.timeline.open(n);
    const t = this.timeline;
    const free = this.given.filter((c) => c < 0).length;
    this.cost.open(n, board ? { placed: t.placedBefore[t.placedBefore.length - 1], pruned: t.prunedBefore[t.prunedBefore.length - 1], free } : null);
    if (board) {
      const sols = this.timeline.solutions.length;
      /** @type {HTMLElement} */ (this.puzzleNote.querySelector('#w-puzzle-text')).textContent =
        `The search on a Puzzle board (nqueens trace --board): it finds ${counted(sols, 'completion')}, those the Puzzle view counts. ` +
        'The given queens (ringed) stand from the start and their rows are skipped, so the call stack has no call for them; a square a given queen attacks is pruned; ' +
        'blocked squares (X) are never tried. The code beside the board is the empty board\'s, which neither skips rows nor looks below the row it fills: ' +
        'the search steps over here, since "step into" follows that program call by call.';
    }
    this.puzzleNote.hidden = !board || this.controls.hidden;
    this.pause();
    this.render(true);
  }

  // Takes the steps the bindings return (encoded one after another), for the tree and the
  // solutions list; returns how many.
  /** @param {Int32Array} codes */
  took(codes) {
    const taken = steps(codes);
    const end = this.stepper().position();
    taken.forEach((code, i) => {
      this.follow(code);
      this.tree.apply(code, end - taken.length + i);
    });
    return taken.length;
  }

  // A queen goes on `row`, `col`: the rows filled are those above it, its own, and the rows
  // with a given queen right below it, which the search passes.
  /**
   * @param {number} row
   * @param {number} col
   */
  fill(row, col) {
    this.columns.length = row;
    this.columns.push(col);
    while (this.columns.length < this.n && this.given[this.columns.length] >= 0) this.columns.push(this.given[this.columns.length]);
  }

  /** @param {ArrayLike<number>} code */
  follow(code) {
    const [kind, row, col] = Array.from(code);
    if (kind === 1) {
      this.fill(row, col);
      this.placed++;
    } else if (kind === 2) this.pruned++;
    else if (kind === 3) this.columns.length = row;
    else if (kind === 4) this.found.push(leetcodeRows(this.columns));
  }

  /** @param {ArrayLike<number>} code */
  unfollow(code) {
    const [kind, row, col] = Array.from(code);
    if (kind === 1) {
      this.columns.length = row;
      this.placed--;
    } else if (kind === 2) this.pruned--;
    else if (kind === 3) this.fill(row, col);
    else if (kind === 4) this.found.pop();
  }

  forward(most = 1, until = -1) {
    const codes = this.stepper().forward(most, until);
    const count = this.took(codes);
    if (count === 0) this.pause();
    this.render(true);
    return count;
  }

  back() {
    this.pause();
    const w = this.stepper();
    const undone = w.back();
    if (undone.length) {
      this.unfollow(undone);
      this.tree.undo(undone, w.position());
    }
    this.render(true);
  }

  nextSolution() {
    this.pause();
    return this.forward(1 << 24, 4);
  }

  nextBacktrack() {
    this.pause();
    return this.forward(1 << 24, 3);
  }

  reset() {
    this.open(this.n, this.board);
  }

  pause() {
    this.player.pause();
  }

  // Redraws the controls, then every view that listens; `all`: see Listener.
  /** @param {boolean} all */
  render(all) {
    // Screen readers hear the sentence of a step taken one at a time, of a jump, or of the
    // step where playing stopped; never the steps of a running animation.
    if (all && !this.player.playing) this.say.textContent = this.sentence();
    // The bit masks' own steps try no attacked square.
    this.cost.render(this.placed, this.pruned, this.method === 'bitmask');
    if (this.watch && this.watch.position() !== this.notedAt) this.followLine.hidden = true;
    this.timeline.update();
    this.player.showButton();
    for (const listener of this.listeners) listener(all);
    if (all && this.onChange) this.onChange();
  }

  // The sentence of the current step; on a Puzzle board, what the given queens do in it.
  sentence() {
    const w = this.stepper();
    const text = w.text();
    if (!this.board) return text || 'Press ▶| or Play to start the search.';
    if (!text) {
      const first = this.given.indexOf(-1);
      const start = first < 0 ? 'every row has a given queen' : `it starts at row ${first}, the first without one`;
      return `Press ▶| or Play to start the search on this Puzzle board: the given queens stay where they are and their rows are skipped (${start}); blocked squares are never tried.`;
    }
    const [kind, row, , byRow, byCol] = w.step();
    if (kind === 2 && this.given[byRow] === byCol) return `${text}, a given queen`;
    if (kind === 1) {
      let next = row + 1;
      while (next < this.n && this.given[next] >= 0) next++;
      if (next > row + 1) {
        const skipped = next - row - 1 === 1 ? `row ${row + 1} has a given queen` : `rows ${row + 1} to ${next - 1} have given queens`;
        return `${text}; ${skipped}, so the search goes on to ${next < this.n ? `row ${next}` : 'the full board'}`;
      }
    }
    return text;
  }

  // The link's step=K: the search after K steps; what the page says when it ends before.
  /** @param {number} step */
  goTo(step) {
    this.timeline.jump(step);
    if (step <= this.timeline.length) return '';
    const n = this.n;
    const board = this.board ? 'this Puzzle board' : `${n}×${n}`;
    return `step=${step} is past the end of the search on ${board} (${this.stepper().position().toLocaleString('en')} steps): showing its end`;
  }
}
