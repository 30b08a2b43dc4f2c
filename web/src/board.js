// @ts-check
// Draws the interactive boards as SVG, in the colours of the library's own pictures (the
// gallery shows those pictures themselves). One unit of the viewBox is one square.

const CROWN =
  'M20 78 L12 36 L30 58 L32 26 L43 54 L50 20 L57 54 L68 26 L70 58 L88 36 L80 78 Z';

// A tint of `fill` crossed by thin diagonal lines, a quarter of a square apart: the squares a
// queen attacks, told by the lines as well as by the colour.
/**
 * @param {string} id
 * @param {string} fill
 */
function hatch(id, fill) {
  return (
    `<pattern id="${id}" width="0.25" height="0.25" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">` +
    `<rect width="0.25" height="0.25" fill="${fill}"/>` +
    '<line x1="0.125" y1="0" x2="0.125" y2="0.25" stroke="rgba(110, 25, 15, 0.6)" stroke-width="0.04"/></pattern>'
  );
}

// The queen symbols (a queen, and the hollow one of a completion shown in Puzzle) and the
// squares' patterns, defined once for every board of the page.
export function defineSymbols() {
  const holder = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  holder.setAttribute('width', '0');
  holder.setAttribute('height', '0');
  holder.setAttribute('aria-hidden', 'true');
  holder.style.position = 'absolute';
  holder.innerHTML =
    '<defs><symbol id="nq-queen" viewBox="0 0 100 100"><g fill="#1b1b1b" stroke="#fff" ' +
    'stroke-width="4" stroke-linejoin="round"><path d="' + CROWN + '"/>' +
    '<rect x="18" y="78" width="64" height="12" rx="3"/>' +
    '<circle cx="12" cy="34" r="6"/><circle cx="32" cy="24" r="6"/><circle cx="50" cy="16" r="6"/>' +
    '<circle cx="68" cy="24" r="6"/><circle cx="88" cy="34" r="6"/></g></symbol>' +
    '<symbol id="nq-ghost" viewBox="0 0 100 100"><g fill="#fff" fill-opacity="0.6" stroke="#1b1b1b" ' +
    'stroke-width="4" stroke-linejoin="round" stroke-dasharray="7 4"><path d="' + CROWN + '"/>' +
    '<rect x="18" y="78" width="64" height="12" rx="3"/></g></symbol>' +
    hatch('nq-attacked', 'rgba(192, 57, 43, 0.34)') +
    hatch('nq-hit', 'rgba(192, 57, 43, 0.55)') +
    hatch('nq-noway', 'rgba(192, 57, 43, 0.18)') +
    '<pattern id="nq-free" width="1" height="1" patternUnits="userSpaceOnUse">' +
    '<rect width="1" height="1" fill="rgba(30, 142, 62, 0.35)"/><circle cx="0.5" cy="0.5" r="0.09" fill="#187a33"/></pattern>' +
    '<pattern id="nq-squares" width="2" height="2" patternUnits="userSpaceOnUse">' +
    '<rect width="2" height="2" fill="#f0d9b5"/><rect x="1" width="1" height="1" fill="#b58863"/>' +
    '<rect y="1" width="1" height="1" fill="#b58863"/></pattern></defs>';
  document.body.prepend(holder);
}

// opts: queens (column of each row, from row 0), ghosts (queens drawn hollow), cells (n*n
// numbers, a class name per value in cellClass), marks ([{row, col, cls}]), line ({from:
// [row, col], to: [row, col]}), cursor ([row, col]), rowOutline (a row to draw round: the one a
// frame of the call stack was picked for).
/**
 * @typedef {object} BoardOptions
 * @property {number[]} [queens]
 * @property {number[]} [ghosts]
 * @property {ArrayLike<number>} [cells]
 * @property {string[]} [cellClass]
 * @property {{ row: number, col: number, cls: string }[]} [marks]
 * @property {{ from: [number, number], to: [number, number] }} [line]
 * @property {[number, number] | null} [cursor]
 * @property {number} [rowOutline]
 */
/**
 * @param {SVGSVGElement} svg
 * @param {number} n
 * @param {BoardOptions} [opts]
 */
export function drawBoard(svg, n, opts = {}) {
  const out = [`<rect width="${n}" height="${n}" fill="url(#nq-squares)"/>`];
  if (opts.cells && opts.cellClass) {
    for (let i = 0; i < n * n; i++) {
      const cls = opts.cellClass[opts.cells[i]];
      if (!cls) continue;
      const [x, y] = [i % n, Math.floor(i / n)];
      out.push(`<rect class="${cls}" x="${x}" y="${y}" width="1" height="1"/>`);
      if (cls === 'blocked') {
        out.push(`<path class="cross" d="M${x + 0.2} ${y + 0.2}L${x + 0.8} ${y + 0.8}M${x + 0.8} ${y + 0.2}L${x + 0.2} ${y + 0.8}"/>`);
      }
    }
  }
  for (const m of opts.marks || []) {
    out.push(`<rect class="${m.cls}" x="${m.col + 0.06}" y="${m.row + 0.06}" width="0.88" height="0.88"/>`);
  }
  (opts.ghosts || []).forEach((c, row) => {
    if (c < 0) return;
    out.push(`<use href="#nq-ghost" x="${c + 0.1}" y="${row + 0.1}" width="0.8" height="0.8"/>`);
  });
  (opts.queens || []).forEach((c, row) => {
    if (c >= 0) out.push(`<use href="#nq-queen" x="${c + 0.06}" y="${row + 0.06}" width="0.88" height="0.88"/>`);
  });
  if (opts.line) {
    const [a, b] = [opts.line.from, opts.line.to];
    out.push(`<line class="attack-line" x1="${a[1] + 0.5}" y1="${a[0] + 0.5}" x2="${b[1] + 0.5}" y2="${b[0] + 0.5}"/>`);
  }
  if (opts.cursor) {
    out.push(`<rect class="cursor" x="${opts.cursor[1] + 0.04}" y="${opts.cursor[0] + 0.04}" width="0.92" height="0.92"/>`);
  }
  if (opts.rowOutline !== undefined && Number.isInteger(opts.rowOutline) && opts.rowOutline >= 0 && opts.rowOutline < n) {
    out.push(`<rect class="row-outline" data-row="${opts.rowOutline}" x="0.05" y="${opts.rowOutline + 0.05}" width="${n - 0.1}" height="0.9"/>`);
  }
  out.push(`<rect width="${n}" height="${n}" fill="none" stroke="#5a4632" stroke-width="${Math.max(0.04, n / 300)}"/>`);
  svg.setAttribute('viewBox', `-0.05 -0.05 ${n + 0.1} ${n + 0.1}`);
  svg.innerHTML = out.join('');
  svg.dataset.n = String(n);
  svg.dataset.queens = (opts.queens || []).join(',');
}

// The square under a pointer event, or null.
/**
 * @param {SVGSVGElement} svg
 * @param {MouseEvent} event
 * @returns {[number, number] | null}
 */
export function squareAt(svg, event) {
  const n = Number(svg.dataset.n);
  const box = svg.getBoundingClientRect();
  const unit = box.width / (n + 0.1);
  const col = Math.floor((event.clientX - box.left) / unit - 0.05);
  const row = Math.floor((event.clientY - box.top) / unit - 0.05);
  return row >= 0 && row < n && col >= 0 && col < n ? [row, col] : null;
}

// A board as LeetCode 51 writes it: one string a row, "Q" for the queen and "." elsewhere.
/**
 * @param {number[]} columns
 * @returns {string[]}
 */
export function leetcodeRows(columns) {
  const n = columns.length;
  return columns.map((c) => '.'.repeat(c) + 'Q' + '.'.repeat(n - 1 - c));
}
