// Status from detection, hooks and owners that come and go changes without an event of its
// own: this looks twice a second and announces what changed (through the Mux, whose notifier
// decides what is news). It also asks
// the AI classifier about agent panes no screen rule explains. Once every pane has settled
// (nothing time can still change), it stops waking the server until the next event.
import { AiClassifier } from '../agent/ai-classifier.js';
import type { Mux } from './mux.js';
import type { Pane } from './pane.js';

const WATCH_MS = 500;

export class StatusWatch {
  private timer: NodeJS.Timeout | null = null;
  private disposed = false;
  private readonly last = new Map<string, string>();
  private readonly ai: AiClassifier;

  constructor(private readonly mux: Mux, private readonly announce: (pane: string) => void, private readonly now: () => number = Date.now) {
    this.ai = new AiClassifier(() => mux.config.detection.ai);
    mux.subscribe((e) => {
      if (e.type === 'pane-removed') {
        this.last.delete(e.pane);
        this.ai.forget(e.pane);
      }
      this.wake();
    });
    this.wake();
  }

  /** Something happened: look again twice a second until everything has settled. */
  private wake(): void {
    if (this.timer || this.disposed) return;
    this.timer = setInterval(() => this.look(), WATCH_MS);
    this.timer.unref();
  }

  private look(): void {
    const now = this.now();
    let settled = !this.mux.config.detection.ai.command.length;
    for (const id of this.mux.paneIds()) {
      const pane = this.mux.pane(id);
      this.askAi(id, pane);
      pane.checkForeground(WATCH_MS / 2);
      pane.tick(now);
      const s = pane.summary();
      const key = `${s.state}|${s.source}|${s.kind}|${s.text}`;
      const before = this.last.get(id);
      this.last.set(id, key);
      if (before !== key || !pane.sources.settled(now)) settled = false;
      if (before !== undefined && before !== key) this.announce(id);
    }
    if (settled && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }

  private askAi(id: string, pane: Pane): void {
    const config = this.mux.config.detection;
    if (!config.enabled || !config.ai.command.length) return;
    const d = pane.sources.detection();
    if (!d.inconclusive || !d.agent) return;
    this.ai.maybeAsk(id, { agent: d.agent, title: pane.title, screen: pane.term.liveScreen() }, (state, kind) => {
      if (this.mux.paneIds().includes(id) && this.mux.pane(id) === pane) pane.sources.setAiAnswer(state, kind);
    });
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
