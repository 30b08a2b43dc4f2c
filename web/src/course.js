// @ts-check
// The course the Lesson view walks (?view=lesson&lesson=K): chapter 1, placing queens and
// backtracking (basics.js), then counting without listing and what pruning saves, the sets, the
// bit masks, symmetry, and a closing page on what to read next. As in chapter 1, every figure a
// step states is asked of the engine (its search, its counts, its symmetry classes) when the
// course is built, and every answer is the engine's too: a step holds no number of its own, and
// one that no longer agrees with the engine stops the course from being built rather than
// teaching it wrong.

import { Watch, search_size, count, known, class_members, solutions } from './pkg/nqueens_web.js';
import { masksAt } from './code.js';
import { basics, trace, finder, nextAfter, said } from './basics.js';
import { square, placement, counted, num } from './notation.js';

/** @typedef {import('./basics.js').LessonStep} LessonStep */
/** @typedef {import('./basics.js').Chapter} Chapter */
/** @typedef {import('./basics.js').Answer} Answer */

/** @param {number} v @param {number} n */
const bin = (v, n) => v.toString(2).padStart(n, '0');

// Q(n) and the unique count, as the engine counts them.
/** @param {number} n */
export function counts(n) {
  const c = count(n, true, '', undefined);
  const out = { total: Number(c.total), unique: Number(c.unique) };
  c.free();
  return out;
}

// The whole search of the scan on the n×n board: the queens it places, the squares it tries.
/** @param {number} n */
function size(n) {
  const [placed, tried] = search_size(n);
  return { placed, tried, pruned: tried - placed };
}

/**
 * @param {number} n
 * @returns {number}
 */
const factorial = (n) => (n <= 1 ? 1 : n * factorial(n - 1));

// The queens on the board after `at` steps of `steps`: those placed and not taken back.
/**
 * @param {Int32Array[]} steps
 * @param {number} at
 */
function queensAt(steps, at) {
  /** @type {number[]} */
  const cols = [];
  for (const c of steps.slice(0, at)) {
    if (c[0] === 1) cols.push(c[2]);
    else if (c[0] === 3) cols.pop();
  }
  return cols;
}

// The squares of a list, in words: "row 2 col 0 and row 2 col 2".
/** @param {[number, number][]} list */
const squares = (list) => list.map(([r, c]) => square(r, c)).join(list.length === 2 ? ' and ' : ', ');

// A choice question's answer is right or wrong by its key.
/** @param {string} key */
const choice = (key) => /** @type {Answer} */ ({ choice: key });

// Chapter 2: LeetCode 52 counts without listing, and what pruning saves against trying every
// placement, with the engine's figures for 4×4, 6×6 and 8×8.
/** @returns {Chapter} */
function counting() {
  const four = trace(4);
  const find = finder(four);
  const first = find((c) => c[0] === 4);
  const last = find((c) => c[0] === 4, first);
  const lastCols = queensAt(four, last);
  const q4 = counts(4);
  if (four[last - 1][6] !== q4.total) throw new Error('the second solution of 4×4 is not its last');
  const after = find((c) => c[0] === 3, last);
  const off = four[after - 1];
  const conflict = find((c) => c[0] === 2);
  const hit = four[conflict - 1];
  // The first square pruned is in row 1, attacked by row 0's queen: the two fix 2 of the 4 rows.
  if (hit[1] !== 1 || hit[3] !== 0) throw new Error('the first conflict of 4×4 is not in row 1');
  const tried = four[conflict];
  const s4 = size(4);
  const s8 = size(8);
  const eight = trace(8);
  const firstOf8 = finder(eight)((c) => c[0] === 4);
  const q8 = counts(8);
  /** @type {[string, string][]} */
  const tried8 = [
    ['placed', num(s8.placed)],
    ['pruned', num(s8.pruned)],
    ['q', num(q8.total)],
  ];
  /** @type {[string, string][]} */
  const placements = [
    ['64', `${num(64)} (8 × 8, the squares)`],
    ['fact', `${num(factorial(8))} (8!)`],
    ['nn', `${num(8 ** 8)} (8^8)`],
  ];
  return {
    title: 'Counting without listing, and what pruning saves',
    short: 'Counting',
    steps: [
      {
        title: 'Count, do not list',
        at: last,
        text:
          `LeetCode 52 asks how many boards there are, not which. The search is the same: where a board is full, a count goes up by 1 instead of the board being kept ` +
          `(the scan's code beside it keeps a copy of each board, on its lit line; the bit masks' program in chapter 4 returns 1 there and adds up what its calls return). ` +
          `Here the search finds solution ${four[last - 1][6]}, ${placement(lastCols)}: the count is ${four[last - 1][6]}, and it is Q(4) = ${q4.total}, though the search cannot know it yet: it goes on until row 0 has tried every column.`,
        ask: 'Try it: the search goes on after a solution. Click the queen it takes back first.',
        answer: [off[1], off[2]],
        wrong: (got) => `Not ${said(got)}: after a solution the search takes back the latest queen, the one on ${square(off[1], off[2])}, and goes on from there.`,
      },
      {
        title: 'Every placement',
        n: 8,
        queens: [],
        text:
          `Without pruning, a program would write out every board with one queen in each row and test each one. Each of the 4 rows of 4×4 can take its queen in any of 4 columns: ` +
          `4^4 = ${num(4 ** 4)} boards, or 4! = ${num(factorial(4))} with one queen in each column too. This board is 8×8.`,
        ask: 'Try it: how many boards with one queen in each row has 8×8? Choose under the board.',
        choices: placements,
        answer: choice('nn'),
        wrong: (got) =>
          `Not ${said(got, placements)}: each of the 8 rows picks one of 8 columns, 8 × 8 × … × 8 = 8^8 = ${num(8 ** 8)} boards ` +
          `(8! = ${num(factorial(8))} counts those with one queen in each column too).`,
      },
      {
        title: 'What pruning saves',
        at: conflict,
        text:
          `A pruned square is never built on. Here ${square(hit[1], hit[2])} is pruned: none of the 4^2 = ${num(4 ** 2)} boards with queens on ${square(hit[3], hit[4])} and ${square(hit[1], hit[2])} is ever looked at. ` +
          `The whole search on 4×4 tries ${num(s4.tried)} squares (${num(s4.placed)} queens placed, ${num(s4.pruned)} pruned), where testing every board would look at ${num(4 ** 4)} boards of 4 queens. The engine's figures:`,
        figures: {
          caption: 'The whole search as the engine counts it: the squares tried, the queens placed and the squares pruned, beside the n^n boards with one queen a row and the n! with one a column too',
          head: ['board', 'Q(n)', 'tried', 'placed', 'pruned', 'n^n', 'n!'],
          rows: [4, 6, 8].map((k) => {
            const t = size(k);
            return [`${k}×${k}`, num(counts(k).total), num(t.tried), num(t.placed), num(t.pruned), num(k ** k), num(factorial(k))];
          }),
        },
        ask: 'Try it: click the square the search tries next.',
        answer: [tried[1], tried[2]],
        wrong: (got) => `Not ${said(got)}: the loop goes on to the next column of row ${tried[1]}, ${square(tried[1], tried[2])}.`,
      },
      {
        title: 'Larger boards',
        n: 8,
        at: firstOf8,
        text:
          `On 8×8 the search finds its first solution, ${placement(queensAt(eight, firstOf8))}, after ${num(firstOf8)} steps. The whole search tries ${num(s8.tried)} squares ` +
          `and counts Q(8) = ${q8.total}, where trying every placement would test 8^8 = ${num(8 ** 8)} boards, ${num(Math.round(8 ** 8 / s8.tried))} times as many.`,
        ask: `Try it: how many of the ${num(s8.tried)} squares the whole search tries are pruned? Choose under the board.`,
        choices: tried8,
        answer: choice('pruned'),
        wrong: (got) => `Not ${said(got, tried8)}: every square tried either gets a queen or is pruned. ${num(s8.placed)} get a queen, so ${num(s8.tried)} − ${num(s8.placed)} = ${num(s8.pruned)} are pruned.`,
      },
    ],
  };
}

// The sets' keys of a square, and which of the three sets hold them (0 cols, 1 diffs, 2 sums).
/**
 * @param {number[]} queens
 * @param {number} row
 * @param {number} col
 */
function inSets(queens, row, col) {
  const sets = [new Set(queens), new Set(queens.map((c, r) => r - c)), new Set(queens.map((c, r) => r + c))];
  const keys = [col, row - col, row + col];
  return { sets, keys, holds: [0, 1, 2].filter((i) => sets[i].has(keys[i])) };
}

const SET_NAMES = ['cols', 'diffs', 'sums'];
const KEY_NAMES = ['col', 'row − col', 'row + col'];

// What the three sets say of a square, in words.
/**
 * @param {number[]} queens
 * @param {number} row
 * @param {number} col
 */
function setWords(queens, row, col) {
  const { keys, holds } = inSets(queens, row, col);
  return [0, 1, 2].map((i) => `${KEY_NAMES[i]} = ${keys[i]} is ${holds.includes(i) ? '' : 'not '}in ${SET_NAMES[i]}`).join(', ');
}

// A set in words, as the code's values show it: {0, 2}.
/** @param {Set<number>} s */
const setText = (s) => `{${[...s].sort((a, b) => a - b).join(', ')}}`;

// Chapter 3: the sets. The search on 6×6 with two queens placed; which set holds which square of
// the next row is asked on the board, each checked against the squares the engine says attacked.
/** @returns {Chapter} */
function sets() {
  const n = 6;
  const six = trace(n);
  const find = finder(six);
  const second = find((c) => c[0] === 1, find((c) => c[0] === 1));
  const queens = queensAt(six, second);
  const row = queens.length;
  const w = new Watch(n);
  w.seek(second);
  const attacked = w.attacked();
  w.free();
  /** @type {[number, number][][]} the squares of the row held by 0, 1, 2 or 3 sets */
  const byCount = [[], [], [], []];
  /** @type {[number, number][][]} the squares of the row whose key each set holds */
  const bySet = [[], [], []];
  for (let col = 0; col < n; col++) {
    const { holds } = inSets(queens, row, col);
    // The sets call a square attacked exactly when the engine does.
    if ((holds.length > 0) !== (attacked[row * n + col] === 1)) throw new Error(`the sets and the engine differ on ${square(row, col)}`);
    byCount[holds.length].push([row, col]);
    for (const i of holds) bySet[i].push([row, col]);
  }
  const { sets: held } = inSets(queens, row, 0);
  const only = (/** @type {number} */ i) => byCount[1].filter(([r, c]) => inSets(queens, r, c).holds[0] === i);
  const [onlySums, onlyDiffs] = [only(2), only(1)];
  const twice = byCount.slice(2).flat();
  if (!bySet[0].length || !onlySums.length || !onlyDiffs.length || !twice.length) throw new Error('the sets chapter needs another board');
  // The search's steps in that row: the square that only sums holds is tried and pruned there.
  const sumsAt = find((c) => c[0] === 2 && c[1] === row && c[2] === onlySums[0][1], second);
  const diffsAt = find((c) => c[0] === 2 && c[1] === row && c[2] === onlyDiffs[0][1], second);
  const next = nextAfter(six, diffsAt);
  if (!Array.isArray(next) || byCount[0][0][1] !== next[1]) throw new Error('the search does not place on the first square no set holds');
  const s6 = size(n);
  /** @param {Answer} got */
  const why = (got) => (Array.isArray(got) && got[0] === row ? ` (${setWords(queens, got[0], got[1])})` : '');
  const base = { n, method: /** @type {const} */ ('sets'), row };
  const placed = queens.map((c, r) => square(r, c)).join(' and ');
  return {
    title: 'The sets method',
    short: 'Sets',
    steps: [
      {
        ...base,
        title: 'Three sets',
        at: second,
        text:
          `The scan reads the rows above to tell whether a square is attacked. The sets method keeps, beside placer, the lines the queens hold: with queens on ${placed}, ` +
          `cols = ${setText(held[0])} (their columns), diffs = ${setText(held[1])} (their row − col: one value for each \\ diagonal) and sums = ${setText(held[2])} (their row + col: one for each / diagonal). ` +
          `A square is attacked when its col, its row − col or its row + col is in its set: at most three look-ups, however many queens stand above. The values stand under the code.`,
        ask: `Try it: click a square of row ${row} whose column is in cols.`,
        answer: bySet[0][0],
        also: bySet[0].slice(1),
        wrong: (got) => `Not ${said(got)}${why(got)}: cols = ${setText(held[0])} holds the columns of ${squares(bySet[0])}.`,
      },
      {
        ...base,
        title: 'The / diagonals: row + col',
        at: sumsAt,
        text:
          `The search tries ${square(...onlySums[0])}: ${setWords(queens, ...onlySums[0])}. Along a / diagonal row + col stays the same, so the queen with that sum attacks it: the square is pruned, by the third look-up, which the code lights.`,
        ask: `Try it: click the square of row ${row} that diffs alone rules out (its row − col in diffs, its col and row + col in neither).`,
        answer: onlyDiffs[0],
        also: onlyDiffs.slice(1),
        wrong: (got) => `Not ${said(got)}${why(got)}: only ${squares(onlyDiffs)} has its row − col in diffs = ${setText(held[1])} and nothing in the other two.`,
      },
      {
        ...base,
        title: 'The \\ diagonals: row − col',
        at: diffsAt,
        text:
          `The search tries ${square(...onlyDiffs[0])}: ${setWords(queens, ...onlyDiffs[0])}. Along a \\ diagonal row − col stays the same: the second look-up finds it and the square is pruned.`,
        ask: `Try it: click a square of row ${row} that two sets rule out at once.`,
        answer: twice[0],
        also: twice.slice(1),
        wrong: (got) => `Not ${said(got)}${why(got)}: ${squares(twice)} has its key in two sets.`,
      },
      {
        ...base,
        title: 'Safe in three look-ups',
        at: diffsAt,
        text:
          `A square no set holds is safe. The sets try the same squares as the scan, in the same order (${num(s6.tried)} on 6×6: ${num(s6.placed)} queens placed, ${num(s6.pruned)} pruned), ` +
          `but each costs at most three look-ups where the scan reads up to three squares in every row above.`,
        ask: `Try it: click the square where row ${row}'s queen goes.`,
        answer: next,
        wrong: (got) => `Not ${said(got)}${why(got)}: the search goes on from the next column, and the first square of row ${row} that no set holds is ${said(next)}.`,
      },
    ],
  };
}

// Chapter 4: the bit masks, on 6×6, with their own program's steps and the masks' values.
/** @returns {Chapter} */
function masks() {
  const n = 6;
  const own = trace(n, 3);
  const find = finder(own);
  const second = find((c) => c[0] === 1, find((c) => c[0] === 1));
  const third = find((c) => c[0] === 1, second);
  // The masks as the program holds them, checked against the squares the engine says attacked.
  /**
   * @param {number} at
   * @param {number} row
   */
  const rowMasks = (at, row) => {
    const queens = queensAt(own, at);
    const m = masksAt(n, queens, row);
    const w = Watch.with_detail(n, 3);
    w.seek(at);
    const attacked = w.attacked();
    w.free();
    for (let col = 0; col < n; col++) {
      if (((m.free >> col) & 1) !== 1 - attacked[row * n + col]) throw new Error(`the masks and the engine differ on ${square(row, col)}`);
    }
    return m;
  };
  /** @param {number} free */
  const cols = (free) => /** @type {number[]} */ ([...Array(n).keys()].filter((c) => (free >> c) & 1));
  const rowA = queensAt(own, second).length;
  const a = rowMasks(second, rowA);
  const rowB = queensAt(own, third).length;
  const b = rowMasks(third, rowB);
  const lowest = b.free & -b.free;
  const pick = nextAfter(own, third);
  if (!Array.isArray(pick) || pick[0] !== rowB || 1 << pick[1] !== lowest) throw new Error('the masks do not pick the lowest free bit');
  // The first queen taken back after which its row still has a free square: what it picks.
  const lifted = find((c, i) => c[0] === 3 && Array.isArray(nextAfter(own, i + 1)), third);
  const back = own[lifted - 1];
  const afterLift = /** @type {[number, number]} */ (nextAfter(own, lifted));
  const left = masksAt(n, queensAt(own, lifted), back[1]).free & ~((2 << back[2]) - 1);
  if (afterLift[0] !== back[1] || 1 << afterLift[1] !== (left & -left)) throw new Error('the row does not pick its next free bit');
  const solution = find((c) => c[0] === 4);
  const full = trace(8, 3);
  const s6 = size(n);
  const s8 = size(8);
  const [placed6, pruned6] = [own.filter((c) => c[0] === 1).length, own.filter((c) => c[0] === 2).length];
  const [placed8, pruned8] = [full.filter((c) => c[0] === 1).length, full.filter((c) => c[0] === 2).length];
  if (placed6 !== s6.placed || placed8 !== s8.placed || pruned6 || pruned8) throw new Error('the bit masks no longer place what the scan places');
  const base = { n, method: /** @type {const} */ ('bitmask') };
  // The masks the lit line passes to the call for the next row, and that call's free.
  /**
   * @param {{ cols: number, left: number, right: number, free: number }} m
   */
  const masksText = (m) =>
    `cols | bit = ${bin(m.cols, n)}, ((left | bit) << 1) & full = ${bin(m.left, n)} and (right | bit) >> 1 = ${bin(m.right, n)} ` +
    `(the values under the code are the caller's, before the call). In that call free = full & ~(cols | left | right) = ${bin(m.free, n)}`;
  /** @type {[string, string][]} */
  const none = [
    ['0', '0'],
    ['placed', num(s8.placed)],
    ['pruned', num(s8.pruned)],
  ];
  return {
    title: 'The bit masks',
    short: 'Bit masks',
    steps: [
      {
        ...base,
        title: 'Three masks',
        at: second,
        row: rowA,
        free: a.free,
        text:
          `The bit masks hold the sets as the bits of three numbers: bit c is column c, so the rightmost digit is col 0. cols holds the columns in use, left and right the squares of the next row ` +
          `the queens above attack along a diagonal (each row down shifts them one column). Row ${rowA - 1}'s queen is on col ${queensAt(own, second)[rowA - 1]}, and the lit line calls solve for row ${rowA} with ${masksText(a)}: its 1 bits are dotted.`,
        ask: `Try it: click a square of row ${rowA} whose bit is 1 in free.`,
        answer: [rowA, cols(a.free)[0]],
        also: cols(a.free).slice(1).map((c) => /** @type {[number, number]} */ ([rowA, c])),
        wrong: (got) =>
          `Not ${said(got)}: free = ${bin(a.free, n)} has its 1 bits at ${squares(cols(a.free).map((c) => /** @type {[number, number]} */ ([rowA, c])))}; ` +
          `every other bit of row ${rowA} is 1 in cols, left or right.`,
      },
      {
        ...base,
        title: 'x & −x picks a column',
        at: third,
        row: rowB,
        free: b.free,
        text:
          `A queen stands on ${square(rowB - 1, queensAt(own, third)[rowB - 1])}, and the lit line calls solve for row ${rowB} with ${masksText(b)}. bit = free & −free keeps the lowest 1 of free: ` +
          `−x flips every bit of x and adds 1, so x and −x share only their lowest 1. No square is tried and pruned: the program goes straight to a free one.`,
        ask: `Try it: click the square free & −free picks in row ${rowB}.`,
        answer: pick,
        wrong: (got) => `Not ${said(got)}: free & −free = ${bin(b.free, n)} & −${bin(b.free, n)} = ${bin(lowest, n)}, the lowest 1, col ${pick[1]}: ${square(rowB, pick[1])}.`,
      },
      {
        ...base,
        title: 'free ^= bit',
        at: lifted,
        row: back[1],
        free: left,
        text:
          `The call for row ${back[1] + 1} has tried every square free in its row and returns, and row ${back[1]}'s queen comes off ${square(back[1], back[2])}. ` +
          `free ^= bit clears that bit, leaving free = ${bin(left, n)} in row ${back[1]}'s call (its lower bits were tried before).`,
        ask: `Try it: click the square row ${back[1]} picks next, or press B if its free is 0.`,
        answer: afterLift,
        back: true,
        wrong: (got) => `Not ${said(got)}: free = ${bin(left, n)} is not 0, and its lowest 1 is col ${afterLift[1]}: ${said(afterLift)}.`,
      },
      {
        ...base,
        title: 'Nothing pruned',
        at: solution,
        text:
          `A solution: the call for row ${n} returns 1. The bit masks' whole search on 6×6 takes ${num(own.length)} steps and places ${num(placed6)} queens, as many as the scan places, but tries no attacked square, ` +
          `where the scan and the sets try ${num(s6.tried)} squares (${num(s6.pruned)} pruned). On 8×8: ${num(placed8)} queens placed, against the scan's ${num(s8.tried)} squares tried.`,
        ask: 'Try it: how many attacked squares does the bit masks’ search try on 8×8? Choose under the board.',
        choices: none,
        answer: choice('0'),
        wrong: (got) => `Not ${said(got, none)}: the masks try only free squares, each of which gets a queen; the ${num(s8.pruned)} squares the scan prunes on 8×8 are never tried.`,
      },
    ],
  };
}

// Two of symmetry's moves, as what they do to the square (row, col) of an n×n board; the page
// checks them against the library's images (class_members) before it states them.
/** @type {(n: number, r: number, c: number) => number[]} */
const quarterTurn = (n, r, c) => [c, n - 1 - r];
/** @type {(n: number, r: number, c: number) => number[]} */
const halfTurn = (n, r, c) => [n - 1 - r, n - 1 - c];

// The image of the board `cols` by the move `f`, as its columns.
/**
 * @param {number[]} cols
 * @param {(n: number, r: number, c: number) => number[]} f
 */
function moved(cols, f) {
  const n = cols.length;
  const image = Array(n).fill(-1);
  cols.forEach((c, r) => {
    const [r2, c2] = f(n, r, c);
    image[r2] = c2;
  });
  return image;
}

// Chapter 5: symmetry on 8×8, each board and class from the library's own classes.
/** @returns {Chapter} */
function symmetry() {
  const n = 8;
  const flat = class_members(n);
  /** @type {{ number: number, by: number, cols: number[] }[][]} */
  const classes = [];
  for (let k = 0; k < flat.length; ) {
    const size = flat[k++];
    const boards = [];
    for (let b = 0; b < size; b++, k += n + 2) boards.push({ number: flat[k], by: flat[k + 1], cols: Array.from(flat.subarray(k + 2, k + 2 + n)) });
    classes.push(boards);
  }
  const q = counts(n);
  if (classes.length !== q.unique || classes.flat().length !== q.total) throw new Error('the classes do not add up to the counts');
  const first = classes[0];
  const cols = first[0].cols;
  const image = (/** @type {number} */ by) => {
    const m = first.find((b) => b.by === by);
    if (!m) throw new Error(`the first class has no image by move ${by}`);
    return m.cols;
  };
  const mirror = image(4);
  const quarter = image(1);
  // The moves as the page states them agree with the library's images.
  if (moved(cols, quarterTurn).join() !== quarter.join()) throw new Error('a quarter turn is not what the library says');
  if (cols.map((c) => n - 1 - c).join() !== mirror.join()) throw new Error('the mirror is not what the library says');
  const sizes = classes.map((c) => c.length);
  const small = classes.find((c) => c.length < 8);
  if (!small) throw new Error('8×8 has no class of fewer than 8 boards');
  const still = small[0].cols;
  const half = moved(still, halfTurn);
  if (half.join() !== still.join()) throw new Error('the small class is not kept by a half turn');
  const eights = sizes.filter((s) => s === 8).length;
  const all = Array.from(solutions(n, 1 << 20));
  const rowZeroCols = all.filter((_, i) => i % n === 0);
  const leftHalf = rowZeroCols.filter((c) => c < n / 2).length;
  if (leftHalf * 2 !== q.total) throw new Error('the mirror does not halve 8×8');
  const eight = trace(n);
  const halfAt = finder(eight)((c) => c[0] === 1 && c[1] === 0 && c[2] === n / 2);
  const numbers = first.map((b) => b.number).sort((x, y) => x - y);
  /** @type {[string, string][]} */
  const boards = [
    [String(eights * 8 + small.length), num(eights * 8 + small.length)],
    [String(q.unique), num(q.unique)],
    [String(eights * 8 + small.length * 2), num(eights * 8 + small.length * 2)],
  ];
  return {
    title: 'Symmetry',
    short: 'Symmetry',
    steps: [
      {
        title: 'A mirror image',
        n,
        queens: cols,
        reveal: mirror,
        text:
          `The first solution of 8×8, ${placement(cols)}. Turned a quarter, half or three quarters round, or mirrored (left to right, top to bottom, or in either diagonal), ` +
          `a solution is still a solution: no two queens come to share a line. This one has ${first.length} different images, solutions ${numbers.join(', ')} of the ${q.total}.`,
        ask: 'Try it: mirror it left to right. Click where row 0’s queen lands.',
        answer: [0, mirror[0]],
        wrong: (got) => `Not ${said(got)}: mirrored left to right, col c goes to col ${n - 1} − c, so row 0's queen on col ${cols[0]} lands on col ${mirror[0]}.`,
      },
      {
        title: 'A quarter turn',
        n,
        queens: cols,
        reveal: quarter,
        text: `Turned a quarter clockwise, row r col c goes to row c col ${n - 1} − r: the top row of the image comes from the left column of the board. The image is ${placement(quarter)}, another of the ${q.total}.`,
        ask: 'Try it: turn it a quarter clockwise. Click where the queen of the image’s row 0 lands.',
        answer: [0, quarter[0]],
        wrong: (got) =>
          `Not ${said(got)}: the queen in col 0 stands on row ${cols.indexOf(0)}, and a quarter turn takes ${square(cols.indexOf(0), 0)} to ${square(0, quarter[0])}.`,
      },
      {
        title: 'Classes',
        n,
        queens: still,
        reveal: half,
        text:
          `The boards that are images of one another form a class. The ${q.total} solutions of 8×8 fall into ${q.unique} classes: ${eights} of 8 boards and ${counted(sizes.length - eights, 'class', 'classes')} of ${small.length}. ` +
          `This board, ${placement(still)}, is in the class of ${small.length}: turned half round it is itself, so its 8 moves make only ${small.length} boards.`,
        ask: 'Try it: turn it half round. Click where the queen of the image’s row 0 lands.',
        answer: [0, half[0]],
        wrong: (got) => `Not ${said(got)}: half round, row r col c goes to row ${n - 1} − r col ${n - 1} − c; row 7's queen on col ${still[n - 1]} lands on ${square(0, half[0])}, where row 0's queen stood.`,
      },
      {
        title: 'The mirror halves the search',
        n,
        at: halfAt,
        row: 0,
        text:
          `Mirrored left to right, a solution with row 0's queen on col c becomes one with it on col ${n - 1} − c. So the ${q.total} solutions split evenly: ${leftHalf} with row 0's queen in cols 0 to ${n / 2 - 1}, and their ${leftHalf} mirror images. ` +
          `A search may stop here, as row 0's queen reaches col ${n / 2} after ${num(halfAt)} of its ${num(eight.length)} steps, and double its count.`,
        ask: 'Try it: click the last square of row 0 the halved search tries.',
        answer: [0, n / 2 - 1],
        wrong: (got) =>
          `Not ${said(got)}: the mirror takes cols ${n / 2} to ${n - 1} of row 0 to cols ${n / 2 - 1} down to 0, so the halved search tries row 0 up to ${square(0, n / 2 - 1)}.`,
      },
      {
        title: 'The unique count',
        n,
        queens: cols,
        text:
          `Counting classes instead of boards gives the unique count: Q(8) = ${q.total}, and ${q.unique} unique. The engine counts both (nqueens count 8 --unique), ` +
          `and the Solutions view draws every class with the move that maps its first board onto each other one.`,
        ask: `Try it: ${eights} classes of 8 boards and ${counted(sizes.length - eights, 'class', 'classes')} of ${small.length}: how many boards in all? Choose under the board.`,
        choices: boards,
        answer: choice(String(q.total)),
        wrong: (got) => `Not ${said(got, boards)}: ${eights} × 8 + ${small.length} = ${eights * 8 + small.length}, which is Q(8).`,
      },
    ],
  };
}

// Chapter 6: where to read on.
/** @returns {Chapter} */
function onward() {
  const [q12, u12] = known(12).map(Number);
  const q16 = known(16)[0];
  return {
    title: 'What to read next',
    short: 'Read next',
    steps: [
      {
        title: 'What to read next',
        text:
          `That is the road: placing queens and backtracking, counting without listing, the sets, the bit masks and symmetry. Each view of the page takes one of them further, ` +
          `on any board up to 12×12 (Q(12) = ${num(q12)}, ${num(u12)} unique); for larger boards, the command line and Python count with the engine's fast methods.`,
        links: [
          ['?n=8', 'Watch: the search on 8×8, step by step, with Practice asking each move'],
          ['?n=6&view=methods', 'Methods: the scan, the sets and the bit masks side by side, with the work each pays'],
          ['?n=6&view=tree', 'Tree: the same search as a tree of calls, a level a row'],
          ['?n=8&view=solutions', 'Solutions: every board of a size, grouped by symmetry'],
          ['?n=8&view=puzzle', 'Puzzle: place and block squares yourself, the completions counted at once'],
        ],
        ask: `Larger boards: nqueens count 16 on the command line, or nqueens.count(16) in Python, gives Q(16) = ${num(BigInt(q16))}.`,
      },
    ],
  };
}

// Every chapter, in order.
/** @returns {Chapter[]} */
export function course() {
  return [basics(), counting(), sets(), masks(), symmetry(), onward()];
}
