// @ts-check
// The page: loads the library (WebAssembly), reads the link's parameters, and keeps the views in
// one registry (tab name to view, in the tabs' order) through which it switches views, opens
// the board size, follows the link and routes the keyboard. Each view lives in its own module
// and has the shape of view.js.
//
// Link parameters: n (1 to 12: the board of every view), view (watch, methods, tree, solutions,
// puzzle, lesson), step (how far the search has gone: steps in Watch and Tree, operations in Methods),
// board (the puzzle, rows of Q . x joined by /; with view=watch or tree, the search on it), count (an n up to 17 to count at once in the
// Solutions view), speed (0 to 9), code (python, cpp, rust: the language of the code beside the
// board in Watch and Methods), lesson (the step of the lesson, from 1), mode (coarse, the default:
// Watch and Tree step over, one move a step; fine: they step into every call and return; line:
// they run the program one line a step, up to n = 8), method (naive, sets, bitmask, as the library names them, or
// scan and bits, as older links do: the method of the code beside Watch's board, whose calls
// "step into" follows). A parameter the page cannot follow is named above the views
// with what the page did instead, never passed over in silence.

import init, { count, known } from './pkg/nqueens_web.js';
import { defineSymbols } from './board.js';
import { SPEEDS } from './clock.js';
import { View } from './view.js';
import { Search } from './search.js';
import { WatchView } from './watch.js';
import { MethodsView } from './methods.js';
import { TreeView } from './tree-view.js';
import { SolutionsView } from './solutions.js';
import { PuzzleView } from './puzzle.js';
import { LessonView } from './lesson.js';
import { CodeViews } from './code.js';
import { LANGS, METHODS, DEFAULT_LANG } from './listings.js';
import { MODES } from './search.js';
import { LINE_MAX } from './lines.js';
import { follow as followPoint } from './follow.js';
import { notes, quoted, whole } from './link.js';

const N_MAX = 12;
/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

const PARAMS = ['n', 'view', 'step', 'board', 'count', 'speed', 'code', 'lesson', 'mode', 'method'];

// The method= values of links written before the page took the library's names for the methods:
// such links still open on the method they named.
/** @type {Record<string, string>} */
const OLD_METHODS = { scan: 'naive', bits: 'bitmask' };

/** @typedef {import('./listings.js').Lang} Lang */

/** @type {{ n: number, view: string, code: Lang }} */
const state = { n: 8, view: 'watch', code: DEFAULT_LANG };

/**
 * The registry of views: tab name (the tab's data-view, the link's view=, #tab-NAME and
 * #view-NAME) to view, in the tabs' order; the keys 1 to 6 pick them in that order.
 * @type {{ watch: WatchView, methods: MethodsView, tree: TreeView, solutions: SolutionsView, puzzle: PuzzleView, lesson: LessonView }}
 */
let views;
/** @type {CodeViews} */
let code;
/** @type {Search} */
let search;
// Every view has opened a board: the link is written from then on.
let opened = false;

// The names of the views, in the tabs' order.
const names = () => /** @type {(keyof typeof views)[]} */ (Object.keys(views));
/** @param {string} name */
const isView = (name) => Object.hasOwn(views, name);
/** @param {string} name */
const viewOf = (name) => /** @type {View} */ (views[/** @type {keyof typeof views} */ (name)]);

// The most names that are not link parameters that are noted one by one; the rest are counted.
const UNKNOWN_MAX = 3;

// The link's board as a note names it: whole when short, otherwise by its size.
/** @param {string} board */
function quotedBoard(board) {
  const rows = board.split('/');
  // Not Math.max(...rows): a link of a hundred thousand rows would overflow the call's arguments.
  const widest = rows.reduce((most, r) => Math.max(most, r.length), 0);
  const count = `${rows.length.toLocaleString('en')} ${rows.length === 1 ? 'row' : 'rows'}`;
  let size = `${count} of up to ${widest.toLocaleString('en')} squares`;
  if (rows.every((r) => r.length === widest)) {
    size = widest === rows.length ? `a ${widest}×${widest} board` : `${count} of ${widest.toLocaleString('en')} squares`;
  }
  return quoted(board, size);
}

async function main() {
  await init();
  defineSymbols();
  const params = new URLSearchParams(location.search);
  const unknown = [...new Set(params.keys())].filter((key) => !PARAMS.includes(key));
  for (const key of unknown.slice(0, UNKNOWN_MAX)) {
    notes.push(`${quoted(key)} is not a link parameter (${PARAMS.join(', ')}): ignored`);
  }
  if (unknown.length > UNKNOWN_MAX) {
    const more = unknown.length - UNKNOWN_MAX;
    notes.push(`${more.toLocaleString('en')} more ${more === 1 ? 'name is' : 'names are'} not link parameters: ignored`);
  }
  const n = whole(params, 'n', 1, N_MAX, `showing n = ${state.n}`);
  if (n !== null) state.n = n;
  // The view is checked against the registry, made below: the note of the language waits for
  // it, so that the notes keep the order of the parameters in PARAMS.
  let codeNote = '';
  if (params.has('code')) {
    const lang = String(params.get('code'));
    if (Object.hasOwn(LANGS, lang)) state.code = /** @type {Lang} */ (lang);
    else codeNote = `code=${quoted(lang)} is not one of ${Object.keys(LANGS).join(', ')}: showing ${LANGS[state.code]}`;
  }

  const select = /** @type {HTMLSelectElement} */ ($('n'));
  for (let i = 1; i <= N_MAX; i++) select.add(new Option(String(i), String(i)));
  select.value = String(state.n);
  select.addEventListener('change', () => setN(Number(select.value)));

  code = new CodeViews(state.code, (lang) => {
    state.code = lang;
    saveLink();
  });
  search = new Search($('search-controls'), $('w-cost'), saveLink, $('w-follow'));
  // How the search steps and the method whose calls it steps into, before the board opens, so
  // that the link's step counts the steps it was written with.
  if (params.has('method')) {
    const raw = String(params.get('method'));
    const method = Object.hasOwn(OLD_METHODS, raw) ? OLD_METHODS[raw] : raw;
    if (Object.hasOwn(METHODS, method)) code.watchMethod = /** @type {import('./listings.js').Method} */ (method);
    else notes.push(`method=${quoted(method)} is not one of ${Object.keys(METHODS).join(', ')}: showing the scan`);
    code.refresh();
  }
  search.method = code.watchMethod;
  if (params.has('mode')) {
    const mode = String(params.get('mode'));
    if (Object.hasOwn(MODES, mode)) search.setMode(/** @type {import('./search.js').Mode} */ (mode));
    else notes.push(`mode=${quoted(mode)} is not one of ${Object.keys(MODES).join(', ')}: stepping over`);
  }
  // The method picked for Watch's code, whose own program makes the steps: the scan's steps
  // into safe too, the bit masks' never try an attacked square.
  code.listen(() => {
    search.setMethod(code.watchMethod);
    saveLink();
  });
  views = {
    watch: new WatchView($('view-watch'), search, code),
    methods: new MethodsView($('view-methods'), code, saveLink),
    tree: new TreeView($('view-tree'), search, code),
    solutions: new SolutionsView($('view-solutions')),
    puzzle: new PuzzleView($('view-puzzle'), saveLink, searchPuzzle),
    lesson: new LessonView($('view-lesson'), code, saveLink),
  };
  if (params.has('view')) {
    const view = String(params.get('view'));
    if (isView(view)) state.view = view;
    else notes.push(`view=${quoted(view)} is not one of ${names().join(', ')}: showing ${state.view}`);
  }
  if (codeNote) notes.push(codeNote);

  for (const tab of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll('nav [role="tab"]'))) {
    tab.addEventListener('click', () => show(String(tab.dataset.view)));
  }
  document.addEventListener('keydown', onKey);
  introOnce(/** @type {HTMLDetailsElement} */ ($('intro')));

  search.player.setSpeed(whole(params, 'speed', 0, SPEEDS.length - 1, 'speed 3') ?? 3);
  const board = params.get('board');
  const unread = setN(state.n, board);
  if (params.get('mode') === 'line' && search.mode !== 'line' && !board) {
    notes.push(`mode=line runs the program line by line up to n = ${LINE_MAX}: on ${state.n}×${state.n} the search steps into it`);
  }
  if (board && unread) {
    notes.push(`board=${quotedBoard(board)} was not read (${unread}): the puzzle is the empty ${state.n}×${state.n} board`);
  } else if (board && views.puzzle.size() !== state.n) {
    const m = views.puzzle.size();
    notes.push(`board=${quotedBoard(board)} has ${m} rows but n = ${state.n}: the puzzle is the link's ${m}×${m} board`);
  }
  // Watch and Tree with a board: the search on that Puzzle board, which steps over.
  const searched = state.view === 'watch' || state.view === 'tree';
  if (board && !unread && searched && views.puzzle.size() === state.n && /[Qx]/.test(board)) {
    search.open(state.n, views.puzzle.text());
    if (search.mode !== 'coarse') notes.push(`mode=${search.mode} follows the program of the empty board: the search on this Puzzle board steps over`);
  }
  $('w-puzzle-empty').addEventListener('click', () => {
    search.open(state.n);
    saveLink();
  });
  $('w-puzzle-edit').addEventListener('click', () => {
    if (views.puzzle.text() !== search.board) views.puzzle.load(search.board);
    show('puzzle');
  });
  const step = whole(params, 'step', 0, 1 << 24, 'starting from the beginning');
  if (step !== null) goTo(step);
  views.lesson.readLink(params);
  show(state.view);
  $('loading').remove();
  views.solutions.readLink(params);
  const box = $('link-notes');
  box.textContent = notes.join('\n');
  box.hidden = notes.length === 0;
  document.body.dataset.ready = 'true';
}

// The link's step=K, in the view shown: steps of the search in Watch and Tree, operations in
// Methods; a view without steps says it does not use it.
/** @param {number} step */
function goTo(step) {
  const note = viewOf(state.view).goTo(step);
  if (note === null) {
    if (step > 0) {
      const stepped = names().filter((name) => views[name].goTo !== View.prototype.goTo);
      const list = `${stepped.slice(0, -1).join(', ')} and ${stepped[stepped.length - 1]}`;
      notes.push(`step=${step} is for the ${list} views, not ${state.view}: not used`);
    }
  } else if (note) {
    notes.push(note);
  }
}

// Every view moves to the n×n board; the header shows Q(n) as the library counts it. Returns why
// `board` (the link's puzzle) was not read, '' when it was or there was none.
/**
 * @param {number} n
 * @param {string | null} [board]
 */
function setN(n, board) {
  state.n = n;
  /** @type {HTMLSelectElement} */ ($('n')).value = String(n);
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
  for (const name of names()) views[name].open(n);
  opened = true;
  const unread = board ? views.puzzle.load(board.split('/').join('\n') + '\n') : '';
  saveLink();
  return unread;
}

// Watch or Tree on the Puzzle view's board: the search of `nqueens trace --board` from its start.
/** @param {'watch' | 'tree'} view */
function searchPuzzle(view) {
  const text = views.puzzle.text();
  const n = views.puzzle.size();
  if (n > N_MAX) return;
  if (n !== state.n) setN(n, text.trim().split('\n').join('/'));
  // A board with nothing on it is the empty board, searched and linked as such.
  search.open(n, /[Qx]/.test(text) ? text : '');
  show(view);
}

// The view `name` shows, the others hide; its tab is the one selected. Watch and Tree show one
// search; Methods follows it to the same point, and it follows Methods back (follow.js).
/** @param {string} name */
function show(name) {
  const from = state.view;
  state.view = name;
  for (const other of names()) {
    if (other !== name) views[other].hide();
    const tab = $(`tab-${other}`);
    tab.setAttribute('aria-selected', String(other === name));
    tab.tabIndex = other === name ? 0 : -1;
  }
  viewOf(name).show();
  if (from !== name) follow(from, name);
  saveLink();
}

// Moving from view `from` to view `to`: the one that shows a search takes the point the other
// had reached, and says how it stands there.
/**
 * @param {string} from
 * @param {string} to
 */
function follow(from, to) {
  // Methods show the empty board: they follow no search on a Puzzle board.
  if (search.board) return;
  const stepped = (/** @type {string} */ v) => v === 'watch' || v === 'tree';
  if (stepped(from) && to === 'methods') followPoint(search, views.methods, 'methods');
  else if (from === 'methods' && stepped(to)) followPoint(search, views.methods, 'search');
}

// The introduction is open on the first visit only; its summary opens it again. A browser that
// keeps no storage shows it every time. On a phone it stays folded, one tap away: the board
// comes first, where the introduction would fill the whole screen.
const INTRO_SEEN = 'nqueens-intro-seen';

/** @param {HTMLDetailsElement} details */
function introOnce(details) {
  let seen = false;
  try {
    seen = localStorage.getItem(INTRO_SEEN) === '1';
    localStorage.setItem(INTRO_SEEN, '1');
  } catch {
    // No storage: nothing to remember with.
  }
  details.open = !seen && !matchMedia('(max-width: 600px)').matches;
}

function saveLink() {
  if (!opened) return;
  const p = new URLSearchParams();
  p.set('n', String(state.n));
  if (state.view !== 'watch') p.set('view', state.view);
  if (state.code !== DEFAULT_LANG) p.set('code', state.code);
  if (search.mode !== 'coarse' && !search.board) p.set('mode', search.mode);
  if (code.watchMethod !== 'naive') p.set('method', code.watchMethod);
  // The view shown keeps its own: how far the search has gone, the puzzle's board.
  viewOf(state.view).link(p);
  history.replaceState(null, '', `${location.pathname}?${p}`);
}

// The keys 1 to 6 pick a view; every other key goes to the view shown, as its `keys` declare.
// A box that takes text keeps its keys; a list (the board size) keeps ↑ and ↓, with which it
// chooses, and gives the others to the view, so that → steps the search after n is chosen
// rather than choosing another n. A focused button answers Enter itself, and Space too, but for
// the buttons of a player (the controls of the search and of Methods), where Space plays or
// pauses, as the footer says, whichever button was pressed last.
/** @param {KeyboardEvent} e */
function onKey(e) {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const t = /** @type {HTMLElement | null} */ (e.target);
  const k = e.key;
  if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA')) return;
  if (t && t.tagName === 'SELECT' && (k === 'ArrowUp' || k === 'ArrowDown' || k === 'Enter' || k === 'Tab')) return;
  if (t && t.tagName === 'BUTTON' && (k === 'Enter' || (k === ' ' && (!t.closest('.player') || t.closest('.mode-bar'))))) return;
  const order = names();
  if (k >= '1' && k <= String(order.length)) {
    show(order[Number(k) - 1]);
    $(`tab-${state.view}`).focus();
  } else {
    const keys = viewOf(state.view).keys;
    const act = Object.hasOwn(keys, k) ? keys[k] : null;
    if (!act || act() === false) return;
  }
  e.preventDefault();
}

// What the start throws is an Error as a rule (a module or the WebAssembly that failed to load).
main().catch((/** @type {{ message?: string }} */ e) => {
  console.error(e);
  const p = $('loading');
  if (p) p.textContent = `The page could not start: ${e.message || e}`;
});
