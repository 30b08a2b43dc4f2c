// @ts-check
// What "line by line" shows of the machine (lines.js) in each language: the lit line's tag, the
// call stack with every local of every frame, and under the code the innermost frame's locals
// with the lists and sets its calls share. The languages keep a loop's variables differently:
// Python keeps every variable of a function once assigned, after its loop too; in Java, C++ and
// JavaScript a counting loop's variable (for (int col = 0; ...)) lives through its last test,
// where it equals the bound, and a variable declared in a loop's body (d, bit, a for-each's c)
// lives through that pass of the body only; in Rust every loop's variable is the body's.

import { LINE_KIND, sentence } from './lines.js';

/** @typedef {import('./listings.js').Lang} Lang */
/** @typedef {import('./code.js').Value} Value */
/** @typedef {import('./code.js').Point} Point */
/** @typedef {import('./stack.js').Frame} Frame */
/** @typedef {import('./lines.js').Machine} Machine */
/** @typedef {import('./lines.js').SolveFrame} SolveFrame */
/** @typedef {import('./lines.js').SafeFrame} SafeFrame */

/**
 * @param {number} v
 * @param {number} n
 */
const bin = (v, n) => v.toString(2).padStart(n, '0');

// A set as the language prints it, sorted.
/**
 * @param {Lang} lang
 * @param {number[]} values
 */
export function setText(lang, values) {
  const items = values.slice().sort((a, b) => a - b).join(', ');
  if (lang === 'python') return values.length ? `{${items}}` : 'set()';
  if (lang === 'java') return `[${items}]`;
  if (lang === 'javascript') return `Set(${values.length}) {${items}}`;
  return `{${items}}`;
}

// placer as the language holds it: n entries, -1 where a row has no queen; Rust's vector holds
// the rows filled.
/**
 * @param {Lang} lang
 * @param {number[]} placer
 */
export function placerText(lang, placer) {
  if (lang === 'rust') return `[${placer.filter((c) => c >= 0).join(', ')}]`;
  return lang === 'cpp' ? `{${placer.join(', ')}}` : `[${placer.join(', ')}]`;
}

// The tag of the lit line: the line just run. Rust's safe passes over a column left of the
// board at its `for` line (col.checked_sub(d) is None, which flatten() skips), so it lights it.
/**
 * @param {Lang} lang
 * @param {Machine} m
 */
export function lineTag(lang, m) {
  const f = m.top();
  if (lang === 'rust' && f && f.fn === 'safe' && m.line === 'check' && candidateOf(f) < 0) return 'for_c';
  return m.line;
}

/** @param {SafeFrame} s */
function candidateOf(s) {
  const d = s.row - s.r;
  return [s.col, s.col - d, s.col + d][Math.min(s.ci, 2)];
}

// The locals of frame `f` (the `top` one or not) of the machine in `lang`.
/**
 * @param {Lang} lang
 * @param {Machine} m
 * @param {SolveFrame | SafeFrame} f
 * @param {boolean} top
 * @returns {Value[]}
 */
export function locals(lang, m, f, top) {
  const n = m.n;
  const python = lang === 'python';
  const rust = lang === 'rust';
  /** @type {Value[]} */
  const out = [];
  if (f.fn === 'safe') {
    if (rust) out.push(['n', String(n)]);
    out.push(['row', String(f.row)], ['col', String(f.col)]);
    if (f.r < 0) return out;
    // The loop over the rows above: r, then d (and Java's and Rust's look), then c.
    if (python) {
      if (!f.rOut || f.row > 0) out.push(['r', String(f.rOut ? f.row - 1 : f.r)]);
      if (f.dSet || f.r > 0) {
        const r = f.dSet ? f.r : f.r - 1;
        const d = f.row - r;
        out.push(['d', String(d)]);
        // Before this pass's loop over c, c is the last pass's last: col + its d.
        const c = f.ci >= 0 ? candidateOf(f) : f.col + f.row - (f.r - 1);
        if (f.ci >= 0 || f.r > 0) out.push(['c', String(c)]);
      }
      return out;
    }
    if (rust ? !f.rOut : !(top && m.line === 'safe')) out.push(['r', String(f.r)]);
    if (!f.dSet) return out;
    const d = f.row - f.r;
    out.push(['d', String(d)]);
    const cands = [f.col, f.col - d, f.col + d];
    if (lang === 'java') out.push(['look', `{${cands.join(', ')}}`]);
    if (rust) out.push(['look', `[${cands.map((c) => (c < 0 ? 'None' : `Some(${c})`)).join(', ')}]`]);
    if (f.ci >= 0 && f.ci <= 2 && !(rust && candidateOf(f) < 0)) out.push(['c', String(candidateOf(f))]);
    return out;
  }
  if (m.method === 'bitmask') {
    out.push(['n', String(n)], ['row', String(f.row)], ['cols', bin(f.cols, n)], ['left', bin(f.left, n)], ['right', bin(f.right, n)]);
    if (f.full !== null) out.push(['full', bin(f.full, n)]);
    if (f.count !== null) out.push(['count', String(f.count)]);
    if (f.free !== null) out.push(['free', bin(f.free, n)]);
    // bit is declared in the loop's body but in Python: gone at the loop's test.
    const inBody = !(top && (m.line === 'while' || m.line === 'out'));
    if (f.bit !== null && (python || inBody)) out.push(['bit', bin(f.bit, n)]);
    return out;
  }
  if (rust) out.push(['n', String(n)]);
  out.push(['row', String(f.row)]);
  if (f.col >= 0) {
    // After the loop's last test: Python keeps the last column, Java, C++ and JavaScript have
    // col = n at that test and lose it when the call returns, Rust's col is the body's.
    if (python) out.push(['col', String(Math.min(f.col, n - 1))]);
    else if (rust ? !f.colOut : !(f.colOut && top && m.line === 'out')) out.push(['col', String(f.col)]);
  }
  return out;
}

// The lists and sets the calls share, as the language holds them.
/**
 * @param {Lang} lang
 * @param {Machine} m
 * @returns {Value[]}
 */
export function shared(lang, m) {
  if (m.method === 'bitmask') return [];
  const b = lang === 'rust' && m.method === 'sets' ? 'b.' : '';
  /** @type {Value[]} */
  const out = [[`${b}placer`, placerText(lang, m.placer)]];
  if (m.method === 'sets') {
    const sets = m.sets();
    ['cols', 'diffs', 'sums'].forEach((name, i) => out.push([`${b}${name}`, setText(lang, sets[i])]));
  }
  return out;
}

// The call as the program makes it: the bit masks' with their masks as binary literals.
/**
 * @param {Lang} lang
 * @param {Machine} m
 * @param {SolveFrame | SafeFrame} f
 */
function callText(lang, m, f) {
  const n = m.n;
  if (f.fn === 'safe') return lang === 'rust' ? `safe(placer, n, ${f.row}, ${f.col})` : `safe(${f.row}, ${f.col})`;
  if (m.method === 'bitmask') return `solve(${n}, ${f.row}, 0b${bin(f.cols, n)}, 0b${bin(f.left, n)}, 0b${bin(f.right, n)})`;
  if (lang === 'rust') return `solve(n, ${f.row}, ${m.method === 'naive' ? 'placer' : 'b'}, solutions)`;
  return `solve(${f.row})`;
}

// The call stack, innermost first, each frame with all its locals.
/**
 * @param {Lang} lang
 * @param {Machine} m
 * @returns {Frame[]}
 */
export function lineFrames(lang, m) {
  if (!m.line) return [];
  const last = m.frames.length - 1;
  const [yes, no] = lang === 'python' ? ['True', 'False'] : ['true', 'false'];
  return m.frames
    .map((f, i) => {
      const top = i === last;
      const leaving = top && m.leaving;
      let returns = null;
      if (leaving && m.returns !== null) returns = typeof m.returns === 'boolean' ? (m.returns ? yes : no) : String(m.returns);
      return { row: f.row, call: callText(lang, m, f), locals: locals(lang, m, f, top), current: top, leaving, entering: top && m.entering, returns };
    })
    .reverse();
}

// The point of the code: the line just run, lit, and under the code the innermost frame's
// locals and what the calls share.
/**
 * @param {Lang} lang
 * @param {Machine} m
 * @returns {Point}
 */
export function linePoint(lang, m) {
  if (!m.line) return { tag: 'start', values: [['n', String(m.n)]], note: 'the program is about to start: each step runs one line' };
  const top = m.top();
  const values = locals(lang, m, top, true).concat(shared(lang, m));
  // The lit line is the one just run, the values those after it: the note says so.
  const note = `just run: ${sentence(m)}${m.code[0] === LINE_KIND ? '' : ' (a move of the search)'}`;
  return { tag: lineTag(lang, m), values, note };
}
