// The session kept across servers (Mux.persistence): as plain data for the session file and
// back (snapshot, restore), how the file is doing (the saver's state, the restore report), and
// the live handover to a new server (`server upgrade`: handover, adopt).
import { ThurmError } from '../errors.js';
import type { ProcFacts } from '../pty/proc.js';
import type { PanePty } from '../pty/spawn.js';
import { HANDOFF_VERSION, paneHandoffs, type Handoff, type PaneHandoff } from './handoff.js';
import type { Mux } from './mux.js';
import type { MuxParts } from './mux-parts.js';
import type { Pane } from './pane.js';
import type { RecordingHandoff } from './pane-recordings.js';
import { startSavedPanes } from './restore.js';
import { restoreSummary, type RestoreReport } from './restore-report.js';
import type { PanePlan } from './resume.js';
import type { SaveState } from './saver.js';
import { paneSnapshot, SNAPSHOT_VERSION, type SessionSnapshot } from './snapshot.js';
import type { WindowSnapshot } from './windows.js';

export class Persistence {
  private saved: SaveState = { file: null, savedAt: null, error: null };
  private restored: RestoreReport | null = null;
  private restoreTold = false;
  /** What handover() took from the recordings, for resumeReading() should the new server not take over. */
  private handedRecordings: RecordingHandoff[] = [];
  /** How a save is done now: set by the session saver (saver.ts), none when saving is off. */
  private saver: (() => Promise<void>) | null = null;

  constructor(private readonly mux: Mux, private readonly parts: MuxParts, private readonly proc: ProcFacts) {}

  /** How the session file is doing: changed only by setSaveState(). */
  get saveState(): Readonly<SaveState> {
    return this.saved;
  }

  setSaveState(state: SaveState): void {
    const before = this.saved;
    this.saved = state;
    if (before.error !== state.error) this.parts.emit({ type: 'save-changed' });
  }

  setSaver(save: () => Promise<void>): void {
    this.saver = save;
  }

  /** Saves the session file now (`thurm save`); the outcome is in saveState once it resolves. */
  async requestSave(): Promise<void> {
    await this.saver?.();
  }

  /** The session as plain data, with each pane's history text as `history` gives it. */
  snapshot(history: (pane: Pane) => string[]): SessionSnapshot {
    return {
      version: SNAPSHOT_VERSION,
      session: this.mux.session,
      savedAt: new Date().toISOString(),
      ended: false,
      ...this.parts.windows.snapshot(),
      nextId: this.parts.ids.next,
      size: this.mux.clients.windowSize,
      panes: this.livePanes().map((pane) => paneSnapshot(pane, history(pane))),
    };
  }

  /** Every pane, window by window. */
  private livePanes(): Pane[] {
    return this.mux.paneIds().map((id) => this.parts.panes.get(id)!);
  }

  /**
   * Starts the session from a saved one: the same windows, pane ids, layouts, focus and zoom,
   * each pane as its plan says (resume.ts). A pane that cannot start is left out and reported
   * failed; false when none could (the caller then starts a fresh session).
   */
  restore(snapshot: SessionSnapshot, plans: PanePlan[], report: Omit<RestoreReport, 'panes'>): boolean {
    this.unstarted();
    this.parts.ids.next = snapshot.nextId;
    const outcomes = startSavedPanes(snapshot, plans, (spec, cols, rows, restored) => this.parts.spawn(spec, cols, rows, restored));
    this.setRestoreReport({ ...report, panes: outcomes });
    return this.loadWindows(snapshot.windows, snapshot.current);
  }

  /** What the last restore did (null: none was tried, or it found nothing to report). */
  get restoreReport(): Readonly<RestoreReport> | null {
    return this.restored;
  }

  /**
   * Keeps what a restore did (restore(), or restore.ts when the saved session could not be
   * used) for `thurm info` and the first client. No event: it is set before the server serves.
   */
  setRestoreReport(report: RestoreReport): void {
    this.restored = report;
  }

  /** What the last restore did, in one line, the first time it is asked for (for the first client). */
  takeRestoreNews(): string | null {
    const r = this.restored;
    if (!r || this.restoreTold) return null;
    this.restoreTold = true;
    return restoreSummary(r);
  }

  /**
   * Stops reading every pane and returns the session's live state and the master fds to pass
   * (see handoff.ts). Until the new server takes over, resumeReading() undoes it.
   */
  async handover(): Promise<{ handoff: Handoff; fds: number[] }> {
    const panes = this.livePanes();
    await Promise.all(panes.map((p) => p.pty.stopReading()));
    await Promise.all(panes.map((p) => p.term.flushed()));
    const { panes: handed, fds } = paneHandoffs(panes, (pid) => this.proc.readStat(pid)?.startTime ?? 0);
    const paneState = handed.map((p) => ({ ...p, stateSince: this.parts.states.get(p.id) }));
    this.handedRecordings = await this.mux.recordings.handover();
    const handoff: Handoff = {
      version: HANDOFF_VERSION, session: this.mux.session, ...this.parts.windows.snapshot(),
      nextId: this.parts.ids.next, size: this.mux.clients.windowSize, buffers: this.parts.pasteBuffers.handover(), panes: paneState,
      tmux: { options: this.mux.tmuxOptions.entries(), binds: [...this.mux.keyBinds.list()], environment: this.mux.environment.list() },
      recordings: this.handedRecordings,
      usages: this.mux.usages.handover(),
    };
    return { handoff, fds };
  }

  /** The handover did not happen: read the panes again and record them again, as if nothing was tried. */
  resumeReading(): void {
    for (const pane of this.livePanes()) pane.pty.restartReading();
    this.mux.recordings.adopt(this.handedRecordings);
    this.handedRecordings = [];
  }

  /** Starts as the server that took over from another: its panes, live, with their state. */
  adopt(h: Handoff, ptyOf: (p: PaneHandoff) => PanePty): void {
    this.unstarted();
    this.parts.ids.next = h.nextId;
    this.parts.pasteBuffers.adopt(h.buffers);
    for (const p of h.panes) {
      const pty = ptyOf(p);
      this.parts.spawn({ argv: p.argv, cwd: p.startCwd }, p.size.cols, p.size.rows, { id: p.id, history: [], typed: null, notice: null, live: p.live, pty });
    }
    this.loadWindows(h.windows, h.current);
    for (const [scope, name, value] of h.tmux?.options ?? []) this.mux.setTmuxOption(scope, name, value);
    for (const b of h.tmux?.binds ?? []) this.mux.bindKey(b);
    for (const [name, value] of h.tmux?.environment ?? []) this.mux.setEnvironment(name, value);
    this.mux.recordings.adopt(h.recordings ?? []);
    this.mux.usages.adopt(h.usages ?? []);
    // A state the pane still shows keeps its age ("blocked 12s" stays 12s, not 1s).
    for (const p of h.panes) {
      const states = this.parts.states;
      if (p.stateSince && states.get(p.id)?.state === p.stateSince.state) states.set(p.id, { ...p.stateSince });
    }
  }

  private unstarted(): void {
    if (this.parts.windows.size) throw new ThurmError('INTERNAL', 'session already started');
  }

  /** Windows come back (restore, handover) with the panes that started: announces them all. */
  private loadWindows(saved: WindowSnapshot[], current: number): boolean {
    const first = this.parts.windows.load(saved, current, (id) => this.parts.panes.has(id));
    if (!first) return false;
    this.parts.relayout();
    for (const id of this.mux.paneIds()) this.parts.emit({ type: 'pane-added', pane: id });
    for (const w of this.parts.windows.all()) this.parts.emit({ type: 'window-added', window: w.id });
    this.parts.emit({ type: 'focus-changed', pane: first.focused });
    return true;
  }
}
