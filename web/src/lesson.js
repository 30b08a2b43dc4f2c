// @ts-check
// The Lesson view: the course (course.js) step by step, chapter after chapter. Each step is a
// state of the page itself: the board, the lit line of the code and the call stack of the
// library's own search at that point (or a Puzzle board, or a board standing still), a few plain
// sentences and a "try it" question answered on the board (click a square, or the arrow keys and
// Enter), with a key (B: the search backtracks) or with one of the choices under the board. A
// wrong square is outlined on the board, a wrong choice marked where it was chosen. The link
// keeps the step (?view=lesson&lesson=K, K from 1 over the whole course), and the chapter list
// goes to each chapter's first step.

import { Watch, Board } from './pkg/nqueens_web.js';
import { drawBoard, squareAt } from './board.js';
import { View } from './view.js';
import { CodePanel, stepPoint } from './code.js';
import { frames, StackPanel } from './stack.js';
import { whole } from './link.js';
import { escape } from './html.js';
import { square, num } from './notation.js';
import { LESSON_N, said } from './basics.js';
import { course, counts } from './course.js';

/** @typedef {import('./code.js').CodeViews} CodeViews */
/** @typedef {import('./basics.js').Answer} Answer */
/** @typedef {import('./basics.js').LessonStep} LessonStep */
/** @typedef {import('./listings.js').Method} Method */

// Whether `got` is the step's answer (or one of the squares that answer it too).
/**
 * @param {LessonStep} s
 * @param {Answer} got
 */
function isRight(s, got) {
  /** @param {Answer | undefined} a */
  const same = (a) => {
    if (a === undefined) return false;
    if (a === 'back' || got === 'back') return a === got;
    if (Array.isArray(a)) return Array.isArray(got) && a[0] === got[0] && a[1] === got[1];
    return !Array.isArray(got) && a.choice === got.choice;
  };
  return same(s.answer) || (s.also || []).some(same);
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
    this.chapters = course();
    /** @type {(LessonStep & { chapter: number, first: number })[]} every step, with its chapter and that chapter's first step */
    this.steps = [];
    this.chapters.forEach((c, i) => {
      const first = this.steps.length;
      for (const s of c.steps) this.steps.push({ ...s, chapter: i, first });
    });
    this.index = 0;
    /** @type {[number, number]} the keyboard's square on the board */
    this.cursor = [0, 0];
    this.cursorShown = false;
    this.done = false;
    /** @type {[number, number] | null} the learner's wrong square, marked on the board */
    this.guess = null;
    /** @type {Map<string, Watch>} the searches shown, by board size and method */
    this.watches = new Map();
    /** @type {Map<number, { total: number, unique: number }>} Q(n) and the unique count, by n */
    this.counted = new Map();
    this.board = /** @type {SVGSVGElement} */ (/** @type {unknown} */ (this.$('l-board')));
    this.codePanel = new CodePanel(this.$('l-code'), 'naive');
    this.stack = new StackPanel(this.$('l-stack'), null);
    this.prevButton = /** @type {HTMLButtonElement} */ (this.$('l-prev'));
    this.nextButton = /** @type {HTMLButtonElement} */ (this.$('l-next'));
    this.prevButton.addEventListener('click', () => this.go(this.index - 1));
    this.nextButton.addEventListener('click', () => this.go(this.index + 1));
    this.$('l-back').addEventListener('click', () => this.answer('back'));
    this.$('l-choices').addEventListener('click', (e) => {
      const b = /** @type {Element} */ (e.target).closest('button[data-key]');
      if (b) this.answer({ choice: String(/** @type {HTMLElement} */ (b).dataset.key) });
    });
    // The chapter list: a link to each chapter's first step, followed in place.
    const list = this.$('l-chapters');
    list.innerHTML = this.chapters
      .map((c, i) => {
        const k = this.steps.findIndex((s) => s.chapter === i) + 1;
        return `<li><a href="?view=lesson&amp;lesson=${k}" data-step="${k}" title="${escape(c.title)}">${escape(c.short)}</a></li>`;
      })
      .join('');
    list.addEventListener('click', (e) => {
      const a = /** @type {Element} */ (e.target).closest('a[data-step]');
      const me = /** @type {MouseEvent} */ (e);
      if (!a || me.ctrlKey || me.metaKey || me.shiftKey || me.button !== 0) return;
      e.preventDefault();
      this.go(Number(/** @type {HTMLElement} */ (a).dataset.step) - 1);
    });
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

  // The course's step `index` (from 0); a step out of range is not taken.
  /** @param {number} index */
  go(index) {
    if (index < 0 || index >= this.steps.length) return false;
    this.index = index;
    this.render();
    if (this.onChange) this.onChange();
    return true;
  }

  // The link's lesson=K (from 1): the step of the course shown.
  /** @param {URLSearchParams} params */
  readLink(params) {
    const k = whole(params, 'lesson', 1, this.steps.length, 'the lesson starts at step 1');
    if (k !== null) this.go(k - 1);
  }

  /** @param {URLSearchParams} params */
  link(params) {
    params.set('lesson', String(this.index + 1));
  }

  // The board of the step shown: its size.
  get n() {
    return this.steps[this.index].n ?? LESSON_N;
  }

  // The search on the n×n board made by `method`'s own program, kept for the steps that show it.
  /**
   * @param {number} n
   * @param {Method} method
   */
  watch(n, method) {
    const key = `${n}/${method}`;
    let w = this.watches.get(key);
    if (!w) {
      w = Watch.with_detail(n, method === 'bitmask' ? 3 : 0);
      this.watches.set(key, w);
    }
    return w;
  }

  // The lesson's board is its own whatever the page's n: the header names it while the lesson
  // shows, and gives the page's n back as it hides.
  show() {
    super.show();
    for (const id of ['n-label', 'qn']) /** @type {HTMLElement} */ (document.getElementById(id)).hidden = true;
    /** @type {HTMLElement} */ (document.getElementById('lesson-n')).hidden = false;
    this.render();
  }

  hide() {
    super.hide();
    /** @type {HTMLElement} */ (document.getElementById('lesson-n')).hidden = true;
    for (const id of ['n-label', 'qn']) /** @type {HTMLElement} */ (document.getElementById(id)).hidden = false;
  }

  // The header: the board of the step shown, and its counts as the engine gives them; a step
  // without a board (the closing page) names its chapter instead.
  header() {
    const n = this.n;
    const s = this.steps[this.index];
    const header = /** @type {HTMLElement} */ (document.getElementById('lesson-n'));
    if (s.at === undefined && s.board === undefined && s.queens === undefined) {
      header.textContent = `The lesson: ${this.chapters[s.chapter].title}`;
      return;
    }
    let c = this.counted.get(n);
    if (!c) {
      c = counts(n);
      this.counted.set(n, c);
    }
    header.textContent = `n = ${n} · Q(${n}) = ${num(c.total)} solutions · ${num(c.unique)} unique: the lesson's board`;
  }

  // The step shown: its chapter, title, text and question, its board, code and call stack.
  render() {
    const s = this.steps[this.index];
    const k = this.index + 1;
    const chapter = this.chapters[s.chapter];
    this.done = false;
    this.guess = null;
    this.cursor = [Math.min(this.cursor[0], this.n - 1), Math.min(this.cursor[1], this.n - 1)];
    if (!this.root.hidden) this.header();
    this.$('l-back').hidden = !s.back;
    this.$('l-count').textContent = `Step ${k} of ${this.steps.length} (chapter ${s.chapter + 1}: ${k - s.first} of ${chapter.steps.length})`;
    this.$('l-chapter').textContent = `Chapter ${s.chapter + 1}: ${chapter.title}`;
    for (const [i, a] of this.$('l-chapters').querySelectorAll('a').entries()) {
      if (i === s.chapter) a.setAttribute('aria-current', 'step');
      else a.removeAttribute('aria-current');
    }
    this.$('l-title').textContent = s.title;
    this.$('l-text').textContent = s.text;
    this.$('l-ask').textContent = s.ask;
    this.figures(s);
    const links = this.$('l-links');
    links.innerHTML = (s.links || []).map(([href, words]) => `<li><a href="${escape(href)}">${escape(words)}</a></li>`).join('');
    links.hidden = !s.links;
    const choices = this.$('l-choices');
    choices.innerHTML = (s.choices || []).map(([key, words]) => `<button type="button" data-key="${escape(key)}">${escape(words)}</button>`).join('');
    choices.hidden = !s.choices;
    const feedback = this.$('l-feedback');
    feedback.textContent = '';
    delete feedback.dataset.right;
    this.prevButton.disabled = this.index === 0;
    this.nextButton.disabled = this.index === this.steps.length - 1;
    this.root.dataset.lesson = String(k);
    this.root.dataset.chapter = String(s.chapter + 1);
    const search = s.at !== undefined;
    const hasBoard = search || s.board !== undefined || s.queens !== undefined;
    this.$('l-search').hidden = !search;
    this.$('l-board-box').hidden = !hasBoard;
    const open = /** @type {HTMLAnchorElement} */ (this.$('l-open'));
    open.hidden = !hasBoard;
    const n = this.n;
    if (search) {
      const method = s.method ?? 'naive';
      const w = this.watch(n, method);
      w.seek(/** @type {number} */ (s.at));
      const code = Int32Array.from(w.step());
      const queens = Array.from(w.columns());
      this.codePanel.set(this.code.lang, method, n);
      this.codePanel.show(stepPoint(method, this.code.lang, n, code, queens));
      this.stack.show(frames(this.code.lang, method, n, code, queens));
      this.$('l-sentence').textContent = w.text() || 'The search has not started.';
      const m = method === 'naive' ? '' : `&method=${method}`;
      open.href = `?n=${n}${m}${s.at ? `&step=${s.at}` : ''}`;
      open.textContent = `Open this point in Watch (step ${s.at})`;
    } else if (s.board !== undefined) {
      open.href = `?n=${n}&view=puzzle&board=${s.board}`;
      open.textContent = 'Open this board in Puzzle';
    } else {
      open.href = `?n=${n}&view=solutions`;
      open.textContent = `Every solution of ${n}×${n}, by class, in Solutions`;
    }
    this.board.setAttribute('aria-label', `lesson board, ${n}×${n}: click a square, or move with the arrow keys and press Enter`);
    this.draw();
  }

  // The step's table of figures, or none.
  /** @param {LessonStep} s */
  figures(s) {
    const table = this.$('l-figures');
    table.hidden = !s.figures;
    if (!s.figures) {
      table.innerHTML = '';
      return;
    }
    const f = s.figures;
    table.innerHTML =
      `<caption>${escape(f.caption)}</caption>` +
      `<thead><tr>${f.head.map((h) => `<th scope="col">${escape(h)}</th>`).join('')}</tr></thead>` +
      `<tbody>${f.rows.map((r) => `<tr>${r.map((v, i) => (i ? `<td>${escape(v)}</td>` : `<th scope="row">${escape(v)}</th>`)).join('')}</tr>`).join('')}</tbody>`;
  }

  draw() {
    const s = this.steps[this.index];
    const n = this.n;
    const cursor = this.cursorShown ? this.cursor : null;
    // The learner's wrong square, outlined as Watch's practice outlines it.
    const guess = this.guess ? [{ row: this.guess[0], col: this.guess[1], cls: 'guess' }] : [];
    /** @type {number[]} */
    const cells = Array(n * n).fill(0);
    const rowOutline = s.row;
    if (s.free !== undefined && s.row !== undefined) {
      for (let col = 0; col < n; col++) if ((s.free >> col) & 1) cells[s.row * n + col] = 2;
    }
    if (s.at !== undefined) {
      const w = this.watch(n, s.method ?? 'naive');
      const [kind, row, col, byRow, byCol] = w.step();
      const attacked = w.attacked();
      attacked.forEach((v, i) => {
        if (v && !cells[i]) cells[i] = 1;
      });
      /** @type {import('./board.js').BoardOptions & { marks: { row: number, col: number, cls: string }[] }} */
      const opts = { queens: Array.from(w.columns()), cells, cellClass: ['', 'att', 'free'], marks: [], cursor, rowOutline };
      if (kind === 1) opts.marks.push({ row, col, cls: 'placed' });
      if (kind === 3) opts.marks.push({ row, col, cls: 'lifted' });
      if (kind === 2) {
        opts.marks.push({ row, col, cls: 'tried' }, { row: byRow, col: byCol, cls: 'by' });
        opts.line = { from: [byRow, byCol], to: [row, col] };
      }
      opts.marks.push(...guess);
      drawBoard(this.board, n, opts);
    } else if (s.board !== undefined) {
      const b = Board.parse(String(s.board).split('/').join('\n') + '\n');
      const given = Array.from(b.cells());
      const queens = Array.from({ length: n }, (_, r) => given.slice(r * n, (r + 1) * n).indexOf(1));
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
        given.forEach((v, i) => {
          if ((v === 0 || v === 3) && attacked[i]) given[i] = 4;
        });
      }
      drawBoard(this.board, n, { queens, ghosts, cells: given, cellClass: ['', '', 'blocked', 'noway', 'att'], marks: guess, cursor });
      this.board.dataset.completions = String(total);
    } else if (s.queens !== undefined) {
      // A board that stands still: its image, hollow, once the question is answered.
      const ghosts = this.done && s.reveal ? s.reveal : [];
      drawBoard(this.board, n, { queens: s.queens, ghosts, cells, cellClass: ['', '', 'free'], marks: guess, cursor, rowOutline });
    }
  }

  // A try-it answer: a square clicked (or chosen with the keys), 'back', or a choice.
  /** @param {Answer} got */
  answer(got) {
    const s = this.steps[this.index];
    const feedback = this.$('l-feedback');
    if (s.answer === undefined) return;
    const asks = s.choices ? 'a choice: press one of the buttons under the board' : 'a square: click it on the board';
    if ((got === 'back' && !s.back) || (Array.isArray(got) && s.choices) || (!Array.isArray(got) && got !== 'back' && !s.choices)) {
      // B answers what the search does next, a choice only a question that offers choices.
      feedback.textContent = `This question asks for ${asks} (B answers the questions about what the search does next).`;
      delete feedback.dataset.right;
      feedback.scrollIntoView({ block: 'nearest' });
      return;
    }
    const right = isRight(s, got);
    feedback.dataset.right = String(right);
    const last = this.index === this.steps.length - 1;
    const next = this.steps[this.index + 1];
    const onward = last
      ? ''
      : next.chapter !== s.chapter
        ? `That ends chapter ${s.chapter + 1}: Next (N) opens chapter ${next.chapter + 1}, ${this.chapters[next.chapter].title}.`
        : 'Press Next (N) for the next step.';
    feedback.textContent = right ? `Right: ${said(got, s.choices)}. ${onward}` : /** @type {(got: Answer) => string} */ (s.wrong)(got);
    this.guess = right || !Array.isArray(got) ? null : got;
    // A wrong choice is marked where it was chosen; the right one clears the marks.
    for (const b of this.$('l-choices').querySelectorAll('button')) {
      const mine = !Array.isArray(got) && got !== 'back' && b.dataset.key === got.choice;
      if (right) delete b.dataset.wrong;
      else if (mine) b.dataset.wrong = 'true';
      b.setAttribute('aria-pressed', String(mine));
    }
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
    const n = this.n;
    if (Object.hasOwn(moves, e.key)) {
      const [dr, dc] = moves[e.key];
      this.cursor = [Math.min(n - 1, Math.max(0, this.cursor[0] + dr)), Math.min(n - 1, Math.max(0, this.cursor[1] + dc))];
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
