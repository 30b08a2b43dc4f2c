// @ts-check
// Practice: the page stops before each move of the search and asks the learner what comes next,
// so that the rule is learnt by using it, not only by watching it. Each view that asks has its
// practice beside it: Watch's (watch-practice.js) asks the square where the next queen goes, or
// that the search backtracks; Methods' (methods-practice.js) the key the sets look up for a
// diagonal, or the free squares the bit masks work out for a row. What they share is here: a
// wrong answer is explained from the board (which queen attacks the square and along which
// line), a running score counts each question's first answer, the session's score adds up every
// practice, and leaving practice goes on watching from the same step. Rows and columns count
// from 0, as on the rest of the page.

import { num } from './notation.js';

export const MINUS = '−';

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

// The first queen from the top (columns: row 0 first, -1 for a row without one) that attacks
// (row, col), as the trace names it: [row, col, line], or null.
/**
 * @param {ArrayLike<number>} columns
 * @param {number} row
 * @param {number} col
 * @returns {[number, number, number] | null}
 */
export function firstAttacker(columns, row, col) {
  for (let r = 0; r < columns.length; r++) {
    const c = columns[r];
    if (c < 0) continue;
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
export function attackedBy(row, col, [ar, ac, line], lower = false) {
  return `${lower ? 'row' : 'Row'} ${row} col ${col} is attacked by the queen at row ${ar} col ${ac} ${along(line, row, col)}`;
}

// A list in words: "a", "a and b", "a, b and c".
/** @param {string[]} list */
export function words(list) {
  return list.length < 2 ? list.join('') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

/**
 * @param {HTMLElement} el
 * @param {number} right
 * @param {number} asked
 */
export function score(el, right, asked) {
  el.textContent = `Score: ${right} right of ${asked} asked`;
  el.dataset.right = String(right);
  el.dataset.asked = String(asked);
  showSession();
}

// The score over the session: every question of every practice (the next move, the call stack,
// the tree, the sets' keys, the masks) since the tab was opened, kept in the tab's session
// storage so that it outlives a new n, a view left and a reload.
const SESSION = 'nqueens-practice-session';

/** @returns {{ right: number, asked: number }} */
function readSession() {
  try {
    const v = JSON.parse(sessionStorage.getItem(SESSION) || 'null');
    if (v && Number.isInteger(v.right) && Number.isInteger(v.asked)) return v;
  } catch {
    // No storage, or not ours: a new tally.
  }
  return { right: 0, asked: 0 };
}

const session = readSession();

// Scores a try at a practice's question: its first try counts as asked, and as right when it
// is; later tries are not scored. Returns whether this was the first try.
/**
 * @param {{tries: number, asked: number, right: number}} practice
 * @param {boolean} right
 */
export function scoreTry(practice, right) {
  const first = practice.tries === 0;
  practice.tries++;
  if (first) {
    practice.asked++;
    tally(1, 0);
    if (right) {
      practice.right++;
      tally(0, 1);
    }
  }
  return first;
}

// Adds to the session's score: a question asked, an answer right at the first try.
/**
 * @param {number} asked
 * @param {number} right
 */
function tally(asked, right) {
  session.asked += asked;
  session.right += right;
  try {
    sessionStorage.setItem(SESSION, JSON.stringify(session));
  } catch {
    // No storage: the tally lasts as long as the page.
  }
  showSession();
}

function showSession() {
  for (const el of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('.session-score'))) {
    el.textContent = `This session, all practice: ${num(session.right)} right of ${num(session.asked)} asked`;
    el.dataset.right = String(session.right);
    el.dataset.asked = String(session.asked);
  }
}

// What leaving practice undoes in either view: the panel closed, its button back, and the
// controls it turned off on again.
/** @param {{ active: boolean, els: { panel: HTMLElement, start: HTMLElement }, controls: HTMLButtonElement[] }} practice */
export function closePanel(practice) {
  practice.active = false;
  practice.els.panel.hidden = true;
  practice.els.start.hidden = false;
  for (const b of practice.controls) b.disabled = false;
}
