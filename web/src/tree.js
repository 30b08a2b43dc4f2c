// @ts-check
// The recursion tree of the search, grown from the steps of the trace and shrunk again when
// the search steps back. One level per row; a node per queen placed; pruned squares are leaves
// marked with a cross. Finished subtrees fold away on large boards. The Tree view (TreeView,
// at the end) draws the tree of the search that Watch shows too (search.js).

import { SearchView } from './search-view.js';
import { frames, StackPanel } from './stack.js';
import { counted, num, square } from './notation.js';

/** @typedef {import('./search.js').Search} Search */
/** @typedef {import('./code.js').CodeViews} CodeViews */

/**
 * A node of the tree: the root (row and column -1) or a queen placed, with what grew below it.
 * @typedef {object} TreeNode
 * @property {number} row
 * @property {number} col
 * @property {(TreeNode | Pruned)[]} children the queens placed below it and the squares pruned
 * @property {boolean} done every square of the row below was tried
 * @property {number} size the nodes below it
 * @property {number} sols the solutions below it
 * @property {TreeNode} [parent] none at the root
 * @property {boolean} [solution] its queen completes a solution
 * @property {boolean} [fold] folded or unfolded by hand; absent, autoFold decides
 * @property {number} [x] where it was last drawn, in px
 * @property {undefined} [pruned]
 */

/**
 * A pruned square: a leaf, never a node of its own, with no solutions below it (the drawing
 * reads sols of every child).
 * @typedef {{ row: number, col: number, pruned: true, sols?: undefined }} Pruned
 */

// The most nodes kept: enough for the whole tree of n = 8; larger searches keep their start.
export const TREE_CAP = 40000;

const SLOT = 22; // px per leaf
const ROW = 46; // px per level
const TOP = 18;
// A pruned square takes this part of a slot, and its cross this many px each side of its
// centre: at the smallest scale, neighbouring crosses stay apart by a few px.
const PRUNED_SLOT = 0.6;
const CROSS = 3;
// The tree shrinks to fit its box, but no further than this: beyond, its box scrolls.
export const MIN_SCALE = 0.6;
// The width of a character of a folded node's "+k" (9 px text), for the slot its label needs.
const LABEL_CHAR = 7.5;

export class Tree {
  /**
   * @param {number} n
   * @param {boolean} [puzzle] the search starts from a Puzzle board, not the empty one
   */
  constructor(n, puzzle = false) {
    this.n = n;
    this.start = puzzle ? 'the Puzzle board, its given queens in place' : 'the empty board';
    /** @type {TreeNode} */
    this.root = { row: -1, col: -1, children: [], done: false, size: 0, sols: 0 };
    this.path = [this.root];
    this.nodes = 0;
    this.pruned = 0;
    this.sols = 0;
    this.applied = 0; // steps applied; the tree stops at TREE_CAP nodes
    this.full = false;
    this.autoFold = n >= 8;
    // The node the keyboard is on: one node of the tree is in the page's tab order, the arrow
    // keys move it among the nodes that fold (see `move`).
    this.focusNode = this.root;
    // Set by render(); until the first, absent (move() and nodeById() check).
    /** @type {TreeNode[]} the nodes drawn, by the id of their element */
    this.byId;
    /** @type {TreeNode[]} the nodes that fold, in the order the keyboard visits them */
    this.order;
  }

  // Applies step number `index` (from 0, encoded as in the bindings' watch module); steps
  // past the cap are not kept.
  /**
   * @param {Int32Array} code
   * @param {number} index
   */
  apply(code, index) {
    if (index !== this.applied || this.full) return;
    const [kind, row, col] = code;
    const top = this.path[this.path.length - 1];
    if ((kind === 1 || kind === 2) && this.nodes + this.pruned >= TREE_CAP) {
      this.full = true;
      return;
    }
    if (kind === 1) {
      /** @type {TreeNode} */
      const node = { row, col, children: [], done: false, size: 0, sols: 0, parent: top };
      top.children.push(node);
      this.path.forEach((p) => p.size++);
      this.path.push(node);
      this.nodes++;
    } else if (kind === 2) {
      top.children.push({ row, col, pruned: true });
      this.pruned++;
    } else if (kind === 4) {
      top.solution = true;
      this.path.forEach((p) => p.sols++);
      this.sols++;
    } else if (kind === 3) {
      top.done = true;
      this.path.pop();
    }
    this.applied++;
  }

  // Takes back step number `index`, the last one applied.
  /**
   * @param {Int32Array} code
   * @param {number} index
   */
  undo(code, index) {
    if (index !== this.applied - 1) return;
    this.full = false;
    const [kind] = code;
    const top = this.path[this.path.length - 1];
    if (kind === 1) {
      this.path.pop();
      this.path[this.path.length - 1].children.pop();
      this.path.forEach((p) => p.size--);
      this.nodes--;
    } else if (kind === 2) {
      top.children.pop();
      this.pruned--;
    } else if (kind === 4) {
      top.solution = false;
      this.path.forEach((p) => p.sols--);
      this.sols--;
    } else if (kind === 3) {
      // The backtrack lifted the queen of this node, the last one placed below the top.
      const node = /** @type {TreeNode} */ (top.children[top.children.length - 1]);
      node.done = false;
      this.path.push(node);
    }
    this.applied--;
  }

  /** @param {TreeNode} node */
  folded(node) {
    if (node.fold !== undefined) return node.fold;
    return this.autoFold && node.done && node.children.length > 0;
  }

  /** @param {TreeNode} node */
  toggle(node) {
    node.fold = !this.folded(node);
  }

  foldFinished() {
    this.autoFold = true;
    walk(this.root, (node) => delete node.fold);
  }

  unfoldAll() {
    this.autoFold = false;
    walk(this.root, (node) => delete node.fold);
  }

  // The node drawn with a place in the tab order: the one the keyboard is on, or the nearest of
  // its ancestors that is drawn and folds (the node may be folded away or stepped back out of
  // the tree); the first node that folds when none is.
  keyNode() {
    for (let node = /** @type {TreeNode | undefined} */ (this.focusNode); node; node = node.parent) {
      if (this.order.includes(node)) return node;
    }
    return this.order[0];
  }

  // The node `delta` places before or after the keyboard's one among the nodes that fold, in
  // the order they are drawn (parents before children, left to right); it becomes the
  // keyboard's node.
  /** @param {number} delta */
  move(delta) {
    /** @type {TreeNode[]} */
    const order = this.order || [];
    if (!order.length) return undefined;
    const at = order.indexOf(this.keyNode());
    this.focusNode = order[Math.max(0, Math.min(order.length - 1, at + delta))];
    return this.focusNode;
  }

  // Draws the tree into `svg`, centred in a box `box` px wide and scaled down to fit it (down to
  // MIN_SCALE); returns the x, in px, of the deepest open node, to scroll to. `current`: the
  // path to the deepest open node is the search's current one, and is marked as such; false
  // once the search has gone past the nodes the tree keeps, where that path is the board's no
  // longer.
  /**
   * @param {SVGSVGElement} svg
   * @param {number} [box]
   * @param {boolean} [current]
   */
  render(svg, box = 0, current = true) {
    /** @type {string[]} */
    const edges = [];
    /** @type {[number, number][]} the pruned squares' crosses, by their centre */
    const marks = [];
    /** @type {string[]} */
    const nodes = [];
    this.byId = [];
    // The nodes that fold, drawn as buttons, in the order the keyboard visits them.
    this.order = [];
    /** @param {TreeNode} node */
    const walkOrder = (node) => {
      if (!node.children.length) return;
      this.order.push(node);
      if (!this.folded(node)) for (const k of node.children) if (!k.pruned) walkOrder(k);
    };
    walkOrder(this.root);
    const keyNode = this.keyNode();
    let next = 0; // next free slot
    const open = new Set(current ? this.path : []);
    /**
     * @param {TreeNode} node
     * @param {number} depth
     * @returns {number}
     */
    const place = (node, depth) => {
      const y = TOP + depth * ROW;
      /** @type {number} */
      let x;
      const folded = this.folded(node);
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
      const id = this.byId.length;
      this.byId.push(node);
      const cls = ['node'];
      if (node === this.root) cls.push('root');
      if (open.has(node) && node !== this.root) cls.push('open');
      if (node.solution) cls.push('sol');
      if (this.folded(node)) cls.push('folded');
      const column = node === this.root ? '' : String(node.col);
      const extra = folded ? `<text class="count" x="${x}" y="${y + 18}">${label}</text>` : '';
      // A solution has a second ring: told by its shape as well as by its green.
      const ring = node.solution ? `<circle class="ring" cx="${x}" cy="${y}" r="12"/>` : '';
      // A node that folds is a button for the keyboard too (app.js), one of them in the tab order.
      const button = node.children.length
        ? ` role="button" tabindex="${node === keyNode ? 0 : -1}" aria-expanded="${!folded}" aria-label="${describe(node, this.start)}"`
        : '';
      nodes.push(
        `<g class="${cls.join(' ')}" data-id="${id}"${button}><title>${describe(node, this.start)}</title>` +
          `${ring}<circle cx="${x}" cy="${y}" r="9"/><text x="${x}" y="${y}">${column}</text>${extra}</g>`,
      );
      node.x = x;
      return x;
    };
    place(this.root, 0);
    const width = Math.max(next * SLOT, 120);
    const height = TOP + (this.n + 1) * ROW;
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
    return (/** @type {number} */ (this.path[this.path.length - 1].x) + left) * scale;
  }

  /** @param {number} id */
  nodeById(id) {
    return this.byId ? this.byId[id] : undefined;
  }
}

/**
 * @param {TreeNode} node
 * @param {(node: TreeNode) => unknown} visit
 */
function walk(node, visit) {
  visit(node);
  for (const k of node.children || []) if (!k.pruned) walk(k, visit);
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
      const g = /** @type {Element} */ (e.target).closest('g.node');
      const node = g && search.tree.nodeById(Number(/** @type {SVGElement} */ (g).dataset.id));
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
    const open = frames(this.code.lang, this.code.watchMethod, s.n, s.watch.step(), s.watch.columns(), s.mode === 'fine' && !s.board);
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
    const x = t.render(svg, wrap.clientWidth, !past);
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
    const target = /** @type {Element} */ (e.target);
    const g = target.closest && target.closest('g.node');
    const node = g && tree.nodeById(Number(/** @type {SVGElement} */ (g).dataset.id));
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
}
