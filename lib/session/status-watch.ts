// Status from detection, hooks and owners that come and go changes without an event of its
// own: this looks at a pane again when something happened to it, and when time alone may
// change it (PaneSources.nextChangeAt: a detected agent's idle threshold, an owner to look
// for), and announces what changed (through the Mux, whose notifier decides what is news). It
// also asks the AI classifier about agent panes no screen rule explains. One timer sleeps until
// the earliest pane is due; with every pane settled, nothing wakes the server.
import { AiClassifier } from '../agent/ai-classifier.js';
import type { Mux } from './mux.js';
import { type OneTimer, realTimer } from './one-timer.js';
import type { Pane } from './pane.js';

/** How soon after an event a pane is looked at: events of a flood are seen together. */
export const LOOK_AFTER_EVENT_MS = 500;

export class StatusWatch {
  private disposed = false;
  /** When each pane is to be looked at next. */
  private readonly due = new Map<string, number>();
  /** When the timer fires; Infinity when it is not set. */
  private timerAt = Infinity;
  /** Each blocked pane's answer digest at the last look. */
  private readonly digests = new Map<string, string>();
  private readonly ai: AiClassifier;

  constructor(
    private readonly mux: Mux, private readonly livePane: (id: string) => Pane, private readonly announce: (pane: string) => void,
    private readonly now: () => number = Date.now, private readonly timer: OneTimer = realTimer(),
  ) {
    this.ai = new AiClassifier(() => mux.config.detection.ai);
    mux.subscribe((e) => {
      if (e.type === 'pane-removed') {
        this.digests.delete(e.pane);
        this.ai.forget(e.pane);
        this.due.delete(e.pane);
        return;
      }
      const soon = this.now() + LOOK_AFTER_EVENT_MS;
      // A focus change also changes who watches the pane that lost it: look at every pane.
      if ('pane' in e && e.type !== 'focus-changed') this.lookAt(e.pane, soon);
      else for (const id of this.mux.paneIds()) this.lookAt(id, soon);
    });
    for (const id of mux.paneIds()) this.lookAt(id, this.now() + LOOK_AFTER_EVENT_MS);
  }

  /** When the watch wakes next (Infinity: not until an event). */
  get nextWake(): number {
    return this.timerAt;
  }

  /** Looks at `id` at `at` or earlier, if it was due earlier already. */
  private lookAt(id: string, at: number): void {
    if (this.disposed) return;
    const due = this.due.get(id);
    if (due === undefined || at < due) this.due.set(id, at);
    if (at < this.timerAt) this.arm(at);
  }

  private arm(at: number): void {
    this.timer.clear();
    this.timerAt = at;
    if (at !== Infinity) this.timer.set(() => this.run(), Math.max(at - this.now(), 0));
  }

  private run(): void {
    const now = this.now();
    for (const [id, at] of [...this.due]) {
      if (at > now) continue;
      this.due.delete(id);
      if (this.mux.paneIds().includes(id)) this.look(id, this.livePane(id), now);
    }
    let next = Infinity;
    for (const at of this.due.values()) next = Math.min(next, at);
    this.arm(next);
  }

  private look(id: string, pane: Pane, now: number): void {
    this.askAi(id, pane);
    pane.checkForeground(LOOK_AFTER_EVENT_MS / 2);
    const changed = pane.tick(now);
    // An agent may say it is blocked before it draws its dialog: the dialog drawn since, or
    // redrawn with other choices, is announced again with the digest an answer needs.
    const digest = pane.summary().state === 'blocked' ? pane.answerDigest() : null;
    const redrawn = digest !== null && digest !== this.digests.get(id);
    if (digest !== null) this.digests.set(id, digest);
    else this.digests.delete(id);
    let next = pane.sources.nextChangeAt(now) ?? Infinity;
    if (this.asksAi(pane)) next = Math.min(next, Math.max(this.ai.nextAskAt(id), now + LOOK_AFTER_EVENT_MS));
    if (next !== Infinity) this.due.set(id, next);
    if (changed || redrawn) this.announce(id);
  }

  /** Whether the AI classifier is to be asked about the pane: an agent no screen rule explains. */
  private asksAi(pane: Pane): boolean {
    const config = this.mux.config.detection;
    if (!config.enabled || !config.ai.command.length) return false;
    const d = pane.sources.detection();
    return d.inconclusive && d.agent !== null;
  }

  private askAi(id: string, pane: Pane): void {
    if (!this.asksAi(pane)) return;
    this.ai.maybeAsk(id, { agent: pane.sources.detection().agent, title: pane.title, screen: pane.term.liveScreen() }, (state, kind) => {
      if (!this.mux.paneIds().includes(id) || this.mux.pane(id) !== pane) return;
      pane.sources.setAiAnswer(state, kind);
      this.lookAt(id, this.now());
    });
  }

  dispose(): void {
    this.disposed = true;
    this.arm(Infinity);
    this.due.clear();
  }
}
