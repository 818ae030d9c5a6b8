// `thurm replay FILE`: plays an asciicast v2 recording (`thurm record`, asciinema's files) to this
// terminal with its timing, as `asciinema play` does; run in a pane, the pane plays it. Resizes
// and markers are passed over. The output is the recorded program's, escape sequences and all,
// as `cat` of a log would print it.
import fs from 'node:fs';
import readline from 'node:readline';
import { ThurmError } from '../errors.js';

export interface ReplayOptions {
  /** How many times faster than recorded. */
  speed: number;
  /** Longest pause kept, in seconds (default: the file's idle_time_limit, else none). */
  idleLimit?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** When each event plays, in ms from the start: its recorded time over `speed`, every pause cut to `idleLimit` seconds. */
export class Schedule {
  private last = 0;
  private played = 0;

  constructor(private readonly speed: number, private readonly idleLimit = Number.POSITIVE_INFINITY) {}

  /** The play time of the event recorded at `at` seconds (events come in the file's order). */
  next(at: number): number {
    this.played += Math.min(Math.max(at - this.last, 0), this.idleLimit);
    this.last = Math.max(at, this.last);
    return (this.played * 1000) / this.speed;
  }
}

function bad(file: string, line: number, why: string): never {
  throw new ThurmError('INVALID_ARGUMENT', `${file}:${line}: not an asciicast v2 recording: ${why}`);
}

/** Plays `file` to `out`; resolves once its last event was written. */
export async function replay(file: string, options: ReplayOptions, out: NodeJS.WritableStream = process.stdout): Promise<void> {
  if (!(options.speed > 0)) throw new ThurmError('INVALID_ARGUMENT', 'speed: expected a number above 0');
  if (options.idleLimit !== undefined && !(options.idleLimit >= 0)) throw new ThurmError('INVALID_ARGUMENT', 'idle-limit: expected seconds, 0 or more');
  let input: fs.ReadStream;
  try {
    input = fs.createReadStream(file, { fd: fs.openSync(file, 'r'), encoding: 'utf8' });
  } catch (err) {
    throw new ThurmError('NOT_FOUND', `cannot read ${file}: ${(err as Error).message}`);
  }
  const lines = readline.createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let n = 0, schedule = new Schedule(options.speed, options.idleLimit);
  const started = performance.now();
  for await (const text of lines) {
    n++;
    if (!text.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      bad(file, n, 'a line that is not JSON');
    }
    if (n === 1) {
      const h = value as { version?: unknown; idle_time_limit?: unknown };
      if (typeof h !== 'object' || h === null || h.version !== 2) bad(file, n, 'the header is not version 2');
      if (options.idleLimit === undefined && typeof h.idle_time_limit === 'number' && h.idle_time_limit > 0) schedule = new Schedule(options.speed, h.idle_time_limit);
      continue;
    }
    if (!Array.isArray(value) || typeof value[0] !== 'number' || !Number.isFinite(value[0]) || typeof value[1] !== 'string' || typeof value[2] !== 'string') {
      bad(file, n, 'an event is not [time, code, data]');
    }
    const [at, code, data] = value as [number, string, string];
    const playAt = schedule.next(at);
    if (code !== 'o') continue;
    const wait = started + playAt - performance.now();
    if (wait > 0) await sleep(wait);
    if (!out.write(data)) await new Promise((r) => out.once('drain', r));
  }
  if (n === 0) bad(file, 1, 'the file is empty');
}
