// The page: loads the library (WebAssembly), reads the link's parameters, switches views and
// routes the keyboard. Each view lives in its own module.
//
// Link parameters: n (1 to 12: the board of every view), view (watch, methods, tree, solutions,
// puzzle), step (how far the search has gone: steps in Watch and Tree, operations in Methods),
// board (the puzzle, rows of Q . x joined by /), count (an n up to 17 to count at once in the
// Solutions view), speed (0 to 9), code (python, cpp, rust: the language of the code beside the
// board in Watch and Methods). A parameter the page cannot follow is named above the views
// with what the page did instead, never passed over in silence.

import init, { count, known } from './pkg/nqueens_web.js';
import { defineSymbols } from './board.js';
import { Search, SPEEDS } from './watch.js';
import { Timeline } from './timeline.js';
import { Methods } from './methods.js';
import { Solutions, COUNT_MAX } from './solutions.js';
import { Puzzle } from './puzzle.js';
import { CodeViews, LANGS, DEFAULT_LANG } from './code.js';
import { WatchPractice, MethodsPractice } from './practice.js';

const N_MAX = 12;
const VIEWS = ['watch', 'methods', 'tree', 'solutions', 'puzzle'];
const $ = (id) => document.getElementById(id);

const PARAMS = ['n', 'view', 'step', 'board', 'count', 'speed', 'code'];

const state = { n: 8, view: 'watch', code: DEFAULT_LANG };
let search, methods, solutions, puzzle, code, wPractice, mPractice;

// What the link asked for that the page could not do, each with what it did instead.
const notes = [];

// The whole number `name` of the link when it is one from `min` to `max`; otherwise null, with a
// note that says what the page does `instead`. Absent, null without a note.
function whole(params, name, min, max, instead) {
  if (!params.has(name)) return null;
  const raw = params.get(name);
  const v = /^[0-9]+$/.test(raw) ? Number(raw) : NaN;
  if (Number.isSafeInteger(v) && v >= min && v <= max) return v;
  notes.push(`${name}=${raw} is not a whole number from ${min} to ${max}: ${instead}`);
  return null;
}

async function main() {
  await init();
  defineSymbols();
  const params = new URLSearchParams(location.search);
  for (const key of new Set(params.keys())) {
    if (!PARAMS.includes(key)) notes.push(`${key} is not a link parameter (${PARAMS.join(', ')}): ignored`);
  }
  const n = whole(params, 'n', 1, N_MAX, `showing n = ${state.n}`);
  if (n !== null) state.n = n;
  if (params.has('view')) {
    const view = params.get('view');
    if (VIEWS.includes(view)) state.view = view;
    else notes.push(`view=${view} is not one of ${VIEWS.join(', ')}: showing ${state.view}`);
  }
  if (params.has('code')) {
    const lang = params.get('code');
    if (Object.hasOwn(LANGS, lang)) state.code = lang;
    else notes.push(`code=${lang} is not one of ${Object.keys(LANGS).join(', ')}: showing ${LANGS[state.code]}`);
  }

  const select = $('n');
  for (let i = 1; i <= N_MAX; i++) select.add(new Option(String(i), String(i)));
  select.value = String(state.n);
  select.addEventListener('change', () => setN(Number(select.value)));

  code = new CodeViews(state.code, (lang) => {
    state.code = lang;
    saveLink();
  });
  search = new Search(
    {
      board: $('w-board'),
      status: $('w-status'),
      text: $('w-text'),
      log: $('w-log'),
      found: $('w-found'),
      foundCount: $('w-found-count'),
      play: $('w-play'),
      speed: $('w-speed'),
      speedOut: $('w-speed-out'),
      treeSvg: $('t-svg'),
      treeWrap: $('t-wrap'),
      treeStatus: $('t-status'),
      cost: $('w-cost'),
      say: $('w-say'),
      stack: $('w-stack'),
      treeStack: $('t-stack'),
    },
    () => {
      saveLink();
      if (wPractice) wPractice.changed();
    },
    code,
  );
  search.timeline = new Timeline($('w-bar'), search);
  // The call stack follows the language and method of the code (code.js sets them first).
  for (const id of ['w-code-lang', 'm-code-lang', 'w-code-method']) {
    $(id).addEventListener('click', () => search.renderStack());
  }
  $('w-reset').addEventListener('click', () => search.reset());
  $('w-back').addEventListener('click', () => search.back());
  $('w-play').addEventListener('click', () => search.toggle());
  $('w-step').addEventListener('click', () => search.forward(1));
  $('w-solution').addEventListener('click', () => search.nextSolution());
  $('w-backtrack').addEventListener('click', () => search.nextBacktrack());
  $('w-speed').addEventListener('input', (e) => search.setSpeed(Number(e.target.value)));
  // Practice asks before each move: the buttons that move the search on rest meanwhile.
  wPractice = new WatchPractice(
    search,
    {
      start: $('w-practice'),
      panel: $('wp-panel'),
      question: $('wp-question'),
      cursor: $('wp-cursor'),
      backtracks: $('wp-backtracks'),
      show: $('wp-show'),
      leave: $('wp-leave'),
      score: $('wp-score'),
      feedback: $('wp-feedback'),
      legend: document.querySelectorAll('#w-legend .practice-only'),
    },
    ['w-play', 'w-step', 'w-solution', 'w-backtrack'].map($),
  );
  $('t-fold').addEventListener('click', () => {
    search.tree.foldFinished();
    search.renderTree();
  });
  $('t-unfold').addEventListener('click', () => {
    search.tree.unfoldAll();
    search.renderTree();
  });
  $('t-svg').addEventListener('click', (e) => {
    const g = e.target.closest('g.node');
    const node = g && search.tree.nodeById(Number(g.dataset.id));
    if (node && node.children && node.children.length) {
      search.tree.focusNode = node;
      search.tree.toggle(node);
      search.renderTree();
    }
  });
  // The tree's nodes from the keyboard: the keys they use do not reach the page's own.
  $('t-svg').addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (search.treeKey(e)) {
      e.preventDefault();
      e.stopPropagation();
    }
  });

  methods = new Methods($('view-methods'), code);
  $('m-reset').addEventListener('click', () => methods.reset());
  $('m-play').addEventListener('click', () => methods.toggle());
  $('m-tick').addEventListener('click', () => {
    methods.pause();
    methods.tick();
  });
  $('m-round').addEventListener('click', () => methods.round());
  $('m-speed').addEventListener('input', (e) => methods.setSpeed(Number(e.target.value)));
  mPractice = new MethodsPractice(
    methods,
    {
      start: $('m-practice'),
      panel: $('mp-panel'),
      kind: $('mp-kind'),
      question: $('mp-question'),
      form: $('mp-form'),
      label: $('mp-label'),
      input: $('mp-answer'),
      submit: $('mp-submit'),
      show: $('mp-show'),
      leave: $('mp-leave'),
      score: $('mp-score'),
      feedback: $('mp-feedback'),
    },
    ['m-reset', 'm-play', 'm-tick', 'm-round'].map($),
  );

  solutions = new Solutions($('view-solutions'));
  puzzle = new Puzzle($('view-puzzle'), () => saveLink());

  for (const tab of document.querySelectorAll('nav [role="tab"]')) {
    tab.addEventListener('click', () => show(tab.dataset.view));
  }
  document.addEventListener('keydown', onKey);
  // The tree is scaled to its box: a new width draws it again.
  window.addEventListener('resize', () => {
    if (state.view === 'tree') search.renderTree();
  });
  introOnce($('intro'));

  search.setSpeed(whole(params, 'speed', 0, SPEEDS.length - 1, 'speed 3') ?? 3);
  methods.setSpeed(4);
  const board = params.get('board');
  const unread = setN(state.n, board);
  if (unread) {
    notes.push(`board=${board} was not read (${unread}): the puzzle is the empty ${state.n}×${state.n} board`);
  } else if (board && puzzle.board.n() !== state.n) {
    const m = puzzle.board.n();
    notes.push(`board=${board} has ${m} rows but n = ${state.n}: the puzzle is the link's ${m}×${m} board`);
  }
  const step = whole(params, 'step', 0, 1 << 24, 'starting from the beginning');
  if (step !== null) goTo(step);
  show(state.view);
  $('loading').remove();
  const toCount = whole(params, 'count', 1, COUNT_MAX, 'nothing is counted');
  if (toCount !== null) {
    $('c-n').value = String(toCount);
    solutions.count();
  }
  const box = $('link-notes');
  box.textContent = notes.join('\n');
  box.hidden = notes.length === 0;
  document.body.dataset.ready = 'true';
}

// The link's step=K: K steps of the search in Watch and Tree, K operations in Methods.
function goTo(step) {
  const n = state.n;
  if (state.view === 'watch' || state.view === 'tree') {
    search.timeline.jump(step);
    if (step > search.timeline.length) {
      const end = search.watch.position();
      notes.push(`step=${step} is past the end of the search on ${n}×${n} (${end} steps): showing its end`);
    }
  } else if (state.view === 'methods') {
    if (methods.advance(step) < step) {
      const end = methods.compare.position();
      notes.push(`step=${step} is past the end of the methods on ${n}×${n} (${end} operations): showing their end`);
    }
  } else if (step > 0) {
    notes.push(`step=${step} is for the watch, methods and tree views, not ${state.view}: not used`);
  }
}

// Every view moves to the n×n board; the header shows Q(n) as the library counts it. Returns why
// `board` (the link's puzzle) was not read, '' when it was or there was none.
function setN(n, board) {
  state.n = n;
  $('n').value = String(n);
  const c = count(n, true, '', undefined);
  const [total, unique] = [c.total, c.unique];
  c.free();
  const [kTotal] = known(n);
  const check = kTotal === total ? '' : ' (differs from the published value!)';
  const qn = $('qn');
  qn.innerHTML = `Q(${n}) = <b>${Number(total).toLocaleString('en')}</b> solutions · ${Number(unique).toLocaleString('en')} unique${check}`;
  qn.dataset.total = total;
  qn.dataset.unique = unique;
  code.open(n);
  search.open(n);
  methods.open(n);
  mPractice.changed();
  solutions.open(n);
  const unread = puzzle.open(n, board ? board.split('/').join('\n') + '\n' : undefined);
  saveLink();
  return unread;
}

function show(view) {
  state.view = view;
  // Practice belongs to its view: another view watches on from the same step.
  if (view !== 'watch') wPractice.leave(false);
  if (view !== 'methods') mPractice.leave(false);
  for (const v of VIEWS) {
    $(`view-${v}`).hidden = v !== view;
    const tab = $(`tab-${v}`);
    tab.setAttribute('aria-selected', String(v === view));
    tab.tabIndex = v === view ? 0 : -1;
  }
  $('search-controls').hidden = !(view === 'watch' || view === 'tree');
  $('w-cost').hidden = !(view === 'watch' || view === 'tree');
  // A hidden list has no height, so one scrolled to its latest entry while its view was hidden
  // (a link's step=K, a search moved in another view) stayed at its top: each list that follows
  // its latest entry goes to its end as the view shows.
  for (const list of $(`view-${view}`).querySelectorAll('.log, .found')) {
    list.scrollTop = list.scrollHeight;
  }
  search.treeVisible = view === 'tree';
  if (view === 'tree') search.renderTree();
  if (view !== 'methods') methods.pause();
  saveLink();
}

// The introduction is open on the first visit only; its summary opens it again. A browser that
// keeps no storage shows it every time.
const INTRO_SEEN = 'nqueens-intro-seen';

function introOnce(details) {
  let seen = false;
  try {
    seen = localStorage.getItem(INTRO_SEEN) === '1';
    localStorage.setItem(INTRO_SEEN, '1');
  } catch {
    // No storage: nothing to remember with.
  }
  details.open = !seen;
}

function saveLink() {
  if (!puzzle || !puzzle.board) return;
  const p = new URLSearchParams();
  p.set('n', String(state.n));
  if (state.view !== 'watch') p.set('view', state.view);
  if (state.code !== DEFAULT_LANG) p.set('code', state.code);
  // Watch and Tree keep how far the search has gone.
  const at = search && search.watch ? search.watch.position() : 0;
  if ((state.view === 'watch' || state.view === 'tree') && at > 0) p.set('step', String(at));
  if (state.view === 'puzzle' && /[Qx]/.test(puzzle.text())) {
    p.set('board', puzzle.text().trim().split('\n').join('/'));
  }
  history.replaceState(null, '', `${location.pathname}?${p}`);
}

function onKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const t = e.target;
  if (t && (t.tagName === 'INPUT' || t.tagName === 'SELECT' || t.tagName === 'TEXTAREA')) return;
  const k = e.key;
  // A focused button answers Space and Enter itself.
  if (t && t.tagName === 'BUTTON' && (k === ' ' || k === 'Enter')) return;
  if (k >= '1' && k <= '5') {
    show(VIEWS[Number(k) - 1]);
    $(`tab-${state.view}`).focus();
  } else if (state.view === 'watch' || state.view === 'tree') {
    // In practice the question moves the search on, not these keys.
    if (wPractice.active && [' ', 'ArrowRight', 's', 'S', 'b', 'B'].includes(k)) return;
    const acts = {
      ' ': () => search.toggle(),
      ArrowRight: () => search.forward(1),
      ArrowLeft: () => search.back(),
      s: () => search.nextSolution(),
      b: () => search.nextBacktrack(),
      Home: () => search.reset(),
      '+': () => search.setSpeed(search.speed + 1),
      '=': () => search.setSpeed(search.speed + 1),
      '-': () => search.setSpeed(search.speed - 1),
    };
    const act = acts[k.length === 1 ? k.toLowerCase() : k] || acts[k];
    if (!act) return;
    act();
  } else if (state.view === 'methods') {
    if (mPractice.active) return;
    const acts = {
      ' ': () => methods.toggle(),
      ArrowRight: () => {
        methods.pause();
        methods.tick();
      },
      n: () => methods.round(),
      Enter: () => methods.round(),
      Home: () => methods.reset(),
      '+': () => methods.setSpeed(methods.speed + 1),
      '=': () => methods.setSpeed(methods.speed + 1),
      '-': () => methods.setSpeed(methods.speed - 1),
    };
    if (!acts[k]) return;
    acts[k]();
  } else if (state.view === 'puzzle') {
    if (k === '[') puzzle.step(-1);
    else if (k === ']') puzzle.step(1);
    else if (k === 'q' || k === 'Q') puzzle.setMode('queen');
    else if (k === 'x' || k === 'X') puzzle.setMode('block');
    else return;
  } else {
    return;
  }
  e.preventDefault();
}

main().catch((e) => {
  console.error(e);
  const p = $('loading');
  if (p) p.textContent = `The page could not start: ${e.message || e}`;
});
