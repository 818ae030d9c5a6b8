// `thurm record`: what a pane's program prints, written to a file as an asciicast v2 recording
// (asciinema's format: a JSON header line, then a JSON array an event: `[seconds, "o", text]` for
// output, `"r"` for a resize to "COLSxROWS", `"m"` for a marker), the pane's status changes as
// markers, until `thurm record --stop`, the pane's end or the session's. A pane has one recording
// at most; it outlives a respawn, as a pipe does. The file is the user's (mode 0600: a program's
// output may hold secrets) and is never overwritten unless asked.
import fs from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { ThurmError } from '../errors.js';
import { openPlainFile } from '../plain-file.js';
import type { StatusSummary } from '../status/program-status.js';
import { MAX_PIPE_QUEUE, type PipeSource } from './pane-pipes.js';
import type { Disposable } from '../pty/spawn.js';

/** What a recording needs of its pane: its pty's output and its size. */
export interface RecordedPane {
  readonly pty: PipeSource;
  readonly size: { cols: number; rows: number };
}

/** A marker's label: the state, what a blocked pane waits for and what decided it, then the message. */
export function markerLabel(s: StatusSummary): string {
  if (s.state === 'none') return 'no status';
  return `${s.state}${s.kind ? ` ${s.kind}` : ''} (${s.source})${s.text ? `: ${s.text}` : ''}`;
}

/** A recording as one server hands it to the next (`server upgrade`), which goes on appending to its file. */
export interface RecordingHandoff { pane: string; file: string; started: number; size: { cols: number; rows: number }; dropped: number }

const { O_WRONLY, O_CREAT, O_EXCL, O_TRUNC, O_APPEND } = fs.constants;

/** Opens a recording's file: a new one (`create`, with `force` one that exists emptied), or one to go on with. */
function open(file: string, how: 'create' | 'force' | 'append'): number {
  const flags = O_WRONLY | O_CREAT | (how === 'create' ? O_EXCL : how === 'force' ? O_TRUNC : O_APPEND);
  return openPlainFile(file, flags, 'write', `${file} exists (--force overwrites it)`);
}

class Recording {
  private readonly out: fs.WriteStream;
  private readonly decoder = new StringDecoder('utf8');
  private tap: Disposable | null = null;
  private size: { cols: number; rows: number };
  /** Bytes of output left out because the disk fell MAX_PIPE_QUEUE behind. */
  dropped: number;
  failed: string | null = null;

  /** Writes the header first unless it goes on with a recording handed over (`from`). */
  constructor(readonly file: string, fd: number, pane: RecordedPane, private readonly now: () => number, readonly started: number, from?: RecordingHandoff) {
    this.out = fs.createWriteStream('', { fd });
    this.out.on('error', (err) => {
      this.failed = err.message;
      this.tap?.dispose();
    });
    this.size = { ...(from?.size ?? pane.size) };
    this.dropped = from?.dropped ?? 0;
    if (!from) {
      const header = { version: 2, width: this.size.cols, height: this.size.rows, timestamp: Math.floor(started / 1000), env: { TERM: 'xterm-256color' } };
      this.out.write(`${JSON.stringify(header)}\n`);
    }
    this.attach(pane);
  }

  handoff(pane: string): RecordingHandoff {
    return { pane, file: this.file, started: this.started, size: this.size, dropped: this.dropped };
  }

  /** Reads `pane`'s pty from now on (a new one after a respawn). */
  attach(pane: RecordedPane): void {
    this.tap?.dispose();
    this.tap = pane.pty.onData((data) => {
      const { cols, rows } = pane.size;
      if (cols !== this.size.cols || rows !== this.size.rows) {
        this.size = { cols, rows };
        this.event('r', `${cols}x${rows}`);
      }
      if (this.out.writableLength > MAX_PIPE_QUEUE) this.dropped += data.length;
      else this.event('o', this.decoder.write(data));
    });
  }

  event(code: 'o' | 'r' | 'm', data: string): void {
    if (this.failed || this.out.destroyed || (code === 'o' && !data)) return;
    this.out.write(`${JSON.stringify([Number(((this.now() - this.started) / 1000).toFixed(6)), code, data])}\n`);
  }

  /** Writes what is left of a split character and closes the file; resolves once it is written. */
  stop(): Promise<void> {
    this.tap?.dispose();
    this.tap = null;
    this.event('o', this.decoder.end());
    return new Promise((resolve) => {
      if (this.out.destroyed) return resolve();
      this.out.end(resolve);
    });
  }
}

/** Every pane's recording, a part of the Mux (mux.recordings): started and stopped by it, ended with the pane. */
export class PaneRecordings {
  private readonly recordings = new Map<string, Recording>();

  constructor(private readonly pane: (id: string) => RecordedPane | undefined, private readonly now: () => number) {}

  /** Starts recording pane `id` to `file` (an absolute path); refused when it records already. */
  start(id: string, file: string, force: boolean): void {
    const pane = this.pane(id);
    if (!pane) throw new ThurmError('NOT_FOUND', `no such pane: ${id}`);
    const had = this.recordings.get(id);
    if (had) throw new ThurmError('INVALID_ARGUMENT', `pane ${id} is already recording to ${had.file} (thurm record --stop ends it)`);
    this.recordings.set(id, new Recording(file, open(file, force ? 'force' : 'create'), pane, this.now, this.now()));
  }

  /** Ends pane `id`'s recording; what it was, or null when it had none. */
  async stop(id: string): Promise<{ file: string; dropped: number } | null> {
    const r = this.recordings.get(id);
    if (!r) return null;
    this.recordings.delete(id);
    await r.stop();
    return { file: r.file, dropped: r.dropped };
  }

  /** A status change of pane `id`, as a marker in its recording. */
  marker(id: string, summary: StatusSummary): void {
    this.recordings.get(id)?.event('m', markerLabel(summary));
  }

  /** Pane `id`'s recording: its file, what was left out, why it stopped writing; null without one. */
  describe(id: string): { file: string; dropped: number; failed: string | null } | null {
    const r = this.recordings.get(id);
    return r ? { file: r.file, dropped: r.dropped, failed: r.failed } : null;
  }

  /** Pane `id` has a new pty (respawned): its recording reads that one. */
  attach(id: string, pane: RecordedPane): void {
    this.recordings.get(id)?.attach(pane);
  }

  stopAll(): Promise<unknown> {
    return Promise.all([...this.recordings.keys()].map((id) => this.stop(id)));
  }

  /** Ends every recording for the server taking over, which appends to their files (adopt). */
  async handover(): Promise<RecordingHandoff[]> {
    const handed = [...this.recordings].map(([id, r]) => r.handoff(id));
    await this.stopAll();
    return handed;
  }

  /** Goes on with recordings handed over; one whose file cannot be opened again ends, logged. */
  adopt(handed: readonly RecordingHandoff[]): void {
    for (const h of handed) {
      const pane = this.pane(h.pane);
      if (!pane) continue;
      try {
        this.recordings.set(h.pane, new Recording(h.file, open(h.file, 'append'), pane, this.now, h.started, h));
      } catch (err) {
        console.error(`thurm: pane ${h.pane}: the recording to ${h.file} ended: ${(err as Error).message}`);
      }
    }
  }
}
