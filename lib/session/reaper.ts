// Closing panes: a pane is hung up at once; one whose program still ran is reaped a little
// later, when its programs that ignored the hang-up are killed (see Pane.reap).
import type { Pane } from './pane.js';

/** How long the programs of a pane closed while they ran get to exit after the hang-up before SIGKILL. */
const REAP_AFTER_MS = 2000;

export class Reaper {
  /** Closed panes whose programs may still ignore the hang-up. */
  private readonly closed = new Set<Pane>();

  /** Hangs up a pane; one whose program still runs is reaped later (a pane that exited is not). */
  close(pane: Pane): void {
    const running = !pane.exit;
    pane.dispose();
    if (!running) return;
    this.closed.add(pane);
    setTimeout(() => this.reap(pane), REAP_AFTER_MS).unref();
  }

  /** Kills what is left of closed panes (all of them, or one): programs that ignored SIGHUP. */
  reap(pane?: Pane): void {
    for (const p of pane ? [pane] : [...this.closed]) {
      if (this.closed.delete(p)) p.reap();
    }
  }
}
