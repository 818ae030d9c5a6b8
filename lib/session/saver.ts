// Keeps the session file current from the Mux's events alone: a change of panes, layout,
// focus or titles is saved within a second, a status change (an agent's session id, its
// resume command) within five, and output (history) within thirty, never more often. A save
// that fails (disk full, read-only folder) is shown through Mux.saveState and retried; it
// never stops the server. When the session ends, its last state is saved with the reason.
import { ThurmError } from '../errors.js';
import type { MuxEvent } from './events.js';
import type { Mux } from './mux.js';
import { sessionFilePath, writeSessionFile } from './session-file.js';
import type { SessionSnapshot } from './snapshot.js';

const CHANGE_MS = 1000;
const STATUS_MS = 5000;
const OUTPUT_MS = 30_000;
const RETRY_MIN_MS = 5000;
const RETRY_MAX_MS = 60_000;

function delayOf(e: MuxEvent): number | null {
  switch (e.type) {
    case 'pane-added': case 'pane-removed': case 'pane-respawned': case 'pane-exited': case 'pane-title-changed': case 'pane-resized':
    case 'focus-changed': case 'layout-changed':
      return CHANGE_MS;
    case 'status-changed':
      return STATUS_MS;
    case 'pane-output':
      return OUTPUT_MS;
    default:
      return null;
  }
}

export class SessionSaver {
  private timer: NodeJS.Timeout | null = null;
  private dueAt = Infinity;
  private retryMs = RETRY_MIN_MS;
  /** The last snapshot saved, for the final save of a session whose last pane is gone. */
  private last: SessionSnapshot | null = null;

  constructor(private readonly mux: Mux, private file: string, private readonly historyLines: number) {
    mux.setSaveState({ file, savedAt: null, error: null });
    mux.subscribe((e) => {
      if (e.type === 'save-requested') this.save();
      else if (e.type === 'session-renamed') this.renamed(e.to);
      else if (e.type === 'session-ending') this.saveLast(e.onPurpose);
      else {
        const delay = delayOf(e);
        if (delay !== null) this.schedule(delay);
      }
    });
  }

  /** The server moved the file to the session's new name (rename-session.ts): save there, soon. */
  private renamed(session: string): void {
    this.file = sessionFilePath(session);
    this.mux.setSaveState({ ...this.mux.saveState, file: this.file });
    this.schedule(CHANGE_MS);
  }

  /** Saves within `ms` (an earlier deadline already set stands). */
  private schedule(ms: number): void {
    const at = Date.now() + ms;
    if (this.timer && this.dueAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.dueAt = at;
    this.timer = setTimeout(() => this.save(), ms);
    this.timer.unref();
  }

  private cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.dueAt = Infinity;
  }

  /** Saves now; a failure is recorded in the Mux's save state and retried later. */
  save(): void {
    this.cancel();
    if (!this.mux.paneIds().length) return;
    const snapshot = this.mux.snapshot(this.historyLines);
    try {
      writeSessionFile(this.file, snapshot);
      this.last = snapshot;
      this.retryMs = RETRY_MIN_MS;
      this.mux.setSaveState({ file: this.file, savedAt: Date.now(), error: null });
    } catch (err) {
      const message = err instanceof ThurmError ? err.message : String(err);
      this.mux.setSaveState({ ...this.mux.saveState, error: message });
      console.error(`thurm: ${message} (retrying in ${this.retryMs / 1000} s)`);
      this.schedule(this.retryMs);
      this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
    }
  }

  /** The session is ending: saves it as it is (or as last saved, when its panes are gone). */
  private saveLast(onPurpose: boolean): void {
    this.cancel();
    const snapshot = this.mux.paneIds().length ? this.mux.snapshot(this.historyLines) : this.last;
    if (!snapshot) return;
    try {
      writeSessionFile(this.file, { ...snapshot, ended: onPurpose });
    } catch (err) {
      console.error(`thurm: ${(err as Error).message}`);
    }
  }
}
