// A pane's timeline: each change of its committed status, with its time, source and message, so
// `thurm agent log` and the overview can say what an agent did while nobody looked. Bounded to
// the newest entries; saved with the session, handed over by `server upgrade`, kept by a respawn.
import { ThurmError } from '../errors.js';
import { sanitizeText } from '../sanitize.js';
import { SOURCES, type StatusSummary } from '../status/program-status.js';
import { KINDS, STATES } from '../status/osc7501.js';
import { strftime } from '../strftime.js';

/** Entries kept a pane: a working day of an agent's turns, some 40 KB at most. */
export const MAX_TIMELINE = 500;
const MAX_TEXT = 256;

export interface TimelineEntry {
  /** When the status was committed, ms since the epoch. */
  at: number;
  state: StatusSummary['state'];
  source: StatusSummary['source'];
  kind: StatusSummary['kind'];
  app: string | null;
  text: string;
  progress: number | null;
}

export class Timeline {
  private entries: TimelineEntry[];

  constructor(kept: readonly TimelineEntry[] = []) {
    this.entries = kept.slice(-MAX_TIMELINE);
  }

  /** Adds a committed status. A change of progress alone (a build counting up) updates the last entry instead. */
  add(s: StatusSummary, at: number): void {
    const entry: TimelineEntry = { at, state: s.state, source: s.source, kind: s.kind, app: s.app, text: s.text.slice(0, MAX_TEXT), progress: s.progress };
    const last = this.entries[this.entries.length - 1];
    if (last && last.state === entry.state && last.source === entry.source && last.kind === entry.kind && last.app === entry.app && last.text === entry.text) {
      last.progress = entry.progress;
      return;
    }
    this.entries.push(entry);
    if (this.entries.length > MAX_TIMELINE) this.entries.shift();
  }

  /** Oldest first; from `since` (ms since the epoch) on when given. */
  list(since = 0): TimelineEntry[] {
    return this.entries.filter((e) => e.at >= since).map((e) => ({ ...e }));
  }
}

const UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `--since`: a duration back from `now` (`90s`, `10m`, `2h`, `1d`) or an ISO 8601 time; ms since the epoch. */
export function sinceTime(text: string, now: number): number {
  const m = /^(\d{1,6})([smhd])$/.exec(text.trim());
  if (m) return now - Number(m[1]) * UNITS[m[2]];
  const at = /^\d{4}-\d{2}-\d{2}/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at)) throw new ThurmError('INVALID_ARGUMENT', `since: expected a duration (30s, 10m, 2h, 1d) or an ISO 8601 time, got ${JSON.stringify(text.slice(0, 64))}`);
  return at;
}

/** The entries as lines, oldest first: time (with the date when not today), state, source, what the program said. */
export function timelineLines(entries: readonly TimelineEntry[], now = Date.now()): string[] {
  if (!entries.length) return ['no status changes yet'];
  const today = strftime('%Y-%m-%d', new Date(now));
  return entries.map((e) => {
    const at = new Date(e.at);
    const when = strftime('%Y-%m-%d', at) === today ? strftime('%H:%M:%S', at) : strftime('%Y-%m-%d %H:%M:%S', at);
    const what = [e.kind, e.app && `(${e.app})`, e.text, e.progress !== null && `${e.progress}%`].filter(Boolean).join(' ');
    return `${when}  ${e.state.padEnd(7)} ${e.source.padEnd(19)} ${what}`.trimEnd();
  });
}

/** Entries read from a session file or a handover: anything malformed is left out, text made safe. */
export function timelineOf(raw: unknown): TimelineEntry[] {
  if (!Array.isArray(raw)) return [];
  return raw.slice(-MAX_TIMELINE).flatMap((v): TimelineEntry[] => {
    if (typeof v !== 'object' || v === null) return [];
    const e = v as Record<string, unknown>;
    const state = [...STATES, 'none' as const].find((s) => s === e.state);
    const source = SOURCES.find((s) => s === e.source);
    if (!Number.isFinite(e.at) || !state || !source) return [];
    return [{
      at: e.at as number, state, source,
      kind: KINDS.find((k) => k === e.kind) ?? null,
      app: typeof e.app === 'string' ? sanitizeText(e.app, 64) || null : null,
      text: typeof e.text === 'string' ? sanitizeText(e.text, MAX_TEXT) : '',
      progress: typeof e.progress === 'number' && e.progress >= 0 && e.progress <= 100 ? Math.round(e.progress) : null,
    }];
  });
}
