// Keeps the session file current from the Mux's events alone: a change of panes, layout,
// focus or titles is saved within a second, a status change (an agent's session id, its
// resume command) within five, and output (history) within thirty, never more often. A save
// that fails (disk full, read-only folder) is shown through the Mux's `persistence.saveState` and retried; it
// never stops the server. When the session ends, its last state is saved with the reason.
// Only the server that holds the file's claim writes it (file-claim.ts); another one's saves
// fail, saying who keeps the file, until that one lets go.
import { ThurmError } from '../errors.js';
import type { MuxEvent } from './events.js';
import type { Mux } from './mux.js';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { PaneView } from './pane.js';
import { FileClaim, keptElsewhere } from './file-claim.js';
import { sessionFilePath, writeSessionFile } from './session-file.js';
import { historyJsonOf, historyText, readHistory, type SessionSnapshot } from './snapshot.js';

/** How the session file is doing, kept by the Mux: shown in the status line and `thurm info`. */
export interface SaveState { file: string | null; savedAt: number | null; error: string | null }

const CHANGE_MS = 1000;
const STATUS_MS = 5000;
const OUTPUT_MS = 30_000;
const RETRY_MIN_MS = 5000;
const RETRY_MAX_MS = 60_000;

/**
 * How soon each kind of event is saved (null: it changes nothing the file holds). Every kind is
 * listed, so a new one cannot be missed: a window renamed or moved was once left unsaved.
 */
export const SAVE_AFTER: { readonly [K in MuxEvent['type']]: number | null } = {
  'pane-added': CHANGE_MS, 'pane-removed': CHANGE_MS, 'pane-respawned': CHANGE_MS, 'pane-exited': CHANGE_MS,
  'pane-title-changed': CHANGE_MS, 'pane-resized': CHANGE_MS, 'focus-changed': CHANGE_MS, 'layout-changed': CHANGE_MS,
  'window-added': CHANGE_MS, 'window-closed': CHANGE_MS, 'window-selected': CHANGE_MS, 'window-renamed': CHANGE_MS,
  'window-moved': CHANGE_MS,
  // An agent's session id or resume command comes with its status.
  'status-changed': STATUS_MS,
  'pane-output': OUTPUT_MS,
  // Paste buffers, options, synchronized input, clients, messages and notifications live only in the server.
  'window-synchronized': null, 'notification': null, 'notification-delivered': null, 'buffer-added': null, 'client-attached': null, 'client-detached': null,
  'save-changed': null, 'options-changed': null, 'mark-changed': null, 'message-shown': null, 'web-viewer': null, 'usage-changed': null,
  // Saved by their own steps below.
  'session-renamed': null, 'session-ending': null, 'session-ended': null,
};

/** Gives the event loop a turn: panes and clients are served between two panes' histories. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class SessionSaver {
  private timer: NodeJS.Timeout | null = null;
  private dueAt = Infinity;
  private retryMs = RETRY_MIN_MS;
  /** The last snapshot saved, for the final save of a session whose last pane is gone. */
  private last: SessionSnapshot | null = null;
  /** Saves run one at a time, in order: the one running (or done), and the one waiting for it. */
  private running: Promise<void> = Promise.resolve();
  private waiting: Promise<void> | null = null;
  /** Each pane's history text as last read, with the pane's `changes` then: idle panes cost nothing. */
  private readonly histories = new WeakMap<PaneView, { changes: number; lines: string[] }>();
  private claim: FileClaim | null;

  /** `claim`: the file's claim, when the server took it already (to restore from the file). */
  constructor(private readonly mux: Mux, private file: string, private readonly historyLines: number, claim: FileClaim | null = null) {
    this.claim = claim;
    mux.persistence.setSaveState({ file, savedAt: null, error: null });
    mux.persistence.setSaver(() => this.save());
    mux.subscribe((e) => {
      if (e.type === 'session-renamed') this.renamed(e.to);
      else if (e.type === 'session-ending') void this.saveLast(e.onPurpose);
      else {
        const delay = SAVE_AFTER[e.type];
        if (delay !== null) this.schedule(delay);
      }
    });
  }

  /** The server moved the file to the session's new name (rename-session.ts): save there, soon. */
  private renamed(session: string): void {
    const before = this.file;
    this.file = sessionFilePath(session);
    this.mux.persistence.setSaveState({ ...this.mux.persistence.saveState, file: this.file });
    // A save writing during the move put the old name back: that copy goes once it is done (the
    // save scheduled here writes the new name).
    this.running = this.running.then(() => fsp.rm(before, { force: true })).catch(() => {});
    this.schedule(CHANGE_MS);
  }

  /** Saves within `ms` (an earlier deadline already set stands). */
  private schedule(ms: number): void {
    const at = Date.now() + ms;
    if (this.timer && this.dueAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.dueAt = at;
    this.timer = setTimeout(() => void this.save(), ms);
    this.timer.unref();
  }

  private cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.dueAt = Infinity;
  }

  /**
   * Saves after the save running now, if any (requests meanwhile share that next save).
   * Resolves once written or failed; a failure is in the Mux's save state and retried later.
   */
  save(): Promise<void> {
    this.cancel();
    this.waiting ??= this.running.then(() => {
      this.waiting = null;
      return this.saveOnce();
    }).catch((err) => console.error('thurm: save failed:', err));
    this.running = this.waiting;
    return this.waiting;
  }

  /** Resolves when no save runs or waits (the server exits only then). */
  settled(): Promise<void> {
    return this.running;
  }

  /** The pane's history text, read now unless it is unchanged since last read. */
  private history(pane: PaneView): string[] {
    const kept = this.histories.get(pane);
    if (kept && kept.changes === pane.term.changes) return kept.lines;
    const lines = historyText(pane, this.historyLines);
    this.histories.set(pane, { changes: pane.term.changes, lines });
    return lines;
  }

  /**
   * The same, read a slice at a time with turns of the event loop in between (thousands of rows
   * of a busy pane take tens of milliseconds): the pane's output is held meanwhile.
   */
  private async readAhead(pane: PaneView): Promise<void> {
    const kept = this.histories.get(pane);
    if (kept && kept.changes === pane.term.changes) return;
    const release = await pane.term.hold();
    try {
      const lines: string[] = [];
      const changes = pane.term.changes;
      for (const _ of readHistory(pane, this.historyLines, lines)) await nextTurn();
      historyJsonOf(lines);
      this.histories.set(pane, { changes, lines });
    } finally {
      release();
    }
  }

  private async saveOnce(): Promise<void> {
    for (const id of this.mux.paneIds()) {
      if (this.mux.paneIds().includes(id)) await this.readAhead(this.mux.pane(id));
      await nextTurn();
    }
    if (!this.mux.paneIds().length) return;
    // Output since then waits for the next save: the text read a moment ago stands.
    const snapshot = this.mux.persistence.snapshot((pane) => this.histories.get(pane)?.lines ?? this.history(pane));
    try {
      await this.claimFile();
      await writeSessionFile(this.file, snapshot);
      this.last = snapshot;
      this.retryMs = RETRY_MIN_MS;
      this.mux.persistence.setSaveState({ file: this.file, savedAt: Date.now(), error: null });
    } catch (err) {
      const message = err instanceof ThurmError ? err.message : String(err);
      this.mux.persistence.setSaveState({ ...this.mux.persistence.saveState, error: message });
      console.error(`thurm: ${message} (retrying in ${this.retryMs / 1000} s)`);
      this.schedule(this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    }
  }

  /** Holds the claim of the file saved now (taken again after a rename or a release). */
  private async claimFile(): Promise<void> {
    if (this.claim?.file === path.resolve(this.file)) return;
    const taken = await FileClaim.take(this.file, this.mux.socketPath);
    if (!(taken instanceof FileClaim)) throw keptElsewhere(this.file, taken, 'not saved');
    this.claim?.release();
    this.claim = taken;
  }

  /** Lets go of the file (`server upgrade`: the new server saves it from now on). */
  release(): void {
    this.claim?.release();
    this.claim = null;
  }

  /** The session is ending: saves it as it is now (or as last saved, when its panes are gone). */
  private saveLast(onPurpose: boolean): Promise<void> {
    this.cancel();
    const snapshot = this.mux.paneIds().length ? this.mux.persistence.snapshot((pane) => this.history(pane)) : this.last;
    if (!snapshot) return this.running;
    this.running = this.running.then(async () => {
      await this.claimFile();
      await writeSessionFile(this.file, { ...snapshot, ended: onPurpose });
    }).catch((err) => {
      console.error(`thurm: ${(err as Error).message}`);
    });
    return this.running;
  }
}
