// @ts-check
// The recursion tree of the search, grown from the steps of the trace and shrunk again when
// the search steps back. One level per row; a node per queen placed; pruned squares are leaves.
// Finished subtrees fold away on large boards. The tree belongs to the search (search.js), which
// the Tree view draws (tree-view.js), and the timeline rebuilds it when it jumps (timeline.js):
// it is kept apart from its drawing so that neither needs a view to hold it.

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
 * @property {number} [x] where it was last drawn, in px (tree-view.js)
 * @property {undefined} [pruned]
 */

/**
 * A pruned square: a leaf, never a node of its own, with no solutions below it (the drawing
 * reads sols of every child).
 * @typedef {{ row: number, col: number, pruned: true, sols?: undefined }} Pruned
 */

// The most nodes kept: enough for the whole tree of n = 8; larger searches keep their start.
export const TREE_CAP = 40000;

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
  /** @param {TreeNode[]} [order] the nodes that fold, as foldOrder() gives them */
  keyNode(order = this.foldOrder()) {
    for (let node = /** @type {TreeNode | undefined} */ (this.focusNode); node; node = node.parent) {
      if (order.includes(node)) return node;
    }
    return order[0];
  }

  // The nodes that fold, drawn as buttons, in the order they are drawn and the keyboard visits
  // them: parents before children, left to right, none inside a folded node.
  foldOrder() {
    /** @type {TreeNode[]} */
    const order = [];
    /** @param {TreeNode} node */
    const visit = (node) => {
      if (!node.children.length) return;
      order.push(node);
      if (!this.folded(node)) for (const k of node.children) if (!k.pruned) visit(k);
    };
    visit(this.root);
    return order;
  }

  // The node `delta` places before or after the keyboard's one among the nodes that fold, in
  // the order they are drawn (parents before children, left to right); it becomes the
  // keyboard's node.
  /** @param {number} delta */
  move(delta) {
    const order = this.foldOrder();
    if (!order.length) return undefined;
    const at = order.indexOf(this.keyNode(order));
    this.focusNode = order[Math.max(0, Math.min(order.length - 1, at + delta))];
    return this.focusNode;
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
