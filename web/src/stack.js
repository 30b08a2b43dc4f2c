// @ts-check
// The call stack of the recursive search beside the board: the calls of `solve` open at the
// current step, innermost on top, each with its locals as the listing of the chosen language
// and method holds them (listings.js), and, stepping into the program, the scan's call of
// `safe` with its own. It is worked out from the board size, the queens on the board and the
// step alone, so that it moves with the search forward and back alike.

import { masksAt } from './code.js';
import { escape } from './html.js';

/** @typedef {import('./listings.js').Lang} Lang */
/** @typedef {import('./listings.js').Method} Method */
/** @typedef {import('./code.js').Value} Value */

/**
 * A frame of the call stack: the row of its call, the call as the listing writes it, its
 * locals, whether it is the innermost running one, has just been called or returns at this
 * step, and what it returns (null when it says nothing).
 * @typedef {object} Frame
 * @property {number} row
 * @property {string} call
 * @property {Value[]} locals
 * @property {boolean} current
 * @property {boolean} leaving
 * @property {string | null} returns
 * @property {boolean} [entering]
 */

// The solutions of each n, as numbers whose digits in base n are the queens' columns from row
// 0: the search finds them in increasing order, so how many a call has found so far (the bit
// masks' `count`) is the number of solutions between two bounds.
/** @type {Map<number, number[]>} */
const SOLUTIONS = new Map();

/**
 * @param {number} n
 * @returns {number[]}
 */
function solutionKeys(n) {
  if (SOLUTIONS.has(n)) return /** @type {number[]} */ (SOLUTIONS.get(n));
  /** @type {number[]} */
  const keys = [];
  const full = (1 << n) - 1;
  /**
   * @param {number} row
   * @param {number} key
   * @param {number} cols
   * @param {number} left
   * @param {number} right
   */
  const go = (row, key, cols, left, right) => {
    if (row === n) {
      keys.push(key);
      return;
    }
    for (let c = 0; c < n; c++) {
      const bit = 1 << c;
      if ((cols | left | right) & bit) continue;
      go(row + 1, key * n + c, cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1);
    }
  };
  go(0, 0, 0, 0, 0);
  SOLUTIONS.set(n, keys);
  return keys;
}

/**
 * @param {number[]} keys
 * @param {number} v
 */
function lowerBound(keys, v) {
  let [lo, hi] = [0, keys.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keys[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// The solutions that start with the queens `above` (rows 0 to k - 1) and put row k's queen in a
// column before `col`: those the call for row k has counted once its loop reaches `col`.
/**
 * @param {number} n
 * @param {number[]} above
 * @param {number} col
 */
function countBefore(n, above, col) {
  const keys = solutionKeys(n);
  const k = above.length;
  let base = 0;
  for (const c of above) base = base * n + c;
  const unit = n ** (n - 1 - k);
  base *= n ** (n - k);
  return lowerBound(keys, base + col * unit) - lowerBound(keys, base);
}

/**
 * @param {number} v
 * @param {number} n
 */
const bin = (v, n) => v.toString(2).padStart(n, '0');

// A set of numbers as the language prints it: Python's empty set is set(), Java's HashSet
// prints in brackets, a JavaScript Set as the browser's console shows it. Sorted, as the code
// panel shows them.
/**
 * @param {Lang} lang
 * @param {number[]} values
 */
function setText(lang, values) {
  const items = Array.from(values).sort((a, b) => a - b).join(', ');
  if (lang === 'python') return values.length ? `{${items}}` : 'set()';
  if (lang === 'java') return `[${items}]`;
  if (lang === 'javascript') return `Set(${values.length}) {${items}}`;
  return `{${items}}`;
}

// The call as the program makes it. The bit masks' call passes its masks as values, written as
// binary literals (0b…, which all five languages read), so that the frame's title says what the
// call was given rather than naming its parameters.
/**
 * @param {Lang} lang
 * @param {Method} method
 * @param {number} n
 * @param {number} row
 * @param {number[]} above the columns of rows 0 to row - 1
 */
function callText(lang, method, n, row, above) {
  if (method === 'bitmask') {
    const m = masksAt(n, above, row);
    return `solve(${n}, ${row}, 0b${bin(m.cols, n)}, 0b${bin(m.left, n)}, 0b${bin(m.right, n)})`;
  }
  if (lang === 'rust') return `solve(n, ${row}, ${method === 'naive' ? 'placer' : 'b'}, solutions)`;
  return `solve(${row})`;
}

// The highest set bit of v, or 0.
/** @param {number} v */
const highBit = (v) => (v ? 1 << (31 - Math.clz32(v)) : 0);

// One frame. `where` says where the call's code is: 'call' (its own call below is open),
// 'place', 'conflict' or 'backtrack' (the step's line, in the innermost call), 'returned' (a
// call whose loop ran out, returning) or 'solution' (the call for row n). `above` holds the
// columns of rows 0 to row - 1, `col` the column its loop is at.
/**
 * @param {Lang} lang
 * @param {Method} method
 * @param {number} n
 * @param {number} row
 * @param {string} where
 * @param {number[]} above
 * @param {number | null} col null for 'solution' and 'returned': their loops have ended
 * @returns {Frame}
 */
function frame(lang, method, n, row, where, above, col) {
  /** @type {Value[]} */
  const locals = [['row', String(row)]];
  /** @type {Frame} */
  const f = { row, call: callText(lang, method, n, row, above), locals, current: false, leaving: false, returns: null };
  // Python keeps a loop's variables after the loop; the other languages declare `col` and `bit`
  // inside it, so they are gone once it ends.
  const python = lang === 'python';
  // Where the loop is: the columns before `at` are done with.
  // Only the calls of 'solution' and 'returned' have no column, and neither reads it as one.
  const at = where === 'backtrack' ? /** @type {number} */ (col) + 1 : where === 'returned' ? n : /** @type {number} */ (col);
  if (method !== 'bitmask') {
    if (where === 'returned' && python) locals.push(['col', String(n - 1)]);
    else if (where !== 'returned' && where !== 'solution' && where !== 'entered') locals.push(['col', String(col)]);
    if (method === 'sets') {
      // The shared sets as this call sees them: the queens above it, and its own while it has
      // one on the board.
      const q = where === 'call' || where === 'place' ? above.concat([/** @type {number} */ (col)]) : above;
      const prefix = lang === 'rust' ? 'b.' : '';
      locals.push([`${prefix}cols`, setText(lang, q)]);
      locals.push([`${prefix}diffs`, setText(lang, q.map((c, r) => r - c))]);
      locals.push([`${prefix}sums`, setText(lang, q.map((c, r) => r + c))]);
    }
    return f;
  }
  // The masks the call was given, within the board as the code panel shows them.
  const m = masksAt(n, above, row);
  locals.push(['cols', bin(m.cols, n)], ['left', bin(m.left, n)], ['right', bin(m.right, n)]);
  if (where === 'solution') {
    f.returns = '1';
    return f;
  }
  // Just called: its arguments only, the rest is declared as it runs.
  if (where === 'entered') return f;
  const count = countBefore(n, above, at);
  locals.push(['count', String(count)]);
  // `free` loses a square's bit once the call on it returns: the squares from `at` on are left,
  // the queen's own among them while its call is open.
  locals.push(['free', bin(m.free & ~((1 << at) - 1), n)]);
  if (where === 'call' || where === 'place' || where === 'backtrack') locals.push(['bit', bin(1 << /** @type {number} */ (col), n)]);
  else if (python && highBit(m.free & ((1 << at) - 1))) locals.push(['bit', bin(highBit(m.free & ((1 << at) - 1)), n)]);
  if (where === 'returned') f.returns = String(count);
  return f;
}

// The scan's call of safe(row, col), with its locals: its arguments, and the square it reads
// (row `r`, column `c`, `d = row - r`) when it found a queen there; after loops that found
// none, Python keeps the loops' last values (the last row above, and its diagonal `/`, col + 1).
// `answer`: true or false once it returns.
/**
 * @param {Lang} lang
 * @param {number} row
 * @param {number} col
 * @param {number[]} q the queens on the board
 * @param {boolean | null} answer
 * @param {number[] | null} by the attacking queen's row and column
 * @returns {Frame}
 */
function safeFrame(lang, row, col, q, answer, by) {
  const call = lang === 'rust' ? `safe(placer, n, ${row}, ${col})` : `safe(${row}, ${col})`;
  /** @type {Value[]} */
  const locals = [['row', String(row)], ['col', String(col)]];
  const last = by || (answer && lang === 'python' && row > 0 ? [row - 1, col + 1] : null);
  if (last) locals.push(['r', String(last[0])], ['c', String(last[1])], ['d', String(row - last[0])]);
  const [yes, no] = lang === 'python' ? ['True', 'False'] : ['true', 'false'];
  return { row, call, locals, current: true, leaving: answer !== null, entering: answer === null, returns: answer === null ? null : answer ? yes : no };
}

// The open calls at a step, innermost first: `code` is the step as the bindings encode it
// (kind, row, col, ...), `queens` the columns of the queens after it. Before the first step no
// call is open yet. A call that returns at this step is on top, marked `leaving`. `fine`: the
// steps are those of "step into", where each call and return is a step of its own (kinds 5 to
// 8), and the scan's conflict is safe returning false, its frame on top.
/**
 * @param {Lang} lang
 * @param {Method} method
 * @param {number} n
 * @param {Int32Array} code
 * @param {ArrayLike<number>} queens
 * @param {boolean} [fine]
 * @returns {Frame[]}
 */
export function frames(lang, method, n, code, queens, fine = false) {
  const [kind, row, col] = code;
  const q = Array.from(queens);
  if (kind === 0) return [];
  if (fine && kind !== 1) return fineFrames(lang, method, n, code, q);
  const innermost = kind === 4 ? n : row;
  /** @type {Frame[]} */
  const out = [];
  for (let k = 0; k < innermost; k++) out.push(frame(lang, method, n, k, 'call', q.slice(0, k), q[k]));
  if (kind === 4) {
    const f = frame(lang, method, n, n, 'solution', q, null);
    f.current = true;
    f.leaving = true;
    out.push(f);
  } else {
    const f = frame(lang, method, n, row, ['', 'place', 'conflict', 'backtrack'][kind], q.slice(0, row), col);
    f.current = true;
    out.push(f);
    // A backtrack takes the queen off once the call below has tried every square of its row:
    // that call returns now. The call for row n returned at the solution step before.
    if (kind === 3 && row + 1 < n) {
      const gone = frame(lang, method, n, row + 1, 'returned', q.concat([col]), null);
      gone.leaving = true;
      out.push(gone);
    }
  }
  return out.reverse();
}

// The open calls at a step of "step into" other than a queen placed (whose frames are those of
// "step over"), innermost first.
/**
 * @param {Lang} lang
 * @param {Method} method
 * @param {number} n
 * @param {Int32Array} code
 * @param {number[]} q
 * @returns {Frame[]}
 */
function fineFrames(lang, method, n, code, q) {
  const [kind, , col, byRow, byCol, , found] = code;
  // A solution is the call for row n's (the bindings write no row for it).
  const row = kind === 4 ? n : code[1];
  /** @type {Frame[]} */
  const out = [];
  // The calls below the innermost one, each at its own call of solve.
  for (let k = 0; k < Math.min(row, n); k++) out.push(frame(lang, method, n, k, 'call', q.slice(0, k), q[k]));
  if (kind === 5 || kind === 4 || (kind === 8 && row === n)) {
    // A call just made, the call for row n at its solution, or returning.
    const where = kind === 5 ? (row === n ? 'solution' : 'entered') : 'solution';
    const f = frame(lang, method, n, row, where, q.slice(0, row), null);
    f.current = true;
    f.entering = kind === 5;
    f.leaving = kind === 8;
    if (kind === 5 || kind === 4) f.returns = null;
    out.push(f);
  } else if (kind === 8) {
    const f = frame(lang, method, n, row, 'returned', q.slice(0, row), null);
    f.current = true;
    f.leaving = true;
    if (method === 'bitmask') f.returns = String(found);
    out.push(f);
  } else if (kind === 3) {
    const f = frame(lang, method, n, row, 'backtrack', q.slice(0, row), col);
    f.current = true;
    out.push(f);
  } else {
    // A square checked (kinds 6, 2 and 7): the call for its row is at its column, and the
    // scan's safe answers on top of it.
    const f = frame(lang, method, n, row, 'conflict', q.slice(0, row), col);
    f.current = method !== 'naive';
    out.push(f);
    if (method === 'naive') {
      const answer = kind === 6 ? null : kind === 7;
      out.push(safeFrame(lang, row, col, q, answer, kind === 2 ? [byRow, byCol] : null));
    }
  }
  return out.reverse();
}

// Draws the frames into a list. With `pick`, each frame is a button and a click (or Enter or
// Space) calls pick(row); without, the frames are plain items.
export class StackPanel {
  /**
   * @param {HTMLElement} list
   * @param {((row: number) => void) | null} pick
   */
  constructor(list, pick) {
    this.list = list;
    this.pick = pick;
    if (pick) {
      list.addEventListener('click', (e) => {
        const b = /** @type {HTMLElement | null} */ (/** @type {Element} */ (e.target).closest('button[data-row]'));
        if (!b) return;
        for (const o of list.querySelectorAll('.picked')) o.classList.remove('picked');
        b.classList.add('picked');
        pick(Number(b.dataset.row));
      });
    }
  }

  /** @param {Frame[]} list */
  show(list) {
    if (!list.length) {
      this.list.innerHTML = '<li class="frame-none">No call open yet: the program is about to call <code>solve</code> for row 0.</li>';
      return;
    }
    const tag = this.pick ? 'button' : 'div';
    this.list.innerHTML = list
      .map((f) => {
        /** @type {string[]} */
        const marks = [];
        // A call that returns at this step has stopped running: its mark says that it returns,
        // never that it runs as well.
        if (f.entering) marks.push('← called');
        else if (f.current && !f.leaving) marks.push('← running');
        if (f.leaving) marks.push(`${f.current ? '← ' : ''}${f.returns === null ? 'returns' : `returns ${f.returns}`}`);
        const cls = ['frame', f.current ? 'current' : '', f.leaving ? 'leaving' : '', f.entering ? 'entering' : ''].filter(Boolean).join(' ');
        const data =
          `data-row="${f.row}" data-current="${f.current}" data-leaving="${f.leaving}" data-entering="${!!f.entering}" ` +
          `data-call="${escape(f.call)}" data-locals="${escape(JSON.stringify(f.locals))}"`;
        const locals = f.locals.map(([k, v]) => `<span class="frame-local">${escape(k)} = ${escape(v)}</span>`).join(' ');
        return (
          `<li><${tag} ${tag === 'button' ? 'type="button" ' : ''}class="${cls}" ${data}${f.current ? ' aria-current="step"' : ''}>` +
          `<span class="frame-head"><code class="frame-call">${escape(f.call)}</code>` +
          (marks.length ? ` <span class="frame-mark">${marks.join(': ')}</span>` : '') +
          `</span> <span class="frame-locals">${locals}</span></${tag}></li>`
        );
      })
      .join('');
  }
}
