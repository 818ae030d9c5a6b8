// Lines for the server log, each problem at most once per key and interval: a program controls
// how often some problems happen (bad escape sequences, a pane that never reads its input), and
// 50 MB of random output once wrote 175 MB of log.

export const LOG_INTERVAL_MS = 60_000;
const MAX_KEYS = 100;

export class ThrottledLog {
  private readonly seen = new Map<string, { at: number; repeats: number }>();

  constructor(
    private readonly prefix: string,
    private readonly sink: (line: string) => void = (line) => console.error(line),
    private readonly now: () => number = Date.now,
    private readonly intervalMs = LOG_INTERVAL_MS,
  ) {}

  /** Logs `message` unless `key` was logged less than an interval ago; repeats are counted. */
  problem(key: string, message: string): void {
    const now = this.now();
    const seen = this.seen.get(key);
    if (seen && now - seen.at < this.intervalMs) {
      seen.repeats++;
      return;
    }
    const repeats = seen?.repeats ? ` (and ${seen.repeats} more since the last report)` : '';
    // Keys are fixed strings in code; the bound only guards against one built from data.
    if (this.seen.size >= MAX_KEYS) this.seen.clear();
    this.seen.set(key, { at: now, repeats: 0 });
    this.sink(`${this.prefix}${message}${repeats}`);
  }
}
