// @ts-check
// The page's one notation, which its introduction states: rows and columns count from 0, as the
// code beside the board counts them; a square is "row 2 col 3"; a solution is its queens'
// columns, row 0 first ("1 3 0 2"); a count has its thousands separated ("14,200").

// A count, with its thousands separated.
/** @param {number | bigint | string} v */
export const num = (v) => (typeof v === 'bigint' ? v : Number(v)).toLocaleString('en');

// A square.
/**
 * @param {number} row
 * @param {number} col
 */
export const square = (row, col) => `row ${row} col ${col}`;

// A solution (or any placement): its queens' columns, row 0 first.
/** @param {ArrayLike<number>} columns */
export const placement = (columns) => Array.from(columns).join(' ');

// `count` and the noun, plural when it is not 1: "1 solution", "14,200 solutions".
/**
 * @param {number} count
 * @param {string} one
 * @param {string} [many]
 */
export const counted = (count, one, many = `${one}s`) => `${num(count)} ${count === 1 ? one : many}`;

// A step in brief, for the step log on a narrow screen, where the whole wording of an entry
// deep in an 8×8 board does not fit on one line: a square is "r2 c3", an attack "←", a
// diagonal "diag". An empty string where the brief would be the whole wording.
/** @param {string} step */
export const brief = (step) => {
  const short = step
    .replace(/row (\d+) col (-?\d+)/g, 'r$1 c$2')
    .replace(': attacked by ', ' ← ')
    .replace('(diagonal ', '(diag ')
    .replace(/^every column of row (\d+) tried: the call returns/, 'r$1: every col tried, returns')
    .replace(/^no row above row (\d+) attacks col (\d+)$/, 'no row above r$1 attacks c$2')
    .replace(/^(row \d+ == n): every row has its queen$/, '$1: all rows filled');
  return short === step ? '' : short;
};
