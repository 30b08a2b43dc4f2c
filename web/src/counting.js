// @ts-check
// A count in the counting worker (worker.js), as the Solutions and Puzzle views run one: written
// once, so that both start the worker, show its progress and take its failure alike.

/** @typedef {import('./worker.js').Failed} Failed */

/**
 * Starts the counting worker on `task`: its progress fills `bar`, shown from empty; its other
 * messages (the count, a completion, the library's refusal) go to `answer`, and so does a
 * worker that fails to run, as a refusal that says so.
 * @template M the messages other than progress and refusal that the task brings
 * @param {import('./worker.js').Task} task
 * @param {HTMLProgressElement} bar
 * @param {(m: M | Failed) => void} answer
 * @returns {Worker} the worker, to post more tasks to or to end (ending it cancels the count)
 */
export function startCount(task, bar, answer) {
  bar.max = 1;
  bar.value = 0;
  bar.hidden = false;
  const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
  worker.onmessage = (e) => {
    const m = e.data;
    if (m.type === 'progress') {
      bar.max = m.total;
      bar.value = m.done;
    } else {
      answer(m);
    }
  };
  worker.onerror = (e) => answer({ type: 'error', message: `the counting worker failed: ${e.message}` });
  worker.postMessage(task);
  return worker;
}
