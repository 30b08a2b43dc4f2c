// The code beside the board, in a real browser (headless Chromium): the listings are programs
// that run and count Q(n) (Python, Java and JavaScript for n = 1..8, C++ and Rust at n = 8); at
// every step of the library's trace (Watch) and every operation of the three methods (Methods)
// the lit line is the one a learner should see for it, in each language, forward and back;
// links open the language they name; and the views with the code fit 360 and 390 px screens
// with no console error. Screenshots go to NQUEENS_WEB_SHOTS, as in page.test.mjs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST, open } from './browser.mjs';
import { useBrowser, noProblems, traceSteps, eachListing } from './session.mjs';
import { LANGS, METHODS } from './program.mjs';

const SHOTS =
  process.env.NQUEENS_WEB_SHOTS || fs.mkdtempSync(path.join(os.tmpdir(), 'nqueens-web-shots-'));

// OEIS A000170, n = 1..8.
const A000170 = [1, 0, 0, 2, 10, 4, 40, 92];

// The line or lines a learner should see lit, by language, method and what the program does:
// written out here, not taken from the page. `$N` is the board size.
const WANT = {
  python: {
    naive: {
      start: ['solve(0)'],
      check: ['if 0 <= c < n and placer[r] == c:'],
      conflict: ['return False'],
      reject: ['continue'],
      place: ['placer[row] = col'],
      backtrack: ['placer[row] = -1'],
      solution: ['solutions.append(placer[:])'],
    },
    sets: {
      start: ['solve(0)'],
      set0: ['if (col in cols'],
      set1: ['or row - col in diffs'],
      set2: ['or row + col in sums):'],
      reject: ['continue'],
      place: ['placer[row] = col', 'cols.add(col)', 'diffs.add(row - col)', 'sums.add(row + col)'],
      backtrack: ['placer[row] = -1', 'cols.remove(col)', 'diffs.remove(row - col)', 'sums.remove(row + col)'],
      solution: ['solutions.append(placer[:])'],
    },
    bitmask: {
      start: ['print(solve($N))'],
      free: ['free = full & ~(cols | left | right)'],
      pick: ['bit = free & -free'],
      place: ['count += solve(n, row + 1, cols | bit,', '((left | bit) << 1) & full,', '(right | bit) >> 1)'],
      backtrack: ['free ^= bit'],
      solution: ['return 1'],
    },
  },
  java: {
    naive: {
      start: ['solve(0);'],
      check: ['if (c >= 0 && c < n && placer[r] == c)'],
      conflict: ['return false;'],
      reject: ['continue;'],
      place: ['placer[row] = col;'],
      backtrack: ['placer[row] = -1;'],
      solution: ['solutions.add(placer.clone());'],
    },
    sets: {
      start: ['solve(0);'],
      set0: ['if (cols.contains(col)'],
      set1: ['|| diffs.contains(row - col)'],
      set2: ['|| sums.contains(row + col))'],
      reject: ['continue;'],
      place: ['placer[row] = col;', 'cols.add(col);', 'diffs.add(row - col);', 'sums.add(row + col);'],
      backtrack: ['placer[row] = -1;', 'cols.remove(col);', 'diffs.remove(row - col);', 'sums.remove(row + col);'],
      solution: ['solutions.add(placer.clone());'],
    },
    bitmask: {
      start: ['System.out.println(solve($N, 0, 0, 0, 0));'],
      free: ['int free = full & ~(cols | left | right);'],
      pick: ['int bit = free & -free;'],
      place: ['count += solve(n, row + 1, cols | bit,', '((left | bit) << 1) & full,', '(right | bit) >> 1);'],
      backtrack: ['free ^= bit;'],
      solution: ['return 1;'],
    },
  },
  cpp: {
    naive: {
      start: ['solve(0);'],
      check: ['if (c >= 0 && c < n && placer[r] == c)'],
      conflict: ['return false;'],
      reject: ['continue;'],
      place: ['placer[row] = col;'],
      backtrack: ['placer[row] = -1;'],
      solution: ['solutions.push_back(placer);'],
    },
    sets: {
      start: ['solve(0);'],
      set0: ['if (cols.count(col)'],
      set1: ['|| diffs.count(row - col)'],
      set2: ['|| sums.count(row + col))'],
      reject: ['continue;'],
      place: ['placer[row] = col;', 'cols.insert(col);', 'diffs.insert(row - col);', 'sums.insert(row + col);'],
      backtrack: ['placer[row] = -1;', 'cols.erase(col);', 'diffs.erase(row - col);', 'sums.erase(row + col);'],
      solution: ['solutions.push_back(placer);'],
    },
    bitmask: {
      start: ['printf("%d\\n", solve($N, 0, 0, 0, 0));'],
      free: ['int free = full & ~(cols | left | right);'],
      pick: ['int bit = free & -free;'],
      place: ['count += solve(n, row + 1, cols | bit,', '((left | bit) << 1) & full,', '(right | bit) >> 1);'],
      backtrack: ['free ^= bit;'],
      solution: ['return 1;'],
    },
  },
  javascript: {
    naive: {
      start: ['solve(0);'],
      check: ['if (c >= 0 && c < n && placer[r] === c)'],
      conflict: ['return false;'],
      reject: ['continue;'],
      place: ['placer[row] = col;'],
      backtrack: ['placer[row] = -1;'],
      solution: ['solutions.push([...placer]);'],
    },
    sets: {
      start: ['solve(0);'],
      set0: ['if (cols.has(col)'],
      set1: ['|| diffs.has(row - col)'],
      set2: ['|| sums.has(row + col))'],
      reject: ['continue;'],
      place: ['placer[row] = col;', 'cols.add(col);', 'diffs.add(row - col);', 'sums.add(row + col);'],
      backtrack: ['placer[row] = -1;', 'cols.delete(col);', 'diffs.delete(row - col);', 'sums.delete(row + col);'],
      solution: ['solutions.push([...placer]);'],
    },
    bitmask: {
      start: ['console.log(solve($N));'],
      free: ['let free = full & ~(cols | left | right);'],
      pick: ['const bit = free & -free;'],
      place: ['count += solve(n, row + 1, cols | bit,', '((left | bit) << 1) & full,', '(right | bit) >> 1);'],
      backtrack: ['free ^= bit;'],
      solution: ['return 1;'],
    },
  },
  rust: {
    naive: {
      start: ['solve($N, 0, &mut placer, &mut solutions);'],
      check: ['if c < n && placer[r] == c {'],
      conflict: ['return false;'],
      reject: ['continue;'],
      place: ['placer.push(col);'],
      backtrack: ['placer.pop();'],
      solution: ['solutions.push(placer.clone());'],
    },
    sets: {
      start: ['solve($N, 0, &mut b, &mut solutions);'],
      set0: ['if b.cols.contains(&col)'],
      set1: ['|| b.diffs.contains(&(row - col))'],
      set2: ['|| b.sums.contains(&(row + col))'],
      reject: ['continue;'],
      place: ['b.placer.push(col);', 'b.cols.insert(col);', 'b.diffs.insert(row - col);', 'b.sums.insert(row + col);'],
      backtrack: ['b.placer.pop();', 'b.cols.remove(&col);', 'b.diffs.remove(&(row - col));', 'b.sums.remove(&(row + col));'],
      solution: ['solutions.push(b.placer.clone());'],
    },
    bitmask: {
      start: ['println!("{}", solve($N, 0, 0, 0, 0));'],
      free: ['let mut free = full & !(cols | left | right);'],
      pick: ['let bit = free & free.wrapping_neg();'],
      place: ['count += solve(n, row + 1, cols | bit,', '((left | bit) << 1) & full,', '(right | bit) >> 1);'],
      backtrack: ['free ^= bit;'],
      solution: ['return 1;'],
    },
  },
};

const want = (lang, method, what, n) => WANT[lang][method][what].map((l) => l.replaceAll('$N', String(n))).join('\n');

const live = useBrowser(SHOTS);

const page = (query, width, height) => open(live.chromium.browser, live.server.url + query, width, height);

const text = (p, sel) => p.$eval(sel, (e) => e.textContent);


// The library's trace of the n×n search, as `nqueens trace --json` writes it.
const trace = traceSteps;

// What the program does at each step of the trace: the step's kind, except that a conflict is
// found by the sets in the first of their three sets that holds the square's key.
function whatAt(steps, method) {
  const queens = [];
  return steps.map((s) => {
    if (s.step === 'place') queens.push(s.col);
    if (s.step === 'backtrack') queens.pop();
    if (s.step !== 'conflict') return s.step;
    // Stepping over, the scan's safe has answered: its caller's `continue` runs.
    if (method === 'naive') return 'reject';
    const keys = [s.col, s.row - s.col, s.row + s.col];
    const sets = [queens, queens.map((c, r) => r - c), queens.map((c, r) => r + c)];
    return `set${[0, 1, 2].find((i) => sets[i].includes(keys[i]))}`;
  });
}

// In the page: the lit lines of each code panel, trimmed, one string per panel.
const LIT_TEXT = () =>
  [...document.querySelectorAll('.code-panel')].map((p) =>
    [...p.querySelectorAll('.ln.lit')].map((l) => l.textContent.trim()).join('\n'),
  );

test('the listings are programs that run and count Q(n)', async (t) => {
  const { listing } = await import(pathToFileURL(path.join(DIST, 'listings.js')));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nqueens-code-'));
  const EXT = { python: 'py', java: 'java', cpp: 'cpp', javascript: 'js', rust: 'rs' };
  const run = (lang, method, n) => {
    const src = listing(lang, method, n).source;
    const file = path.join(dir, `${method}_${n}.${EXT[lang]}`);
    fs.writeFileSync(file, src);
    if (lang === 'python') return execFileSync('python3', [file], { encoding: 'utf8' }).trim();
    if (lang === 'javascript') return execFileSync(process.execPath, [file], { encoding: 'utf8' }).trim();
    if (lang === 'java') {
      // Compiled with every warning as an error, into a folder of its own (each listing's
      // class is NQueens), then run.
      const out = `${file}.classes`;
      execFileSync('javac', ['-Xlint:all', '-Werror', '-d', out, file], { stdio: 'pipe' });
      return execFileSync('java', ['-cp', out, 'NQueens'], { encoding: 'utf8' }).trim();
    }
    const bin = file + '.bin';
    if (lang === 'cpp') execFileSync('g++', ['-Wall', '-Werror', '-o', bin, file], { stdio: 'pipe' });
    else execFileSync('rustc', ['-D', 'warnings', '-o', bin, file], { stdio: 'pipe' });
    return execFileSync(bin, { encoding: 'utf8' }).trim();
  };
  try {
    // Python, JavaScript and Java for n = 1..8; C++ and Rust, slower to build, at n = 8.
    for (const lang of ['python', 'javascript', 'java']) {
      for (const method of METHODS) {
        for (let n = 1; n <= 8; n++) assert.equal(run(lang, method, n), String(A000170[n - 1]), `${lang} ${method} n = ${n}`);
      }
    }
    for (const [lang, compiler] of [['cpp', 'g++'], ['rust', 'rustc']]) {
      try {
        execFileSync(compiler, ['--version'], { stdio: 'pipe' });
      } catch {
        t.diagnostic(`${compiler} not found: the ${lang} listings were not run`);
        continue;
      }
      for (const method of METHODS) assert.equal(run(lang, method, 8), '92', `${lang} ${method}`);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('Watch: the lit line follows every step of the trace, forward and back', async () => {
  const n = 5;
  await eachListing(page, n, async (p, lang, method) => {
    // The bit masks' own program never tries an attacked square: no conflict is a step of theirs.
    const steps = trace(n).filter((s) => method !== 'bitmask' || s.step !== 'conflict');
    assert.equal(await p.$eval('#w-code', (e) => e.dataset.method), method);
    assert.equal(await p.$eval('#w-code', (e) => e.dataset.lang), lang);
    // Every step, clicked in the page, with the trace text the page shows beside it.
    const seen = await p.evaluate((count) => {
      const lit = () => [...document.querySelectorAll('#w-code .ln.lit')].map((l) => l.textContent.trim()).join('\n');
      const out = [[document.getElementById('w-text').dataset.kind, lit()]];
      for (let i = 0; i < count; i++) {
        document.getElementById('w-step').click();
        out.push([document.getElementById('w-text').textContent, lit()]);
      }
      return out;
    }, steps.length);
    assert.equal(seen.length, steps.length + 1);
    assert.equal(seen[0][1], want(lang, method, 'start', n), `${lang} ${method}: the start`);
    const what = whatAt(steps, method);
    for (let k = 0; k < steps.length; k++) {
      const s = steps[k];
      const kind = s.step === 'solution' ? 'solution' : `${s.step} row ${s.row} col ${s.col}`;
      assert.ok(seen[k + 1][0].startsWith(kind), `step ${k + 1}: the page shows ${seen[k + 1][0]}, the trace ${kind}`);
      assert.equal(seen[k + 1][1], want(lang, method, what[k], n), `${lang} ${method}, step ${k + 1}: ${seen[k + 1][0]}`);
    }
    // Back to the start, one step at a time: the lit line of each step again.
    const back = await p.evaluate((count) => {
      const lit = () => [...document.querySelectorAll('#w-code .ln.lit')].map((l) => l.textContent.trim()).join('\n');
      const out = [];
      for (let i = 0; i < count; i++) {
        document.getElementById('w-back').click();
        out.push(lit());
      }
      return out.reverse();
    }, steps.length);
    assert.deepEqual(back, seen.slice(0, -1).map(([, l]) => l), `${lang} ${method}: stepping back`);

  });
});

test('Watch: the values beside the code are the program\'s at that step', async () => {
  // 4×4, step 4: place row 1 col 2 under the queen of row 0 col 0.
  const p = await page('?n=4&step=4');
  const values = () =>
    p.$$eval('#w-code .code-values div', (ds) => Object.fromEntries(ds.map((d) => [d.querySelector('dt').textContent, d.querySelector('dd').textContent])));
  assert.deepEqual(await values(), { row: '1', col: '2', placer: '[0, 2, -1, -1]' });
  await p.click('#w-code-lang button[data-key="cpp"]');
  assert.equal((await values()).placer, '{0, 2, -1, -1}');
  for (const lang of ['java', 'javascript']) {
    await p.click(`#w-code-lang button[data-key="${lang}"]`);
    assert.equal((await values()).placer, '[0, 2, -1, -1]', lang);
  }
  await p.click('#w-code-lang button[data-key="rust"]');
  assert.equal((await values()).placer, '[0, 2]');
  await p.click('#w-code-method button[data-key="sets"]');
  assert.deepEqual(await values(), { row: '1', col: '2', placer: '[0, 2]', cols: '{0, 2}', diffs: '{-1, 0}', sums: '{0, 3}' });
  // The masks row 1 gets from the queen at column 0: bit 0 in cols, bit 1 in left (↘).
  await p.click('#w-code-method button[data-key="bitmask"]');
  assert.deepEqual(await values(), { row: '1', cols: '0001', left: '0010', right: '0000', free: '1100', bit: '0100' });
  // Step 5: the conflict of row 2 col 0 with the queen of row 0 col 0 (the scan names it).
  // Stepping over, safe has returned: the values are solve's, safe's locals are gone.
  await p.click('#w-code-method button[data-key="naive"]');
  await p.click('#w-step');
  assert.deepEqual(await values(), { row: '2', col: '0', placer: '[0, 2]' });
  assert.match(await text(p, '#w-code .code-note'), /the queen of row 0 attacks row 2 col 0/);
  noProblems(p);
  await p.close();
});

test('Watch names every square one way: the step, the log and the code, from 0; no log line is cut', async () => {
  for (const width of [1280, 360]) {
    const p = await page('?n=8&view=watch&step=40&code=python', width, 900);
    // Step 40 of 8×8: the square (3, 3) is attacked by the queen of (0, 0) along a diagonal.
    const said = await text(p, '#w-text');
    assert.equal(said, 'conflict row 3 col 3: attacked by row 0 col 0 (diagonal \\)');
    const values = await p.$$eval('#w-code .code-values div', (ds) =>
      Object.fromEntries(ds.map((d) => [d.querySelector('dt').textContent, d.querySelector('dd').textContent])),
    );
    assert.deepEqual([values.row, values.col, values.r], ['3', '3', undefined]);
    assert.match(await text(p, '#w-code .code-note'), /the queen of row 0 attacks row 3 col 3/);
    const log = await p.$$eval('#w-log li', (li) =>
      li.map((l) => ({ text: l.textContent, cut: l.scrollWidth > l.clientWidth + 1, right: l.getBoundingClientRect().right })),
    );
    assert.equal(log[log.length - 1].text, said);
    const box = await p.$eval('#w-log', (e) => e.getBoundingClientRect().right);
    for (const line of log) {
      assert.ok(!line.cut && line.right <= box + 1, `${width} px: the log line "${line.text}" is cut off`);
    }
    noProblems(p);
    await p.close();
  }
});

test('Methods: the lit line of each lane is its last operation, in every language', async () => {
  for (const [lang, n] of [['python', 5], ['java', 4], ['cpp', 4], ['javascript', 4], ['rust', 4]]) {
    const p = await page(`?n=${n}&view=methods&code=${lang}`);
    // The page's panels after each click of "One operation", beside the operations the library
    // hands out for the same ticks.
    const { lit, ops } = await p.evaluate(async (LIT) => {
      const m = await import('./pkg/nqueens_web.js');
      await m.default();
      const c = new m.Methods(Number(new URLSearchParams(location.search).get('n')));
      const litNow = new Function(`return (${LIT})()`);
      const lit = [litNow()];
      const ops = [[null, null, null]];
      while (c.tick()) {
        document.getElementById('m-tick').click();
        lit.push(litNow());
        ops.push([0, 1, 2].map((i) => {
          const r = c.round_ops(i);
          return r.length ? Array.from(r.slice(-4)) : null;
        }));
      }
      c.free();
      return { lit, ops };
    }, LIT_TEXT.toString());
    // Every operation of the whole search, one tick at a time (the scan's reads make most).
    assert.ok(ops.length > { 4: 150, 5: 600 }[n], `${ops.length} ticks`);
    const NAMES = [null, 'check', null, 'free', 'pick', 'reject', 'place', 'backtrack', 'solution'];
    let [picks, places] = [0, 0];
    for (let k = 0; k < ops.length; k++) {
      METHODS.forEach((method, i) => {
        const op = ops[k][i];
        const what = !op ? 'start' : op[0] === 2 ? `set${op[1]}` : NAMES[op[0]];
        // The panels: Watch's first, then the three lanes.
        assert.equal(lit[k][i + 1], want(lang, method, what, n), `${lang} ${method}, tick ${k}: op ${op}`);
        // A lane that has reached the round's event shows it until the others have too.
        const fresh = op && String(op) !== String(ops[k - 1][i]);
        if (i === 2 && fresh && op[0] === 4) picks++;
        if (i === 2 && fresh && op[0] === 6) places++;
      });
    }
    // The bit masks pick a bit for each queen they place.
    assert.ok(places > 0);
    assert.equal(picks, places);
    noProblems(p);
    await p.close();
  }
});

test('Methods: x & -x is shown as it picks the lowest bit of free', async () => {
  const p = await page('?n=6&view=methods');
  // The bit-mask lane's values after each of the first 600 operations, where it picks.
  const picks = await p.evaluate(() => {
    const out = [];
    const panel = document.querySelector('#lane-2 .lane-code');
    for (let i = 0; i < 600; i++) {
      document.getElementById('m-tick').click();
      if (panel.dataset.tag !== 'pick') continue;
      const dds = [...panel.querySelectorAll('.code-values div')];
      out.push(Object.fromEntries(dds.map((d) => [d.querySelector('dt').textContent, d.querySelector('dd').textContent])));
    }
    return out;
  });
  assert.ok(picks.length > 20, `${picks.length} picks`);
  for (const v of picks) {
    const free = parseInt(v.free, 2);
    assert.equal(v.free.length, 6);
    assert.ok(free > 0);
    assert.equal(parseInt(v.bit, 2), free & -free, `free ${v.free}, bit ${v.bit}`);
  }
  noProblems(p);
  await p.close();
});

test('a link opens the code in its language, and the page keeps the choice in its link', async () => {
  const first = (p, sel) => p.$eval(`${sel} .ln`, (l) => l.textContent);
  let p = await page('?n=6&code=cpp');
  assert.equal(await p.$eval('#w-code-lang [aria-pressed="true"]', (b) => b.dataset.key), 'cpp');
  assert.equal(await first(p, '#w-code'), '#include <cstdio>');
  assert.match(new URL(p.url()).search, /code=cpp/);
  // Chosen in Methods, the language is Watch's too, and the link's.
  await p.click('#tab-methods');
  assert.equal(await p.$eval('#m-code-lang [aria-pressed="true"]', (b) => b.dataset.key), 'cpp');
  await p.click('#m-code-lang button[data-key="rust"]');
  assert.match(new URL(p.url()).search, /code=rust/);
  // Watch's, each lane's and the lesson's.
  assert.deepEqual(await p.$$eval('.code-panel', (ps) => ps.map((e) => e.dataset.lang)), ['rust', 'rust', 'rust', 'rust', 'rust']);
  await p.click('#m-code-lang button[data-key="python"]');
  assert.doesNotMatch(new URL(p.url()).search, /code=/, 'Python, the default, needs no parameter');
  assert.equal(await first(p, '#lane-0 .lane-code'), 'def solve_n_queens(n):');
  noProblems(p);
  await p.close();

  // The README's Methods picture in Rust, from its link and by clicks: the same lit lines.
  const linked = await page('?n=6&view=methods&step=133&code=rust');
  const clicked = await page('?n=6&view=methods');
  await clicked.click('#m-code-lang button[data-key="rust"]');
  for (let i = 0; i < 9; i++) await clicked.click('#m-round');
  for (let i = 0; i < 3; i++) await clicked.click('#m-tick');
  const state = (q) => q.$$eval('#view-methods .code-panel', (ps) => ps.map((e) => [e.dataset.lang, e.dataset.lit, e.querySelector('.code-values').textContent]));
  assert.deepEqual(await state(linked), await state(clicked));
  assert.deepEqual((await state(linked)).map(([lang]) => lang), ['rust', 'rust', 'rust']);
  for (const q of [linked, clicked]) {
    noProblems(q);
    await q.close();
  }

  // Java and JavaScript from their links.
  for (const [lang, line] of [['java', 'import java.util.ArrayList;'], ['javascript', 'function solveNQueens(n) {']]) {
    p = await page(`?n=5&code=${lang}`);
    assert.equal(await p.$eval('#w-code', (e) => e.dataset.lang), lang);
    assert.equal(await first(p, '#w-code'), line);
    noProblems(p);
    await p.close();
  }

  // A language the page does not have is named, and the page shows Python.
  p = await page('?n=5&code=go');
  assert.equal(
    await p.$eval('#link-notes', (e) => e.textContent),
    'code=go is not one of python, java, cpp, javascript, rust: showing Python',
  );
  assert.equal(await p.$eval('#w-code', (e) => e.dataset.lang), 'python');
  noProblems(p);
  await p.close();
});

test('Watch and Methods with the code fit 390 and 360 px screens', async () => {
  for (const width of [390, 360]) {
    for (const lang of LANGS) {
      for (const [view, act] of [
        ['watch', async (p) => {
          for (const method of METHODS) {
            await p.click(`#w-code-method button[data-key="${method}"]`);
            await fits(p, width, `${lang} ${method} watch`);
          }
        }],
        ['methods', async (p) => {
          for (let i = 0; i < 8; i++) await p.click('#m-round');
          await p.click('#m-tick');
          await fits(p, width, `${lang} methods`);
        }],
      ]) {
        const p = await page(`?n=8&view=${view}&step=${view === 'watch' ? 120 : 0}&code=${lang}`, width, 780);
        await act(p);
        if (lang !== 'python' || width === 360) await p.screenshot({ path: path.join(SHOTS, `code-${view}-${lang}-${width}.png`), fullPage: true });
        noProblems(p);
        await p.close();
      }
    }
  }
});

// The page is no wider than the screen; each listing shown needs no sideways scrolling, and its
// lit lines lie inside its visible box.
async function fits(p, width, what) {
  assert.ok((await p.evaluate(() => document.documentElement.scrollWidth)) <= width, `${what}: wider than ${width} px`);
  const boxes = await p.$$eval('.code-listing', (pres) =>
    pres
      .filter((pre) => pre.clientWidth > 0)
      .map((pre) => {
        const box = pre.getBoundingClientRect();
        const lit = [...pre.querySelectorAll('.ln.lit')].map((l) => l.getBoundingClientRect());
        const wide = [...pre.querySelectorAll('.ln')].filter((l) => l.scrollWidth > l.clientWidth);
        return {
          sideways: pre.scrollWidth - pre.clientWidth,
          wide: wide.map((l) => `${l.textContent.trim()} (${l.scrollWidth} px)`).join('; '),
          right: box.right,
          lit: lit.length,
          shown: lit.every((l) => l.top >= box.top - 0.5 && l.bottom <= box.bottom + 0.5),
        };
      }),
  );
  assert.ok(boxes.length > 0, what);
  for (const b of boxes) {
    assert.equal(b.sideways, 0, `${what}: a listing scrolls sideways: ${b.wide}`);
    assert.ok(b.right <= width, `${what}: a listing ends at ${b.right} px`);
    assert.ok(b.lit > 0 && b.shown, `${what}: the lit line is out of sight`);
  }
}
