// @ts-check
// Watch, Tree and Methods on one search. Watch and Tree share it (search.js); Methods plays the
// same search through three methods, which reach the same events (a queen placed or taken
// back, a solution) in the same order but prune squares in operations of their own (the scan
// reads the board, the sets look keys up, the bit masks never try an attacked square). So the
// point the views share is an event: moving from one to the other, the view shown takes the
// last event the other had reached, and says so, and says what it could not keep.

import { counted, num } from './notation.js';

/** @typedef {import('./search.js').Search} Search */
/** @typedef {import('./methods.js').MethodsView} MethodsView */

// The most events Methods replays to follow the search: the whole search up to n = 9 (the
// 8×8 one has 4,000 and some), and at n = 12 about 0.2 s of replay in Chromium. A search
// further on (n = 12 runs to millions) is said to be out of reach.
export const FOLLOW_MAX = 50000;

const EVENTS = '(queens placed or taken back, solutions)';

// Every method has reached the event of its round: the three hold one board.
/** @param {import('./pkg/nqueens_web.js').Methods} m */
const atEvent = (m) => [0, 1, 2].every((i) => m.waiting(i));

/**
 * Brings the view `to` (Methods, or the search of Watch and Tree) to the point the other
 * reached, and writes what happened in the note of the view that moved.
 * @param {Search} search
 * @param {MethodsView} methods
 * @param {'methods' | 'search'} to
 */
export function follow(search, methods, to) {
  const n = search.n;
  const w = search.stepper();
  const m = methods.stepper();
  if (to === 'methods') {
    const at = w.position();
    const [events, after] = Array.from(w.events_before(at));
    if (m.events() === events && atEvent(m)) {
      methods.note('');
      methods.syncedAt = m.position();
      return;
    }
    if (events > FOLLOW_MAX) {
      methods.syncedAt = m.position();
      methods.note(
        `Methods cannot follow the search to its step ${num(at)}: that is ${counted(events, 'event')} ${EVENTS} to replay ` +
          `through three methods, more than ${num(FOLLOW_MAX)}. The methods stay where they were, operation ${num(m.position())}.`,
      );
      return;
    }
    methods.follow(events);
    methods.syncedAt = methods.stepper().position();
    if (at === 0) methods.note('');
    else if (after === at) {
      methods.note(`The methods stand where the search stood, step ${num(at)}: after the same ${counted(events, 'event')} ${EVENTS}, on the same board.`);
    } else {
      const past = w.detail() ? `${counted(at - after, 'step')} after its last event` : `${counted(at - after, 'square')} pruned after its last event`;
      methods.note(
        `The search stood at step ${num(at)}, ${past}. The methods prune in ` +
          `operations of their own (the scan reads the board, the sets look keys up, the bit masks never try an attacked ` +
          `square), so they stand at that last event, step ${num(after)}: ${counted(events, 'event')} ${EVENTS}, the same board.`,
      );
    }
    return;
  }
  const events = m.events();
  const exact = atEvent(m);
  const at = w.position();
  // Methods that have not moved since they last took the search's point (or said they could
  // not) leave the search where it is.
  if (m.position() === methods.syncedAt || (w.events_before(at)[0] === events && (exact || at === w.event_step(events)))) {
    search.note('');
    methods.syncedAt = m.position();
    return;
  }
  search.goTo(w.event_step(events));
  methods.syncedAt = m.position();
  const step = w.position();
  if (exact) {
    search.note(`The search stands where the methods stood: step ${num(step)}, after the same ${counted(events, 'event')} ${EVENTS}, on the same board.`);
  } else {
    search.note(
      `The methods were between two events, some of them already checking squares for the next: the search stands at ` +
        `the last event all three had reached, step ${num(step)} (${counted(events, 'event')} ${EVENTS}).`,
    );
  }
}
