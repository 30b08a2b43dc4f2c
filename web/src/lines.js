// @ts-check
// "Line by line": the programs beside the board run one executed line a step, as Python Tutor
// runs them, with every local of every frame. The library's steps (the bindings' Watch) are
// moves, calls and returns; between two of them a program runs many lines (the scan's safe
// reads square after square), which no step of theirs shows. Here the three programs of
// listings.js are run as a machine that executes one line at a time: its state is the stack of
// frames, each with its locals, and the shared placer (and the sets), so a step is a line run
// and the state after it. The lit line is the line just run; the values are those after it.
//
// LineWatch steps that machine with the bindings' Watch's own methods (forward, back, seek, the
// timeline's outline, the moves and events that other views follow), so that the search, its
// controls, the timeline and the tree step it as they step Watch. A step that makes a move
// (a queen placed, a square found attacked, a queen taken back, a solution) carries the move's
// code as Watch encodes it; every other line is kind 9. A board up to LINE_MAX a side: the
// machine is walked once when the board opens (the timeline needs its length), and the scan
// runs about 450,000 lines at n = 8.

/** @typedef {import('./listings.js').Lang} Lang */
/** @typedef {import('./listings.js').Method} Method */
/** @typedef {import('./code.js').Value} Value */
/** @typedef {import('./code.js').Point} Point */
/** @typedef {import('./stack.js').Frame} Frame */

// The largest board stepped line by line.
export const LINE_MAX = 8;

// The detail numbers of the line-by-line steps, beside the bindings' 0 to 4, one per method.
/** @type {Record<Method, number>} */
export const LINE_DETAIL = { naive: 10, sets: 11, bitmask: 12 };

// A step of the line kind (no move): the code's kind.
export const LINE_KIND = 9;

// A saved machine every this many steps: a step back replays at most that many.
const EVERY = 1024;

/**
 * A call of solve: its row, its loop's column (-1 before the loop), whether the loop has ended,
 * which of the sets hold its queen's keys (bits 0 cols, 1 diffs, 2 sums), and for the bit masks
 * its arguments and locals (null before they are assigned).
 * @typedef {object} SolveFrame
 * @property {'solve'} fn
 * @property {number} row
 * @property {number} col
 * @property {boolean} colOut
 * @property {number} held
 * @property {number} cols
 * @property {number} left
 * @property {number} right
 * @property {number | null} full
 * @property {number | null} count
 * @property {number | null} free
 * @property {number | null} bit
 * @property {boolean} bitOut the loop over free has ended
 */

/**
 * The scan's call of safe: its arguments, its loops' variables (r, then d, then the candidate
 * column c, one of col, col − d, col + d: `ci` its index, 3 once the loop has ended).
 * @typedef {object} SafeFrame
 * @property {'safe'} fn
 * @property {number} row
 * @property {number} col
 * @property {number} r -1 before the loop
 * @property {boolean} rOut
 * @property {boolean} dSet d is assigned in this iteration of r
 * @property {number} ci -1 before the loop over c in this iteration of r
 */

/** @typedef {SolveFrame | SafeFrame} AnyFrame */

/**
 * @param {number} row
 * @param {number} [cols]
 * @param {number} [left]
 * @param {number} [right]
 * @returns {SolveFrame}
 */
const solveFrame = (row, cols = 0, left = 0, right = 0) => ({
  fn: 'solve',
  row,
  col: -1,
  colOut: false,
  held: 0,
  cols,
  left,
  right,
  full: null,
  count: null,
  free: null,
  bit: null,
  bitOut: false,
});

// The program as a machine: `line` is the line just run (by its tag in the listings), `frames`
// the calls open, innermost last, `placer` each row's column (-1 none).
export class Machine {
  /**
   * @param {Method} method
   * @param {number} n
   */
  constructor(method, n) {
    this.method = method;
    this.n = n;
    /** @type {string} the tag of the line just run; '' before the first */
    this.line = '';
    /** @type {AnyFrame[]} */
    this.frames = [];
    /** @type {number[]} */
    this.placer = Array(n).fill(-1);
    /** @type {number[]} the move this line made, as Watch encodes it */
    this.code = [0, -1, -1, -1, -1, -1, 0];
    this.moves = 0;
    this.found = 0;
    /** @type {boolean} the top frame returns at this line */
    this.leaving = false;
    /** @type {boolean} the top frame was called at this line */
    this.entering = false;
    /** @type {number | boolean | null} what the top frame returns */
    this.returns = null;
    /** @type {number} what the last call of solve returned (the bit masks' count) */
    this.returnedCount = 0;
    /** @type {number} the scan's moves the bit masks passed over since their last move */
    this.skipped = 0;
    this.done = false;
  }

  clone() {
    const m = new Machine(this.method, this.n);
    Object.assign(m, this);
    m.frames = this.frames.map((f) => ({ ...f }));
    m.placer = this.placer.slice();
    m.code = this.code.slice();
    return m;
  }

  top() {
    return this.frames[this.frames.length - 1];
  }

  solveTop() {
    return /** @type {SolveFrame} */ (this.top());
  }

  // The queens on the board: placer's rows filled, from the top.
  columns() {
    const out = [];
    for (const c of this.placer) {
      if (c < 0) break;
      out.push(c);
    }
    return out;
  }

  // The sets as they are: the keys of each call's queen in the sets that hold them.
  sets() {
    /** @type {number[][]} */
    const out = [[], [], []];
    for (const f of this.frames) {
      if (f.fn !== 'solve') continue;
      const keys = [f.col, f.row - f.col, f.row + f.col];
      for (let i = 0; i < 3; i++) if (f.held & (1 << i)) out[i].push(keys[i]);
    }
    return out;
  }

  // The first queen from the top that attacks (row, col), and along which line (1 column,
  // 2 diagonal \, 3 diagonal /), as a conflict of the trace names it.
  /**
   * @param {number} row
   * @param {number} col
   */
  attacker(row, col) {
    for (let r = 0; r < row; r++) {
      const c = this.placer[r];
      if (c === col) return [r, c, 1];
      if (r - c === row - col) return [r, c, 2];
      if (r + c === row + col) return [r, c, 3];
    }
    return [-1, -1, -1];
  }

  // Runs the next line; false at the end of the program.
  step() {
    if (this.done) return false;
    // The first call returns at the line before: the program has ended.
    if (this.leaving && this.frames.length === 1) {
      this.done = true;
      return false;
    }
    const n = this.n;
    const was = this.line;
    const leaving = this.leaving;
    this.leaving = false;
    this.entering = false;
    this.returns = null;
    /** @type {number[]} */
    let code = [];
    /** @param {string} line */
    const go = (line) => {
      this.line = line;
    };
    // A frame that returned at the line before is gone now, and its caller goes on.
    if (leaving) {
      const gone = /** @type {AnyFrame} */ (this.frames.pop());
      if (gone.fn === 'safe') {
        const f = this.solveTop();
        if (was === 'hit') {
          const [byRow, byCol, along] = this.attacker(f.row, f.col);
          go('reject');
          code = [2, f.row, f.col, byRow, byCol, along, 0];
        } else {
          this.placer[f.row] = f.col;
          go('place');
          code = [1, f.row, f.col, -1, -1, -1, 0];
        }
      } else {
        // A call of solve returned: its caller takes its queen off.
        const f = this.solveTop();
        if (this.method === 'bitmask') {
          f.count = /** @type {number} */ (f.count) + /** @type {number} */ (this.returnedCount);
          f.free = /** @type {number} */ (f.free) ^ /** @type {number} */ (f.bit);
          this.placer[f.row] = -1;
          go('remove');
        } else {
          this.placer[f.row] = -1;
          go(this.method === 'sets' ? 'unput' : 'remove');
        }
        code = [3, f.row, f.col, -1, -1, -1, 0];
      }
      return this.made(code);
    }
    if (was === '') {
      this.frames.push(solveFrame(0));
      this.entering = true;
      go('start');
      return this.made(code);
    }
    const f = this.top();
    if (f.fn === 'safe') {
      this.safeLine(f, was);
      return this.made(code);
    }
    switch (was) {
      case 'start':
      case 'call':
        go('base');
        break;
      case 'place':
        if (this.method === 'bitmask') go('base');
        else if (this.method === 'naive') this.enter(f.row);
        break;
      case 'add2':
        this.enter(f.row);
        break;
      case 'base':
        if (f.row === n) {
          this.found++;
          go('solution');
          code = [4, -1, -1, -1, -1, -1, this.found];
          if (this.method === 'bitmask') this.returning(1);
        } else if (this.method === 'bitmask') {
          f.full = (1 << n) - 1;
          go('full');
        } else this.loop(f, false);
        break;
      case 'solution':
        this.returning(null);
        go('done');
        break;
      case 'reject':
        this.loop(f, true);
        break;
      case 'remove':
        if (this.method === 'bitmask') this.whileLine(f);
        else this.loop(f, true);
        break;
      case 'del2':
        this.loop(f, true);
        break;
      case 'loop':
        if (f.colOut) {
          this.returning(null);
          go('out');
        } else if (this.method === 'naive') {
          /** @type {SafeFrame} */
          const s = { fn: 'safe', row: f.row, col: f.col, r: -1, rOut: false, dSet: false, ci: -1 };
          this.frames.push(s);
          this.entering = true;
          go('try');
        } else go('set0');
        break;
      case 'set0':
      case 'set1':
      case 'set2': {
        // The condition stops at the first set that holds its key.
        const i = Number(was[3]);
        const key = [f.col, f.row - f.col, f.row + f.col][i];
        if (this.sets()[i].includes(key)) go('reject');
        else go(i < 2 ? `set${i + 1}` : 'put');
        break;
      }
      case 'put':
        f.held |= 1;
        go('add0');
        break;
      case 'add0':
      case 'add1':
        f.held |= 1 << (Number(was[3]) + 1);
        go(`add${Number(was[3]) + 1}`);
        break;
      case 'unput':
        f.held &= ~1;
        go('del0');
        break;
      case 'del0':
      case 'del1':
        f.held &= ~(1 << (Number(was[3]) + 1));
        go(`del${Number(was[3]) + 1}`);
        break;
      case 'full':
        f.count = 0;
        go('zero');
        break;
      case 'zero':
        f.free = /** @type {number} */ (f.full) & ~(f.cols | f.left | f.right);
        go('free');
        break;
      case 'free':
        this.whileLine(f);
        break;
      case 'while':
        if (f.bitOut) {
          this.returning(f.count);
          go('out');
        } else {
          const free = /** @type {number} */ (f.free);
          f.bit = free & -free;
          go('pick');
        }
        break;
      case 'pick': {
        const bit = /** @type {number} */ (f.bit);
        const col = 31 - Math.clz32(bit);
        this.skip(f, col);
        f.col = col;
        this.placer[f.row] = col;
        const full = /** @type {number} */ (f.full);
        this.frames.push(solveFrame(f.row + 1, f.cols | bit, ((f.left | bit) << 1) & full, (f.right | bit) >> 1));
        this.entering = true;
        go('place');
        code = [1, f.row, col, -1, -1, -1, 0];
        break;
      }
      default:
        throw new Error(`no line follows ${was}`);
    }
    // The sets' `continue`, and the queen put in placer, make moves.
    if (this.line === 'reject' && this.method === 'sets') {
      const [byRow, byCol, along] = this.attacker(f.row, f.col);
      code = [2, f.row, f.col, byRow, byCol, along, 0];
    }
    if (this.line === 'put') {
      this.placer[f.row] = f.col;
      code = [1, f.row, f.col, -1, -1, -1, 0];
    }
    return this.made(code);
  }

  // The call of solve for the row below `row`.
  /** @param {number} row */
  enter(row) {
    this.frames.push(solveFrame(row + 1));
    this.entering = true;
    this.line = 'call';
  }

  /** @param {number | boolean | null} value */
  returning(value) {
    this.leaving = true;
    this.returns = value;
    if (typeof value === 'number') this.returnedCount = value;
  }

  // The loop over the columns: its first column, or the next one (`next`).
  /**
   * @param {SolveFrame} f
   * @param {boolean} next
   */
  loop(f, next) {
    f.col = next ? f.col + 1 : 0;
    f.colOut = f.col >= this.n;
    this.line = 'loop';
  }

  /** @param {SolveFrame} f */
  whileLine(f) {
    f.bitOut = f.free === 0;
    this.line = 'while';
    if (f.bitOut) this.skip(f, this.n);
  }

  // The bit masks never try an attacked square; the scan tries each one as a move of its own. The
  // moves are counted as the scan's, those squares of the row from f.col on up to `to` among
  // them, counted at the bit masks' next move, so that a step of either stands at the same move
  // (Watch's moves()).
  /**
   * @param {SolveFrame} f
   * @param {number} to
   */
  skip(f, to) {
    const attacked = /** @type {number} */ (f.full) & (f.cols | f.left | f.right);
    for (let c = f.col + 1; c < to; c++) if (attacked & (1 << c)) this.skipped++;
  }

  // The scan's safe: the line after `was`.
  /**
   * @param {SafeFrame} s
   * @param {string} was
   */
  safeLine(s, was) {
    const nextR = () => {
      s.r = s.r < 0 ? 0 : s.r + 1;
      s.rOut = s.r >= s.row;
      s.dSet = false;
      s.ci = -1;
      this.line = 'for_r';
    };
    if (was === 'try') return nextR();
    if (was === 'for_r') {
      if (s.rOut) {
        this.returning(true);
        this.line = 'safe';
      } else {
        s.dSet = true;
        this.line = 'd';
      }
      return;
    }
    if (was === 'd' || was === 'check') {
      if (was === 'check' && this.hit(s)) {
        this.returning(false);
        this.line = 'hit';
        return;
      }
      s.ci++;
      this.line = 'for_c';
      return;
    }
    if (was === 'for_c') {
      if (s.ci >= 3) nextR();
      else this.line = 'check';
      return;
    }
    throw new Error(`no line of safe follows ${was}`);
  }

  // Whether the candidate square of safe's loops holds row r's queen.
  /** @param {SafeFrame} s */
  hit(s) {
    const c = candidate(s);
    return c >= 0 && c < this.n && this.placer[s.r] === c;
  }

  // The step's move, counted.
  /** @param {number[]} code */
  made(code) {
    if (code.length) {
      this.code = code;
      this.moves += 1 + this.skipped;
      this.skipped = 0;
    } else {
      const f = this.top();
      this.code = [LINE_KIND, f.row, f.col, -1, -1, -1, 0];
    }
    return true;
  }
}

// The candidate column of safe's inner loop: col, col − d, col + d.
/** @param {SafeFrame} s */
function candidate(s) {
  const d = s.row - s.r;
  return [s.col, s.col - d, s.col + d][Math.min(s.ci, 2)];
}

// ---- The steps, as the bindings' Watch gives them.

// The lines a queen attacks along, as watch.rs names them in a conflict's sentence.
const LINES = ['row', 'column', 'diagonal \\', 'diagonal /'];

// The search line by line on the empty n×n board (n up to LINE_MAX), stepped as Watch is.
export class LineWatch {
  /**
   * @param {number} n
   * @param {Method} method
   */
  constructor(n, method) {
    if (n > LINE_MAX) throw new Error(`line by line goes up to n = ${LINE_MAX}, not ${n}`);
    this.method = method;
    this.nSize = n;
    this.m = new Machine(method, n);
    this.pos = 0;
    /** @type {Machine[]} the machine after 0, EVERY, 2·EVERY... steps */
    this.saved = [this.m.clone()];
    // The whole program walked once: each step's move kind, and where the solutions are.
    const walk = this.m.clone();
    /** @type {number[]} */
    const kinds = [];
    /** @type {number[]} */
    const sols = [];
    /** @type {number[]} */
    const packed = [];
    // The moves made before each position, counted as the scan makes them (Machine.skip).
    const moves = [0];
    while (walk.step()) {
      kinds.push(walk.code[0]);
      moves.push(walk.moves);
      if (kinds.length % EVERY === 0) this.saved.push(walk.clone());
      if (walk.code[0] === 4) {
        sols.push(kinds.length);
        packed.push(walk.columns().reduce((a, c, r) => a + c * 2 ** (4 * r), 0));
      }
    }
    this.kinds = Uint8Array.from(kinds);
    this.len = kinds.length;
    this.sols = sols;
    this.packed = packed;
    this.movesBefore = Uint32Array.from(moves);
    // Events (a move that is not a conflict) before each position.
    this.eventsBefore = new Uint32Array(this.len + 1);
    for (let i = 0; i < this.len; i++) {
      const k = this.kinds[i];
      this.eventsBefore[i + 1] = this.eventsBefore[i] + (k === 1 || k === 3 || k === 4 ? 1 : 0);
    }
  }

  free() {}

  n() {
    return this.nSize;
  }

  detail() {
    return LINE_DETAIL[this.method];
  }

  position() {
    return this.pos;
  }

  length() {
    return this.len;
  }

  // The machine at this step, for the code and the call stack.
  machine() {
    return this.m;
  }

  step() {
    return Int32Array.from(this.pos ? this.m.code : [0, -1, -1, -1, -1, -1, 0]);
  }

  columns() {
    return Uint32Array.from(this.m.columns());
  }

  givens() {
    return new Uint8Array(this.nSize * this.nSize);
  }

  found() {
    return this.m.found;
  }

  moves() {
    return this.movesBefore[this.pos];
  }

  // Each square: 1 if a queen on the board attacks it (not the queens' own squares).
  attacked() {
    const n = this.nSize;
    const q = this.m.columns();
    const out = new Uint8Array(n * n);
    for (let row = 0; row < n; row++) {
      for (let col = 0; col < n; col++) {
        if (q[row] === col) continue;
        out[row * n + col] = q.some((c, r) => r === row || c === col || r - c === row - col || r + c === row + col) ? 1 : 0;
      }
    }
    return out;
  }

  /**
   * @param {number} row
   * @param {number} col
   */
  attacker(row, col) {
    const q = this.m.columns();
    if (q[row] === col) return new Int32Array(0);
    for (let r = 0; r < q.length; r++) {
      const c = q[r];
      const line = r === row ? 0 : c === col ? 1 : r - c === row - col ? 2 : r + c === row + col ? 3 : -1;
      if (line >= 0) return Int32Array.from([r, c, line]);
    }
    return new Int32Array(0);
  }

  // One step forward, keeping a saved machine every EVERY steps.
  advance() {
    if (!this.m.step()) return false;
    this.pos++;
    if (this.pos % EVERY === 0 && this.saved.length === this.pos / EVERY) this.saved.push(this.m.clone());
    return true;
  }

  /**
   * @param {number} most
   * @param {number} until
   */
  forward(most, until) {
    /** @type {number[]} */
    const out = [];
    for (let i = 0; i < most; i++) {
      if (!this.advance()) break;
      out.push(...this.m.code);
      if (until === 0 || this.m.code[0] === until) break;
    }
    return Int32Array.from(out);
  }

  back() {
    if (this.pos === 0) return new Int32Array(0);
    const undone = Int32Array.from(this.m.code);
    this.seek(this.pos - 1);
    return undone;
  }

  /** @param {number} position */
  seek(position) {
    const target = Math.max(0, Math.min(this.len, Math.floor(position)));
    if (target === this.pos) return;
    const from = Math.min(Math.floor(target / EVERY), this.saved.length - 1);
    if (target < this.pos || from * EVERY > this.pos) {
      this.m = this.saved[from].clone();
      this.pos = from * EVERY;
    }
    while (this.pos < target && this.advance());
  }

  // The step that makes the `moves`-th move (the start for 0, the end if fewer).
  /** @param {number} moves */
  seek_moves(moves) {
    if (moves <= 0) return this.seek(0);
    const i = lowerBound(this.movesBefore, moves);
    this.seek(Math.min(i, this.len));
  }

  /** @param {number} steps */
  events_before(steps) {
    const at = Math.max(0, Math.min(this.len, Math.floor(steps)));
    const events = this.eventsBefore[at];
    return Float64Array.from([events, events ? lowerBound(this.eventsBefore, events) : 0]);
  }

  /** @param {number} events */
  event_step(events) {
    if (events <= 0) return 0;
    return Math.min(lowerBound(this.eventsBefore, events), this.len);
  }

  // The outline the timeline draws, as watch.rs `timeline` returns it.
  timeline() {
    const L = this.len;
    let width = 1;
    while (Math.ceil(L / width) > 4096) width *= 2;
    const bins = Math.max(1, Math.ceil(L / width));
    const [backtracks, placed, pruned] = [new Float64Array(bins), new Float64Array(bins), new Float64Array(bins)];
    for (let i = 0; i < L; i++) {
      const k = this.kinds[i];
      const b = Math.floor(i / width);
      if (k === 3) backtracks[b]++;
      else if (k === 1) placed[b]++;
      else if (k === 2) pruned[b]++;
    }
    return Float64Array.from([L, this.sols.length, width, bins, ...this.sols, ...this.packed, ...backtracks, ...placed, ...pruned]);
  }

  text() {
    return this.pos ? sentence(this.m) : '';
  }

  // The last `count` steps in words, indented two spaces a call deep, oldest first.
  /** @param {number} count */
  recent(count) {
    const first = Math.max(0, this.pos - count);
    const from = Math.floor(first / EVERY);
    const m = this.saved[from].clone();
    let at = from * EVERY;
    /** @type {string[]} */
    const out = [];
    while (at < this.pos && m.step()) {
      at++;
      if (at > first) out.push(' '.repeat(2 * Math.max(0, m.frames.length - 1)) + sentence(m));
    }
    return out;
  }

  // The steps up to the next event, its moves only (Watch's `ahead`); practice steps over.
  ahead() {
    const m = this.m.clone();
    /** @type {number[]} */
    const out = [];
    while (m.step()) {
      if (m.code[0] === LINE_KIND) continue;
      out.push(...m.code);
      if (m.code[0] !== 2) break;
    }
    return Int32Array.from(out);
  }
}

/**
 * @param {ArrayLike<number>} a
 * @param {number} v
 */
function lowerBound(a, v) {
  let [lo, hi] = [0, a.length];
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * @param {number} v
 * @param {number} n
 */
const bin = (v, n) => v.toString(2).padStart(n, '0');

// The line just run, in words: a move as watch.rs words it, any other line by what it did.
/** @param {Machine} m */
export function sentence(m) {
  const [kind, row, col, byRow, byCol, along, number] = m.code;
  if (kind === 1) return `place row ${row} col ${col}`;
  if (kind === 2) return `conflict row ${row} col ${col}: attacked by row ${byRow} col ${byCol} (${LINES[along]})`;
  if (kind === 3) return `backtrack row ${row} col ${col}`;
  if (kind === 4) return `solution ${number}: ${m.columns().join(' ')}`;
  const f = m.top();
  const n = m.n;
  if (f.fn === 'safe') {
    const d = f.row - f.r;
    const c = candidate(f);
    switch (m.line) {
      case 'try':
        return `safe(${f.row}, ${f.col}) is called`;
      case 'for_r':
        return f.rOut ? `no row above row ${f.row} attacks col ${f.col}` : `r = ${f.r}: look at row ${f.r}`;
      case 'd':
        return `d = ${d}`;
      case 'for_c':
        return f.ci >= 3 ? `row ${f.r} checked` : `c = ${c}`;
      case 'check':
        return c < 0 || c >= n ? `col ${c} is off the board` : `row ${f.r} col ${c}: ${m.placer[f.r] === c ? 'a queen' : 'empty'}`;
      case 'safe':
        return `safe(${f.row}, ${f.col}) returns true`;
      case 'hit':
        return `safe(${f.row}, ${f.col}) returns false`;
    }
  }
  const s = /** @type {SolveFrame} */ (f);
  switch (m.line) {
    case 'start':
      return 'solve is called for row 0';
    case 'call':
      return `solve is called for row ${s.row}`;
    case 'base':
      return s.row === n ? `row ${s.row} == n: every row has its queen` : `row ${s.row} < n`;
    case 'done':
      return `the call for row ${s.row} returns`;
    case 'out':
      return `every column of row ${s.row} tried: the call returns${m.method === 'bitmask' ? ` ${s.count}` : ''}`;
    case 'loop':
      return s.colOut ? `col = ${s.col}: row ${s.row} is done` : `col = ${s.col}`;
    case 'set0':
    case 'set1':
    case 'set2': {
      const i = Number(m.line[3]);
      const key = [s.col, s.row - s.col, s.row + s.col][i];
      return `${['col', 'row − col', 'row + col'][i]} = ${key} in ${['cols', 'diffs', 'sums'][i]}? no`;
    }
    case 'add0':
    case 'add1':
    case 'add2':
      return `${['cols', 'diffs', 'sums'][Number(m.line[3])]} gets ${[s.col, s.row - s.col, s.row + s.col][Number(m.line[3])]}`;
    case 'del0':
    case 'del1':
    case 'del2':
      return `${['cols', 'diffs', 'sums'][Number(m.line[3])]} gives back ${[s.col, s.row - s.col, s.row + s.col][Number(m.line[3])]}`;
    case 'full':
      return `full = ${bin(/** @type {number} */ (s.full), n)}`;
    case 'zero':
      return 'count = 0';
    case 'free':
      return `free = ${bin(/** @type {number} */ (s.free), n)}`;
    case 'while':
      return s.bitOut ? `free = 0: row ${s.row} is done` : `free ≠ 0`;
    case 'pick':
      return `bit = ${bin(/** @type {number} */ (s.bit), n)}, the lowest`;
  }
  return m.line;
}
