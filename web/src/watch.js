// The search as `nqueens trace` tells it, on a board: play, pause, step forward and back, jump
// to the next solution or backtrack. The tree view grows from the same steps.

import { Watch } from './pkg/nqueens_web.js';
import { drawBoard, leetcodeRows } from './board.js';
import { Tree } from './tree.js';
import { Cost } from './cost.js';
import { frames, StackPanel } from './stack.js';

export const SPEEDS = [1, 2, 4, 8, 15, 30, 60, 150, 500, 2000]; // steps a second
const STEP = 7; // integers per encoded step

export class Search {
  constructor(els, onChange, code) {
    this.els = els;
    this.codePanel = code; // the code beside the board, lit at each step
    this.onChange = onChange;
    this.playing = false;
    this.speed = 3;
    this.treeVisible = false;
    this.lastTree = 0;
    this.cost = els.cost ? new Cost(els.cost) : null;
    // The call stack, in Watch (its frames outline their row on the board) and in Tree.
    this.stacks = [];
    if (els.stack) this.stacks.push(new StackPanel(els.stack, (row) => this.showRow(row)));
    if (els.treeStack) this.stacks.push(new StackPanel(els.treeStack, null));
  }

  open(n) {
    if (this.watch) this.watch.free();
    this.n = n;
    this.watch = new Watch(n);
    this.tree = new Tree(n);
    this.columns = []; // the queens, followed through the steps
    this.found = []; // the solutions seen, as LeetCode rows
    this.placed = 0; // squares tried so far that got a queen
    this.pruned = 0; // and those pruned by a conflict
    if (this.cost) this.cost.open(n);
    if (this.timeline) this.timeline.open(n);
    this.pause();
    this.render(true);
  }

  // Takes the steps the bindings return (encoded one after another), for the tree and the
  // solutions list, then redraws.
  took(codes) {
    const count = codes.length / STEP;
    const end = this.watch.position();
    for (let i = 0; i < count; i++) {
      const code = codes.subarray(i * STEP, (i + 1) * STEP);
      this.follow(code);
      this.tree.apply(code, end - count + i);
    }
    return count;
  }

  follow(code) {
    const [kind, , col] = code;
    if (kind === 1) {
      this.columns.push(col);
      this.placed++;
    } else if (kind === 2) this.pruned++;
    else if (kind === 3) this.columns.pop();
    else if (kind === 4) this.found.push(leetcodeRows(this.columns));
  }

  unfollow(code) {
    const [kind, , col] = code;
    if (kind === 1) {
      this.columns.pop();
      this.placed--;
    } else if (kind === 2) this.pruned--;
    else if (kind === 3) this.columns.push(col);
    else if (kind === 4) this.found.pop();
  }

  forward(most = 1, until = -1) {
    const codes = this.watch.forward(most, until);
    const count = this.took(codes);
    if (count === 0) this.pause();
    this.render(true);
    return count;
  }

  back() {
    this.pause();
    const undone = this.watch.back();
    if (undone.length) {
      this.unfollow(undone);
      this.tree.undo(undone, this.watch.position());
    }
    this.render(true);
  }

  nextSolution() {
    this.pause();
    return this.forward(1 << 24, 4);
  }

  nextBacktrack() {
    this.pause();
    return this.forward(1 << 24, 3);
  }

  reset() {
    this.open(this.n);
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  play() {
    if (this.playing) return;
    if (this.watch.length() >= 0 && this.watch.position() >= this.watch.length()) return;
    this.playing = true;
    this.owed = 0;
    let last = performance.now();
    const frame = (now) => {
      if (!this.playing) return;
      this.owed += ((now - last) / 1000) * SPEEDS[this.speed];
      last = now;
      const due = Math.floor(this.owed);
      if (due > 0) {
        this.owed -= due;
        const codes = this.watch.forward(due, -1);
        if (this.took(codes) < due) this.playing = false;
        this.render(false);
      }
      if (this.playing) requestAnimationFrame(frame);
      else this.render(true);
    };
    requestAnimationFrame(frame);
    this.render(true);
  }

  pause() {
    if (!this.playing) return;
    this.playing = false;
    this.render(true);
  }

  setSpeed(level) {
    this.speed = Math.max(0, Math.min(SPEEDS.length - 1, level));
    this.els.speed.value = String(this.speed);
    this.els.speedOut.textContent = `${SPEEDS[this.speed]}/s`;
  }

  // Redraws the board and the texts; the tree at most ten times a second unless `all`.
  render(all) {
    const w = this.watch;
    const n = this.n;
    const code = w.step();
    const [kind, row, col, byRow, byCol] = code;
    const opts = {
      queens: Array.from(w.columns()),
      cells: w.attacked(),
      cellClass: ['', 'att'],
      marks: [],
    };
    if (kind === 1) opts.marks.push({ row, col, cls: 'placed' });
    if (kind === 3) opts.marks.push({ row, col, cls: 'lifted' });
    if (kind === 2) {
      opts.marks.push({ row, col, cls: 'tried' }, { row: byRow, col: byCol, cls: 'by' });
      opts.line = { from: [byRow, byCol], to: [row, col] };
    }
    drawBoard(this.els.board, n, opts);
    this.boardOpts = opts;
    if (this.codePanel) this.codePanel.showStep(code, opts.queens);
    this.renderStack();
    const pos = w.position();
    const len = w.length();
    const at = len >= 0 && pos >= len ? ' · the end' : '';
    this.els.status.textContent =
      `step ${pos.toLocaleString('en')}${len >= 0 ? ' of ' + len.toLocaleString('en') : ''} · ` +
      `${w.found()} solution${w.found() === 1 ? '' : 's'} found${at}`;
    const sentence = w.text() || 'Press ▶| or Play to start the search.';
    this.els.text.textContent = sentence;
    this.els.text.dataset.kind = String(kind);
    // Screen readers hear the sentence of a step taken one at a time, of a jump, or of the
    // step where playing stopped; never the steps of a running animation.
    if (all && !this.playing && this.els.say) this.els.say.textContent = sentence;
    // Each line's depth (two spaces a row) becomes its left padding, so that a line too long
    // for the panel wraps under its own start instead of being cut off.
    this.els.log.innerHTML = w
      .recent(10)
      .map((s) => {
        const text = s.trimStart();
        return `<li style="padding-left: ${s.length - text.length}ch">${escape(text)}</li>`;
      })
      .join('');
    this.els.log.scrollTop = this.els.log.scrollHeight;
    this.els.foundCount.textContent = this.found.length ? `(${this.found.length})` : '(none yet)';
    const shown = this.found.slice(-50);
    const first = this.found.length - shown.length;
    this.els.found.start = first + 1;
    this.els.found.innerHTML = shown.map((rows) => `<li>${escape(JSON.stringify(rows))}</li>`).join('');
    this.els.found.scrollTop = this.els.found.scrollHeight;
    if (this.cost) this.cost.render(this.placed, this.pruned);
    if (this.timeline) this.timeline.update();
    this.els.play.textContent = this.playing ? '▮▮ Pause' : '▶ Play';
    this.els.play.setAttribute('aria-label', this.playing ? 'pause' : 'play');
    const now = performance.now();
    if (this.treeVisible && (all || now - this.lastTree > 100)) {
      this.lastTree = now;
      this.renderTree();
    }
    if (all && this.onChange) this.onChange();
  }

  // The call stack in the language and method of the code beside the board.
  renderStack() {
    if (!this.stacks.length || !this.codePanel) return;
    const w = this.watch;
    const list = frames(this.codePanel.lang, this.codePanel.watchMethod, this.n, w.step(), w.columns());
    for (const s of this.stacks) s.show(list);
  }

  // A frame picked in the call stack: its row outlined on the board until the next step.
  showRow(row) {
    drawBoard(this.els.board, this.n, { ...this.boardOpts, rowOutline: row });
  }

  renderTree() {
    const t = this.tree;
    const wrap = this.els.treeWrap;
    const svg = this.els.treeSvg;
    // Drawing replaces the nodes: the keyboard's node gets the focus back if a node had it.
    const focused = svg.contains(document.activeElement) && document.activeElement !== svg;
    const x = t.render(svg, wrap.clientWidth);
    wrap.scrollLeft = Math.max(0, x - wrap.clientWidth / 2);
    if (focused) {
      const key = svg.querySelector('g.node[tabindex="0"]');
      if (key) key.focus();
    }
    const cap = t.full ? ` · the tree stops here (${(t.nodes + t.pruned).toLocaleString('en')} nodes kept); the search goes on in Watch` : '';
    this.els.treeStatus.textContent =
      `${t.nodes.toLocaleString('en')} queens placed · ${t.pruned.toLocaleString('en')} squares pruned · ${t.sols} solution${t.sols === 1 ? '' : 's'}${cap}`;
  }

  // A key pressed on a node of the tree: Enter or Space folds or unfolds it, the arrow keys go
  // to the previous or next node that folds. True when the key was used.
  treeKey(e) {
    const g = e.target.closest && e.target.closest('g.node');
    const node = g && this.tree.nodeById(Number(g.dataset.id));
    if (!node) return false;
    const moves = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };
    if (e.key === 'Enter' || e.key === ' ') {
      if (!node.children || !node.children.length) return false;
      this.tree.focusNode = node;
      this.tree.toggle(node);
    } else if (moves[e.key]) {
      this.tree.focusNode = node;
      this.tree.move(moves[e.key]);
    } else {
      return false;
    }
    this.renderTree();
    return true;
  }
}

export function escape(s) {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}
