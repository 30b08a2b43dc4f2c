// @ts-check
// The clock that plays steps, one for every view that plays: the search of Watch and Tree, and
// the operations of Methods. At each animation frame it owes the steps that the speed makes
// due since the last frame and hands them over at once, so that a slow frame takes more steps
// rather than slowing the search down.

export const SPEEDS = [1, 2, 4, 8, 15, 30, 60, 150, 500, 2000]; // steps a second

export class Clock {
  /**
   * @param {(due: number) => boolean} advance takes `due` steps; false when it reached the end
   * @param {() => void} ended called once playing stops at the end
   * @param {number} speed the level in SPEEDS to start at
   */
  constructor(advance, ended, speed) {
    this.advance = advance;
    this.ended = ended;
    this.playing = false;
    this.speed = speed;
    this.run = 0; // which play a frame belongs to: a pause then a play leaves one loop running
  }

  // The level of speed, held within SPEEDS; returns it.
  /** @param {number} level */
  setSpeed(level) {
    this.speed = Math.max(0, Math.min(SPEEDS.length - 1, level));
    return this.speed;
  }

  // Steps a second at the current speed.
  rate() {
    return SPEEDS[this.speed];
  }

  play() {
    if (this.playing) return;
    this.playing = true;
    const run = ++this.run;
    let owed = 0;
    let last = performance.now();
    /** @param {number} now */
    const frame = (now) => {
      if (!this.playing || run !== this.run) return;
      owed += ((now - last) / 1000) * this.rate();
      last = now;
      const due = Math.floor(owed);
      if (due > 0) {
        owed -= due;
        if (!this.advance(due)) this.playing = false;
      }
      if (this.playing) requestAnimationFrame(frame);
      else this.ended();
    };
    requestAnimationFrame(frame);
  }

  pause() {
    this.playing = false;
  }
}
