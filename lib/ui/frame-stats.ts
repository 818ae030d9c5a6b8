// How long composing a frame takes in this server, over the last FRAME_RING frames of all
// clients: a fixed ring, so recording allocates nothing and memory stays bounded. Read by
// `thurm info --json` (and so by the benchmark); it changes nothing about what is drawn.

export const FRAME_RING = 1024;

export interface FrameTimes { count: number; p50Ms: number; p99Ms: number }

export class FrameStats {
  private readonly ring = new Float64Array(FRAME_RING);
  private recorded = 0;

  /** Adds one frame's compose time in milliseconds, replacing the oldest once the ring is full. */
  record(ms: number): void {
    this.ring[this.recorded % FRAME_RING] = ms;
    this.recorded++;
  }

  /** Frames composed so far and the percentiles of the ones in the ring; null before the first. */
  summary(): FrameTimes | null {
    if (this.recorded === 0) return null;
    const kept = this.ring.slice(0, Math.min(this.recorded, FRAME_RING)).sort();
    const at = (p: number) => kept[Math.min(kept.length - 1, Math.floor(p * kept.length))];
    return { count: this.recorded, p50Ms: at(0.5), p99Ms: at(0.99) };
  }
}

/** The server's one recorder, fed by every client's FrameScheduler. */
export const frameStats = new FrameStats();
