// @ts-check
// The course's first chapter, placing queens and backtracking: a walk through the search on 4×4,
// from the empty board to the first solution and back, then a Puzzle board with a queen given and
// a square blocked. Each step is a state of the page itself (the board, the lit line of the code
// and the call stack of the library's own search at that point, or the Puzzle board and its
// completions as the library counts them) worked out from the search, never held as a number:
// each finds its point in the trace (the first conflict, the first backtrack, the first
// solution). The types of a step and the helpers the other chapters share (course.js) are here.

import { Watch, Board } from './pkg/nqueens_web.js';
import { steps } from './steps.js';
import { square, placement, counted } from './notation.js';

/** @typedef {import('./listings.js').Method} Method */

// The first chapter's board: small enough that every step of its search can be told.
export const LESSON_N = 4;

/**
 * The answer a try-it moment waits for: a square, 'back' (the search backtracks: B), or one of
 * the step's choices by its key.
 * @typedef {[number, number] | 'back' | { choice: string }} Answer
 */

/**
 * A table of figures under a step's text, each a count the engine gave.
 * @typedef {{ caption: string, head: string[], rows: string[][] }} Figures
 */

/**
 * A step of the course. A search step stands at `at` steps of the search on the n×n board (n is
 * 4 unless given), made by `method`'s own program (the scan unless given; the sets make the
 * scan's moves, the bit masks moves of their own); a puzzle step shows the board `board` (rows
 * of Q . x joined by /), and the search on it after `puzzleAt` steps when that is given; a still
 * step shows the queens `queens` (each row's column, -1 for none) and no search; a step with
 * none of these (the closing page) shows no board. `row` outlines a row of the board (the one
 * the question is about), `free` dots the squares of that row whose bits are 1 in it (the bit
 * masks' free), and `reveal` are queens drawn hollow once the question is answered. `text` says what the page
 * shows, `figures` and `links` add a table and a list of links, `ask` is the try-it question;
 * `answer` is what it waits for (`also`: other squares that answer it), `choices` its choices
 * (key and words), `back` whether it offers B (what the search does next), and `wrong` explains
 * a wrong answer.
 * @typedef {object} LessonStep
 * @property {string} title
 * @property {number} [n]
 * @property {Method} [method]
 * @property {number} [at]
 * @property {string} [board]
 * @property {number} [puzzleAt]
 * @property {number[]} [queens]
 * @property {number} [row]
 * @property {number} [free]
 * @property {number[]} [reveal]
 * @property {string} text
 * @property {Figures} [figures]
 * @property {[string, string][]} [links]
 * @property {string} ask
 * @property {Answer} [answer]
 * @property {[number, number][]} [also]
 * @property {[string, string][]} [choices]
 * @property {boolean} [back]
 * @property {(got: Answer) => string} [wrong]
 */

/**
 * A chapter: its title, its short name (the chapter list's) and its steps, in order.
 * @typedef {{ title: string, short: string, steps: LessonStep[] }} Chapter
 */

// The steps of the whole search on the n×n board, one array a step, as the bindings give them
// at `detail` (0 the scan's and the sets' moves, 3 the bit masks' own).
export function trace(n = LESSON_N, detail = 0) {
  const w = Watch.with_detail(n, detail);
  const codes = w.forward(1 << 24, -1);
  w.free();
  return steps(codes);
}

// An answer in words: a square, B, or the words of the choice.
/**
 * @param {Answer} a
 * @param {[string, string][]} [choices] the choices of the question, when it has some
 */
export function said(a, choices = []) {
  if (a === 'back') return 'a backtrack (B)';
  if (Array.isArray(a)) return square(a[0], a[1]);
  const c = choices.find(([key]) => key === a.choice);
  return c ? c[1] : a.choice;
}

// A finder on `steps`: the position after the first step from index `from` that passes `test`
// (the position after the step of index i is i + 1).
/** @param {Int32Array[]} steps */
export function finder(steps) {
  return (/** @type {(code: Int32Array, i: number) => boolean} */ test, from = 0) => {
    for (let i = from; i < steps.length; i++) if (test(steps[i], i)) return i + 1;
    throw new Error('a step of the lesson is not in the search');
  };
}

// What the search does next after position `at`: the next queen placed, or a backtrack.
/**
 * @param {Int32Array[]} steps
 * @param {number} at
 * @returns {Answer}
 */
export function nextAfter(steps, at) {
  const s = steps.slice(at).find((c) => c[0] === 1 || c[0] === 3 || c[0] === 4);
  if (!s) throw new Error('the search has ended');
  return s[0] === 1 ? [s[1], s[2]] : 'back';
}

// The lesson's steps, worked out from the search itself: each finds its point in the trace (the
// first conflict, the first backtrack, the first solution) rather than holding a number.
/** @param {Int32Array[]} steps */
export function lessonSteps(steps) {
  const find = finder(steps);
  /** @param {number} at */
  const next = (at) => nextAfter(steps, at);
  // Why `right` is the next move after position `at`, for a wrong answer `got`.
  /**
   * @param {Answer} right
   * @param {number} at
   */
  const nextMove = (right, at) => (/** @type {Answer} */ got) => {
    if (Array.isArray(right)) {
      return `Not ${said(got)}: the search tries the columns of row ${right[0]} from col 0 and places its queen on the first safe one, ${said(right)}.`;
    }
    const back = steps.slice(at).find((c) => c[0] === 3);
    const row = back ? back[1] + 1 : LESSON_N;
    return row >= LESSON_N
      ? `Not ${said(got)}: every row has its queen, so the search backtracks (B) to look for the next solution.`
      : `Not ${said(got)}: every square left in row ${row} is attacked, so the search backtracks. Press B.`;
  };
  const firstPlace = find((c) => c[0] === 1);
  const firstConflict = find((c) => c[0] === 2);
  const conflict = steps[firstConflict - 1];
  const firstBack = find((c) => c[0] === 3);
  const deadEnd = firstBack - 1; // the row's last square pruned, just before the step back
  const lifted = steps[firstBack - 1];
  const nextCol = find((c) => c[0] === 1, firstBack);
  const placedAgain = steps[nextCol - 1];
  const rowZeroAgain = find((c) => c[0] === 1 && c[1] === 0, firstPlace);
  const rz = steps[rowZeroAgain - 1];
  const solution = find((c) => c[0] === 4);
  // The queens of the first solution: those placed before it and not taken back.
  /** @type {number[]} */
  const solutionCols = [];
  for (const c of steps.slice(0, solution)) {
    if (c[0] === 1) solutionCols.push(c[2]);
    else if (c[0] === 3) solutionCols.pop();
  }
  const afterSolution = find((c) => c[0] === 3, solution);
  const takenBack = steps[afterSolution - 1];
  const q0 = steps[firstPlace - 1];
  const secondPlace = find((c) => c[0] === 1, firstPlace);
  const q1 = steps[secondPlace - 1];
  /** @type {LessonStep[]} */
  const out = [
    {
      title: 'The empty board',
      at: 0,
      text: `The search puts one queen in each row, from row 0 down, and in each row tries the columns from col 0. Nothing is placed yet: the code is about to call solve for row 0.`,
      ask: 'Try it: click the square where the first queen goes.',
      answer: next(0),
      wrong: nextMove(next(0), 0),
    },
    {
      title: 'The first queen',
      at: firstPlace,
      text: `The first queen stands on ${square(q0[1], q0[2])}: the lit line of the code places it. The hatched squares are the ones it attacks.`,
      ask: `Try it: click the first square of row ${conflict[1]} that the search tries.`,
      answer: [conflict[1], conflict[2]],
      wrong: (got) => `Not ${said(got)}: the search tries row ${conflict[1]} from col 0, so it tries ${square(conflict[1], conflict[2])} first.`,
    },
    {
      title: 'A conflict',
      at: firstConflict,
      text: `The search tries ${square(conflict[1], conflict[2])}, but a queen attacks it: the square is pruned and the loop goes on to the next column.`,
      ask: 'Try it: click the queen that attacks the square tried.',
      answer: [conflict[3], conflict[4]],
      wrong: (got) => `Not ${said(got)}: the queen on ${square(conflict[3], conflict[4])} shares a line with ${square(conflict[1], conflict[2])}.`,
    },
    {
      title: 'The second queen',
      at: secondPlace,
      text: `Row ${q1[1]} gets its queen on ${square(q1[1], q1[2])}, its first safe square. The call stack now holds a call of solve for each row so far.`,
      ask: `Try it: what does the search do in row ${q1[1] + 1}? Click its queen's square, or press B if it must backtrack.`,
      answer: next(secondPlace),
      back: true,
      wrong: nextMove(next(secondPlace), secondPlace),
    },
    {
      title: 'A dead end',
      at: deadEnd,
      text: `Every square of row ${lifted[1] + 1} is attacked: the last one tried is pruned too. This call of solve has no square left, so it returns.`,
      ask: 'Try it: click the queen the search takes back.',
      answer: [lifted[1], lifted[2]],
      wrong: (got) => `Not ${said(got)}: the search takes back the latest queen, the one on ${square(lifted[1], lifted[2])}, in the row just above the dead end.`,
    },
    {
      title: 'The step back',
      at: firstBack,
      text: `The search backtracks: it takes the queen off ${square(lifted[1], lifted[2])} and row ${lifted[1]}'s loop goes on from the next column.`,
      ask: `Try it: click the square where row ${placedAgain[1]}'s queen goes now.`,
      answer: [placedAgain[1], placedAgain[2]],
      wrong: nextMove([placedAgain[1], placedAgain[2]], firstBack),
    },
    {
      title: 'The next column',
      at: nextCol,
      text: `Row ${placedAgain[1]}'s queen moves on to ${square(placedAgain[1], placedAgain[2])}, and the search goes down again from there.`,
      ask: 'Try it: what does the search do next? Click the square, or press B.',
      answer: next(nextCol),
      back: true,
      wrong: nextMove(next(nextCol), nextCol),
    },
    {
      title: 'Back to row 0',
      at: rowZeroAgain,
      text: `No board with a queen on ${square(q0[1], q0[2])} works out: the search has backtracked all the way up, and row 0's queen moves on to ${square(rz[1], rz[2])}.`,
      ask: 'Try it: what does the search do next? Click the square, or press B.',
      answer: next(rowZeroAgain),
      back: true,
      wrong: nextMove(next(rowZeroAgain), rowZeroAgain),
    },
    {
      title: 'The first solution',
      at: solution,
      text: `Every row has its queen: the first solution, ${placement(solutionCols)} (the columns from row 0). The call for row ${LESSON_N} returns at once.`,
      ask: 'Try it: to find more solutions, what does the search do now? Click a square, or press B.',
      answer: next(solution),
      back: true,
      wrong: nextMove(next(solution), solution),
    },
    {
      title: 'And back',
      at: afterSolution,
      text: `The search does not stop at a solution: it takes back the queen on ${square(takenBack[1], takenBack[2])} and looks for the next one, as after a dead end.`,
      ask: 'Try it: what does the search do next? Click the square, or press B.',
      answer: next(afterSolution),
      back: true,
      wrong: nextMove(next(afterSolution), afterSolution),
    },
  ];
  // Where the lesson passes over steps of the search, its text says what they did, so that no
  // step of the lesson follows the last one without a word.
  for (let i = 1; i < out.length; i++) {
    const [from, to] = [/** @type {number} */ (out[i - 1].at), /** @type {number} */ (out[i].at)];
    if (to - from > 1) out[i].text += ` ${passed(steps, from, to)}`;
  }
  return out;
}

// What the search did between positions `from` and `to` (to - from steps), in one sentence.
/**
 * @param {Int32Array[]} steps
 * @param {number} from
 * @param {number} to
 */
export function passed(steps, from, to) {
  const kinds = [0, 0, 0, 0, 0];
  for (const c of steps.slice(from, to)) kinds[c[0]] += 1;
  // What happened, leaving out what did not.
  const did = /** @type {[number, string][]} */ ([
    [kinds[1], counted(kinds[1], 'queen') + ' placed'],
    [kinds[2], counted(kinds[2], 'square') + ' pruned'],
    [kinds[3], counted(kinds[3], 'backtrack')],
    [kinds[4], counted(kinds[4], 'solution')],
  ])
    .filter(([k]) => k > 0)
    .map(([, words]) => words);
  return `Since the lesson's last step (search step ${from}) the search took ${to - from} steps, ${from + 1} to ${to}: ${did.length > 1 ? `${did.slice(0, -1).join(', ')} and ` : ''}${did[did.length - 1]}.`;
}

// The Puzzle steps: the same search on a board with a queen given, then a square blocked.
// Their answers come from the library's completions of that board.
/** @returns {LessonStep[]} */
export function puzzleSteps() {
  const given = '..Q./..../..../....';
  const blocked = '..Q./..../..../.x..';
  const b = Board.parse(given.split('/').join('\n') + '\n');
  const total = Number(b.count());
  const cols = Array.from(b.completion(0));
  b.free();
  const c = Board.parse(blocked.split('/').join('\n') + '\n');
  const none = Number(c.count());
  c.free();
  if (total < 1 || none !== 0) throw new Error('the puzzles of the lesson have changed');
  // The search on the blocked board, just before its first backtrack: the row below the last
  // queen placed has every square attacked or blocked. The board shows that moment, its queens
  // and the squares they attack, so that the step's words are what the board shows.
  const w = Watch.puzzle(blocked.split('/').join('\n') + '\n', 0);
  const trail = steps(w.forward(1 << 24, -1));
  const deadAt = trail.findIndex((s) => s[0] === 3);
  const dead = trail[deadAt][1] + 1;
  w.seek(deadAt);
  const placed = Array.from(w.columns());
  /** @type {Map<number, number[]>} */
  const attackers = new Map();
  for (let col = 0; col < LESSON_N; col++) attackers.set(col, Array.from(w.attacker(dead, col)));
  w.free();
  const searched = placed.slice(1).map((col, i) => square(i + 1, col)).join(' and ');
  return [
    {
      title: 'A Puzzle: a queen given',
      board: given,
      text: `In the Puzzle view some queens are given. Here row 0 has its queen on ${square(0, 2)}: the search keeps it and fills rows 1 to 3 around it. This board has ${counted(total, 'completion')}: a right answer shows it, hollow.`,
      ask: 'Try it: click the square where row 1’s queen must go.',
      answer: [1, cols[1]],
      wrong: (got) => `Not ${said(got)}: in row 1 only ${square(1, cols[1])} is not attacked by the queen on ${square(0, 2)}.`,
    },
    {
      title: 'A Puzzle: a square blocked',
      board: blocked,
      puzzleAt: deadAt,
      text: `Now ${square(3, 1)} is blocked (X): no queen may stand there. The only completion needed it, so this board has ${counted(none, 'completion')}. The board shows the search after ${deadAt} steps: it has placed queens on ${searched}, as in the completion, and every square of row ${dead} is attacked (hatched) or blocked.`,
      ask: `Try it: row ${dead} has no safe square left. What does the search do there? Click a square, or press B.`,
      answer: 'back',
      back: true,
      wrong: (got) => {
        const inRow = Array.isArray(got) && got[0] === dead;
        const by = inRow ? /** @type {number[]} */ (attackers.get(got[1])) : [];
        const why = by.length ? `the queen on ${square(by[0], by[1])} attacks it, and ` : inRow ? `it is blocked, and ` : '';
        return `Not ${said(got)}: ${why}with ${square(3, 1)} blocked, every square of row ${dead} is attacked or blocked, so the search backtracks (B), and in the end finds no completion.`;
      },
    },
  ];
}

// The first chapter: the search on 4×4, then the Puzzle boards.
/** @returns {Chapter} */
export function basics() {
  return { title: 'Placing queens and backtracking', short: 'Backtracking', steps: [...lessonSteps(trace()), ...puzzleSteps()] };
}
