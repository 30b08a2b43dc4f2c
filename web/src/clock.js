// @ts-check
// The player of every view that plays, the search of Watch and Tree and the operations of
// Methods: its Play button, its speed and the clock that plays, written once so that both play
// alike. At each animation frame the clock owes the steps that the speed makes due since the
// last frame and hands them over at once, so that a slow frame takes more steps rather than
// slowing the search down.

export const SPEEDS = [1, 2, 4, 8, 15, 30, 60, 150, 500, 2000]; // steps a second

/**
 * What a player plays.
 * @typedef {object} Playable
 * @property {(due: number) => boolean} advance takes `due` steps; false when it reached the end
 * @property {() => boolean} canPlay false where Play does nothing (at the end)
 * @property {(all: boolean) => void} redraw redraws the view; `all`: where playing started or
 *   stopped, rather than a frame of the running animation
 */

export class Player {
  /**
   * @param {{ button: HTMLElement, speed: HTMLInputElement, speedOut: HTMLElement }} controls the
   *   Play button, the speed's slider and the output that gives its steps a second
   * @param {Playable} playable
   * @param {number} speed the level in SPEEDS to start at
   */
  constructor(controls, playable, speed) {
    this.button = controls.button;
    this.speedInput = controls.speed;
    this.speedOut = controls.speedOut;
    this.playable = playable;
    this.playing = false;
    this.speed = speed;
    this.run = 0; // which play a frame belongs to: a pause then a play leaves one loop running
    this.button.addEventListener('click', () => this.toggle());
    this.speedInput.addEventListener('input', () => this.setSpeed(Number(this.speedInput.value)));
    const faster = () => this.setSpeed(this.speed + 1);
    /** @type {Record<string, () => unknown>} the player's keys, as the footer gives them */
    this.keys = {
      ' ': () => this.toggle(),
      '+': faster,
      '=': faster,
      '-': () => this.setSpeed(this.speed - 1),
    };
    this.setSpeed(speed);
  }

  // The level of speed, held within SPEEDS, on the slider and in steps a second.
  /** @param {number} level */
  setSpeed(level) {
    this.speed = Math.max(0, Math.min(SPEEDS.length - 1, level));
    this.speedInput.value = String(this.speed);
    this.speedOut.textContent = `${SPEEDS[this.speed]}/s`;
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  play() {
    if (this.playing || !this.playable.canPlay()) return;
    this.playing = true;
    const run = ++this.run;
    let owed = 0;
    let last = performance.now();
    /** @param {number} now */
    const frame = (now) => {
      if (!this.playing || run !== this.run) return;
      owed += ((now - last) / 1000) * SPEEDS[this.speed];
      last = now;
      const due = Math.floor(owed);
      if (due > 0) {
        owed -= due;
        if (this.playable.advance(due)) this.playable.redraw(false);
        else this.playing = false;
      }
      // The end stops the animation: its last steps are said.
      if (this.playing) requestAnimationFrame(frame);
      else this.playable.redraw(true);
    };
    requestAnimationFrame(frame);
    this.playable.redraw(true);
  }

  // Playing stops, and the view says where.
  pause() {
    if (!this.playing) return;
    this.stop();
    this.playable.redraw(true);
  }

  // Playing stops, where the view redraws itself.
  stop() {
    this.playing = false;
  }

  // The Play button, as playing stands: the name the markup gives it apart from its text, where
  // it gives one, follows too.
  showButton() {
    this.button.textContent = this.playing ? '▮▮ Pause' : '▶ Play';
    if (this.button.hasAttribute('aria-label')) this.button.setAttribute('aria-label', this.playing ? 'pause' : 'play');
  }
}
