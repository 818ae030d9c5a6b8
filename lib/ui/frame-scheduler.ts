// Coalesces redraw requests into frames for one client: at most one frame per FRAME_MS, and
// none started while the previous one is still queued to the client (a slow link gets fewer,
// larger frames instead of a growing queue).

export const FRAME_MS = 16;

export class FrameScheduler {
  private timer: NodeJS.Timeout | NodeJS.Immediate | null = null;
  private inFlight = false;
  private wanted = false;
  private lastAt = 0;
  private stopped = false;

  /**
   * `compose` returns a frame's bytes ('' for nothing to send); `send` queues them to the client
   * and calls `done` once they have left.
   */
  constructor(
    private readonly compose: () => string,
    private readonly send: (data: string, done: () => void) => void,
  ) {}

  request(): void {
    if (this.stopped) return;
    if (this.timer || this.inFlight) {
      this.wanted = true;
      return;
    }
    const wait = this.lastAt + FRAME_MS - Date.now();
    // A frame that may go now goes right after this batch of I/O: typing echo is not delayed.
    this.timer = wait > 0 ? setTimeout(() => this.frame(), wait) : setImmediate(() => this.frame());
  }

  private frame(): void {
    this.timer = null;
    this.wanted = false;
    if (this.stopped) return;
    this.lastAt = Date.now();
    const out = this.compose();
    if (!out) return;
    this.inFlight = true;
    // Synchronized output: terminals that know it show the frame at once, others ignore it.
    this.send(`\x1b[?2026h${out}\x1b[?2026l`, () => {
      this.inFlight = false;
      if (this.wanted) this.request();
    });
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) {
      clearTimeout(this.timer as NodeJS.Timeout);
      clearImmediate(this.timer as NodeJS.Immediate);
    }
  }
}
