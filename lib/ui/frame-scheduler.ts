// Coalesces redraw requests into frames for one client: at most one frame per FRAME_MS, and
// none started while the previous one is still queued to the client (a slow link gets fewer,
// larger frames instead of a growing queue).
import { frameStats } from './frame-stats.js';

export const FRAME_MS = 16;
/**
 * A frame that took long to compose (40 panes scrolling at once: about 10 ms) spaces the next
 * one by this many times its cost, so frames take at most a third of the server's time and
 * parsing and keys get the rest.
 */
const COST_SPACING = 3;

export class FrameScheduler {
  private timer: NodeJS.Timeout | NodeJS.Immediate | null = null;
  private inFlight = false;
  private wanted = false;
  private lastAt = 0;
  private lastCost = 0;
  private stopped = false;
  private echoInFlight = false;
  /** Set once an echo frame went in this turn of the loop: more echo in it is drawn at its end. */
  private echoTurn: NodeJS.Immediate | null = null;
  private echoAgain = false;

  /**
   * `compose` returns a frame's bytes ('' for nothing to send); `send` queues them to the client
   * and calls `done` once they have left.
   */
  constructor(
    private readonly compose: (echoOnly: boolean) => string,
    private readonly send: (data: string, done: () => void) => void,
  ) {}

  request(): void {
    if (this.stopped) return;
    if (this.timer || this.inFlight) {
      this.wanted = true;
      return;
    }
    const wait = this.lastAt + Math.max(FRAME_MS, this.lastCost * COST_SPACING) - Date.now();
    // A frame that may go now goes right after this batch of I/O: typing echo is not delayed.
    this.timer = wait > 0 ? setTimeout(() => this.frame(), wait) : setImmediate(() => this.frame());
  }

  /**
   * The echo of a key just typed: a small frame of the focused pane, composed and sent now (the
   * output's other listeners hear of it later: Mux.onEcho), even while a full frame is queued;
   * one such frame at a time, so the queue stays bounded. More echo read in the same turn of
   * the loop (a flood after Enter) is drawn at its end, in one more frame. Sent a turn of the
   * loop later (setImmediate), the first reached the terminal 0.03-0.04 ms later at p50.
   */
  echo(): void {
    if (this.stopped) return;
    if (this.echoInFlight) return this.request();
    if (this.echoTurn) {
      this.echoAgain = true;
      return;
    }
    this.echoTurn = setImmediate(() => {
      this.echoTurn = null;
      if (!this.echoAgain) return;
      this.echoAgain = false;
      this.echo();
    });
    const out = this.timed(true);
    if (out) {
      this.echoInFlight = true;
      this.send(`\x1b[?2026h${out}\x1b[?2026l`, () => {
        this.echoInFlight = false;
      });
      // It counts as a frame: the full one waits its FRAME_MS, and the terminal that draws
      // the echo does not share the CPU with it (on two cores, echo p50 0.15-0.2 ms sooner).
      this.lastAt = Date.now();
    }
    // The rest of the screen (borders, the status line) still wants its frame.
    this.request();
  }

  private frame(): void {
    this.timer = null;
    this.wanted = false;
    if (this.stopped) return;
    this.lastAt = Date.now();
    const t0 = performance.now();
    const out = this.timed(false);
    this.lastCost = performance.now() - t0;
    if (!out) return;
    this.inFlight = true;
    // Synchronized output: terminals that know it show the frame at once, others ignore it.
    this.send(`\x1b[?2026h${out}\x1b[?2026l`, () => {
      this.inFlight = false;
      if (this.wanted) this.request();
    });
  }

  private timed(echoOnly: boolean): string {
    const t0 = performance.now();
    const out = this.compose(echoOnly);
    frameStats.record(performance.now() - t0);
    return out;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) {
      clearTimeout(this.timer as NodeJS.Timeout);
      clearImmediate(this.timer as NodeJS.Immediate);
    }
    if (this.echoTurn) clearImmediate(this.echoTurn);
  }
}
