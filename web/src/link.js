// @ts-check
// The link's parameters as the page reads them: the page (app.js) reads most, and a view reads
// those that are its own alone (view.js). A value the page cannot follow is checked here the one
// way, and noted above the views with what the page did instead, never passed over in silence.

// What the link asked for that the page could not do, each with what it did instead.
/** @type {string[]} */
export const notes = [];

// The most characters of a link's value that a note quotes: a link of any length (a board of a
// hundred thousand squares, say) gives notes of a few lines.
const QUOTED_MAX = 40;

// `text` as a note quotes it: whole when short, otherwise its start and its length. Control
// characters (a newline in the link) show as U+FFFD, so that each note stays one line.
/**
 * @param {string} text
 * @param {string} [size] what the text holds, said of a long one instead of its length
 */
export function quoted(text, size) {
  const clean = (/** @type {string} */ t) => t.replace(/[\u0000-\u001f\u007f]/g, '\ufffd');
  if (text.length <= QUOTED_MAX) return clean(text);
  // Whole code points, so that the excerpt never ends in half a character.
  const start = Array.from(text.slice(0, QUOTED_MAX)).slice(0, QUOTED_MAX / 2).join('');
  return `${clean(start)}… (${size ?? `${text.length.toLocaleString('en')} characters`})`;
}

// The whole number `name` of the link when it is one from `min` to `max`; otherwise null, with a
// note that says what the page does `instead`. Absent, null without a note.
/**
 * @param {URLSearchParams} params
 * @param {string} name
 * @param {number} min
 * @param {number} max
 * @param {string} instead
 * @returns {number | null}
 */
export function whole(params, name, min, max, instead) {
  if (!params.has(name)) return null;
  const raw = params.get(name);
  const v = raw !== null && /^[0-9]+$/.test(raw) ? Number(raw) : NaN;
  if (Number.isSafeInteger(v) && v >= min && v <= max) return v;
  notes.push(`${name}=${quoted(String(raw))} is not a whole number from ${min} to ${max}: ${instead}`);
  return null;
}
