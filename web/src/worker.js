// @ts-check
// Counts in a Web Worker, so that the page stays responsive while a count runs; the page
// cancels a count by ending the worker. Progress is posted at most every 50 ms.
//
// Three tasks: { n, unique } counts the n×n board; { board } counts the completions of a
// puzzle (rows of Q . x) and finds its first; { board, index } finds completion `index`.

import init, { Board, count, count_board } from './pkg/nqueens_web.js';

/**
 * A task from the page: a count of the n×n board, or a puzzle's board (with `index`, one of its
 * completions). Each names the other's fields as absent, so that the board tells them apart.
 * @typedef {{ n: number, unique: boolean, board?: undefined, index?: undefined }} CountTask
 * @typedef {{ board: string, index?: number, n?: undefined, unique?: undefined }} BoardTask
 * @typedef {CountTask | BoardTask} Task
 */

/**
 * What the worker posts back: progress while it counts, then the count, a completion, or the
 * library's message when it refused.
 * @typedef {{ type: 'progress', done: number, total: number }} Progress
 * @typedef {{ type: 'done', n: number, total: string, unique: string, method: string, ms: number }} CountDone
 * @typedef {{ type: 'done', total: string, completion: number[], ms: number }} BoardDone
 * @typedef {{ type: 'completion', index: number, columns: number[] }} Completion
 * @typedef {{ type: 'error', message: string }} Failed
 */

const ready = init();

function sink() {
  let last = 0;
  return {
    /**
     * @param {number} done
     * @param {number} total
     */
    update(done, total) {
      const now = performance.now();
      if (now - last >= 50 || done === total) {
        last = now;
        self.postMessage(/** @satisfies {Progress} */ ({ type: 'progress', done, total }));
      }
    },
  };
}

// Completion `index` of the board (from 0), as a plain array of columns.
/**
 * @param {string} text
 * @param {number} index
 * @returns {number[]}
 */
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
  /** @type {Task} */
  const { n, unique, board, index } = event.data;
  const start = performance.now();
  try {
    if (board !== undefined && index !== undefined) {
      self.postMessage(/** @satisfies {Completion} */ ({ type: 'completion', index, columns: completion(board, index) }));
    } else if (board !== undefined) {
      const total = count_board(board, sink());
      const first = total === '0' ? [] : completion(board, 0);
      const ms = performance.now() - start;
      self.postMessage(/** @satisfies {BoardDone} */ ({ type: 'done', total, completion: first, ms }));
    } else {
      const r = count(n, unique, '', sink());
      const ms = performance.now() - start;
      self.postMessage(/** @satisfies {CountDone} */ ({ type: 'done', n, total: r.total, unique: r.unique, method: r.method, ms }));
      r.free();
    }
  } catch (e) {
    // The bindings throw the library's refusal as an Error; anything else is passed on as text.
    const err = /** @type {{ message?: string } | null | undefined} */ (e);
    self.postMessage(/** @satisfies {Failed} */ ({ type: 'error', message: String(err && err.message ? err.message : err) }));
  }
};
