// @ts-check
// Practice: the page stops before each move of the search and asks the learner what comes next,
// so that the rule is learnt by using it, not only by watching it. In Watch: the square where
// the next queen goes, or that the search backtracks; in Methods: the key the sets look up for
// a diagonal, or the free squares the bit masks work out for a row. A wrong answer is explained
// from the board (which queen attacks the square and along which line, or why the search goes
// elsewhere first), a running score counts each question's first answer, and leaving practice
// goes on watching from the same step. Rows and columns count from 0, as on the rest of the page.

import { drawBoard, squareAt } from './board.js';

const STEP = 7; // integers per encoded step (watch.rs)
const MINUS = '−';

/**
 * A question of Watch: the steps up to the next event (the squares pruned on the way, then the
 * event), the queens and the row being filled, and the event's kind: place, backtrack,
 * solution, or end when the search is over. At the end there is no event, and nothing reads
 * event, pruned or from.
 * @typedef {object} WatchQuestion
 * @property {number[][]} steps
 * @property {number[]} queens
 * @property {number} row
 * @property {number} n
 * @property {string} kind
 * @property {number[]} event the step of the event, encoded
 * @property {number[]} pruned the columns pruned on the way
 * @property {number} from the first column the search tries from here
 */

/**
 * A question of Methods: the key the sets look up for the square (row, col) in set `set` (1
 * the differences, 2 the sums), and whether it is there.
 * @typedef {{ kind: 'key', row: number, col: number, set: number, key: number, found: number, queens: number[] }} KeyQuestion
 */

/**
 * A question of Methods: the free mask the bit masks work out for `row` of the n×n board.
 * @typedef {{ kind: 'mask', row: number, free: number, queens: number[], n: number }} MaskQuestion
 */

// The line a queen attacks the square at (row, col) along, as watch.rs numbers lines.
/**
 * @param {number} line
 * @param {number} row
 * @param {number} col
 */
export function along(line, row, col) {
  if (line === 0) return `along row ${row}`;
  if (line === 1) return `along column ${col}`;
  if (line === 2) return `along a diagonal \\ (row ${MINUS} col = ${signed(row - col)})`;
  return `along a diagonal / (row + col = ${row + col})`;
}

// A whole number as the page writes it, with a true minus sign.
/** @param {number} v */
export function signed(v) {
  return v < 0 ? `${MINUS}${-v}` : String(v);
}

// The first queen from the top (columns: row 0 first) that attacks (row, col), as the trace
// names it: [row, col, line], or null.
/**
 * @param {ArrayLike<number>} columns
 * @param {number} row
 * @param {number} col
 * @returns {[number, number, number] | null}
 */
export function firstAttacker(columns, row, col) {
  for (let r = 0; r < columns.length; r++) {
    const c = columns[r];
    if (r === row && c === col) return null;
    if (r === row) return [r, c, 0];
    if (c === col) return [r, c, 1];
    if (r - c === row - col) return [r, c, 2];
    if (r + c === row + col) return [r, c, 3];
  }
  return null;
}

/**
 * @param {number} row
 * @param {number} col
 * @param {[number, number, number]} attacker its row, column and line
 * @param {boolean} [lower] the sentence goes on another, so it starts in lower case
 */
function attackedBy(row, col, [ar, ac, line], lower = false) {
  return `${lower ? 'row' : 'Row'} ${row} col ${col} is attacked by the queen at row ${ar} col ${ac} ${along(line, row, col)}`;
}

// A list in words: "a", "a and b", "a, b and c".
/** @param {string[]} list */
function words(list) {
  return list.length < 2 ? list.join('') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

/**
 * @param {HTMLElement} el
 * @param {number} right
 * @param {number} asked
 */
function score(el, right, asked) {
  el.textContent = `Score: ${right} right of ${asked} asked`;
  el.dataset.right = String(right);
  el.dataset.asked = String(asked);
}

// Watch: before each queen placed or taken back, the learner says where the next queen goes
// (a square of the board, by pointer or by the arrow keys and Enter) or that the search
// backtracks. The squares tried and pruned on the way, and a solution, play without a question.
// What leaving practice undoes in either view: the panel closed, its button back, and the
// controls it turned off on again.
/** @param {WatchPractice | MethodsPractice} practice */
function closePanel(practice) {
  practice.active = false;
  practice.els.panel.hidden = true;
  practice.els.start.hidden = false;
  for (const b of practice.controls) b.disabled = false;
}

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
    els.start.addEventListener('click', () => this.start());
    els.leave.addEventListener('click', () => this.leave(true));
    els.backtracks.addEventListener('click', () => this.answer('backtrack'));
    els.show.addEventListener('click', () => this.reveal());
    this.board.addEventListener('click', (e) => {
      if (!this.active) return;
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

  // After each redraw of the search: a new position asks a new question.
  changed() {
    if (!this.active) return;
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
    const w = this.search.stepper();
    const codes = w.ahead();
    const steps = [];
    for (let i = 0; i < codes.length; i += STEP) steps.push(Array.from(codes.subarray(i, i + STEP)));
    const queens = Array.from(w.columns());
    const n = this.search.n;
    const row = queens.length;
    // Built in steps: the event and what leads to it are set below when there is one.
    const q = /** @type {WatchQuestion} */ ({ steps, queens, row, n });
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

  /** @param {KeyboardEvent} e */
  key(e) {
    if (!this.active || e.ctrlKey || e.metaKey || e.altKey) return;
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
    const first = this.tries === 0;
    this.tries++;
    if (first) this.asked++;
    const right =
      choice === 'backtrack'
        ? q.kind === 'backtrack'
        : q.kind === 'place' && choice[0] === q.event[1] && choice[1] === q.event[2];
    if (right) {
      if (first) this.right++;
      this.play(`Right${first ? '' : ' (a second try: not scored)'}: ${this.why()}`);
    } else {
      if (choice !== 'backtrack') {
        const [row, col] = choice;
        this.wrong = { row, col, by: firstAttacker(q.queens, row, col) };
      } else this.wrong = null;
      score(this.els.score, this.right, this.asked);
      this.say(`Not quite. ${this.explain(choice)}`);
      this.draw();
    }
  }

  // The answer shown and played; a question not answered yet counts as asked.
  reveal() {
    const q = this.q;
    if (!this.active || !q || q.kind === 'end') return;
    if (q.kind === 'solution') {
      this.play(`Solution ${this.search.stepper().found() + 1}: every row has its queen, none attacked. The search goes on to find the others.`);
      return;
    }
    if (this.tries === 0) this.asked++;
    this.tries++;
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
      const by = firstAttacker(q.queens, q.row, c);
      cols.push(by ? `column ${c} by the queen at row ${by[0]} col ${by[1]}` : `column ${c} was tried already`);
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
    if (r > R) {
      return `The search fills the rows from the top: row ${R} gets its queen before row ${r}.${then}`;
    }
    const by = firstAttacker(q.queens, r, c);
    if (by) return `${attackedBy(r, c, by)}, so the search prunes it.${then}`;
    if (c < q.from) {
      const on = q.from < q.n ? ` It goes on from column ${q.from}.` : '';
      return `Row ${r} col ${c} was tried already: the search put a queen there, looked at every row below it, and took it back.${on}${then}`;
    }
    const C = q.event[2];
    return `The search tries columns left to right: column ${C} comes before column ${c}, and no queen attacks row ${r} col ${C}.`;
  }

  /** @param {string} text */
  say(text) {
    this.els.feedback.textContent = text;
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

/** @type {Record<number, string>} the sets of the diagonals, by their number in an operation */
const SETS = { 1: `row ${MINUS} col`, 2: 'row + col' };

// Methods: before a look-up of the sets in a diagonal's set, the learner gives its key; before
// the bit masks work out a row's free squares, the learner gives the mask. The operations in
// between play without a question.
export class MethodsPractice {
  /**
   * @param {HTMLElement} root the Methods view's panel, which holds the practice panel
   * @param {import('./methods.js').MethodsView} methods the view whose methods it asks about
   */
  constructor(root, methods) {
    /** @param {string} id */
    const $ = (id) => /** @type {HTMLElement} */ (root.querySelector('#' + id));
    this.view = methods;
    const els = {
      start: $('m-practice'),
      panel: $('mp-panel'),
      kind: /** @type {HTMLSelectElement} */ ($('mp-kind')),
      question: $('mp-question'),
      form: $('mp-form'),
      label: $('mp-label'),
      input: /** @type {HTMLInputElement} */ ($('mp-answer')),
      submit: /** @type {HTMLButtonElement} */ ($('mp-submit')),
      show: /** @type {HTMLButtonElement} */ ($('mp-show')),
      leave: $('mp-leave'),
      score: $('mp-score'),
      feedback: $('mp-feedback'),
    };
    this.els = els;
    // The buttons that move the methods on, off while practising (the question does).
    this.controls = ['m-reset', 'm-play', 'm-tick', 'm-round'].map((id) => /** @type {HTMLButtonElement} */ ($(id)));
    this.active = false;
    this.right = 0;
    this.asked = 0;
    this.tries = 0;
    // Set by each question asked.
    /** @type {KeyQuestion | MaskQuestion | null | undefined} null once the methods have finished */
    this.q;
    els.start.addEventListener('click', () => this.start());
    els.leave.addEventListener('click', () => this.leave(true));
    els.show.addEventListener('click', () => this.reveal());
    els.kind.addEventListener('change', () => this.next());
    els.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.answer(els.input.value);
    });
  }

  start() {
    this.active = true;
    this.view.pause();
    this.right = 0;
    this.asked = 0;
    this.els.start.hidden = true;
    this.els.panel.hidden = false;
    for (const b of this.controls) b.disabled = true;
    this.say('');
    this.next();
    this.els.input.focus();
  }

  /** @param {boolean} focus */
  leave(focus) {
    if (!this.active) return;
    closePanel(this);
    this.view.render();
    if (focus) this.els.start.focus();
  }

  // A new board (another n): the next question on it.
  changed() {
    if (this.active) {
      this.say('');
      this.next();
    }
  }

  kind() {
    return this.els.kind.value;
  }

  // The operation asked about, when the next tick takes one.
  due() {
    const c = this.view.stepper();
    if (this.kind() === 'key') {
      const op = c.upcoming(1);
      return op.length && op[0] === 2 && op[1] !== 0 ? Array.from(op) : null;
    }
    const op = c.upcoming(2);
    return op.length && op[0] === 3 ? Array.from(op) : null;
  }

  // Ticks to the next question, or to the end.
  next() {
    const m = this.view;
    let op = this.due();
    let moved = false;
    while (!op && !m.ended) {
      if (!m.stepper().tick()) {
        m.end();
        break;
      }
      moved = true;
      op = this.due();
    }
    m.render(moved);
    this.ask(op);
  }

  /** @param {number[] | null} op the operation asked about, null when none is left */
  ask(op) {
    const c = this.view.stepper();
    const n = this.view.n;
    const e = this.els;
    this.tries = 0;
    e.input.value = '';
    if (!op) {
      this.q = null;
      e.question.textContent = 'The methods have finished: nothing is left to ask. Leave practice, or start again with another n.';
      e.show.disabled = true;
      e.submit.disabled = true;
      score(e.score, this.right, this.asked);
      return;
    }
    e.show.disabled = false;
    e.submit.disabled = false;
    // A narrow screen shows one method in full: the one asked about.
    this.view.showLane(op[0] === 2 ? 1 : 2);
    if (op[0] === 2) {
      const queens = Array.from(c.columns(1));
      const row = queens.length;
      const [, set, key, found] = op;
      const col = set === 1 ? row - key : key - row;
      this.q = { kind: 'key', row, col, set, key, found, queens };
      e.question.textContent = `The sets method checks row ${row} col ${col}. Which key does it look up in the ${SETS[set]} set?`;
      e.label.textContent = 'Key';
      e.input.setAttribute('inputmode', 'text');
      e.input.placeholder = 'a whole number';
    } else {
      const row = op[1];
      const queens = Array.from(c.columns(2)).slice(0, row);
      this.q = { kind: 'mask', row, free: op[2], queens, n };
      e.question.textContent = `The bit masks work out the free squares of row ${row}. Type its free mask: ${n} bits, 1 for a square no queen attacks, column 0 the rightmost bit (as in the masks table).`;
      e.label.textContent = 'Free mask';
      e.input.setAttribute('inputmode', 'numeric');
      e.input.placeholder = '0'.repeat(n);
    }
    score(e.score, this.right, this.asked);
  }

  /** @param {number} v */
  bits(v) {
    return v.toString(2).padStart(this.view.n, '0');
  }

  // Reads an answer: a whole number (key) or n bits (mask); null with a note when unreadable.
  /**
   * @param {string} text
   * @returns {number | null}
   */
  read(text) {
    // Answers come only while a question is asked.
    const q = /** @type {KeyQuestion | MaskQuestion} */ (this.q);
    const t = text.trim().replace(/\s+/g, '').replace(MINUS, '-');
    if (q.kind === 'key') {
      if (!/^[-+]?[0-9]+$/.test(t)) return null;
      return Number(t);
    }
    const b = t.replace(/^0b/i, '');
    if (!new RegExp(`^[01]{${q.n}}$`).test(b)) return null;
    return parseInt(b, 2);
  }

  /** @param {string} text */
  answer(text) {
    const q = this.q;
    if (!this.active || !q) return;
    const v = this.read(text);
    if (v === null) {
      this.say(q.kind === 'key' ? 'Type a whole number, such as 2 or −1.' : `Type ${q.n} bits, each 0 or 1, such as ${'0'.repeat(q.n - 1)}1.`);
      return;
    }
    const first = this.tries === 0;
    this.tries++;
    if (first) this.asked++;
    const want = q.kind === 'key' ? q.key : q.free;
    if (v === want) {
      if (first) this.right++;
      this.play(`Right${first ? '' : ' (a second try: not scored)'}: ${this.why()}`);
    } else {
      score(this.els.score, this.right, this.asked);
      this.say(`Not quite. ${this.explain(v)}`);
    }
  }

  reveal() {
    if (!this.active || !this.q) return;
    if (this.tries === 0) this.asked++;
    this.tries++;
    this.play(`The answer: ${this.why()}`);
  }

  /** @param {string} text */
  play(text) {
    const m = this.view;
    if (!m.stepper().tick()) m.end();
    this.next();
    this.say(text);
  }

  // What the key finds, or which columns are free and why.
  why() {
    const q = /** @type {KeyQuestion | MaskQuestion} */ (this.q);
    if (q.kind === 'key') {
      const sum = q.set === 1 ? `${q.row} ${MINUS} ${q.col}` : `${q.row} + ${q.col}`;
      return `${sum} = ${signed(q.key)}. ${this.found()}`;
    }
    /** @type {string[]} */
    const free = [];
    for (let c = 0; c < q.n; c++) if ((q.free >> c) & 1) free.push(String(c));
    const cols = free.length ? `column${free.length > 1 ? 's' : ''} ${words(free)} ${free.length > 1 ? 'are' : 'is'} free` : 'no column is free';
    return `row ${q.row}'s free mask is ${this.bits(q.free)}: ${cols}.`;
  }

  // The look-up's result, and the queen it stands for: said of a key only.
  found() {
    const q = /** @type {KeyQuestion} */ (this.q);
    const name = SETS[q.set];
    if (!q.found) return `${signed(q.key)} is not in the ${name} set: no queen stands on that diagonal, so this look-up finds no attack.`;
    const r = q.queens.findIndex((c, row) => (q.set === 1 ? row - c : row + c) === q.key);
    return `${signed(q.key)} is in the ${name} set: the queen at row ${r} col ${q.queens[r]} stands on that diagonal, so row ${q.row} col ${q.col} is attacked ${along(q.set + 1, q.row, q.col)}.`;
  }

  /** @param {number} v the learner's wrong answer */
  explain(v) {
    const q = /** @type {KeyQuestion | MaskQuestion} */ (this.q);
    if (q.kind === 'key') {
      const sym = q.set === 1 ? '\\' : '/';
      const sum = q.set === 1 ? `${q.row} ${MINUS} ${q.col}` : `${q.row} + ${q.col}`;
      return `Every square of a diagonal ${sym} has the same ${SETS[q.set]}, so that is the key the set keeps for it: for row ${q.row} col ${q.col} it is ${sum} = ${signed(q.key)}, not ${signed(v)}. ${this.found()}`;
    }
    /** @type {string[]} */
    const why = [];
    for (let c = 0; c < q.n; c++) {
      const want = (q.free >> c) & 1;
      if (((v >> c) & 1) === want) continue;
      const by = firstAttacker(q.queens, q.row, c);
      // A column that is not free is attacked by a queen above.
      why.push(want ? `column ${c} is free: no queen above attacks it` : `column ${c} is not free: ${attackedBy(q.row, c, /** @type {[number, number, number]} */ (by), true)}`);
    }
    return `Row ${q.row}'s free mask is ${this.bits(q.free)}, not ${this.bits(v)}: ${why.join('; ')}. The masks get it at once: free = ~(cols | left | right), cut to ${q.n} bits.`;
  }

  /** @param {string} text */
  say(text) {
    this.els.feedback.textContent = text;
  }
}
