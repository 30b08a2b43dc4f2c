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
