// The OSC 7501 records of one pane: keyed by id (the root has none), each replaced whole by
// its next report, with the lifetimes thurm gives them and the order in which they press.
import type { Kind, State, StatusReport } from './osc7501.js';
import { STATE_TABLE } from './states.js';

export interface StatusRecord {
  id: string | null;
  /** The app this record names itself; see appOf() for the inherited one. */
  app: string | null;
  state: State;
  kind: Kind | null;
  title: string | null;
  msg: string | null;
  progress: number | null;
  updatedAt: number;
  /** Report order, for "latest first among equals" and for eviction. */
  seq: number;
  /** The process group in the pane's foreground when the report arrived, if known. */
  owner: number | null;
}

export const MAX_RECORDS = 256;

const key = (id: string | null) => id ?? '';

export class StatusRecords {
  private readonly records = new Map<string, StatusRecord>();
  private seq = 0;

  /** Applies a report; returns the record it wrote (null for clear) and whether anything changed. */
  apply(report: StatusReport, now = Date.now(), owner: number | null = null): { record: StatusRecord | null; changed: boolean; previous: StatusRecord | null } {
    if (report.state === 'clear') {
      return { record: null, changed: this.clear(report.id), previous: null };
    }
    const k = key(report.id);
    const previous = this.records.get(k) ?? null;
    if (!previous && this.records.size >= MAX_RECORDS) this.evictOldest();
    const record: StatusRecord = {
      id: report.id,
      app: report.app,
      state: report.state,
      kind: report.kind,
      title: report.title,
      msg: report.msg,
      progress: report.progress,
      updatedAt: now,
      seq: ++this.seq,
      owner,
    };
    this.records.delete(k);
    this.records.set(k, record);
    return { record, changed: !previous || !sameContent(previous, record), previous };
  }

  /** Removes every record, or `id` and everything below `id/`. */
  clear(id: string | null = null): boolean {
    if (id === null) {
      const had = this.records.size > 0;
      this.records.clear();
      return had;
    }
    let removed = false;
    for (const k of [...this.records.keys()]) {
      if (k === id || k.startsWith(`${id}/`)) removed = this.records.delete(k) || removed;
    }
    return removed;
  }

  /** Removes the records in `states` (those `also` accepts, when given); returns whether any went. */
  endStates(states: readonly State[], also: (r: StatusRecord) => boolean = () => true): boolean {
    let removed = false;
    for (const [k, r] of [...this.records]) {
      if (states.includes(r.state) && also(r)) removed = this.records.delete(k) || removed;
    }
    return removed;
  }

  private evictOldest(): void {
    let oldest: [string, StatusRecord] | null = null;
    for (const entry of this.records) if (!oldest || entry[1].seq < oldest[1].seq) oldest = entry;
    if (oldest) this.records.delete(oldest[0]);
  }

  /** Takes the records of the server this one replaced (`server upgrade`), with their order. */
  adopt(records: StatusRecord[]): void {
    for (const r of records.slice(-MAX_RECORDS)) this.records.set(key(r.id), { ...r });
    this.seq = Math.max(this.seq, ...records.map((r) => r.seq));
  }

  get size(): number {
    return this.records.size;
  }

  all(): StatusRecord[] {
    return [...this.records.values()];
  }

  /** The record's app, or the nearest ancestor's (the root is everyone's ancestor). */
  appOf(record: StatusRecord): string | null {
    if (record.app) return record.app;
    if (record.id === null) return null;
    const parts = record.id.split('/');
    for (let n = parts.length - 1; n >= 0; n--) {
      const ancestor = this.records.get(parts.slice(0, n).join('/'));
      if (ancestor?.app) return ancestor.app;
    }
    return null;
  }

  /** The record the border shows: blocked, error, working, done, idle; latest first. */
  mostPressing(): StatusRecord | null {
    let best: StatusRecord | null = null;
    for (const r of this.records.values()) {
      if (!best) { best = r; continue; }
      const a = STATE_TABLE[r.state].paneRank, b = STATE_TABLE[best.state].paneRank;
      if (a < b || (a === b && r.seq > best.seq)) best = r;
    }
    return best;
  }
}

function sameContent(a: StatusRecord, b: StatusRecord): boolean {
  return a.app === b.app && a.state === b.state && a.kind === b.kind && a.title === b.title
    && a.msg === b.msg && a.progress === b.progress;
}

/** The text a record shows: `title: msg` for records with an id and a title, else the msg. */
export function recordText(r: StatusRecord): string {
  if (r.id !== null && r.title) return r.msg ? `${r.title}: ${r.msg}` : r.title;
  return r.msg ?? r.title ?? '';
}
