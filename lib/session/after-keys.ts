// What keys typed in an attached client mean for their pane's state (the pane seen, a turn
// prompted, its foreground looked at) is worked out just after the keys are written, once the
// loop has read their echo: the tty's echo is waiting by the time the key's handler returns,
// and that bookkeeping (detection rules over the screen, /proc) held it back by some 0.2 ms a
// key. Whatever reads that state settles it first: every request (dispatch) and every full frame.
const AFTER_KEYS_MS = 1;

export class AfterKeys {
  private steps: (() => void)[] = [];
  private timer: NodeJS.Timeout | null = null;

  /** Runs `step` once the echo had its turn, at the latest when something reads the state. */
  add(step: () => void): void {
    this.steps.push(step);
    this.timer ??= setTimeout(() => this.settle(), AFTER_KEYS_MS);
  }

  /** Runs every step still waiting, in the order the keys came. */
  settle(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // A step may settle again (it emits events): each runs once.
    for (let step = this.steps.shift(); step; step = this.steps.shift()) step();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.steps = [];
  }
}
