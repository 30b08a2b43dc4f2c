// The hooks every browser test file shares: one static server and one Chromium for the file,
// started before its first test and closed after its last, and the screenshots' folder made.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { before, after } from 'node:test';
import { ROOT, serve, launch } from './browser.mjs';
import { LANGS, METHODS } from './program.mjs';

// The command line the tests hold the page against (NQUEENS_BIN names another).
export const CLI = process.env.NQUEENS_BIN || path.join(ROOT, 'target', 'release', 'nqueens');

// Every step of `nqueens trace N --json`, parsed, in order; `flags` adds to the command
// (['--calls'] and ['--calls', '--checks'], the steps of "step into").
export function traceSteps(n, flags = []) {
  if (!fs.existsSync(CLI)) {
    throw new Error(`${CLI} is missing: build it with cargo build --release -p nqueens-cli`);
  }
  const out = execFileSync(CLI, ['trace', '--json', ...flags, String(n)], { encoding: 'utf8', maxBuffer: 1 << 28 });
  return out.trim().split('\n').map((l) => JSON.parse(l));
}

// What `read` (a function run in the page, given `arg`) finds at the start and after each of
// `count` steps forward (▶|), then after each step back (◀|), put back in forward order: `back`
// is `out` without its last when stepping back undoes each step.
export function forwardAndBack(p, count, read, arg) {
  return p.evaluate(
    (count, READ, arg) => {
      const read = new Function('arg', `return (${READ})(arg)`);
      const out = [read(arg)];
      for (let i = 0; i < count; i++) {
        document.getElementById('w-step').click();
        out.push(read(arg));
      }
      const back = [];
      for (let i = 0; i < count; i++) {
        document.getElementById('w-back').click();
        back.push(read(arg));
      }
      return { out, back: back.reverse() };
    },
    count,
    read.toString(),
    arg,
  );
}

// Opens Watch on the n×n board (`page(query)` opens a page) in each language of the code beside
// it, picks each method in turn and runs `check(p, lang, method)`; each page ends having logged
// no error.
export async function eachListing(page, n, check) {
  for (const lang of LANGS) {
    const p = await page(`?n=${n}&code=${lang}`);
    for (const method of METHODS) {
      await p.click(`#w-code-method button[data-key="${method}"]`);
      await check(p, lang, method);
    }
    noProblems(p);
    await p.close();
  }
}

// A page that logged no error.
export function noProblems(p) {
  assert.deepEqual(p.problems, [], 'the page logged errors');
}

// Registers the hooks; the returned object holds `server` and `chromium` once they are up.
export function useBrowser(shots) {
  const live = {};
  before(async () => {
    fs.mkdirSync(shots, { recursive: true });
    console.log(`screenshots: ${shots}`);
    live.server = await serve();
    live.chromium = await launch();
  });
  after(async () => {
    if (live.chromium) await live.chromium.close();
    if (live.server) await live.server.close();
  });
  return live;
}
