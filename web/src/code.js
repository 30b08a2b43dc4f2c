// @ts-check
// The code beside the board (the programs themselves are in listings.js): the listing of the
// chosen language and method with the line that makes the current step lit, and the values the
// program holds at that moment, worked out from the step (Watch) or the operation (Methods).

import { LANGS, METHODS, DEFAULT_LANG, listing } from './listings.js';
import { escape } from './html.js';
import { linePoint } from './line-frames.js';

/** @typedef {import('./listings.js').Lang} Lang */
/** @typedef {import('./listings.js').Method} Method */
/** @typedef {import('./listings.js').Listing} Listing */
/** @typedef {import('./lines.js').Machine} Machine */

/**
 * A value the program holds, as its name and its HTML.
 * @typedef {[string, string]} Value
 */

/**
 * A point of the program: the tag of the lit line, the values beside it, a note in words.
 * @typedef {{ tag: string, values: Value[], note: string }} Point
 */

/**
 * What the library says a method of the Methods view holds after an operation: its queens,
 * the square it is trying ([row, col] or []), and for the sets their values, for the masks
 * [row, cols, left, right, untried] (or []); done once it has finished.
 * @typedef {object} LaneState
 * @property {ArrayLike<number>} queens
 * @property {ArrayLike<number>} [trying]
 * @property {boolean} [done]
 * @property {ArrayLike<number>[]} [sets]
 * @property {ArrayLike<number>} [masks]
 */

// ---- What the program holds: the queens, sets and masks, worked out from the queens placed.

// The masks the bit-mask search passes to row `row`, from the queens of the rows above: the
// columns in use and the squares of this row attacked along each diagonal, within the board.
/**
 * @param {number} n
 * @param {ArrayLike<number>} queens
 * @param {number} row
 */
export function masksAt(n, queens, row) {
  const full = (1 << n) - 1;
  let cols = 0;
  let left = 0;
  let right = 0;
  for (let r = 0; r < row; r++) {
    const bit = 1 << queens[r];
    cols |= bit;
    left = ((left | bit) << 1) & full;
    right = (right | bit) >> 1;
  }
  return { cols, left, right, free: full & ~(cols | left | right) };
}

/**
 * @param {number} v
 * @param {number} n
 */
const bin = (v, n) => v.toString(2).padStart(n, '0');

// The queens so far as the language's program holds them: a fixed array with -1 for the empty
// rows in Python, Java, C++ and JavaScript, a vector of the rows filled in Rust.
/**
 * @param {Lang} lang
 * @param {number} n
 * @param {ArrayLike<number>} queens
 */
function placer(lang, n, queens) {
  const filled = Array.from(queens);
  if (lang === 'rust') return `[${filled.join(', ')}]`;
  const all = filled.concat(Array(n - filled.length).fill(-1));
  return lang === 'cpp' ? `{${all.join(', ')}}` : `[${all.join(', ')}]`;
}

/**
 * @param {Iterable<number> | ArrayLike<number>} values
 * @param {number} [looked]
 */
function setText(values, looked) {
  const sorted = Array.from(values).sort((a, b) => a - b);
  const items = sorted.map((v) => (v === looked ? `<b>${v}</b>` : String(v)));
  return sorted.length ? `{${items.join(', ')}}` : '{}';
}

// A point of the program: the tag of the lit line and the values beside it, as [name, html]
// pairs, with a note in words.
/**
 * @param {string} tag
 * @param {Value[]} values
 * @param {string} [note]
 * @returns {Point}
 */
function point(tag, values, note = '') {
  return { tag, values, note };
}

// The point of the program at a step of the method's own program (Watch): `code` is the step as
// the bindings encode it (kind, row, col, attacker's row and column, line, number), `queens`
// the columns of the queens after it. `fine`: the steps of "step into", where the scan's
// conflict is `safe` returning False; stepping over, `safe` has answered and its caller goes on
// with the next column, so the lit line is the caller's and the values are its own.
/**
 * @param {Method} method
 * @param {Lang} lang
 * @param {number} n
 * @param {Int32Array} code
 * @param {ArrayLike<number>} queens
 * @param {boolean} [fine]
 */
export function stepPoint(method, lang, n, code, queens, fine = false) {
  const [kind, row, col, byRow, byCol, , number] = code;
  const q = Array.from(queens);
  if (kind === 0) return point('start', [['n', String(n)]], 'the search starts at row 0');
  if (kind >= 5) return callPoint(method, lang, n, code, q);
  if (kind === 4) {
    /** @type {Value[]} */
    const values = [['row', String(n)]];
    if (method !== 'bitmask') values.push(['placer', placer(lang, n, q)]);
    return point('solution', values, `a full board: solution ${number}`);
  }
  if (method === 'naive') {
    /** @type {Value[]} */
    const values = [['row', String(row)], ['col', String(col)]];
    if (kind === 2) {
      const along = byCol === col ? 'c == col: the same column' : '|c − col| == d: the same diagonal';
      if (!fine) {
        values.push(['placer', placer(lang, n, q)]);
        return point('reject', values, `safe answered false: the queen of row ${byRow} attacks row ${row} col ${col} (${along}), so the loop goes on to the next column`);
      }
      // safe read the square (r, c) of row r's queen: the loops' values when it returns.
      values.push(['r', String(byRow)], ['d = row − r', String(row - byRow)], ['c', String(byCol)]);
      values.push(['placer', placer(lang, n, q)]);
      return point('hit', values, `the queen of row ${byRow} attacks row ${row} col ${col}: ${along}`);
    }
    values.push(['placer', placer(lang, n, q)]);
    if (kind === 1) return point('place', values, `row ${row} col ${col} is safe: a queen goes there`);
    return point('remove', values, `every column of row ${row + 1} tried: the queen of row ${row} comes off`);
  }
  if (method === 'sets') {
    /** @type {Set<number>[]} */
    const sets = [new Set(), new Set(), new Set()];
    q.forEach((c, r) => {
      sets[0].add(c);
      sets[1].add(r - c);
      sets[2].add(r + c);
    });
    const keys = [col, row - col, row + col];
    /** @type {Value[]} */
    const values = [['row', String(row)], ['col', String(col)], ['placer', placer(lang, n, q)]];
    if (kind === 2) {
      // The sets are looked up in order and the first one that holds the key ends the test,
      // which need not be the line of the attacker the trace names (the first from the top).
      // A pruned square is attacked, so one of the sets holds its key.
      const s = /** @type {number} */ ([0, 1, 2].find((i) => sets[i].has(keys[i])));
      ['cols', 'diffs', 'sums'].forEach((name, i) =>
        values.push([name, setText(sets[i], i === s ? keys[i] : undefined)]),
      );
      const what = ['col', 'row − col', 'row + col'][s];
      return point(`set${s}`, values, `${what} = ${keys[s]} is in ${['cols', 'diffs', 'sums'][s]}: row ${row} col ${col} is attacked`);
    }
    ['cols', 'diffs', 'sums'].forEach((name, i) => values.push([name, setText(sets[i])]));
    if (kind === 1) return point('place', values, `row ${row} col ${col} is safe: a queen goes there, its lines into the sets`);
    return point('remove', values, `every column of row ${row + 1} tried: the queen of row ${row} and its lines come off`);
  }
  const m = masksAt(n, q, row);
  /** @type {Value[]} */
  const values = [['row', String(row)], ['cols', bin(m.cols, n)], ['left', bin(m.left, n)], ['right', bin(m.right, n)]];
  // The bit masks' own steps (search.js asks the bindings for them) have no conflict: the
  // program never tries an attacked square.
  if (kind === 2) throw new Error(`the bit masks never try an attacked square (row ${row} col ${col})`);
  const bit = 1 << col;
  // The row's free squares still held in `free`: the lower ones were taken out one by one,
  // lowest first; the square of the queen goes out after its call returns.
  const untried = m.free & ~(bit - 1) & (kind === 3 ? ~bit : -1);
  values.push(['free', bin(untried, n)], ['bit', bin(bit, n)]);
  if (kind === 1) return point('place', values, `a queen on row ${row} col ${col}, the bit x & −x gave: the call for row ${row + 1} gets the masks with it`);
  return point('remove', values, `row ${row + 1} has nothing left: the queen of row ${row} comes off free`);
}

// The language's words for true and false.
/** @param {Lang} lang */
export const truth = (lang) => (lang === 'python' ? ['True', 'False'] : ['true', 'false']);

// The point of the program at a call or a return, the steps "step into" adds (kinds 5 to 8 as
// the bindings encode them: a call of solve, the scan's call of safe, safe's answer true, a
// return of solve with the solutions its call found).
/**
 * @param {Method} method
 * @param {Lang} lang
 * @param {number} n
 * @param {Int32Array} code
 * @param {number[]} q the queens after the step
 */
function callPoint(method, lang, n, code, q) {
  const [kind, row, col, , , , found] = code;
  const bits = method === 'bitmask';
  /** @type {Value[]} */
  const values = [['row', String(row)]];
  if (bits) {
    const m = masksAt(n, q, Math.min(row, n));
    values.push(['cols', bin(m.cols, n)], ['left', bin(m.left, n)], ['right', bin(m.right, n)]);
  }
  if (kind === 5) {
    if (!bits) values.push(['placer', placer(lang, n, q)]);
    const tag = row === 0 ? 'start' : bits ? 'place' : 'call';
    const note =
      row === 0
        ? 'the search starts: solve is called for row 0, and its frame goes on the stack'
        : row === n
          ? `every row has its queen: solve is called for row ${n}, a new frame on the stack`
          : `solve is called for row ${row}: a new frame on the stack, with its arguments`;
    return point(tag, values, note);
  }
  if (kind === 6 || kind === 7) {
    values.push(['col', String(col)], ['placer', placer(lang, n, q)]);
    if (kind === 6) return point('try', values, `safe(${row}, ${col}) is called: does a queen above attack row ${row} col ${col}?`);
    return point('safe', values, `no queen above attacks row ${row} col ${col}: safe returns ${truth(lang)[0]}`);
  }
  if (bits) values.push(['count', String(found)]);
  else values.push(['placer', placer(lang, n, q)]);
  const gives = bits ? ` ${found}` : '';
  if (row === n) {
    return point(bits ? 'solution' : 'done', values, `the call for row ${n} returns${gives}: back to the call for row ${n - 1}`);
  }
  const to = row === 0 ? 'the search is over' : `back to the call for row ${row - 1}`;
  return point('out', values, `every column of row ${row} tried: the call for row ${row} returns${gives}, ${to}`);
}

// The point of the program after one operation of a method in the Methods view: `op` is the
// operation as the bindings encode it (kind and three fields; none before the first), `state`
// what the library says the method holds now: queens, trying ([row, col] or []), sets (three
// arrays) or masks ([row, cols, left, right, untried] or []).
/**
 * @param {Method} method
 * @param {Lang} lang
 * @param {number} n
 * @param {number[] | undefined} op
 * @param {LaneState} state
 */
export function opPoint(method, lang, n, op, state) {
  const q = Array.from(state.queens);
  if (!op) {
    // A lane with no operation in this round: before the first one, or after the last.
    const note = state.done ? 'every square tried: the first call returns, the search is over' : 'the search starts at row 0';
    return point('start', [['n', String(n)]], note);
  }
  const [kind, a, b, c] = op;
  if (kind === 8) {
    /** @type {Value[]} */
    const values = [['row', String(n)]];
    if (method !== 'bitmask') values.push(['placer', placer(lang, n, q)]);
    return point('solution', values, `a full board: solution ${a}`);
  }
  if (method === 'bitmask') {
    const masks = Array.from(state.masks || []);
    const row = a;
    const m = masksAt(n, q, row);
    /** @type {Value[]} */
    const values = [['row', String(row)], ['cols', bin(m.cols, n)], ['left', bin(m.left, n)], ['right', bin(m.right, n)]];
    const untried = masks.length && masks[0] === row ? masks[4] : 0;
    if (kind === 3) {
      values.push(['free', bin(b, n)]);
      return point('free', values, `the free squares of row ${a}, all at once`);
    }
    if (kind === 4) {
      values.push(['free', bin(untried | b, n)], ['bit', bin(b, n)]);
      return point('pick', values, `x & −x keeps the lowest bit of free: column ${31 - Math.clz32(b)}`);
    }
    const bit = 1 << b;
    if (kind === 6) {
      values.push(['free', bin(untried | bit, n)], ['bit', bin(bit, n)]);
      return point('place', values, `a queen on row ${a} col ${b}: the call for row ${a + 1} gets the masks with its bit`);
    }
    values.push(['free', bin(untried, n)], ['bit', bin(bit, n)]);
    return point('remove', values, `row ${a + 1} has nothing left: the queen of row ${a} comes off free`);
  }
  const trying = Array.from(state.trying || []);
  if (kind === 1 || kind === 2) {
    const [row, col] = trying;
    /** @type {Value[]} */
    const values = [['row', String(row)], ['col', String(col)]];
    if (kind === 1) {
      values.push(['r', String(a)], ['d = row − r', String(row - a)], ['c', String(b)]);
      values.push(['placer', placer(lang, n, q)]);
      return point('check', values, `reads row ${a} col ${b} (placer[r] == c?): ${c ? 'a queen — attacked' : 'empty'}`);
    }
    const sets = Array.from(state.sets || [[], [], []]);
    values.push(['placer', placer(lang, n, q)]);
    ['cols', 'diffs', 'sums'].forEach((name, i) => values.push([name, setText(sets[i], i === a ? b : undefined)]));
    const what = ['col', 'row − col', 'row + col'][a];
    return point(`set${a}`, values, `${what} = ${b} in ${['cols', 'diffs', 'sums'][a]}? ${c ? 'yes — attacked' : 'no'}`);
  }
  /** @type {Value[]} */
  const values = [['row', String(a)], ['col', String(b)], ['placer', placer(lang, n, q)]];
  if (method === 'sets') {
    const sets = Array.from(state.sets || [[], [], []]);
    ['cols', 'diffs', 'sums'].forEach((name, i) => values.push([name, setText(sets[i])]));
  }
  if (kind === 5) return point('reject', values, `row ${a} col ${b} is attacked: the next column`);
  if (kind === 6) return point('place', values, `row ${a} col ${b} is safe: a queen goes there`);
  return point('remove', values, `row ${a + 1} has nothing left: the queen of row ${a} comes off`);
}

// ---- On the page.

// A row of buttons, one per choice, the chosen one pressed; `pick` is called with the key.
/**
 * @template {string} K
 * @param {HTMLElement} root
 * @param {string} label
 * @param {Record<K, string>} choices
 * @param {(key: K) => void} pick
 * @returns {(key: K) => void} presses the button of `key`
 */
export function choiceBar(root, label, choices, pick) {
  root.setAttribute('role', 'group');
  root.setAttribute('aria-label', label);
  root.innerHTML = Object.entries(/** @type {Record<string, string>} */ (choices))
    .map(([k, name]) => `<button type="button" data-key="${k}" aria-pressed="false">${escape(name)}</button>`)
    .join('');
  root.addEventListener('click', (e) => {
    const b = /** @type {Element} */ (e.target).closest('button[data-key]');
    // Each button's key is one of `choices`: the buttons were made from them above.
    if (b) pick(/** @type {K} */ (/** @type {HTMLElement} */ (b).dataset.key));
  });
  return (key) => {
    for (const b of root.querySelectorAll('button')) b.setAttribute('aria-pressed', String(b.dataset.key === key));
  };
}

// One listing on the page, its lit line and its values. `root` receives the listing, the
// values and the note; the language and the method are set from outside.
export class CodePanel {
  /**
   * @param {HTMLElement} root
   * @param {Method} method
   */
  constructor(root, method) {
    this.root = root;
    this.method = method;
    this.lang = DEFAULT_LANG;
    this.n = 0;
    // Set by set() and show(), once the page knows the board.
    /** @type {Listing | undefined} */
    this.listing;
    /** @type {string | null | undefined} the lit lines, as data-lit's key */
    this.lit;
    /** @type {Point | undefined} the point last shown, shown again in a new listing */
    this.last;
    /** @type {boolean | undefined} a reveal waits for the next frame */
    this.revealing;
    root.classList.add('code-panel');
    root.innerHTML =
      '<pre class="code-listing" tabindex="0" aria-label="code"><code></code></pre>' +
      '<p class="code-note" aria-live="off"></p><dl class="code-values"></dl>';
    this.pre = /** @type {HTMLPreElement} */ (root.querySelector('pre'));
    // A listing in a hidden view has no height to scroll: its lit line is brought into view
    // when the view shows.
    new ResizeObserver(() => this.reveal()).observe(this.pre);
  }

  /**
   * @param {Lang} lang
   * @param {Method} method
   * @param {number} n
   */
  set(lang, method, n) {
    if (lang === this.lang && method === this.method && n === this.n) return;
    this.lang = lang;
    this.method = method;
    this.n = n;
    this.listing = listing(lang, method, n);
    /** @type {HTMLElement} */ (this.pre.firstChild).innerHTML = this.listing.lines
      .map((l, i) => `<span class="ln" data-line="${i + 1}">${escape(l) || ' '}</span>`)
      .join('');
    this.root.dataset.lang = lang;
    this.root.dataset.method = method;
    this.lit = null;
    if (this.last) this.show(this.last);
  }

  /** @param {Point} p */
  show(p) {
    this.last = p;
    if (!this.listing) return;
    const lines = this.listing.at[p.tag] || [];
    const key = lines.join(',');
    if (key !== this.lit) {
      for (const el of this.pre.querySelectorAll('.ln.lit')) el.classList.remove('lit');
      const spans = /** @type {HTMLElement} */ (this.pre.firstChild).children;
      for (const i of lines) spans[i].classList.add('lit');
      this.lit = key;
      // Lines from 1, as an editor numbers them: "12" or "12-15".
      this.root.dataset.lit = lines.length ? `${lines[0] + 1}${lines.length > 1 ? '-' + (lines[lines.length - 1] + 1) : ''}` : '';
      this.root.dataset.tag = p.tag;
      // Measuring the lines costs a layout: once a frame is enough, however many steps it took.
      if (!this.revealing) {
        this.revealing = true;
        requestAnimationFrame(() => {
          this.revealing = false;
          this.reveal();
        });
      }
    }
    /** @type {HTMLElement} */ (this.root.querySelector('.code-note')).textContent = p.note;
    /** @type {HTMLElement} */ (this.root.querySelector('.code-values')).innerHTML = p.values
      .map(([k, v]) => `<div><dt>${escape(k)}</dt><dd>${v}</dd></div>`)
      .join('');
  }

  // Scrolls the listing (not the page) so that the lit lines show.
  reveal() {
    const pre = this.pre;
    const lit = pre.querySelectorAll('.ln.lit');
    if (pre.clientHeight === 0 || lit.length === 0) return;
    const box = pre.getBoundingClientRect();
    const top = lit[0].getBoundingClientRect().top - box.top + pre.scrollTop;
    const bottom = lit[lit.length - 1].getBoundingClientRect().bottom - box.top + pre.scrollTop;
    if (top < pre.scrollTop || bottom > pre.scrollTop + pre.clientHeight) {
      pre.scrollTop = Math.max(0, top - pre.clientHeight / 3);
    }
  }
}

// The code panels of Watch and Methods, in one language chosen for both. Watch shows one
// method at a time, on a switch; each lane of Methods shows its own.
export class CodeViews {
  /**
   * @param {Lang} lang the language to start in
   * @param {(lang: Lang) => void} onLang called with the language a learner picks
   */
  constructor(lang, onLang) {
    /** @param {string} id */
    const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));
    this.lang = lang;
    /** @type {Method} */
    this.watchMethod = 'naive';
    this.n = 0;
    this.onLang = onLang;
    /** @type {(() => void)[]} called after a language or a method is picked */
    this.listeners = [];
    /** @type {[Int32Array, ArrayLike<number>, boolean, Machine | null] | null} Watch's last step, its queens, whether it steps into the program, and its machine line by line */
    this.step = null;
    /** @type {([number[] | undefined, LaneState] | undefined)[]} each lane's last operation and state */
    this.ops = [];
    this.watch = new CodePanel($('w-code'), this.watchMethod);
    this.lanes = /** @type {Method[]} */ (['naive', 'sets', 'bitmask']).map(
      (m, i) => new CodePanel(/** @type {HTMLElement} */ ($(`lane-${i}`).querySelector('.lane-code')), m),
    );
    /** @param {Lang} k */
    const pickLang = (k) => {
      this.setLang(k);
      if (this.onLang) this.onLang(k);
      this.picked();
    };
    this.langBars = ['w-code-lang', 'm-code-lang'].map((id) => choiceBar($(id), 'language of the code', LANGS, pickLang));
    this.methodBar = choiceBar($('w-code-method'), 'method of the code', METHODS, (k) => {
      this.watchMethod = k;
      this.refresh();
      this.picked();
    });
    this.refresh();
  }

  // What follows the language and the method (the call stacks), told after each pick.
  /** @param {() => void} listener */
  listen(listener) {
    this.listeners.push(listener);
  }

  picked() {
    for (const listener of this.listeners) listener();
  }

  /** @param {Lang} lang */
  setLang(lang) {
    this.lang = lang;
    this.refresh();
  }

  /** @param {number} n */
  open(n) {
    this.n = n;
    this.refresh();
  }

  refresh() {
    for (const bar of this.langBars) bar(this.lang);
    this.methodBar(this.watchMethod);
    if (!this.n) return;
    this.watch.set(this.lang, this.watchMethod, this.n);
    this.lanes.forEach((p, i) => p.set(this.lang, p.method, this.n));
    // The values are written in the language's own notation: work them out again.
    if (this.step) this.showStep(...this.step);
    this.ops.forEach((args, i) => args && this.showOp(i, ...args));
  }

  // Watch: the step the search took last (encoded) and the queens after it.
  /**
   * @param {Int32Array} code
   * @param {ArrayLike<number>} queens
   * @param {boolean} [fine] the steps of "step into"
   * @param {Machine | null} [machine] the program's machine, stepping line by line
   */
  showStep(code, queens, fine = false, machine = null) {
    this.step = [code, queens, fine, machine];
    if (!this.n) return;
    if (machine) this.watch.show(linePoint(this.lang, machine));
    else this.watch.show(stepPoint(this.watchMethod, this.lang, this.n, code, queens, fine));
  }

  // Methods, lane i: its last operation (encoded; undefined before the first) and its state.
  /**
   * @param {number} i
   * @param {number[] | undefined} op
   * @param {LaneState} state
   */
  showOp(i, op, state) {
    this.ops[i] = [op, state];
    if (!this.n) return;
    this.lanes[i].show(opPoint(this.lanes[i].method, this.lang, this.n, op, state));
  }
}
