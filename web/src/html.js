// @ts-check
// Text made safe to write into HTML, for every view that builds markup from strings: one
// escape, so that no view forgets a character another one handles.

/** @type {Record<string, string>} */
const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * The text with the characters that HTML gives a meaning replaced by their entities.
 * @param {string} s
 */
export function escape(s) {
  return s.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}
