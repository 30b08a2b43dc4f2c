// @ts-check
// Counts in a Web Worker, so that the page stays responsive while a count runs; the page
// cancels a count by ending the worker. Progress is posted at most every 50 ms.
//
// Three tasks: { n, unique } counts the n×n board; { board } counts the completions of a
// puzzle (rows of Q . x) and finds its first; { board, index } finds completion `index`.

import init, { Board, count, count_board } from './pkg/nqueens_web.js';

const ready = init();

function sink() {
  let last = 0;
  return {
    update(done, total) {
      const now = performance.now();
      if (now - last >= 50 || done === total) {
        last = now;
        self.postMessage({ type: 'progress', done, total });
      }
    },
  };
}

// Completion `index` of the board (from 0), as a plain array of columns.
function completion(text, index) {
  const board = Board.parse(text);
  try {
    return Array.from(board.completion(index));
  } finally {
    board.free();
  }
}

self.onmessage = async (event) => {
  await ready;
  const { n, unique, board, index } = event.data;
  const start = performance.now();
  try {
    if (board !== undefined && index !== undefined) {
      self.postMessage({ type: 'completion', index, columns: completion(board, index) });
    } else if (board !== undefined) {
      const total = count_board(board, sink());
      const first = total === '0' ? [] : completion(board, 0);
      const ms = performance.now() - start;
      self.postMessage({ type: 'done', total, completion: first, ms });
    } else {
      const r = count(n, unique, '', sink());
      const ms = performance.now() - start;
      self.postMessage({ type: 'done', n, total: r.total, unique: r.unique, method: r.method, ms });
      r.free();
    }
  } catch (e) {
    self.postMessage({ type: 'error', message: String(e && e.message ? e.message : e) });
  }
};
