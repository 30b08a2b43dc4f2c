// @ts-check
// Methods: the three textbook methods side by side on the same search, one operation at a
// time, each with its own state and its own count of work.

import { Methods } from './pkg/nqueens_web.js';
import { drawBoard } from './board.js';
import { Player } from './clock.js';
import { View } from './view.js';
import { escape } from './html.js';
import { operations } from './steps.js';
import { MethodsPractice } from './methods-practice.js';

/** @typedef {import('./code.js').CodeViews} CodeViews */
/** @typedef {import('./code.js').LaneState} LaneState */
/** @typedef {import('./board.js').BoardOptions} BoardOptions */

const SETS = ['columns', 'row − col', 'row + col'];
const LANES = ['Scan', 'Sets', 'Bit masks'];

export class MethodsView extends View {
  /**
   * @param {HTMLElement} root the view's panel (#view-methods)
   * @param {CodeViews} code the code panels, one in each lane among them
   * @param {() => void} onChange after each redraw that is not a frame of an animation (the
   *   link keeps the operation)
   */
  constructor(root, code, onChange) {
    super(root);
    this.onChange = onChange;
    /** @param {string} id */
    const $ = (id) => /** @type {HTMLElement} */ (root.querySelector('#' + id));
    this.codePanels = code; // the code of each lane, lit at each operation
    this.lanes = [0, 1, 2].map((i) => $(`lane-${i}`));
    this.n = 0;
    /** @type {Methods | null} the bindings' three methods, kept in step */
    this.methods = null;
    this.ended = false;
    this.say = $('m-say');
    // What following the search did (follow.js), shown until the methods move on.
    this.followLine = $('m-follow');
    /** @type {number} the operation at which the note was written */
    this.notedAt = -1;
    /** @type {number} the operation at which the methods last took the search's point, or
     * found it out of reach (follow.js); -1: never */
    this.syncedAt = -1;
    this.player = new Player(
      { button: $('m-play'), speed: /** @type {HTMLInputElement} */ ($('m-speed')), speedOut: $('m-speed-out') },
      {
        advance: (due) => {
          const m = this.stepper();
          for (let i = 0; i < due; i++) {
            if (!m.tick()) {
              this.ended = true;
              return false;
            }
          }
          return true;
        },
        canPlay: () => !this.ended,
        redraw: (all) => this.render(all),
      },
      4,
    );
    // The narrow screen's switch: one tap shows another lane; the step is the methods', so it
    // stays where it is.
    this.switches = /** @type {HTMLElement[]} */ (Array.from(root.querySelectorAll('.lane-switch [data-lane]')));
    for (const b of this.switches) b.addEventListener('click', () => this.showLane(Number(b.dataset.lane)));
    $('m-reset').addEventListener('click', () => this.reset());
    $('m-tick').addEventListener('click', () => this.tickOne());
    $('m-round').addEventListener('click', () => this.round());
    this.practice = new MethodsPractice(root, this);
    // In practice the question moves the methods on: no key does.
    /** @type {Record<string, () => unknown>} */
    const keys = {
      ...this.player.keys,
      ArrowRight: () => this.tickOne(),
      n: () => this.round(),
      Enter: () => this.round(),
      Home: () => this.reset(),
    };
    this.keys = Object.fromEntries(Object.entries(keys).map(([k, act]) => [k, () => (this.practice.active ? false : act())]));
  }

  // The bindings' methods, once a board is open.
  stepper() {
    if (!this.methods) throw new Error('the methods have no board yet');
    return this.methods;
  }

  /** @param {number} i */
  showLane(i) {
    this.lanes.forEach((lane, k) => lane.classList.toggle('current', k === i));
    this.switches.forEach((b, k) => b.setAttribute('aria-selected', String(k === i)));
  }

  /** @param {number} n */
  open(n) {
    if (this.methods) this.methods.free();
    this.n = n;
    this.methods = new Methods(n);
    this.ended = false;
    this.pause();
    this.render();
    this.practice.changed();
  }

  // Playing stops when another view shows; practice belongs to this view.
  hide() {
    this.practice.leave(false);
    super.hide();
    this.pause();
  }

  // The link's step=K: K operations; what the page says when the methods end before.
  /** @param {number} step */
  goTo(step) {
    if (this.advance(step) >= step) return '';
    const n = this.n;
    return `step=${step} is past the end of the methods on ${n}×${n} (${this.stepper().position().toLocaleString('en')} operations): showing their end`;
  }

  // The methods after the search's first `events` events, from the start (follow.js).
  /** @param {number} events */
  follow(events) {
    this.open(this.n);
    const m = this.stepper();
    m.rounds(events);
    if ([0, 1, 2].every((i) => m.done(i))) this.end();
    this.render(true);
  }

  // The note of what following the search did; '' hides it. It shows until the methods move.
  /** @param {string} text */
  note(text) {
    this.followLine.textContent = text;
    this.followLine.hidden = !text;
    this.notedAt = this.stepper().position();
  }

  tick() {
    if (!this.stepper().tick()) this.end();
    this.render(true);
  }

  // One operation, from the button or the key: playing stops first.
  tickOne() {
    this.pause();
    this.tick();
  }

  // Takes up to `k` ticks at once (a link's step=K), stopping at the end; the ticks taken.
  /** @param {number} k */
  advance(k) {
    const m = this.stepper();
    const start = m.position();
    for (let i = 0; i < k; i++) {
      if (!m.tick()) {
        this.end();
        break;
      }
    }
    this.render();
    return m.position() - start;
  }

  round() {
    this.pause();
    if (!this.stepper().round()) this.end();
    this.render(true);
  }

  end() {
    this.ended = true;
    this.player.stop();
  }

  reset() {
    this.open(this.n);
  }

  pause() {
    this.player.pause();
  }

  // Redraws the lanes; `say`: the operations just taken go to screen readers too (a single
  // operation, a jump to the next event, the end of playing), never each frame of an animation.
  render(say = false) {
    if (!this.methods) return;
    const c = this.methods;
    const n = this.n;
    /** @type {string[]} */
    const said = [];
    this.player.showButton();
    this.root.dataset.step = String(c.position());
    if (c.position() !== this.notedAt) this.followLine.hidden = true;
    this.lanes.forEach((lane, i) => {
      const list = operations(c.round_ops(i)).map((op) => Array.from(op));
      const waiting = c.waiting(i) && list.length > 0;
      lane.classList.toggle('waiting', waiting);
      /** @type {HTMLElement} */ (lane.querySelector('.badge')).textContent = c.done(i) ? 'finished' : waiting ? 'waits for the others' : '';
      /** @type {HTMLElement} */ (lane.querySelector('.work')).textContent = c.work(i).toLocaleString('en');
      lane.dataset.work = String(c.work(i));
      /** @type {HTMLElement} */ (lane.querySelector('.ops')).innerHTML = list.map((op) => `<li>${escape(describe(op, n))}</li>`).join('');
      const badge = /** @type {HTMLElement} */ (lane.querySelector('.badge')).textContent;
      const last = list.length ? [describe(list[list.length - 1], n)] : [];
      if (last.length || badge) said.push(`${LANES[i]}: ${last.concat(badge ? [badge] : []).join(', ')}`);
      const opsList = /** @type {HTMLElement} */ (lane.querySelector('.ops'));
      opsList.scrollTop = opsList.scrollHeight;
      /** @type {BoardOptions & { queens: number[], marks: NonNullable<BoardOptions['marks']> }} */
      const opts = { queens: Array.from(c.columns(i)), marks: [] };
      const trying = c.trying(i);
      if (i === 0) {
        for (const [kind, row, col, queen] of list) {
          if (kind === 1) opts.marks.push({ row, col, cls: queen ? 'read-hit' : 'read' });
        }
      }
      if (trying.length) opts.marks.push({ row: trying[0], col: trying[1], cls: 'tried' });
      if (i === 1) this.sets(lane, list);
      if (i === 2) {
        const m = c.masks();
        if (m.length) {
          for (let col = 0; col < n; col++) {
            if ((m[4] >> col) & 1) opts.marks.push({ row: m[0], col, cls: 'free' });
          }
        }
        this.masks(lane, m, list);
      }
      drawBoard(/** @type {SVGSVGElement} */ (lane.querySelector('svg')), n, opts);
      const sw = this.switches[i];
      if (sw) {
        /** @type {HTMLElement} */ (sw.querySelector('.sw-work')).textContent = c.work(i).toLocaleString('en');
        /** @type {HTMLElement} */ (sw.querySelector('.sw-badge')).textContent = /** @type {HTMLElement} */ (lane.querySelector('.badge')).textContent;
        sw.classList.toggle('waiting', waiting);
        drawBoard(/** @type {SVGSVGElement} */ (sw.querySelector('svg')), n, { queens: opts.queens, marks: trying.length ? [{ row: trying[0], col: trying[1], cls: 'tried' }] : [] });
      }
      if (this.codePanels) {
        /** @type {LaneState} */
        const state = { queens: opts.queens, trying: Array.from(trying), done: c.done(i) };
        if (i === 1) state.sets = [0, 1, 2].map((s) => Array.from(c.set(s)));
        if (i === 2) state.masks = Array.from(c.masks());
        this.codePanels.showOp(i, list[list.length - 1], state);
      }
    });
    if (say && !this.player.playing) this.say.textContent = said.join('. ');
    if (say) this.onChange();
  }

  /** @param {URLSearchParams} params */
  link(params) {
    const at = this.methods ? this.methods.position() : 0;
    if (at > 0) params.set('step', String(at));
  }

  /**
   * @param {HTMLElement} lane
   * @param {number[][]} list the operations of this round, decoded one array each
   */
  sets(lane, list) {
    const look = list.filter((op) => op[0] === 2).pop();
    for (let s = 0; s < 3; s++) {
      const values = Array.from(this.stepper().set(s));
      const chips = values.map((v) => {
        const hit = look && look[1] === s && look[2] === v;
        return hit ? `<span class="chip hit" title="looked up, there">${v}</span>` : `<span class="chip">${v}</span>`;
      });
      if (look && look[1] === s && !look[3]) chips.push(`<span class="chip miss" title="looked up, not there">${look[2]}?</span>`);
      /** @type {HTMLElement} */ (lane.querySelector(`.set-${s}`)).innerHTML = chips.join('') || '∅';
    }
  }

  /**
   * @param {HTMLElement} lane
   * @param {Uint32Array} m the masks: row, cols, left, right, untried (empty when none)
   * @param {number[][]} list the operations of this round, decoded one array each
   */
  masks(lane, m, list) {
    const n = this.n;
    /** @param {number} v */
    const bits = (v) =>
      Array.from({ length: n }, (_, k) => {
        const b = (v >> (n - 1 - k)) & 1;
        return b ? '<span class="one">1</span>' : '0';
      }).join('');
    const pick = list.filter((op) => op[0] === 4).pop();
    // `free` as the program holds it, the value the code's values show: the library takes a
    // picked bit out of the untried squares at once, the program only after the call on it
    // returns (`free ^= bit`), so at a pick or a queen placed the bit is still in `free`.
    const last = list[list.length - 1];
    let free = m.length ? m[4] : 0;
    if (m.length && last && last[1] === m[0]) {
      if (last[0] === 4) free |= last[2];
      else if (last[0] === 6) free |= 1 << last[2];
    }
    /** @type {string[]} */
    const rows = [];
    if (m.length) {
      rows.push(`<tr><th>row</th><td>${m[0]}</td></tr>`);
      rows.push(`<tr><th>cols</th><td>${bits(m[1])}</td></tr>`);
      rows.push(`<tr><th>left ↘</th><td>${bits(m[2])}</td></tr>`);
      rows.push(`<tr><th>right ↙</th><td>${bits(m[3])}</td></tr>`);
      rows.push(`<tr><th>free</th><td>${bits(free)}</td></tr>`);
    }
    if (pick) rows.push(`<tr class="pick"><th>x &amp; −x</th><td>${bits(pick[2])}</td></tr>`);
    rows.push('<tr><th><span class="visually-hidden">note</span></th><td class="note">bit k is column k: column 0 is the rightmost bit</td></tr>');
    /** @type {HTMLElement} */ (lane.querySelector('.masks tbody')).innerHTML = rows.join('');
  }
}

// One operation in words; rows and columns from 0, as in the code.
/**
 * @param {number[]} op
 * @param {number} n
 */
function describe(op, n) {
  const [kind, a, b, c] = op;
  /** @param {number} v */
  const bin = (v) => '0b' + v.toString(2).padStart(n, '0');
  switch (kind) {
    case 1:
      return `read row ${a} col ${b}: ${c ? 'a queen — attacked' : 'empty'}`;
    case 2:
      return `${b} in ${SETS[a]}? ${c ? 'yes — attacked' : 'no'}`;
    case 3:
      return `free(row ${a}) = ${bin(b)}`;
    case 4:
      return `x & −x = ${bin(b)}: column ${31 - Math.clz32(b)}`;
    case 5:
      return `row ${a} col ${b} is attacked: next column`;
    case 6:
      return `place row ${a} col ${b}`;
    case 7:
      return `backtrack: lift row ${a} col ${b}`;
    case 8:
      return `solution ${a}`;
    default:
      return '';
  }
}
