// What the page's programs hold, worked out here to check the call stack it draws: a set as each
// language prints it, the bit masks of a row, and a solve frame's call and locals. The stack's
// tests, coarse ("step over") and fine ("step into"), follow the program through the library's
// steps and ask these for what each frame should show.

// The languages and the methods of the programs beside the board, in the order the page lists them.
export const LANGS = ['python', 'java', 'cpp', 'javascript', 'rust'];
export const METHODS = ['naive', 'sets', 'bitmask'];

// A mask as the page writes it: n binary digits, the highest column first.
export const bin = (v, n) => v.toString(2).padStart(n, '0');

// A set as the language prints it (sorted, as the page shows them).
export function setOf(lang, values) {
  const items = [...values].sort((a, b) => a - b).join(', ');
  return {
    python: values.length ? `{${items}}` : 'set()',
    java: `[${items}]`,
    javascript: `Set(${values.length}) {${items}}`,
    cpp: `{${items}}`,
    rust: `{${items}}`,
  }[lang];
}

// The masks of row `row` from the queens above it, square by square: the columns in use and
// the squares each queen attacks along its two diagonals in that row.
export function masks(n, above, row) {
  let [cols, left, right] = [0, 0, 0];
  above.forEach((c, r) => {
    cols |= 1 << c;
    const d = row - r;
    if (c + d < n) left |= 1 << (c + d);
    if (c - d >= 0) right |= 1 << (c - d);
  });
  return { cols, left, right, free: ((1 << n) - 1) & ~(cols | left | right) };
}

// The call and locals of a solve frame `f` (row, the queens above it, its loop's column, whether
// its queen is on the board, its count, untried free squares and last bit, whether it is in its
// loop's body, just entered, at its solution or returned) in a language and method.
export function solveFrame(f, n, lang, method) {
  const python = lang === 'python';
  const locals = [['row', String(f.row)]];
  let call = `solve(${f.row})`;
  if (lang === 'rust') call = `solve(n, ${f.row}, ${method === 'naive' ? 'placer' : 'b'}, solutions)`;
  if (method === 'bitmask') {
    // The masks the call is given, as values (binary literals), not as the parameters' names.
    const m = masks(n, f.above, f.row);
    call = `solve(${n}, ${f.row}, 0b${bin(m.cols, n)}, 0b${bin(m.left, n)}, 0b${bin(m.right, n)})`;
  }
  if (method !== 'bitmask') {
    // A call just made has not reached its loop; a returned one keeps its column in Python only.
    if (!f.entered && (f.returned ? python : !f.solution)) locals.push(['col', String(f.col)]);
    if (method === 'sets') {
      const q = f.queen ? f.above.concat([f.col]) : f.above;
      const b = lang === 'rust' ? 'b.' : '';
      locals.push([`${b}cols`, setOf(lang, q)], [`${b}diffs`, setOf(lang, q.map((c, r) => r - c))], [`${b}sums`, setOf(lang, q.map((c, r) => r + c))]);
    }
  } else {
    const m = masks(n, f.above, f.row);
    locals.push(['cols', bin(m.cols, n)], ['left', bin(m.left, n)], ['right', bin(m.right, n)]);
    if (!f.solution && !f.entered) {
      locals.push(['count', String(f.count)], ['free', bin(f.free, n)]);
      // The loop's `bit` is declared in its body, except in Python, where it stays.
      if (f.inBody || (python && f.bit !== null)) locals.push(['bit', bin(f.bit, n)]);
    }
  }
  return { call, locals };
}
