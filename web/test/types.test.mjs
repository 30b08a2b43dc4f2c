// The page's modules against their types: TypeScript checks every file of web/src (each starts
// with `// @ts-check`) with the JSDoc types they declare and the declarations wasm-bindgen writes
// beside the bindings in the built folder (jsconfig.json joins src/ and dist/ with rootDirs, so
// that `./pkg/nqueens_web.js` is found). The check is strict (jsconfig.json sets `strict`): no
// value is left implicitly `any`, and null and undefined are told apart from the values they may
// stand in for. No browser: this is the compiler alone.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const WEB = path.resolve(import.meta.dirname, '..');

test('every module of web/src type-checks, with no error', () => {
  const declarations = path.join(WEB, 'dist', 'pkg', 'nqueens_web.d.ts');
  assert.ok(fs.existsSync(declarations), `${declarations} is missing: run web/build.sh first`);
  for (const file of fs.readdirSync(path.join(WEB, 'src')).filter((f) => f.endsWith('.js'))) {
    const first = fs.readFileSync(path.join(WEB, 'src', file), 'utf8').split('\n')[0];
    assert.equal(first, '// @ts-check', `${file} does not start with // @ts-check`);
  }
  const tsc = path.join(WEB, 'node_modules', 'typescript', 'bin', 'tsc');
  const run = spawnSync(process.execPath, [tsc, '-p', path.join(WEB, 'jsconfig.json')], { encoding: 'utf8' });
  assert.equal(run.status, 0, `tsc -p web/jsconfig.json found errors:\n${run.stdout}${run.stderr}`);
});
