// The hooks every browser test file shares: one static server and one Chromium for the file,
// started before its first test and closed after its last, and the screenshots' folder made.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { before, after } from 'node:test';
import { ROOT, serve, launch } from './browser.mjs';

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
