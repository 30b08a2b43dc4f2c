// @ts-check
// The lesson: a short walk through the search on 4×4, from the empty board to the first
// solution and back, then a Puzzle board with given queens and a blocked square. Each step is
// a state of the page itself (the board, the lit line of the code and the call stack of the
// library's own search at that point, or the Puzzle board and its completions as the library
// counts them), a few plain sentences and a "try it" question answered on the board (click a
// square, or the arrow keys and Enter) or with a key (B: the search backtracks). The link
// keeps the step (?view=lesson&lesson=K, K from 1).

import { Watch, Board, count } from './pkg/nqueens_web.js';
import { drawBoard, squareAt } from './board.js';
import { View } from './view.js';
import { CodePanel, stepPoint } from './code.js';
import { frames, StackPanel } from './stack.js';
import { steps } from './steps.js';
import { whole } from './link.js';
import { square, placement, counted, num } from './notation.js';

/** @typedef {import('./code.js').CodeViews} CodeViews */

// The lesson's board: small enough that every step of its search can be told.
export const LESSON_N = 4;

/**
 * The answer a try-it moment waits for: a square, or 'back' (the search backtracks: B).
 * @typedef {[number, number] | 'back'} Answer
 */

/**
 * A step of the lesson. A search step stands at `at` steps of the search on 4×4; a puzzle
 * step shows the board `board` (rows of Q . x joined by /), and the search on it after `puzzleAt`
 * steps when that is given. `text` says what the page shows, `ask` the try-it question;
 * `answer` is what the question waits for, `back` whether the question offers B (what the
 * search does next), and `wrong` explains a wrong answer.
 * @typedef {object} LessonStep
 * @property {string} title
 * @property {number} [at]
 * @property {string} [board]
 * @property {number} [puzzleAt]
 * @property {string} text
 * @property {string} ask
 * @property {Answer} answer
 * @property {boolean} [back]
 * @property {(got: Answer) => string} wrong
 */

// The steps of the whole search on 4×4, encoded as the bindings give them, one array a step.
function trace() {
  const w = new Watch(LESSON_N);
  const codes = w.forward(1 << 24, -1);
  w.free();
  return steps(codes);
}

/** @param {Answer} a */
const said = (a) => (a === 'back' ? 'a backtrack (B)' : square(a[0], a[1]));

// The lesson's steps, worked out from the search itself: each finds its point in the trace (the
// first conflict, the first backtrack, the first solution) rather than holding a number.
/** @param {Int32Array[]} steps */
export function lessonSteps(steps) {
  // The position after the step of index i is i + 1.
  /** @param {(code: Int32Array, i: number) => boolean} test */
  const find = (test, from = 0) => {
    for (let i = from; i < steps.length; i++) if (test(steps[i], i)) return i + 1;
    throw new Error('a step of the lesson is not in the search');
  };
  // What the search does next after position `at`: the next queen placed, or a backtrack.
  /** @param {number} at */
  const next = (at) => {
    const s = steps.slice(at).find((c) => c[0] === 1 || c[0] === 3 || c[0] === 4);
    if (!s) throw new Error('the search has ended');
    return /** @type {Answer} */ (s[0] === 1 ? [s[1], s[2]] : 'back');
  };
  // Why `right` is the next move after position `at`, for a wrong answer `got`.
  /**
   * @param {Answer} right
   * @param {number} at
   */
  const nextMove = (right, at) => (/** @type {Answer} */ got) => {
    if (right !== 'back') {
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
function puzzleSteps() {
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
        const by = got !== 'back' && got[0] === dead ? /** @type {number[]} */ (attackers.get(got[1])) : [];
        const why = by.length ? `the queen on ${square(by[0], by[1])} attacks it, and ` : got !== 'back' && got[0] === dead ? `it is blocked, and ` : '';
        return `Not ${said(got)}: ${why}with ${square(3, 1)} blocked, every square of row ${dead} is attacked or blocked, so the search backtracks (B), and in the end finds no completion.`;
      },
    },
  ];
}

export class LessonView extends View {
  /**
   * @param {HTMLElement} root the view's panel (#view-lesson)
   * @param {CodeViews} code the page's code panels, whose language the lesson's code follows
   * @param {() => void} onChange after each move to another step (the link keeps it)
   */
  constructor(root, code, onChange) {
    super(root);
    this.code = code;
    this.onChange = onChange;
    this.steps = [...lessonSteps(trace()), ...puzzleSteps()];
    this.index = 0;
    /** @type {[number, number]} the keyboard's square on the board */
    this.cursor = [0, 0];
    this.cursorShown = false;
    this.done = false;
    /** @type {[number, number] | null} the learner's wrong square, marked on the board */
    this.guess = null;
    this.board = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (this.$('l-board')));
    this.codePanel = new CodePanel(this.$('l-code'), 'naive');
    this.stack = new StackPanel(this.$('l-stack'), null);
    this.watch = new Watch(LESSON_N);
    this.prevButton = /** @type {HTMLButtonElement} */ (this.$('l-prev'));
    this.nextButton = /** @type {HTMLButtonElement} */ (this.$('l-next'));
    this.prevButton.addEventListener('click', () => this.go(this.index - 1));
    this.nextButton.addEventListener('click', () => this.go(this.index + 1));
    this.$('l-back').addEventListener('click', () => this.answer('back'));
    this.board.addEventListener('click', (e) => {
      const sq = squareAt(this.board, e);
      if (sq) this.answer(sq);
    });
    this.board.addEventListener('keydown', (e) => this.boardKey(e));
    // The keyboard's square shows from the first arrow key: redrawn on focus, the board would
    // lose the square a click pressed before the click ends.
    this.board.addEventListener('blur', () => {
      this.cursorShown = false;
      this.draw();
    });
    code.listen(() => this.render());
    /** @type {Record<string, import('./view.js').KeyAction>} */
    this.keys = {
      ArrowRight: () => this.go(this.index + 1),
      ArrowLeft: () => this.go(this.index - 1),
      PageDown: () => this.go(this.index + 1),
      PageUp: () => this.go(this.index - 1),
      n: () => this.go(this.index + 1),
      N: () => this.go(this.index + 1),
      p: () => this.go(this.index - 1),
      P: () => this.go(this.index - 1),
      b: () => this.answer('back'),
      B: () => this.answer('back'),
    };
  }

  // The lesson's step `index` (from 0); a step out of range is not taken.
  /** @param {number} index */
  go(index) {
    if (index < 0 || index >= this.steps.length) return false;
    this.index = index;
    this.render();
    if (this.onChange) this.onChange();
    return true;
  }

  // The link's lesson=K (from 1): the step of the lesson shown.
  /** @param {URLSearchParams} params */
  readLink(params) {
    const k = whole(params, 'lesson', 1, this.steps.length, 'the lesson starts at step 1');
    if (k !== null) this.go(k - 1);
  }

  /** @param {URLSearchParams} params */
  link(params) {
    params.set('lesson', String(this.index + 1));
  }

  // The lesson's board is 4×4 whatever the page's n: the header says so while it shows, and
  // gives the page's n back as it hides.
  show() {
    super.show();
    const c = count(LESSON_N, true, '', undefined);
    const [total, unique] = [Number(c.total), Number(c.unique)];
    c.free();
    const header = /** @type {HTMLElement} */ (document.getElementById('lesson-n'));
    header.textContent = `n = ${LESSON_N} · Q(${LESSON_N}) = ${num(total)} solutions · ${num(unique)} unique: the lesson's board`;
    header.hidden = false;
    for (const id of ['n-label', 'qn']) /** @type {HTMLElement} */ (document.getElementById(id)).hidden = true;
    this.render();
  }

  hide() {
    super.hide();
    /** @type {HTMLElement} */ (document.getElementById('lesson-n')).hidden = true;
    for (const id of ['n-label', 'qn']) /** @type {HTMLElement} */ (document.getElementById(id)).hidden = false;
  }

  // The step shown: its title, text and question, its board, code and call stack.
  render() {
    const s = this.steps[this.index];
    const k = this.index + 1;
    this.done = false;
    this.guess = null;
    this.$('l-back').hidden = !s.back;
    this.$('l-count').textContent = `Step ${k} of ${this.steps.length}`;
    this.$('l-title').textContent = s.title;
    this.$('l-text').textContent = s.text;
    this.$('l-ask').textContent = s.ask;
    const feedback = this.$('l-feedback');
    feedback.textContent = '';
    delete feedback.dataset.right;
    this.prevButton.disabled = this.index === 0;
    this.nextButton.disabled = this.index === this.steps.length - 1;
    this.root.dataset.lesson = String(k);
    const search = s.at !== undefined;
    this.$('l-search').hidden = !search;
    const open = /** @type {HTMLAnchorElement} */ (this.$('l-open'));
    if (search) {
      this.watch.seek(/** @type {number} */ (s.at));
      const code = Int32Array.from(this.watch.step());
      const queens = Array.from(this.watch.columns());
      this.codePanel.set(this.code.lang, 'naive', LESSON_N);
      this.codePanel.show(stepPoint('naive', this.code.lang, LESSON_N, code, queens));
      this.stack.show(frames(this.code.lang, 'naive', LESSON_N, code, queens));
      this.$('l-sentence').textContent = this.watch.text() || 'The search has not started.';
      open.href = `?n=${LESSON_N}${s.at ? `&step=${s.at}` : ''}`;
      open.textContent = `Open this point in Watch (step ${s.at})`;
    } else {
      open.href = `?n=${LESSON_N}&view=puzzle&board=${s.board}`;
      open.textContent = 'Open this board in Puzzle';
    }
    this.draw();
  }

  draw() {
    const s = this.steps[this.index];
    const cursor = this.cursorShown ? this.cursor : null;
    // The learner's wrong square, outlined as Watch's practice outlines it.
    const guess = this.guess ? [{ row: this.guess[0], col: this.guess[1], cls: 'guess' }] : [];
    if (s.at !== undefined) {
      const [kind, row, col, byRow, byCol] = this.watch.step();
      /** @type {import('./board.js').BoardOptions & { marks: { row: number, col: number, cls: string }[] }} */
      const opts = { queens: Array.from(this.watch.columns()), cells: this.watch.attacked(), cellClass: ['', 'att'], marks: [], cursor };
      if (kind === 1) opts.marks.push({ row, col, cls: 'placed' });
      if (kind === 3) opts.marks.push({ row, col, cls: 'lifted' });
      if (kind === 2) {
        opts.marks.push({ row, col, cls: 'tried' }, { row: byRow, col: byCol, cls: 'by' });
        opts.line = { from: [byRow, byCol], to: [row, col] };
      }
      opts.marks.push(...guess);
      drawBoard(this.board, LESSON_N, opts);
    } else {
      const b = Board.parse(String(s.board).split('/').join('\n') + '\n');
      const cells = Array.from(b.cells());
      const queens = Array.from({ length: LESSON_N }, (_, r) => cells.slice(r * LESSON_N, (r + 1) * LESSON_N).indexOf(1));
      const total = Number(b.count());
      const ghosts = total && this.done ? Array.from(b.completion(0)).map((c, r) => (queens[r] >= 0 ? -1 : c)) : [];
      b.free();
      if (s.puzzleAt !== undefined) {
        // The search's queens and the squares they attack (cell 4), at its point on this board.
        const w = Watch.puzzle(String(s.board).split('/').join('\n') + '\n', 0);
        w.seek(s.puzzleAt);
        Array.from(w.columns()).forEach((c, r) => (queens[r] = c));
        const attacked = w.attacked();
        w.free();
        // An attacked square is hatched as in Watch, over the Puzzle's mark of a square with no
        // completion: the step is about the search, not the completions.
        cells.forEach((v, i) => {
          if ((v === 0 || v === 3) && attacked[i]) cells[i] = 4;
        });
      }
      drawBoard(this.board, LESSON_N, {
        queens,
        ghosts,
        cells,
        cellClass: ['', '', 'blocked', 'noway', 'att'],
        marks: guess,
        cursor,
      });
      this.board.dataset.completions = String(total);
    }
  }

  // A try-it answer: a square clicked (or chosen with the keys), or 'back'.
  /** @param {Answer} got */
  answer(got) {
    const s = this.steps[this.index];
    const feedback = this.$('l-feedback');
    if (got === 'back' && !s.back) {
      // B answers what the search does next; this question asks for a square.
      feedback.textContent = 'This question asks for a square: click it on the board (B answers the questions about what the search does next).';
      delete feedback.dataset.right;
      feedback.scrollIntoView({ block: 'nearest' });
      return;
    }
    const right = got === 'back' ? s.answer === 'back' : s.answer !== 'back' && s.answer[0] === got[0] && s.answer[1] === got[1];
    feedback.dataset.right = String(right);
    const last = this.index === this.steps.length - 1;
    feedback.textContent = right
      ? `Right: ${said(got)}. ${last ? 'That is the whole lesson.' : 'Press Next (N) for the next step.'}`
      : s.wrong(got);
    this.guess = right || got === 'back' ? null : got;
    if (right) this.done = true;
    this.draw();
    // Under the board: a screen that shows the board but not the answer moves the least that
    // brings it in.
    feedback.scrollIntoView({ block: 'nearest' });
  }

  // On the board: the arrows move the keyboard's square, Enter or Space answers it.
  /** @param {KeyboardEvent} e */
  boardKey(e) {
    const moves = /** @type {Record<string, [number, number]>} */ ({ ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] });
    if (Object.hasOwn(moves, e.key)) {
      const [dr, dc] = moves[e.key];
      this.cursor = [Math.min(LESSON_N - 1, Math.max(0, this.cursor[0] + dr)), Math.min(LESSON_N - 1, Math.max(0, this.cursor[1] + dc))];
      this.cursorShown = true;
      this.draw();
      this.board.setAttribute('aria-label', `lesson board: the keyboard's square is ${square(...this.cursor)}; Enter answers it, B that the search backtracks`);
    } else if (e.key === 'Enter' || e.key === ' ') {
      this.answer(this.cursor);
    } else {
      return;
    }
    e.preventDefault();
    e.stopPropagation();
  }
}
