// Back-pressure between a pty and its emulator: the pty is paused while too much output
// waits to be parsed, so `yes` cannot grow memory without bound (xterm throws near 50 MB).

export interface FlowTarget {
  pause(): void;
  resume(): void;
}

export class FlowControl {
  private pending = 0;
  private paused = false;

  constructor(
    private readonly target: FlowTarget,
    private readonly highWater = 512 * 1024,
    private readonly lowWater = 128 * 1024,
  ) {}

  /** Call with each chunk handed to the emulator; returns the callback to pass with it. */
  queued(bytes: number): () => void {
    this.pending += bytes;
    if (!this.paused && this.pending > this.highWater) {
      this.paused = true;
      this.target.pause();
    }
    return () => {
      this.pending -= bytes;
      if (this.paused && this.pending < this.lowWater) {
        this.paused = false;
        this.target.resume();
      }
    };
  }

  get backlog(): number {
    return this.pending;
  }
}
