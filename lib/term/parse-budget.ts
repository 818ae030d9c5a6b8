// One parsing budget for every pane of the server. xterm parses each terminal's writes in its
// own timer for up to 12 ms, so 40 busy panes could hold the event loop for 480 ms in one turn
// while a keystroke waited. Output is handed to the emulators at most SLICE_BYTES at a time, one
// chunk per pane in turn, and no more until they have parsed it: xterm parses in a timer that
// fires a millisecond later, so handing a slice every turn piled several slices (40 ms of
// parsing) into one timer phase. Input and frames are served between slices.

/** About 2-4 ms of parsing on the machines we measured (17-34 MB/s). */
export const SLICE_BYTES = 64 * 1024;

export interface ParseTarget {
  write(data: Uint8Array | string, done?: () => void): void;
}

interface Chunk { data: Uint8Array | string; done?: () => void }

export class ParseBudget {
  private readonly queues = new Map<ParseTarget, Chunk[]>();
  private scheduled = false;
  /** Bytes handed to each target and not yet parsed, and their sum. */
  private readonly unparsed = new Map<ParseTarget, number>();
  private unparsedTotal = 0;

  constructor(private readonly sliceBytes = SLICE_BYTES) {}

  /** Queues `data` for `target` behind what it already waits for; `done` runs once parsed. */
  write(target: ParseTarget, data: Uint8Array | string, done?: () => void): void {
    const queue = this.queues.get(target);
    if (queue) queue.push({ data, done });
    else this.queues.set(target, [{ data, done }]);
    this.schedule();
  }

  /** Targets whose output waits until released (their screen is being read). */
  private readonly held = new Set<ParseTarget>();

  /** Whether `target` has output waiting here (its next write would queue behind it). */
  waiting(target: ParseTarget): boolean {
    return this.queues.has(target) || this.held.has(target);
  }

  /** Parses nothing more for `target` until the returned function is called. */
  hold(target: ParseTarget): () => void {
    this.held.add(target);
    return () => {
      if (this.held.delete(target) && this.queues.has(target)) this.schedule();
    };
  }

  /** Forgets `target`'s queue (a pane closed); its callbacks never run. */
  forget(target: ParseTarget): void {
    this.queues.delete(target);
    this.held.delete(target);
    this.unparsedTotal -= this.unparsed.get(target) ?? 0;
    this.unparsed.delete(target);
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.pump());
  }

  private pump(): void {
    this.scheduled = false;
    let budget = this.sliceBytes - this.unparsedTotal;
    let ready = 0;
    for (const target of this.queues.keys()) if (!this.held.has(target)) ready++;
    while (budget > 0 && ready > 0) {
      // Round robin: the pane served goes to the back, so a flood in one starves no other.
      const [target, queue] = this.queues.entries().next().value!;
      this.queues.delete(target);
      if (this.held.has(target)) {
        this.queues.set(target, queue);
        continue;
      }
      const chunk = queue.shift()!;
      if (queue.length > 0) this.queues.set(target, queue);
      else ready--;
      this.hand(target, chunk);
      budget -= chunk.data.length;
    }
    // Otherwise the last parsed slice schedules the next.
    if (ready > 0 && this.unparsedTotal === 0) this.schedule();
  }

  private hand(target: ParseTarget, chunk: Chunk): void {
    const n = chunk.data.length;
    this.unparsed.set(target, (this.unparsed.get(target) ?? 0) + n);
    this.unparsedTotal += n;
    const parsed = () => {
      const left = this.unparsed.get(target);
      if (left !== undefined) {
        this.unparsed.set(target, left - n);
        this.unparsedTotal -= n;
        if (this.unparsedTotal < this.sliceBytes && this.queues.size > 0) this.schedule();
      }
      chunk.done?.();
    };
    try {
      target.write(chunk.data, parsed);
    } catch (err) {
      parsed();
      throw err;
    }
  }
}
