// Solutions: the count for any n up to 17 in a Web Worker, with progress and a way to cancel;
// the gallery of every board and of every symmetry class for n up to 10, drawn with the
// library's own SVG; LeetCode 51's output.

import { solutions, classes, board_svg, leetcode } from './pkg/nqueens_web.js';

export const GALLERY_MAX = 10;
export const COUNT_MAX = 17;
const PAGE = 60;

export class Solutions {
  constructor(root) {
    this.root = root;
    this.$ = (id) => root.querySelector('#' + id);
    this.$('c-go').addEventListener('click', () => this.count());
    this.$('c-cancel').addEventListener('click', () => this.cancel());
    this.$('g-more').addEventListener('click', () => this.more());
    this.$('g-copy').addEventListener('click', () => this.copy());
    this.$('c-n').addEventListener('keydown', (e) => {
      if (e.key === 'Enter') this.count();
    });
  }

  open(n) {
    this.n = n;
    if (!this.worker) this.$('c-n').value = String(n);
    const gallery = this.$('g-all');
    const known = this.$('g-classes');
    gallery.innerHTML = '';
    known.innerHTML = '';
    this.$('g-more').hidden = true;
    if (n > GALLERY_MAX) {
      const note = `<p class="hint">The gallery shows the boards of n = 1 to ${GALLERY_MAX}.</p>`;
      gallery.innerHTML = note;
      known.innerHTML = note;
      this.$('g-all-count').textContent = '';
      this.$('g-classes-count').textContent = '';
      this.$('g-leetcode').value = '';
      return;
    }
    this.all = solutions(n, 1 << 20);
    this.shown = 0;
    const total = this.all.length / n;
    this.$('g-all-count').textContent = `(${total})`;
    this.more();
    const cls = classes(n);
    const figures = [];
    for (let k = 0; k < cls.length; k += n + 1) {
      const size = cls[k];
      const cols = cls.subarray(k + 1, k + 1 + n);
      figures.push(figure(cols, `a class of ${size} board${size === 1 ? '' : 's'}`));
    }
    this.$('g-classes-count').textContent = `(${figures.length})`;
    known.innerHTML = figures.join('') || '<p class="hint">none: no solution</p>';
    if (total === 0) gallery.innerHTML = '<p class="hint">none: no queen arrangement works</p>';
    this.$('g-leetcode').value = leetcode(n);
  }

  more() {
    const n = this.n;
    const total = this.all.length / n;
    const upto = Math.min(total, this.shown + (this.shown ? 3 * PAGE : PAGE));
    const figures = [];
    for (let i = this.shown; i < upto; i++) {
      const cols = this.all.subarray(i * n, (i + 1) * n);
      figures.push(figure(cols, `${i + 1}: ${Array.from(cols, (c) => c + 1).join(' ')}`));
    }
    this.$('g-all').insertAdjacentHTML('beforeend', figures.join(''));
    this.shown = upto;
    const more = this.$('g-more');
    more.hidden = upto >= total;
    more.textContent = `Show more (${total - upto} left)`;
  }

  async copy() {
    const area = this.$('g-leetcode');
    area.select();
    let ok = false;
    try {
      await navigator.clipboard.writeText(area.value);
      ok = true;
    } catch {
      ok = document.execCommand && document.execCommand('copy');
    }
    this.$('g-copied').textContent = ok ? 'copied' : 'selected: press Ctrl+C';
  }

  // Starts a count of the n in the box; a running one is cancelled first.
  count() {
    const n = Number(this.$('c-n').value);
    const result = this.$('c-result');
    if (!Number.isInteger(n) || n < 1 || n > COUNT_MAX) {
      result.textContent = `n must be a whole number from 1 to ${COUNT_MAX} here`;
      return;
    }
    this.cancel(true);
    const unique = this.$('c-unique').checked;
    const bar = this.$('c-progress');
    bar.value = 0;
    result.textContent = `counting Q(${n})…`;
    result.dataset.state = 'running';
    this.$('c-cancel').disabled = false;
    const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.worker = worker;
    worker.onmessage = (e) => {
      const m = e.data;
      if (m.type === 'progress') {
        bar.max = m.total;
        bar.value = m.done;
      } else if (m.type === 'done') {
        bar.max = 1;
        bar.value = 1;
        const u = m.unique ? ` · ${Number(m.unique).toLocaleString('en')} unique` : '';
        result.innerHTML =
          `Q(${m.n}) = <b data-total="${m.total}" data-unique="${m.unique}">${Number(m.total).toLocaleString('en')}</b>${u} ` +
          `<span class="hint">(method ${m.method}, ${(m.ms / 1000).toFixed(3)} s)</span>`;
        result.dataset.state = 'done';
        result.dataset.ms = String(m.ms);
        this.finish();
      } else {
        result.textContent = m.message;
        result.dataset.state = 'error';
        this.finish();
      }
    };
    worker.onerror = (e) => {
      result.textContent = `the counting worker failed: ${e.message}`;
      result.dataset.state = 'error';
      this.finish();
    };
    worker.postMessage({ n, unique });
  }

  finish() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
    this.$('c-cancel').disabled = true;
  }

  cancel(quiet) {
    if (!this.worker) return;
    this.finish();
    if (!quiet) {
      const result = this.$('c-result');
      result.textContent = 'cancelled';
      result.dataset.state = 'cancelled';
    }
  }
}

function figure(cols, caption) {
  const svg = board_svg(Uint32Array.from(cols), new Uint32Array(0));
  const src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg);
  return `<figure><img src="${src}" alt="board ${Array.from(cols, (c) => c + 1).join(' ')}"><figcaption>${caption}</figcaption></figure>`;
}
