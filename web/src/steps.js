// @ts-check
// The search's steps and the methods' operations as the bindings give them: flat Int32Arrays,
// a fixed number of integers each (watch.rs, methods.rs). They are cut apart here with the
// lengths the bindings give, so that no copy of those lengths in the page can drift from them.

import { op_len, step_len } from './pkg/nqueens_web.js';

// The steps encoded in `codes`, one array each, in order.
/** @param {Int32Array} codes */
export function steps(codes) {
  return cut(codes, step_len());
}

// The operations encoded in `codes`, one array each, in order.
/** @param {Int32Array} codes */
export function operations(codes) {
  return cut(codes, op_len());
}

/**
 * @param {Int32Array} codes
 * @param {number} len
 */
function cut(codes, len) {
  /** @type {Int32Array[]} */
  const parts = [];
  for (let i = 0; i < codes.length; i += len) parts.push(codes.subarray(i, i + len));
  return parts;
}
