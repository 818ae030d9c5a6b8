// A pane's start and end (Mux.lifecycle): starting its program with its events wired to the
// Mux, its exit, closing it (its window goes with its last pane, the session with its last
// window) and starting another program in its place.
import { ThurmError } from '../errors.js';
import type { ProcFacts } from '../pty/proc.js';
import { removePane } from './layout.js';
import type { Mux } from './mux.js';
import type { MuxParts } from './mux-parts.js';
import type { Notifier } from './notifier.js';
import { Pane, type PaneOptions } from './pane.js';
import type { PanePipes } from './pane-pipes.js';
import type { PaneRecordings } from './pane-recordings.js';
import { paneOptions, type NewPaneSpec, type RestoredPane } from './pane-spawn.js';
import type { Reaper } from './reaper.js';
import type { Window } from './windows.js';
import type { OneTimer } from './one-timer.js';
import { remainsOnExit, windowNumbering } from './window-options.js';

/** What the Mux gives its lifecycle beside MuxParts: the writable pane map and what panes start with. */
export interface LifecycleDeps {
  panes: Map<string, Pane>;
  notifier: Notifier;
  reaper: Reaper;
  pipes: PanePipes;
  recordings: PaneRecordings;
  spawnPty: PaneOptions['spawn'];
  proc: ProcFacts;
  now: () => number;
  timer: () => OneTimer;
}

export class PaneLifecycle {
  constructor(private readonly mux: Mux, private readonly parts: MuxParts, private readonly deps: LifecycleDeps) {}

  /** Starts a pane (a saved or handed-over one under its own id) and wires its events. */
  spawn(spec: NewPaneSpec, cols: number, rows: number, restored?: RestoredPane): Pane {
    const { mux, parts, deps } = this;
    const id = restored?.id ?? parts.ids.take();
    const ctx = { session: mux.session, socketPath: mux.socketPath, config: mux.config, spawn: deps.spawnPty, proc: deps.proc, now: deps.now, timer: deps.timer, environment: mux.environment };
    const opts = paneOptions(id, spec, cols, rows, ctx, restored);
    let announcing = false;
    const pane = new Pane(
      opts,
      {
        output: () => {
          if (!pane.term.echoing) return parts.emit({ type: 'pane-output', pane: id });
          // The echo of keys just typed is drawn first; whoever else hears of the output hears
          // once the loop has slept: run before the echo frame, their work held it back (some
          // 0.07 ms), and run right after its write, the terminal's read of it (issue 24).
          parts.echo(id);
          if (announcing) return;
          announcing = true;
          setTimeout(() => {
            announcing = false;
            if (deps.panes.get(id) === pane) parts.emit({ type: 'pane-output', pane: id });
          }, 0);
        },
        title: () => parts.emit({ type: 'pane-title-changed', pane: id }),
        exit: (exitCode, signal) => this.exited(id, exitCode, signal),
        statusChanged: () => parts.emit({ type: 'status-changed', pane: id }),
        notify: (notification) => deps.notifier.programAsked(id, notification),
        watched: () => mux.focused === id && mux.clients.count > 0,
        clipboard: (text) => {
          if (mux.config.ui.paneClipboard) mux.addBuffer(text, id);
        },
      },
    );
    deps.panes.set(id, pane);
    // A respawned pane's pipe and recording read its new program.
    deps.pipes.attach(id, pane.pty);
    deps.recordings.attach(id, pane);
    return pane;
  }

  private exited(id: string, exitCode: number, signal: number | null): void {
    if (!this.deps.panes.has(id)) return;
    this.parts.emit({ type: 'pane-exited', pane: id, exitCode, signal });
    if (!remainsOnExit(this.mux, id, exitCode !== 0 || signal !== null)) this.kill(id);
  }

  kill(id: string): void {
    const pane = this.parts.livePane(id);
    const w = this.parts.windowWith(id);
    this.deps.panes.delete(id);
    const layout = removePane(w.layout, id);
    this.deps.reaper.close(pane);
    this.parts.emit({ type: 'pane-removed', pane: id });
    if (!layout) {
      this.closeWindow(w);
      return;
    }
    const wasFocused = w.focused === id;
    this.parts.detachPane(w, id, layout);
    if (wasFocused && w === this.parts.windows.current) this.mux.focus(w.focused, true);
    this.parts.relayout();
  }

  /** A window whose last pane went: the session ends with its last window. */
  private closeWindow(w: Window): void {
    const { windows } = this.parts;
    const wasCurrent = w === windows.current;
    windows.remove(w);
    this.parts.emit({ type: 'window-closed', window: w.id });
    const next = windows.current;
    if (!next) {
      this.mux.end();
      return;
    }
    if (windowNumbering(this.mux).renumber) this.mux.windowChanges.renumber();
    if (wasCurrent) {
      this.parts.emit({ type: 'window-selected', window: next.id });
      this.mux.focus(next.focused, true);
    }
    this.parts.relayout();
  }

  /**
   * Starts `spec` in a pane in place of its program (tmux `respawn-pane`): the same id, place
   * in the layout, size and given title, a fresh screen. A program still running is hung up
   * only when `kill` says so.
   */
  respawn(id: string, spec: NewPaneSpec, kill: boolean): void {
    const old = this.parts.livePane(id);
    if (!old.exit && !kill) throw new ThurmError('INVALID_ARGUMENT', `pane ${id} still runs its program (respawn-pane -k replaces it)`);
    this.spawn({ ...spec, cwd: spec.cwd ?? old.cwd, window: this.parts.windowWith(id).index }, old.size.cols, old.size.rows,
      { id, history: [], typed: null, notice: null, title: old.givenTitle, timeline: old.timeline.list() });
    this.deps.reaper.close(old);
    this.parts.emit({ type: 'pane-respawned', pane: id });
  }
}
