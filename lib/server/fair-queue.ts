// One queue serves the requests of every control connection (issue 43): the connection whose
// requests have cost the server the least time so far goes next, one request at a time, in
// slices that give the event loop back, so a `list` waits behind at most one request of the
// others however many connections pipeline large captures. A connection that starts waiting
// starts level with the least served of those waiting: what it cost before does not count.

/** A connection with requests to serve. */
export interface Turn {
  /** Milliseconds of the server's time its requests cost while it waited among others. */
  served: number;
  /** Serves its next request; false when it has nothing more it may run now. */
  step(): boolean;
}

/** Time served before other I/O (a request just read, a reply to write) gets its turn. */
const SLICE_MS = 10;

export class FairQueue {
  private readonly waiting = new Set<Turn>();
  private scheduled = false;

  /**
   * `starting` gives a promise while requests already taken wait for their command's module to
   * load: nothing more is taken until they have started, so they cannot all pile up unserved.
   */
  constructor(private readonly starting: () => Promise<void> | null = () => null, private readonly now: () => number = () => performance.now()) {}

  /** `turn` has requests it may run: it is served from the next turn of the event loop. */
  ready(turn: Turn): void {
    if (!this.waiting.has(turn)) {
      turn.served = this.leastServed()?.served ?? 0;
      this.waiting.add(turn);
    }
    this.schedule();
  }

  /** It is gone: nothing of it runs any more. */
  forget(turn: Turn): void {
    this.waiting.delete(turn);
  }

  /** Adds time spent for `turn` outside its step (such as writing its reply). */
  charge(turn: Turn, ms: number): void {
    turn.served += ms;
  }

  /** Of those served alike, the one that came last: a request just read goes before a crowd's next. */
  private leastServed(): Turn | undefined {
    let least: Turn | undefined;
    for (const t of this.waiting) if (!least || t.served <= least.served) least = t;
    return least;
  }

  private schedule(after?: Promise<void>): void {
    if (this.scheduled) return;
    this.scheduled = true;
    const run = () => this.run();
    if (after) void after.then(run, run);
    else setImmediate(run);
  }

  private run(): void {
    this.scheduled = false;
    const sliceStart = this.now();
    for (let turn = this.leastServed(); turn; turn = this.leastServed()) {
      const starting = this.starting();
      if (starting) return this.schedule(starting);
      const started = this.now();
      const more = turn.step();
      const ended = this.now();
      turn.served += ended - started;
      if (!more) this.waiting.delete(turn);
      if (ended - sliceStart >= SLICE_MS) break;
    }
    if (this.waiting.size) this.schedule();
  }
}
