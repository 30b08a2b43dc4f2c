// Counts in a Web Worker, so that the page stays responsive while a count runs; the page
// cancels a count by ending the worker. Progress is posted at most every 50 ms.

import init, { count } from './pkg/nqueens_web.js';

const ready = init();

self.onmessage = async (event) => {
  await ready;
  const { n, unique } = event.data;
  let last = 0;
  const sink = {
    update(done, total) {
      const now = performance.now();
      if (now - last >= 50 || done === total) {
        last = now;
        self.postMessage({ type: 'progress', done, total });
      }
    },
  };
  const start = performance.now();
  try {
    const r = count(n, unique, '', sink);
    const ms = performance.now() - start;
    self.postMessage({ type: 'done', n, total: r.total, unique: r.unique, method: r.method, ms });
    r.free();
  } catch (e) {
    self.postMessage({ type: 'error', message: String(e && e.message ? e.message : e) });
  }
};
