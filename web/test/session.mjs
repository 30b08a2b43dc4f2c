// The hooks every browser test file shares: one static server and one Chromium for the file,
// started before its first test and closed after its last, and the screenshots' folder made.

import fs from 'node:fs';
import { before, after } from 'node:test';
import { serve, launch } from './browser.mjs';

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
