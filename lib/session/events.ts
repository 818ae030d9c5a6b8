// Every change the Mux makes, announced as one typed event carrying ids. Subscribers look up
// what they need from the Mux; they never keep pane objects across events.
import type { StatusNotification } from '../status/program-status.js';
import type { Delivery } from './notify-routes.js';

export type MuxEvent =
  | { type: 'pane-added'; pane: string }
  | { type: 'pane-removed'; pane: string }
  | { type: 'pane-exited'; pane: string; exitCode: number; signal: number | null }
  | { type: 'pane-output'; pane: string }
  | { type: 'pane-title-changed'; pane: string }
  /** The pane's program was replaced (`respawn-pane`): same id and place, a new program and screen. */
  | { type: 'pane-respawned'; pane: string }
  | { type: 'pane-resized'; pane: string }
  | { type: 'status-changed'; pane: string }
  /** The pane's agent reported other usage figures, or its usage went with it (Mux.usages). */
  | { type: 'usage-changed'; pane: string }
  /** `far`: a far host's pane (`build:3`, lib/server/far-hosts.ts), not one of this session's. */
  | { type: 'notification'; pane: string; notification: StatusNotification; far?: true }
  /** A `[[notify.route]]` command ran for a notification, its repeat, its resolution or `notify test` (notify-routes.ts). */
  | ({ type: 'notification-delivered' } & Delivery)
  | { type: 'focus-changed'; pane: string }
  | { type: 'layout-changed' }
  /** Windows carry their id (`@N`); see windows.ts. */
  | { type: 'window-added'; window: number }
  | { type: 'window-closed'; window: number }
  | { type: 'window-selected'; window: number }
  /** Given a name, or none (`rename-window`). */
  | { type: 'window-renamed'; window: number }
  /** At another index: moved there (`move-window`), or swapped places with the window moved. */
  | { type: 'window-moved'; window: number }
  /** Typed input goes to all its panes, or no longer does (`synchronize-panes`; Window.synchronize). */
  | { type: 'window-synchronized'; window: number }
  /**
   * `clipboard`: it goes to every client's clipboard, as a pane's program asked (OSC 52, then
   * `fromPane` names the pane) or a script did (`set-buffer --clipboard`, tmux's `-w`).
   */
  | { type: 'buffer-added'; buffer: string; fromPane?: string; clipboard?: boolean }
  | { type: 'client-attached'; client: string }
  | { type: 'client-detached'; client: string }
  /** A browser opened or closed the web view (lib/web/), `view` the overview or a pane's id; or answered that pane. */
  | { type: 'web-viewer'; change: 'connected' | 'disconnected' | 'answered'; viewer: string; view: string; address: string }
  /** The session file failed to save, or saves again after failing (`mux.persistence.saveState`). */
  | { type: 'save-changed' }
  /** Another pane is marked, or none (Mux.marked, prefix m): borders say which. */
  | { type: 'mark-changed' }
  /** A tmux option value was set or unset (Mux.tmuxOptions): borders may look different. */
  | { type: 'options-changed' }
  /** `display-message`: every attached client shows `text` (sanitised) in its status line. */
  | { type: 'message-shown'; text: string }
  /** `rename-session`: Mux.session is `to` now. */
  | { type: 'session-renamed'; from: string; to: string }
  /** Sent while the panes still run, so the session can be saved as it was. */
  | { type: 'session-ending'; onPurpose: boolean }
  | { type: 'session-ended' };

export type MuxListener = (event: MuxEvent) => void;

/**
 * Hands each event to every listener in turn. Events raised while listeners handle one are
 * delivered after it, so every listener sees causes first; a listener that throws is logged
 * and the others still hear. Owned by the Mux, the only one that emits.
 */
export class MuxEvents {
  private readonly listeners = new Set<MuxListener>();
  private readonly echoListeners = new Set<(pane: string) => void>();
  private readonly pending: MuxEvent[] = [];
  private emitting = false;

  subscribe(listener: MuxListener): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /**
   * Hears a pane's output that is likely the echo of keys just typed, at once and before anyone
   * hears its 'pane-output' (pane-lifecycle.ts): the clients draw it first (issue 24).
   */
  onEcho(listener: (pane: string) => void): { dispose(): void } {
    this.echoListeners.add(listener);
    return { dispose: () => this.echoListeners.delete(listener) };
  }

  echo(pane: string): void {
    for (const l of this.echoListeners) {
      try {
        l(pane);
      } catch (err) {
        console.error('thurm: echo listener failed:', err);
      }
    }
  }

  emit(event: MuxEvent): void {
    this.pending.push(event);
    if (this.emitting) return;
    this.emitting = true;
    try {
      for (let e = this.pending.shift(); e; e = this.pending.shift()) {
        for (const l of [...this.listeners]) {
          try {
            l(e);
          } catch (err) {
            console.error(`thurm: listener failed on ${e.type}:`, err);
          }
        }
      }
    } finally {
      this.emitting = false;
    }
  }
}
