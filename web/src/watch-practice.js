// @ts-check
// Practice in Watch, beside its view (watch.js): the search stops before each queen placed or
// taken back and the learner says where the next queen goes (a square of the board, by pointer
// or by the arrow keys and Enter) or that the search backtracks. The squares tried and pruned on
// the way, and a solution, play without a question. It asks about the call stack and the tree
// too. The score and the explanations are shared with Methods' practice (practice.js).

import { drawBoard, squareAt } from './board.js';
import { frames } from './stack.js';
import { num, square } from './notation.js';
import { steps } from './steps.js';
import { attackedBy, closePanel, firstAttacker, score, scoreTry, words } from './practice.js';

/**
 * A question of Watch: the steps up to the next event (the squares pruned on the way, then the
 * event), the queens and the row being filled, and the event's kind: place, backtrack,
 * solution, or end when the search is over. At the end there is no event, and nothing reads
 * event, pruned or from.
 * @typedef {object} WatchQuestion
 * @property {number[][]} steps
 * @property {number[]} queens
 * @property {number[]} board the queen of every row (-1 where none): the queens of `queens`,
 *   and on a Puzzle board the given queens below them
 * @property {number[]} blocked the blocked columns of `row` (Puzzle)
 * @property {number} row
 * @property {number} n
 * @property {string} kind
 * @property {number[]} event the step of the event, encoded
 * @property {number[]} pruned the columns pruned on the way
 * @property {number} from the first column the search tries from here
 */

/**
 * A question of Watch on the call stack: the call for row `returning` returns at the next step;
 * which call resumes (`part` 'frame': the call for row `resumes`), then what it returns
 * (`part` 'returns': `returns`, null when the listing's solve returns no value).
 * @typedef {{ kind: 'stack', part: 'frame' | 'returns', returning: number, resumes: number, returns: string | null, method: string }} StackQuestion
 */

/**
 * A question of Watch on the tree: the search is about to prune (row, col); a search that did
 * not check would grow a subtree of `nodes` nodes there, over the `below` rows under it.
 * @typedef {{ kind: 'tree', row: number, col: number, nodes: number, below: number }} TreeQuestion
 */

export class WatchPractice {
  /**
   * @param {HTMLElement} root the Watch view's panel, which holds the practice panel
   * @param {import('./watch.js').WatchView} view the view whose board it asks on
   */
  constructor(root, view) {
    /** @param {string} id */
    const $ = (id) => /** @type {HTMLElement} */ (root.querySelector('#' + id));
    this.view = view;
    this.search = view.search;
    const els = {
      start: $('w-practice'),
      panel: $('wp-panel'),
      question: $('wp-question'),
      cursor: $('wp-cursor'),
      backtracks: /** @type {HTMLButtonElement} */ ($('wp-backtracks')),
      show: /** @type {HTMLButtonElement} */ ($('wp-show')),
      leave: $('wp-leave'),
      score: $('wp-score'),
      feedback: $('wp-feedback'),
      legend: /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll('#w-legend .practice-only')),
      kind: /** @type {HTMLSelectElement} */ ($('wp-kind')),
      form: $('wp-form'),
      label: $('wp-label'),
      input: /** @type {HTMLInputElement} */ ($('wp-answer')),
    };
    this.els = els;
    // The buttons that move the search forward, off while practising (the question moves it).
    this.controls = view.search.moves;
    this.board = view.board;
    this.active = false;
    this.right = 0;
    this.asked = 0;
    this.tries = 0;
    /** @type {{ row: number, col: number, by: number[] | null } | null} */
    this.wrong = null;
    /** @type {WatchQuestion | null} the question: what the search does next */
    this.q = null;
    /** @type {[number, number]} */
    this.cursor = [0, 0];
    this.at = -1; // the position the question is about
    this.moving = false; // the practice itself moves the search
    this.advancing = false; // the practice plays on to the next question of its kind
    /** @type {StackQuestion | TreeQuestion | null} a question on the call stack or the tree */
    this.other = null;
    els.start.addEventListener('click', () => this.start());
    els.leave.addEventListener('click', () => this.leave(true));
    els.backtracks.addEventListener('click', () => this.answer('backtrack'));
    els.show.addEventListener('click', () => this.reveal());
    els.kind.addEventListener('change', () => {
      this.at = -1;
      this.say('');
      this.changed();
    });
    els.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.answerOther(els.input.value);
    });
    this.board.addEventListener('click', (e) => {
      if (!this.active || this.kind() !== 'move') return;
      const sq = squareAt(this.board, e);
      if (!sq) return;
      this.cursor = sq;
      this.answer(sq);
    });
    this.board.addEventListener('keydown', (e) => this.key(e));
    // The keyboard's square shows while the board has the keyboard's focus. A pointer's focus
    // draws nothing: redrawing between a press and its release would lose the click.
    this.board.addEventListener('focus', () => {
      if (this.board.matches(':focus-visible')) this.draw();
    });
    this.board.addEventListener('blur', () => {
      if (this.board.querySelector('.cursor')) this.draw();
    });
  }

  start() {
    // The questions are about the search's moves: practice steps one move at a time.
    if (this.search.mode !== 'coarse') this.search.setMode('coarse');
    this.active = true;
    this.search.pause();
    this.right = 0;
    this.asked = 0;
    this.at = -1;
    this.els.start.hidden = true;
    this.els.panel.hidden = false;
    for (const b of this.controls) b.disabled = true;
    for (const li of this.els.legend) li.hidden = false;
    this.board.setAttribute('tabindex', '0');
    this.board.setAttribute('role', 'application');
    this.say('');
    this.changed();
    this.board.focus();
  }

  // Back to watching, from the same step; `focus`: the Practice button takes the focus.
  /** @param {boolean} focus */
  leave(focus) {
    if (!this.active) return;
    closePanel(this);
    for (const li of this.els.legend) li.hidden = true;
    this.board.removeAttribute('tabindex');
    this.board.setAttribute('role', 'img');
    this.board.setAttribute('aria-label', 'board');
    this.search.render(true);
    if (focus) this.els.start.focus();
  }

  // What is asked about: the next move, the call stack, or the tree. On a Puzzle board a row
  // with a given queen has no call, and the call stack's questions (which call resumes, what
  // it returns) are not asked.
  kind() {
    const stack = /** @type {HTMLOptionElement} */ (this.els.kind.querySelector('option[value="stack"]'));
    stack.disabled = !!this.search.board;
    if (stack.disabled && this.els.kind.value === 'stack') this.els.kind.value = 'move';
    return this.els.kind.value;
  }

  // After each redraw of the search: a new position asks a new question.
  changed() {
    if (!this.active || this.advancing) return;
    const pos = this.search.stepper().position();
    if (pos !== this.at) {
      this.at = pos;
      this.tries = 0;
      this.wrong = null;
      if (!this.moving) this.say('');
      this.ask();
    }
    this.draw();
  }

  // What the search does next (watch.rs `ahead`): the squares pruned on the way, then a queen
  // placed, taken back, or a solution.
  ask() {
    const moves = this.kind() === 'move';
    this.els.form.hidden = moves;
    this.els.backtracks.hidden = !moves;
    this.els.cursor.hidden = !moves;
    if (!moves) {
      this.askOther();
      return;
    }
    this.other = null;
    const w = this.search.stepper();
    const steps = this.ahead();
    const queens = Array.from(w.columns());
    const n = this.search.n;
    const row = queens.length;
    const board = queens.slice();
    while (board.length < n) board.push(this.search.given[board.length] ?? -1);
    const cells = w.givens();
    const blocked = [];
    for (let c = 0; c < n && row < n; c++) if (cells[row * n + c] === 2) blocked.push(c);
    // Built in steps: the event and what leads to it are set below when there is one.
    const q = /** @type {WatchQuestion} */ ({ steps, queens, board, blocked, row, n });
    if (!steps.length) q.kind = 'end';
    else {
      const ev = steps[steps.length - 1];
      q.kind = ['', 'place', '', 'backtrack', 'solution'][ev[0]];
      q.event = ev;
      q.pruned = steps.slice(0, -1).map((s) => s[2]);
      q.from = steps[0][0] === 3 ? n : steps[0][2]; // the first column it tries from here
    }
    this.q = q;
    const e = this.els;
    e.backtracks.disabled = q.kind === 'solution' || q.kind === 'end';
    e.show.disabled = q.kind === 'end';
    e.show.textContent = q.kind === 'solution' ? 'Next' : 'Show me';
    if (q.kind === 'end') {
      e.question.textContent = 'The search is over: every square of row 0 has been tried. Leave practice to look back over it.';
    } else if (q.kind === 'solution') {
      e.question.textContent = `Every row has its queen: the next step records solution ${w.found() + 1}. Press Next to go on.`;
    } else if (row === n) {
      e.question.textContent = 'The board is full: a solution. What does the search do next? Click a square, or press “It backtracks”.';
    } else {
      e.question.textContent = 'Where does the search place its next queen? Click its square on the board, or press “It backtracks”.';
    }
    score(e.score, this.right, this.asked);
  }

  // The steps from here up to the next event, encoded one array each (watch.rs `ahead`).
  ahead() {
    return steps(this.search.stepper().ahead()).map((code) => Array.from(code));
  }

  // Whether step `s` (encoded) is one that a question of kind `kind` is asked before: a call
  // that returns, its loop run out (a backtrack but the one after a solution, whose call for
  // row n returned at the solution), or a square pruned.
  /**
   * @param {string} kind
   * @param {number[]} s
   */
  asksBefore(kind, s) {
    return kind === 'stack' ? s[0] === 3 && s[1] + 1 < this.search.n : s[0] === 2;
  }

  // Plays on to the next step that a question of the kind asked is about, stopping before it;
  // false when the search ends first.
  advance() {
    const kind = this.kind();
    this.advancing = true;
    try {
      for (;;) {
        const steps = this.ahead();
        if (!steps.length) return false;
        const i = steps.findIndex((s) => this.asksBefore(kind, s));
        if (i >= 0) {
          if (i > 0) this.search.forward(i);
          return true;
        }
        this.search.forward(steps.length);
      }
    } finally {
      this.advancing = false;
      this.at = this.search.stepper().position();
    }
  }

  // A question on the call stack (which call resumes when the innermost returns, then what it
  // returns) or on the tree (how many nodes the next prune saves).
  askOther() {
    const e = this.els;
    const kind = this.kind();
    if (kind === 'tree' && this.search.method === 'bitmask') {
      // The bit masks' own steps have no prune to ask about: playing on would run to the end.
      this.other = null;
      e.question.textContent =
        'The bit masks never try an attacked square: their search prunes no square at a step of its own. ' +
        'Pick the scan or the sets beside the code to be asked what a prune saves.';
      e.show.disabled = true;
      e.form.hidden = true;
      return;
    }
    const next = this.ahead()[0];
    if (!next || !this.asksBefore(kind, next)) {
      if (!this.advance()) {
        this.other = null;
        e.question.textContent = 'The search is over: nothing is left to ask. Leave practice to look back over it.';
        e.show.disabled = true;
        e.form.hidden = true;
        score(e.score, this.right, this.asked);
        return;
      }
    }
    const w = this.search.stepper();
    const n = this.search.n;
    const step = this.ahead()[0];
    const [, row, col] = step;
    e.show.disabled = false;
    e.show.textContent = 'Show me';
    e.input.value = '';
    if (kind === 'stack') {
      // The call for row + 1 returns; the backtrack after it, in the call for row, takes the
      // queen off. What it returns is what the stack shows as it leaves, at that step.
      const queens = Array.from(w.columns());
      const code = { lang: this.view.codePanel.lang, method: this.view.codePanel.watchMethod };
      const after = frames(code.lang, code.method, n, Int32Array.from(step), queens.slice(0, row));
      const leaving = after.find((f) => f.leaving && f.row === row + 1);
      this.other = { kind: 'stack', part: 'frame', returning: row + 1, resumes: row, returns: leaving ? leaving.returns : null, method: code.method };
      e.question.textContent = `The call for row ${row + 1} has tried every column of its row: it returns at the next step. Which call resumes then? Click its frame in the call stack.`;
      e.form.hidden = true;
    } else {
      // The rows below that the search fills: on a Puzzle board, not those with a given queen.
      let below = 0;
      for (let r = row + 1; r < n; r++) if (!(this.search.given[r] >= 0)) below++;
      let nodes = 0;
      for (let k = 0; k <= below; k++) nodes += n ** k;
      this.other = { kind: 'tree', row, col, nodes, below };
      e.question.textContent =
        `The search is about to prune ${square(row, col)}: a queen there would be attacked. Without that check it would put a queen ` +
        `there and try every square of every row below it, as trying every placement does. How many nodes would that subtree hold, ` +
        `its own node included? That is what the prune saves.`;
      e.label.textContent = 'Nodes';
      e.input.placeholder = 'a whole number';
      e.form.hidden = false;
    }
    score(e.score, this.right, this.asked);
  }

  // A frame of the call stack picked while a question on the stack is asked.
  /** @param {number} row */
  pickFrame(row) {
    const q = this.other;
    if (!this.active || !q || q.kind !== 'stack' || q.part !== 'frame') return;
    const first = scoreTry(this, row === q.resumes);
    if (row === q.resumes) {
      this.say(`Right${first ? '' : ' (a second try: not scored)'}: ${this.resumesWhy(q)} Now: what does the call for row ${q.returning} return?`);
      this.askReturns(q);
    } else {
      const why =
        row === q.returning
          ? `The call for row ${row} is the one that returns: its frame leaves the stack.`
          : `The call for row ${row} waits further down: it resumes only once the call for row ${row + 1} returns to it.`;
      this.say(`Not quite. ${why} ${this.resumesWhy(q)}`);
    }
    score(this.els.score, this.right, this.asked);
  }

  /** @param {StackQuestion} q */
  resumesWhy(q) {
    return `A call returns to the call that made it, the frame just under it on the stack: the call for row ${q.resumes}, which then takes its queen off and tries its next column.`;
  }

  // The second part of a question on the stack: what the returning call gives back.
  /** @param {StackQuestion} q */
  askReturns(q) {
    const e = this.els;
    q.part = 'returns';
    this.tries = 0;
    e.question.textContent = `What does the call for row ${q.returning} return? Type a number, or “nothing” if it returns no value.`;
    e.label.textContent = 'Returns';
    e.input.placeholder = 'a number, or nothing';
    e.input.value = '';
    e.form.hidden = false;
    e.input.focus();
  }

  // What the returning call gives back, in words.
  /** @param {StackQuestion} q */
  returnsWhy(q) {
    if (q.returns === null) {
      return `it returns nothing: this listing's solve adds each solution to a list and returns no value (None in Python, void in Java, C++ and JavaScript, () in Rust); the call for row ${q.resumes} goes on with its loop.`;
    }
    return `it returns ${q.returns}: the bit masks' solve counts the solutions found below it and returns that count (count in its frame), which the call for row ${q.resumes} adds to its own.`;
  }

  // An answer typed for a question on the stack's return or on the tree.
  /** @param {string} text */
  answerOther(text) {
    const q = this.other;
    if (!this.active || !q || (q.kind === 'stack' && q.part !== 'returns')) return;
    const t = text.trim().toLowerCase().replace(/,/g, '');
    const nothing = /^(nothing|none|no value|void|\(\)|null|undefined)$/.test(t);
    const v = /^[0-9]+$/.test(t) ? Number(t) : null;
    if (v === null && !(q.kind === 'stack' && nothing)) {
      this.say(q.kind === 'stack' ? 'Type a whole number, or “nothing”.' : 'Type a whole number.');
      return;
    }
    const right = q.kind === 'stack' ? (q.returns === null ? nothing : v === Number(q.returns)) : v === q.nodes;
    const first = scoreTry(this, right);
    if (right) {
      this.playOther(`Right${first ? '' : ' (a second try: not scored)'}: ${this.otherWhy()}`);
    } else {
      score(this.els.score, this.right, this.asked);
      this.say(`Not quite: ${this.otherWhy()}`);
    }
  }

  // Why the answer to a question on the stack's return or the tree is what it is.
  otherWhy() {
    const q = /** @type {StackQuestion | TreeQuestion} */ (this.other);
    if (q.kind === 'stack') return this.returnsWhy(q);
    const n = this.search.n;
    const terms = [];
    for (let k = 0; k <= q.below; k++) terms.push(num(n ** k));
    // The rows under it that the search fills: on a Puzzle board, not those with a given queen.
    const free = [];
    for (let r = q.row + 1; r < n; r++) if (!(this.search.given[r] >= 0)) free.push(r);
    const rows = q.below ? `, n = ${n} for each square of row ${free[0]} under it${q.below > 1 ? `, n² = ${num(n * n)} for row ${free[1]}, and so on down to row ${free[free.length - 1]}` : ''}` : '';
    const skipped = free.length < n - 1 - q.row ? ' (the rows with a given queen are skipped)' : '';
    return `1 for the square itself${rows}${skipped}: ${terms.join(' + ')} = ${num(q.nodes)} nodes, none of which the search visits once it prunes ${square(q.row, q.col)}.`;
  }

  // Plays the step asked about, and says `text`.
  /** @param {string} text */
  playOther(text) {
    this.moving = true;
    this.search.forward(1);
    this.moving = false;
    this.say(text);
    score(this.els.score, this.right, this.asked);
  }

  /** @param {KeyboardEvent} e */
  key(e) {
    if (!this.active || this.kind() !== 'move' || e.ctrlKey || e.metaKey || e.altKey) return;
    const n = this.search.n;
    /** @type {Record<string, [number, number]>} */
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    const [r, c] = this.cursor;
    if (moves[e.key]) {
      const [dr, dc] = moves[e.key];
      this.cursor = [Math.min(n - 1, Math.max(0, r + dr)), Math.min(n - 1, Math.max(0, c + dc))];
      this.draw();
    } else if (e.key === 'Enter' || e.key === ' ') {
      this.answer(this.cursor);
    } else if (e.key === 'b' || e.key === 'B') {
      this.answer('backtrack');
    } else {
      return;
    }
    e.preventDefault();
    e.stopPropagation();
  }

  // `choice`: [row, col], or 'backtrack'.
  /** @param {[number, number] | 'backtrack'} choice */
  answer(choice) {
    const q = this.q;
    if (!this.active || !q || q.kind === 'solution' || q.kind === 'end') return;
    const right =
      choice === 'backtrack'
        ? q.kind === 'backtrack'
        : q.kind === 'place' && choice[0] === q.event[1] && choice[1] === q.event[2];
    const first = scoreTry(this, right);
    if (right) {
      this.play(`Right${first ? '' : ' (a second try: not scored)'}: ${this.why()}`);
    } else {
      if (choice !== 'backtrack') {
        const [row, col] = choice;
        this.wrong = { row, col, by: firstAttacker(q.board, row, col) };
      } else this.wrong = null;
      score(this.els.score, this.right, this.asked);
      this.say(`Not quite. ${this.explain(choice)}`);
      this.draw();
    }
  }

  // The answer shown and played; a question not answered yet counts as asked.
  reveal() {
    if (this.active && this.other) {
      const o = this.other;
      // Shown the answer: asked, and not right.
      scoreTry(this, false);
      if (o.kind === 'stack' && o.part === 'frame') {
        this.say(`The answer: ${this.resumesWhy(o)}`);
        this.askReturns(o);
        score(this.els.score, this.right, this.asked);
        return;
      }
      this.playOther(`The answer: ${this.otherWhy()}`);
      return;
    }
    const q = this.q;
    if (!this.active || !q || q.kind === 'end') return;
    if (q.kind === 'solution') {
      this.play(`Solution ${this.search.stepper().found() + 1}: every row has its queen, none attacked. The search goes on to find the others.`);
      return;
    }
    // Shown the answer: asked, and not right.
    scoreTry(this, false);
    this.play(`The answer: ${this.why()}`);
  }

  // Takes the steps up to the event and says `text`; only while a question is asked.
  /** @param {string} text */
  play(text) {
    this.moving = true;
    this.search.forward(/** @type {WatchQuestion} */ (this.q).steps.length);
    this.moving = false;
    this.say(text);
    score(this.els.score, this.right, this.asked);
  }

  // Why the event is what the search does; like the explanations below, only while a question
  // is asked.
  why() {
    const q = /** @type {WatchQuestion} */ (this.q);
    const [, row, col] = q.event;
    const pruned = q.pruned.length
      ? ` (on the way it tries and prunes column${q.pruned.length > 1 ? 's' : ''} ${words(q.pruned.map(String))})`
      : '';
    if (q.kind === 'place') {
      return `row ${row} col ${col} is the first square of row ${row} from column ${q.from} on that no queen attacks${pruned}, so it gets the queen.`;
    }
    if (q.row === q.n) {
      return `the board is full, so the search takes back the queen at row ${row} col ${col} and goes on looking for other solutions.`;
    }
    return `row ${q.row} has no safe square left${pruned}, so the search backtracks: it takes back the queen at row ${row} col ${col} and tries the next column of row ${row}.`;
  }

  // Why the square of row `row` the search is filling is no answer, column by column.
  noSafeSquare() {
    const q = /** @type {WatchQuestion} */ (this.q);
    /** @type {string[]} */
    const cols = [];
    for (let c = 0; c < q.n; c++) {
      const by = firstAttacker(q.board, q.row, c);
      if (q.blocked.includes(c)) cols.push(`column ${c} is blocked`);
      else cols.push(by ? `column ${c} by the queen at row ${by[0]} col ${by[1]}` : `column ${c} was tried already`);
    }
    return `Row ${q.row} has no safe square left (${cols.join('; ')}), so the search backtracks.`;
  }

  /** @param {[number, number] | 'backtrack'} choice */
  explain(choice) {
    const q = /** @type {WatchQuestion} */ (this.q);
    const R = q.row;
    if (choice === 'backtrack') {
      const from = q.from > 0 ? ` from column ${q.from} on` : '';
      return `Row ${R} still has a safe square${from}: the search places a queen there before it would backtrack. It tries the columns left to right.`;
    }
    const [r, c] = choice;
    if (R === q.n) {
      return `The board is full: row ${r} has its queen at column ${q.queens[r]}, and every row has one. After a solution the search backtracks: it takes back the last queen to look for other solutions.`;
    }
    const then = q.kind === 'backtrack' ? ` ${this.noSafeSquare()}` : '';
    if (r < R) {
      const here = q.queens[r] === c ? `Row ${r} col ${c} has a queen already` : `Row ${r} has its queen already, at column ${q.queens[r]}`;
      return `${here}: the search fills one row at a time from the top, and it is filling row ${R} now.${then}`;
    }
    if (r > R && q.board[r] >= 0) {
      return `Row ${r} has a given queen, at column ${q.board[r]}: the search never places a queen there, it skips the row.${then}`;
    }
    if (r > R) {
      return `The search fills the rows from the top: row ${R} gets its queen before row ${r}.${then}`;
    }
    if (q.blocked.includes(c)) return `Row ${r} col ${c} is blocked: the search never tries it.${then}`;
    const by = firstAttacker(q.board, r, c);
    if (by) return `${attackedBy(r, c, by)}, so the search prunes it.${then}`;
    if (c < q.from) {
      const on = q.from < q.n ? ` It goes on from column ${q.from}.` : '';
      return `Row ${r} col ${c} was tried already: the search put a queen there, looked at every row below it, and took it back.${on}${then}`;
    }
    const C = q.event[2];
    return `The search tries columns left to right: column ${C} comes before column ${c}, and no queen attacks row ${r} col ${C}.`;
  }

  // The answer goes right under the board; a screen that shows the board's bottom edge but not
  // the answer moves the least that brings it in.
  /** @param {string} text */
  say(text) {
    this.els.feedback.textContent = text;
    if (text) this.els.feedback.scrollIntoView({ block: 'nearest' });
  }

  // The search's board with the learner's wrong square, its attacker and their line, and the
  // keyboard's square.
  draw() {
    if (!this.active || !this.view.boardOpts) return;
    const opts = { ...this.view.boardOpts, marks: [...this.view.boardOpts.marks] };
    if (this.wrong) {
      const { row, col, by } = this.wrong;
      opts.marks.push({ row, col, cls: 'guess' });
      if (by) {
        opts.marks.push({ row: by[0], col: by[1], cls: 'by' });
        opts.line = { from: [by[0], by[1]], to: [row, col] };
      } else delete opts.line;
    }
    const focused = document.activeElement === this.board && this.board.matches(':focus-visible');
    opts.cursor = focused ? this.cursor : null;
    drawBoard(this.board, this.search.n, opts);
    const [r, c] = this.cursor;
    this.board.setAttribute('aria-label', `practice board: the arrow keys move the keyboard's square, now row ${r} col ${c}; Enter answers that square, B that the search backtracks`);
    this.els.cursor.textContent = `From the keyboard: on the board, the arrow keys move a square (now row ${r} col ${c}), Enter answers it, B says it backtracks.`;
  }
}
