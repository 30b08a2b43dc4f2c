// @ts-check
// Tree: the recursion tree of the search that Watch shows too (search.js), drawn as SVG, with
// the call stack under it. One level per row; a node per queen placed; pruned squares are leaves
// marked with a cross. The tree itself, what the search grew, is tree.js.

import { SearchView } from './search-view.js';
import { frames, StackPanel } from './stack.js';
import { lineFrames } from './line-frames.js';
import { counted, num, square } from './notation.js';

/** @typedef {import('./tree.js').Tree} Tree */
/** @typedef {import('./tree.js').TreeNode} TreeNode */
/** @typedef {import('./search.js').Search} Search */
/** @typedef {import('./code.js').CodeViews} CodeViews */

const SLOT = 22; // px per leaf
const ROW = 46; // px per level
const TOP = 18;
// A pruned square takes this part of a slot, and its cross this many px each side of its
// centre: at the smallest scale, neighbouring crosses stay apart by a few px.
const PRUNED_SLOT = 0.6;
const CROSS = 3;
// The tree shrinks to fit its box, but no further than this: beyond, its box scrolls.
const MIN_SCALE = 0.6;
// The width of a character of a folded node's "+k" (9 px text), for the slot its label needs.
const LABEL_CHAR = 7.5;

// Draws `tree` into `svg`, centred in a box `box` px wide and scaled down to fit it (down to
// MIN_SCALE). Returns the x, in px, of the deepest open node, to scroll to, and the nodes drawn
// by the id of their element. `current`: the path to the deepest open node is the search's
// current one, and is marked as such; false once the search has gone past the nodes the tree
// keeps, where that path is the board's no longer.
/**
 * @param {Tree} tree
 * @param {SVGSVGElement} svg
 * @param {number} [box]
 * @param {boolean} [current]
 * @returns {{ x: number, byId: TreeNode[] }}
 */
function drawTree(tree, svg, box = 0, current = true) {
  /** @type {string[]} */
  const edges = [];
  /** @type {[number, number][]} the pruned squares' crosses, by their centre */
  const marks = [];
  /** @type {string[]} */
  const nodes = [];
  /** @type {TreeNode[]} */
  const byId = [];
  const keyNode = tree.keyNode();
  let next = 0; // next free slot
  const open = new Set(current ? tree.path : []);
  /**
   * @param {TreeNode} node
   * @param {number} depth
   * @returns {number}
   */
  const place = (node, depth) => {
    const y = TOP + depth * ROW;
    /** @type {number} */
    let x;
    const folded = tree.folded(node);
    const kids = folded ? [] : node.children;
    const label = folded ? `+${num(node.size)}${node.sols ? ' ★' + num(node.sols) : ''}` : '';
    if (kids.length === 0) {
      // A folded node's label is wider than its circle: it takes the slots it needs, so
      // that neighbouring labels never run together.
      const slots = Math.max(1, (label.length * LABEL_CHAR + 6) / SLOT);
      x = (next + slots / 2) * SLOT;
      next += slots;
    } else {
      const xs = kids.map((k) => {
        if (k.pruned) {
          const kx = (next + PRUNED_SLOT / 2) * SLOT;
          next += PRUNED_SLOT;
          marks.push([kx, y + ROW]);
          return kx;
        }
        return place(k, depth + 1);
      });
      x = (xs[0] + xs[xs.length - 1]) / 2;
      xs.forEach((kx, i) => {
        const ky = y + ROW - (kids[i].pruned ? 5 : 9);
        const cls = kids[i].sols ? 'edge sol' : 'edge';
        edges.push(`<line class="${cls}" x1="${x}" y1="${y + 9}" x2="${kx}" y2="${ky}"/>`);
      });
    }
    const id = byId.length;
    byId.push(node);
    const cls = ['node'];
    if (node === tree.root) cls.push('root');
    if (open.has(node) && node !== tree.root) cls.push('open');
    if (node.solution) cls.push('sol');
    if (tree.folded(node)) cls.push('folded');
    const column = node === tree.root ? '' : String(node.col);
    const extra = folded ? `<text class="count" x="${x}" y="${y + 18}">${label}</text>` : '';
    // A solution has a second ring: told by its shape as well as by its green.
    const ring = node.solution ? `<circle class="ring" cx="${x}" cy="${y}" r="12"/>` : '';
    // A node that folds is a button for the keyboard too (app.js), one of them in the tab order.
    const button = node.children.length
      ? ` role="button" tabindex="${node === keyNode ? 0 : -1}" aria-expanded="${!folded}" aria-label="${describe(node, tree.start)}"`
      : '';
    nodes.push(
      `<g class="${cls.join(' ')}" data-id="${id}"${button}><title>${describe(node, tree.start)}</title>` +
        `${ring}<circle cx="${x}" cy="${y}" r="9"/><text x="${x}" y="${y}">${column}</text>${extra}</g>`,
    );
    node.x = x;
    return x;
  };
  place(tree.root, 0);
  const width = Math.max(next * SLOT, 120);
  const height = TOP + (tree.n + 1) * ROW;
  const c = CROSS;
  const crosses = marks.map(
    ([x, y]) => `<path class="pruned" d="M${x - c} ${y - c}L${x + c} ${y + c}M${x + c} ${y - c}L${x - c} ${y + c}"/>`,
  );
  const scale = box > 0 ? Math.min(1, Math.max(MIN_SCALE, box / width)) : 1;
  // A tree narrower than its box gets margins on both sides: it stands in the middle.
  const shown = Math.max(width, box / scale);
  const left = (shown - width) / 2;
  svg.setAttribute('width', String(shown * scale));
  svg.setAttribute('height', String(height * scale));
  svg.setAttribute('viewBox', `${-left} 0 ${shown} ${height}`);
  svg.dataset.scale = String(scale);
  svg.dataset.current = String(current);
  svg.innerHTML = edges.join('') + crosses.join('') + nodes.join('');
  // The deepest open node was just drawn, unless a fold by hand above it hid it.
  return { x: (/** @type {number} */ (tree.path[tree.path.length - 1].x) + left) * scale, byId };
}

/**
 * @param {TreeNode} node
 * @param {string} start what the root stands for
 */
function describe(node, start) {
  if (node.row < 0) return start;
  let s = `${square(node.row, node.col)}: ${counted(node.size + 1, 'node')} below and here`;
  if (node.sols) s += `, ${counted(node.sols, 'solution')}`;
  return s;
}

export class TreeView extends SearchView {
  /**
   * @param {HTMLElement} root the view's panel (#view-tree)
   * @param {Search} search the search it grows from, shared with Watch
   * @param {CodeViews} code the code panels: the call stack follows their language and method
   */
  constructor(root, search, code) {
    super(root, search);
    /** @param {string} id */
    const $ = (id) => /** @type {HTMLElement} */ (root.querySelector('#' + id));
    this.code = code;
    this.svg = /** @type {SVGSVGElement} */ (/** @type {unknown} */ ($('t-svg')));
    this.wrap = $('t-wrap');
    this.status = $('t-status');
    this.visible = false;
    this.lastDrawn = 0;
    // The same call stack as Watch's, in the language and method chosen there.
    this.stack = new StackPanel($('t-stack'), null);
    this.rootName = $('t-root-name');
    // The tree last drawn and its nodes, by the id of their element: a click or a key names a
    // node by its id.
    /** @type {Tree | null} */
    this.drawn = null;
    /** @type {TreeNode[]} */
    this.byId = [];
    code.listen(() => this.renderStack());
    search.listen((all) => this.render(all));
    this.keys = search.keys;
    $('t-fold').addEventListener('click', () => {
      search.tree.foldFinished();
      this.draw();
    });
    $('t-unfold').addEventListener('click', () => {
      search.tree.unfoldAll();
      this.draw();
    });
    this.svg.addEventListener('click', (e) => {
      const node = this.nodeAt(/** @type {Element} */ (e.target));
      if (node && node.children && node.children.length) {
        search.tree.focusNode = node;
        search.tree.toggle(node);
        this.draw();
      }
    });
    // The tree's nodes from the keyboard: the keys they use do not reach the page's own.
    this.svg.addEventListener('keydown', (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      if (this.key(e)) {
        e.preventDefault();
        e.stopPropagation();
      }
    });
    // The tree is scaled to its box: a new width draws it again.
    window.addEventListener('resize', () => {
      if (this.visible) this.draw();
    });
  }

  show() {
    super.show();
    this.search.showControls(true);
    this.visible = true;
    this.draw();
  }

  hide() {
    super.hide();
    this.search.showControls(false);
    this.visible = false;
  }

  // At each redraw of the search: the call stack, and the tree when it shows, at most ten
  // times a second unless `all`.
  /** @param {boolean} all */
  render(all) {
    this.renderStack();
    const now = performance.now();
    if (this.visible && (all || now - this.lastDrawn > 100)) {
      this.lastDrawn = now;
      this.draw();
    }
  }

  renderStack() {
    const s = this.search;
    if (!s.watch) return;
    const m = s.machine();
    const open = m ? lineFrames(this.code.lang, m) : frames(this.code.lang, this.code.watchMethod, s.n, s.watch.step(), s.watch.columns(), s.mode === 'fine' && !s.board);
    this.stack.show(open.filter((f) => !(s.given[f.row] >= 0)));
  }

  draw() {
    const t = this.search.tree;
    this.rootName.textContent = t.start;
    const wrap = this.wrap;
    const svg = this.svg;
    // Drawing replaces the nodes: the keyboard's node gets the focus back if a node had it.
    const focused = svg.contains(document.activeElement) && document.activeElement !== svg;
    // Past the nodes the tree keeps, its deepest open node is where the tree stopped, not where
    // the search is: no path is marked as the board's.
    const s = this.search;
    const past = t.full && s.stepper().position() > t.applied;
    const { x, byId } = drawTree(t, svg, wrap.clientWidth, !past);
    this.drawn = t;
    this.byId = byId;
    wrap.scrollLeft = Math.max(0, x - wrap.clientWidth / 2);
    if (focused) {
      const key = /** @type {SVGElement | null} */ (svg.querySelector('g.node[tabindex="0"]'));
      if (key) key.focus();
    }
    // The counts are the search's, as Watch gives them; the tree's own, where it stops keeping
    // nodes, are said apart.
    let cap = '';
    if (t.full) {
      cap =
        `. The tree keeps the first ${num(t.nodes + t.pruned)} nodes and crosses, the search's first ${num(t.applied)} steps ` +
        `(${counted(t.sols, 'solution')} among them)` +
        (past ? ': the search has gone past them, so no path here is the board\'s (its queens are in the call stack below)' : '');
    }
    this.status.textContent = `${num(s.placed)} queens placed · ${num(s.pruned)} squares pruned · ${counted(s.found.length, 'solution')} found${cap}`;
    this.status.dataset.past = String(past);
  }

  // A key pressed on a node of the tree: Enter or Space folds or unfolds it, the arrow keys go
  // to the previous or next node that folds. True when the key was used.
  /** @param {KeyboardEvent} e */
  key(e) {
    const tree = this.search.tree;
    const node = this.nodeAt(/** @type {Element} */ (e.target));
    if (!node) return false;
    /** @type {Record<string, number>} */
    const moves = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
    if (e.key === 'Enter' || e.key === ' ') {
      if (!node.children || !node.children.length) return false;
      tree.focusNode = node;
      tree.toggle(node);
    } else if (moves[e.key]) {
      tree.focusNode = node;
      tree.move(moves[e.key]);
    } else {
      return false;
    }
    this.draw();
    return true;
  }

  // The node of the tree drawn whose element holds `target`, if the search's tree is the one
  // drawn.
  /** @param {Element} target */
  nodeAt(target) {
    const g = target.closest && target.closest('g.node');
    if (!g || this.drawn !== this.search.tree) return undefined;
    return this.byId[Number(/** @type {SVGElement} */ (g).dataset.id)];
  }
}
