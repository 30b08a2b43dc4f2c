// Each method's program makes the steps Watch animates, and the code lights a line that program
// runs there. No browser: the library's bindings (the built WebAssembly, loaded in Node) give
// Watch's steps as the page asks for them, and code.js, the module the page draws the code with,
// says which line it lights and which values it shows. Here each of the three programs beside
// the board (the scan, the sets, the bit masks) is run on its own, line by line as its listing
// is tagged, and at every step of n = 4, 5 and 6, stepping over and stepping into, in each of
// the five languages: the step is the next thing that program does (the same kind, row and
// column: no step of another method's program), the lit line is one the program ran since the
// step before, and the values shown are the program's own at that moment.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { pathToFileURL } from 'node:url';

const WEB = path.resolve(import.meta.dirname, '..');
const PKG = path.join(WEB, 'dist', 'pkg');
const { initSync, Watch } = await import(pathToFileURL(path.join(PKG, 'nqueens_web.js')).href);
initSync({ module: fs.readFileSync(path.join(PKG, 'nqueens_web_bg.wasm')) });
const { stepPoint } = await import(pathToFileURL(path.join(WEB, 'src', 'code.js')).href);
const { listing } = await import(pathToFileURL(path.join(WEB, 'src', 'listings.js')).href);
const { LANGS, METHODS, bin } = await import('./program.mjs');

// The detail the page asks the bindings for (search.js): stepping over, or into every call.
const DETAIL = {
  naive: { coarse: 0, fine: 2 },
  sets: { coarse: 0, fine: 1 },
  bitmask: { coarse: 3, fine: 4 },
};

// ---- The programs, run here. Each emits its events (what a step of Watch stands for) with the
// tags of the lines it ran since the event before, and its variables at that moment.

// kind as the bindings encode it: 1 place, 2 conflict, 3 backtrack, 4 solution, 5 call,
// 6 check (safe is called), 7 safe returns true, 8 return.
function* scan(n, fine, ran, read = () => {}) {
  const placer = Array(n).fill(-1);
  const vars = (o) => ({ ...o, placer: placer.slice() });
  function* safe(row, col) {
    if (fine) yield { kind: 6, row, col, vars: vars({ row, col }) };
    // The column, then the diagonals, of each row above: the squares the count reads.
    for (let r = 0; r < row; r++) {
      const d = row - r;
      for (const c of [col, col - d, col + d]) {
        ran('check');
        if (c >= 0 && c < n) read(r, c);
        if (c >= 0 && c < n && placer[r] === c) {
          ran('hit');
          return { r, c, d };
        }
      }
    }
    ran('safe');
    if (fine) yield { kind: 7, row, col, vars: vars({ row, col }) };
    return null;
  }
  function* solve(row) {
    if (fine) yield { kind: 5, row, vars: vars({ row }) };
    if (row === n) {
      ran('solution');
      yield { kind: 4, vars: vars({ row }) };
      ran('done');
      if (fine) yield { kind: 8, row, vars: vars({ row }) };
      return;
    }
    for (let col = 0; col < n; col++) {
      ran('out');
      ran('try');
      const hit = yield* safe(row, col);
      if (hit) {
        if (fine) yield { kind: 2, row, col, vars: vars({ row, col, r: hit.r, c: hit.c, d: hit.d }) };
        ran('reject');
        if (!fine) yield { kind: 2, row, col, vars: vars({ row, col }) };
        continue;
      }
      placer[row] = col;
      ran('place');
      yield { kind: 1, row, col, vars: vars({ row, col }) };
      ran('call');
      yield* solve(row + 1);
      placer[row] = -1;
      ran('remove');
      yield { kind: 3, row, col, vars: vars({ row, col }) };
    }
    ran('out');
    if (fine) yield { kind: 8, row, vars: vars({ row }) };
  }
  ran('start');
  yield* solve(0);
}

function* sets(n, fine, ran) {
  const placer = Array(n).fill(-1);
  const [cols, diffs, sums] = [new Set(), new Set(), new Set()];
  const vars = (o) => ({ ...o, placer: placer.slice(), sets: [cols, diffs, sums].map((s) => [...s]) });
  function* solve(row) {
    if (fine) yield { kind: 5, row, vars: vars({ row }) };
    if (row === n) {
      ran('solution');
      yield { kind: 4, vars: vars({ row }) };
      ran('done');
      if (fine) yield { kind: 8, row, vars: vars({ row }) };
      return;
    }
    for (let col = 0; col < n; col++) {
      ran('out');
      // The condition stops at the first set that holds its key.
      const keys = [col, row - col, row + col];
      const held = [cols, diffs, sums].findIndex((s, i) => {
        ran(`set${i}`);
        return s.has(keys[i]);
      });
      if (held >= 0) {
        ran('reject');
        yield { kind: 2, row, col, vars: vars({ row, col, looked: held }) };
        continue;
      }
      placer[row] = col;
      cols.add(col);
      diffs.add(row - col);
      sums.add(row + col);
      ran('place');
      yield { kind: 1, row, col, vars: vars({ row, col }) };
      ran('call');
      yield* solve(row + 1);
      placer[row] = -1;
      cols.delete(col);
      diffs.delete(row - col);
      sums.delete(row + col);
      ran('remove');
      yield { kind: 3, row, col, vars: vars({ row, col }) };
    }
    ran('out');
    if (fine) yield { kind: 8, row, vars: vars({ row }) };
  }
  ran('start');
  yield* solve(0);
}

// The bit masks, as the listing writes them: free squares worked out at once, the lowest taken
// with x & -x, never an attacked square tried.
function* bitmask(n, fine, ran) {
  let found = 0;
  function* solve(row, cols, left, right) {
    const masks = { row, cols, left, right };
    if (fine) yield { kind: 5, row, vars: masks };
    if (row === n) {
      ran('solution');
      found++;
      yield { kind: 4, vars: { row } };
      ran('solution'); // return 1 returns
      if (fine) yield { kind: 8, row, vars: { ...masks, count: 1 } };
      return 1;
    }
    const full = (1 << n) - 1;
    let count = 0;
    let free = full & ~(cols | left | right);
    ran('free');
    while (free) {
      const bit = free & -free;
      ran('pick');
      const col = 31 - Math.clz32(bit);
      ran('place');
      yield { kind: 1, row, col, vars: { ...masks, free, bit } };
      ran('place'); // the same statement makes the call
      count += yield* solve(row + 1, cols | bit, ((left | bit) << 1) & full, (right | bit) >> 1);
      free ^= bit;
      ran('remove');
      yield { kind: 3, row, col, vars: { ...masks, free, bit } };
    }
    ran('out');
    if (fine) yield { kind: 8, row, vars: { ...masks, count } };
    return count;
  }
  ran('start');
  yield* solve(0, 0, 0, 0);
  return found;
}

const PROGRAMS = { naive: scan, sets, bitmask };

// ---- The values the program holds, as the page writes them in each language.

const placerText = (lang, placer) => {
  if (lang === 'rust') return `[${placer.filter((c) => c >= 0).join(', ')}]`;
  return lang === 'cpp' ? `{${placer.join(', ')}}` : `[${placer.join(', ')}]`;
};
const setText = (values, bold) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? `{${sorted.map((v) => (v === bold ? `<b>${v}</b>` : String(v))).join(', ')}}` : '{}';
};

// The values shown at a step of the program, by name: every name the page shows must be one
// of the program's, with the program's value.
function programValues(method, lang, n, e) {
  const v = e.vars;
  /** @type {Record<string, string>} */
  const out = {};
  if (v.row !== undefined) out.row = String(v.row);
  if (v.col !== undefined) out.col = String(v.col);
  if (method === 'bitmask') {
    for (const k of ['cols', 'left', 'right', 'free', 'bit']) if (v[k] !== undefined) out[k] = bin(v[k], n);
    if (v.count !== undefined) out.count = String(v.count);
    return out;
  }
  out.placer = placerText(lang, v.placer);
  if (v.r !== undefined) Object.assign(out, { r: String(v.r), c: String(v.c), 'd = row − r': String(v.d) });
  if (method === 'sets' && e.kind >= 1 && e.kind <= 3) {
    const keys = [v.col, v.row - v.col, v.row + v.col];
    ['cols', 'diffs', 'sums'].forEach((name, i) => (out[name] = setText(v.sets[i], v.looked === i ? keys[i] : undefined)));
  }
  return out;
}

// The step as the bindings encode it, from the program's event (the fields the page reads).
const fields = (code) => [code[0], code[0] === 4 || code[0] === 5 || code[0] === 8 ? -1 : code[1], code[0] >= 5 && code[0] !== 6 && code[0] !== 7 ? code[1] : code[2]];

for (const method of METHODS) {
  for (const mode of ['coarse', 'fine']) {
    test(`every step of n = 4 to 6 is the ${method} program's own, in ${mode} mode, with a line it runs lit and its values shown`, () => {
      for (const n of [4, 5, 6]) {
        // The program, run to its end, each event with the lines run since the one before.
        const events = [];
        let since = [];
        const program = PROGRAMS[method](n, mode === 'fine', (tag) => since.push(tag));
        for (const e of program) {
          events.push({ ...e, ran: since });
          since = [];
        }
        const w = Watch.with_detail(n, DETAIL[method][mode]);
        const codes = [];
        for (;;) {
          const code = w.forward(1, -1);
          if (code.length === 0) break;
          codes.push({ code: Int32Array.from(code), queens: Array.from(w.columns()) });
        }
        assert.equal(codes.length, events.length, `n = ${n}: Watch takes as many steps as the ${method} program makes events`);
        const listings = Object.fromEntries(LANGS.map((lang) => [lang, listing(lang, method, n)]));
        codes.forEach(({ code, queens }, i) => {
          const e = events[i];
          const where = `n = ${n}, ${method}, ${mode}, step ${i + 1}`;
          // The same event of the same program: its kind, row and column.
          const want = [e.kind, e.kind >= 4 ? -1 : e.row, e.kind >= 4 ? -1 : e.col];
          if (e.kind >= 5) want.splice(1, 2, e.row, e.kind === 5 || e.kind === 8 ? -1 : e.col);
          assert.deepEqual([code[0], code[1], code[2]], want, `${where}: the step is the program's next`);
          for (const lang of LANGS) {
            const p = stepPoint(method, lang, n, code, queens, mode === 'fine');
            assert.ok(e.ran.includes(p.tag), `${where}, ${lang}: lights «${p.tag}», a line the program did not run (it ran ${e.ran.join(', ')})`);
            assert.ok(listings[lang].at[p.tag]?.length, `${where}, ${lang}: the listing has no line «${p.tag}»`);
            const have = programValues(method, lang, n, e);
            for (const [name, value] of p.values) {
              assert.ok(name in have, `${where}, ${lang}: shows ${name}, which the program does not hold here`);
              assert.equal(value, have[name], `${where}, ${lang}: ${name}`);
            }
          }
        });
      }
    });
  }
}

// Stepping into the bit masks at n = 4, step 47 was the scan's conflict on row 3 col 3, which
// lit free = ... where the bit masks had just run free ^= bit; their own step 47 takes the
// queen of row 2 off, and lights free ^= bit, with free and bit as the program holds them.
test('?n=4&mode=fine&method=bitmask&step=47 is a step of the bit masks and lights a line they run', () => {
  const w = Watch.with_detail(4, 4);
  w.seek(47);
  const code = Int32Array.from(w.step());
  assert.notEqual(code[0], 2, 'no conflict: the bit masks never try an attacked square');
  const p = stepPoint('bitmask', 'python', 4, code, Array.from(w.columns()), true);
  assert.notEqual(p.tag, 'free');
  assert.equal(w.text(), 'backtrack row 2 col 3');
  assert.equal(p.tag, 'remove');
  assert.deepEqual(p.values.slice(-2), [['free', '0000'], ['bit', '1000']]);
});

// The scan's lane in Methods counts the squares its code reads. The page's own JavaScript
// listing of the scan is run, each read of placer[r] counted (placer[r] == c: is the queen of
// row r on the square (r, c)?), and so is the program run here, square by square: the lane's
// count is theirs, and its reads, in order, are the squares the program reads.
test('the scan lane counts the squares its code reads, one by one', async () => {
  const { Methods, op_len } = await import(pathToFileURL(path.join(PKG, 'nqueens_web.js')).href);
  for (const n of [4, 5, 6, 8]) {
    const source = listing('javascript', 'naive', n).source.replaceAll('placer[r]', '(reads.count++, placer[r])');
    const listed = { count: 0 };
    vm.runInNewContext(source, { reads: listed, console: { log() {} } });
    const reads = [];
    for (const _ of scan(n, false, () => {}, (r, c) => reads.push([r, c]))) {
      // The events go by; the squares read are what this counts.
    }
    assert.equal(listed.count, reads.length, `n = ${n}: the listing reads the squares the program here reads`);
    const m = new Methods(n);
    const lane = [];
    // Round by round (each method up to the next event), the scan's operations; a read is
    // [1, row, col, queen].
    while (m.round()) {
      const ops = Array.from(m.round_ops(0));
      for (let k = 0; k < ops.length; k += op_len()) if (ops[k] === 1) lane.push([ops[k + 1], ops[k + 2]]);
    }
    assert.equal(m.work(0), listed.count, `n = ${n}: the scan's count is the squares its code reads`);
    assert.deepEqual(lane, reads, `n = ${n}: the squares read, in order`);
    m.free();
  }
});
