// Everything besides OSC 7501 records that decides a pane's status, and the precedence of all
// sources (ARCHITECTURE.md, "Status of a pane"): program-status, then a public report (which
// beats a legacy hook in its process group), then the hook, the program's notifications, the
// AI classifier, and screen rules with output activity; else none.
import { ACTIVE_WINDOW_MS, Detector, type Detection, type DetectionConfig } from '../agent/detector.js';
import type { DetectedState } from '../agent/detect/rule.js';
import { HookOwnership, type HookEvent } from '../agent/hook.js';
import { AgentOwnership, type AgentStatus, type ProcessFacts } from '../agent/ownership.js';
import type { Kind } from '../status/osc7501.js';
import type { StatusNotification, StatusSummary } from '../status/program-status.js';

/** Output this soon after a keystroke is its echo, and this soon after a resize a redraw. */
const ECHO_MS = 150;
const RESIZE_MS = 500;
/** How often detection may run again when nothing changed (for time-based transitions). */
const DETECT_EVERY_MS = 250;

export interface ScreenFacts {
  foreground(): { argv: string[]; resolvedScript: string | null } | null;
  lines(): string[];
  title(): string;
  /** The app named by the pane's OSC 7501 records, if any. */
  app(): string | null;
}

export class PaneSources {
  readonly agent: AgentOwnership;
  readonly hook: HookOwnership;
  readonly detector: Detector;
  lastActivityAt = 0;
  private lastInputAt = 0;
  private lastResizeAt = 0;
  private notification: { text: string; bell: boolean } | null = null;
  private ai: { state: 'working' | 'blocked' | 'idle'; kind: Kind | null; at: number } | null = null;
  private changes = 0;
  private cache: { at: number; changes: number; detection: Detection } | null = null;
  /** The detected state as of the last tick: what `ignore` rules and quiet spells keep. */
  private committed: DetectedState | null = null;
  /** A detected agent finished a turn (working, then idle) while nobody looked: done until seen. */
  private unseenDone = false;
  /** Input reached the pane since it was last idle: what it works on now is a turn (not start-up). */
  private prompted = false;

  constructor(
    private readonly screen: ScreenFacts, facts: ProcessFacts, detection: DetectionConfig,
    private readonly aiFreshMs = 30_000, private readonly now: () => number = Date.now,
  ) {
    this.agent = new AgentOwnership(facts);
    this.hook = new HookOwnership(facts);
    this.detector = new Detector(detection);
  }

  /**
   * Program output: activity, unless it is the echo of typing or a redraw after a resize. The
   * screen it changed is looked at again within DETECT_EVERY_MS, not on every chunk.
   */
  onOutput(now = this.now()): void {
    if (now - this.lastInputAt > ECHO_MS && now - this.lastResizeAt > RESIZE_MS) this.lastActivityAt = now;
  }

  onTitle(): void {
    this.changes++;
  }

  onInput(now = this.now()): void {
    this.lastInputAt = now;
    this.prompted = true;
  }

  onResize(now = this.now()): void {
    this.lastResizeAt = now;
  }

  /** The user looked at the pane: a pending notification has been seen. */
  onAttention(): void {
    this.notification = null;
    this.unseenDone = false;
    this.changes++;
  }

  onNotification(n: StatusNotification): void {
    if (n.cause !== 'program' && n.cause !== 'bell') return;
    this.notification = { text: n.text, bell: n.cause === 'bell' };
    this.changes++;
  }

  setAiAnswer(state: 'working' | 'blocked' | 'idle', kind: Kind | null, now = this.now()): void {
    this.ai = { state, kind, at: now };
    this.changes++;
  }

  applyHook(e: HookEvent): void {
    this.hook.apply(e);
    this.changes++;
  }

  /** Automatic detection, recomputed when the screen changed or time moved on (or `fresh`). */
  detection(now = this.now(), fresh = false): Detection {
    const c = this.cache;
    if (!fresh && c && c.changes === this.changes && now - c.at < DETECT_EVERY_MS) return c.detection;
    const fg = this.screen.foreground();
    const ai = this.ai && now - this.ai.at < this.aiFreshMs ? this.ai : null;
    const detection = this.detector.detect({
      now, argv: fg?.argv ?? null, resolvedScript: fg?.resolvedScript ?? null, app: this.screen.app(),
      lines: this.screen.lines(), title: this.screen.title(), lastActivityAt: this.lastActivityAt,
      notification: this.notification, ai,
    }, this.committed);
    this.cache = { at: now, changes: this.changes, detection };
    return detection;
  }

  /**
   * Whether time alone can no longer change this pane's status: every activity window and the
   * idle threshold have passed, no AI answer is ageing, and no agent or hook owner is watched
   * for (it could leave without a byte of output).
   */
  settled(now = this.now()): boolean {
    if (this.agent.current() !== null || this.hook.current() !== null) return false;
    if (this.ai && now - this.ai.at < this.aiFreshMs) return false;
    // Only a detected agent's state moves with time (working while output comes, idle after
    // the threshold): any other pane changes only with output, input or its foreground.
    if (!this.detection(now).agent) return true;
    const last = Math.max(this.lastActivityAt, this.lastInputAt, this.lastResizeAt);
    return now - last > this.detector.idleThresholdMs + ACTIVE_WINDOW_MS + DETECT_EVERY_MS;
  }

  /**
   * The one place time-driven transitions happen (queries never make them): an owner that
   * left its process group retires, a hook whose agent is gone ends, and the detected state is
   * committed. Run by the status watch, which announces what changed.
   */
  tick(now = this.now(), watched = false): void {
    this.agent.tick();
    this.hook.tick();
    const before = this.committed;
    const d = this.detection(now);
    this.committed = d.state;
    // An agent that never reports still finishes turns: given input, working, then idle while
    // nobody looks, is done (its start-up banner is not a turn).
    if (d.state === 'working') this.unseenDone = false;
    else if (before === 'working' && d.state === 'idle') {
      if (d.agent && d.source === 'screen-and-activity' && !watched && this.prompted) this.unseenDone = true;
      this.prompted = false;
    }
  }

  /** Combines the program's own status with every other source, most trusted first. */
  summary(program: StatusSummary): StatusSummary {
    if (program.source === 'program-status') return program;
    // An agent's needs-input shows as blocked, like a record.
    const agentState = (status: AgentStatus) => (status === 'needs-input' ? 'blocked' : status);
    const report = this.agent.inForeground() ? this.agent.current() : null;
    if (report) {
      return { ...program, state: agentState(report.status), kind: null, source: 'report', app: report.agent, text: report.message ?? '' };
    }
    const hook = this.hook.current();
    if (hook) {
      const kind = hook.status === 'needs-input' ? hook.blockedKind : null;
      return { ...program, state: agentState(hook.status), kind, source: 'hook', app: hook.agent, text: hook.message ?? '' };
    }
    const d = this.detection();
    if (d.state === null) return program;
    const state = this.unseenDone && d.state === 'idle' ? 'done' : d.state;
    return { ...program, state, kind: d.kind, source: d.source, app: d.agent, text: d.text };
  }
}
