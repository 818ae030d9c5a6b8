// One parsing budget for every pane of the server. xterm parses each terminal's writes in its
// own timer for up to 12 ms, so 40 busy panes could hold the event loop for 480 ms in one turn
// while a keystroke waited. Output is handed to the emulators at most SLICE_BYTES at a time, one
// chunk per pane in turn, and no more until they have parsed it: xterm parses in a timer that
// fires a millisecond later, so handing a slice every turn piled several slices (40 ms of
// parsing) into one timer phase. Input and frames are served between slices.
// Bytes are not time: output that is dear to parse (a status report every few bytes, each told
// to a crowd of subscribers, 12 µs a byte) made one 64 KiB slice half a second. So a turn also
// ends after SLICE_MS, and a pane whose chunk took longer than that is handed smaller ones.

/** About 2-4 ms of parsing on the machines we measured (17-34 MB/s). */
export const SLICE_BYTES = 64 * 1024;

/** How long one turn hands output over, and the most one chunk should take to parse. */
export const SLICE_MS = 8;

/** The smallest chunk a pane is handed, however dear its bytes: a few escape sequences. */
const MIN_CHUNK = 256;

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

  /** The most each target is handed at once: halved after a chunk that took too long, doubled back after quick ones. */
  private readonly chunkOf = new Map<ParseTarget, number>();

  constructor(private readonly sliceBytes = SLICE_BYTES, private readonly now: () => number = () => performance.now()) {}

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
    this.chunkOf.delete(target);
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.pump());
  }

  private pump(): void {
    this.scheduled = false;
    const started = this.now();
    let budget = this.sliceBytes - this.unparsedTotal;
    let ready = 0;
    for (const target of this.queues.keys()) if (!this.held.has(target)) ready++;
    while (budget > 0 && ready > 0 && this.now() - started < SLICE_MS) {
      // Round robin: the pane served goes to the back, so a flood in one starves no other.
      const [target, queue] = this.queues.entries().next().value!;
      this.queues.delete(target);
      if (this.held.has(target)) {
        this.queues.set(target, queue);
        continue;
      }
      const most = this.chunkOf.get(target) ?? this.sliceBytes;
      const chunk = queue[0].data.length > most ? split(queue[0], most) : queue.shift()!;
      if (queue.length > 0) this.queues.set(target, queue);
      else ready--;
      const handed = this.now();
      this.hand(target, chunk);
      this.adapt(target, chunk.data.length, most, this.now() - handed);
      budget -= chunk.data.length;
    }
    // Otherwise the last parsed slice schedules the next.
    if (ready > 0 && this.unparsedTotal === 0) this.schedule();
  }

  /** A chunk that took longer than a slice halves what the target is handed; quick full ones double it back. */
  private adapt(target: ParseTarget, bytes: number, most: number, took: number): void {
    if (took > SLICE_MS && most > MIN_CHUNK) this.chunkOf.set(target, Math.max(MIN_CHUNK, Math.min(most, bytes) >> 1));
    else if (took < SLICE_MS / 4 && bytes === most && most < this.sliceBytes) this.chunkOf.set(target, Math.min(this.sliceBytes, most * 2));
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

/** Takes the first `bytes` of `chunk` off it (its callback stays with the rest); the emulator's decoder carries a sequence or character cut in two. */
function split(chunk: Chunk, bytes: number): Chunk {
  const { data } = chunk;
  if (typeof data === 'string') {
    chunk.data = data.slice(bytes);
    return { data: data.slice(0, bytes) };
  }
  chunk.data = data.subarray(bytes);
  return { data: data.subarray(0, bytes) };
}
