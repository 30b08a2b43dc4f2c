// @ts-check
// Practice in Methods, beside its view (methods.js): before a look-up of the sets in a
// diagonal's set, the learner gives its key; before the bit masks work out a row's free
// squares, the learner gives the mask. The operations in between play without a question. The
// score and the explanations are shared with Watch's practice (practice.js).

import { MINUS, along, attackedBy, closePanel, firstAttacker, score, scoreTry, signed, words } from './practice.js';

/**
 * A question of Methods: the key the sets look up for the square (row, col) in set `set` (1
 * the differences, 2 the sums), and whether it is there.
 * @typedef {{ kind: 'key', row: number, col: number, set: number, key: number, found: number, queens: number[] }} KeyQuestion
 */

/**
 * A question of Methods: the free mask the bit masks work out for `row` of the n×n board.
 * @typedef {{ kind: 'mask', row: number, free: number, queens: number[], n: number }} MaskQuestion
 */

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
    const want = q.kind === 'key' ? q.key : q.free;
    const first = scoreTry(this, v === want);
    if (v === want) {
      this.play(`Right${first ? '' : ' (a second try: not scored)'}: ${this.why()}`);
    } else {
      score(this.els.score, this.right, this.asked);
      this.say(`Not quite. ${this.explain(v)}`);
    }
  }

  reveal() {
    if (!this.active || !this.q) return;
    // Shown the answer: asked, and not right.
    scoreTry(this, false);
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
