// Everything besides OSC 7501 records that decides a pane's status, and the precedence of all
// sources (docs/status.md): program-status, then a public report (which
// beats a legacy hook in its process group), then the hook, the program's notifications, the
// AI classifier, and screen rules with output activity; else none.
import { ACTIVE_WINDOW_MS, Detector, type Detection, type DetectionConfig } from '../agent/detector.js';
import type { DetectedState } from '../agent/detect/rule.js';
import { HookOwnership, type HookEvent } from '../agent/hook.js';
import { AgentOwnership, type AgentReportInput, type AgentState, type ProcessFacts } from '../agent/ownership.js';
import type { Kind } from '../status/osc7501.js';
import type { StatusNotification, StatusSource, StatusSummary } from '../status/program-status.js';
import { shownState } from '../status/states.js';
import { shellSyntax } from './resume.js';

/**
 * For each source: what gives a pane its state, and what ends it. `agent explain` prints the
 * winner's row and docs/status.md holds the same table.
 */
export const SOURCE_LIFETIMES: Readonly<Record<StatusSource, { starts: string; ends: string }>> = {
  'program-status': {
    starts: 'an OSC 7501 record from the program',
    ends: 'working, blocked and idle end when the program leaves the foreground, at the next prompt (OSC 133;A), at exit and at a reset; done and error when the pane is seen (focus or typing)',
  },
  report: {
    starts: 'thurm agent report from the process in the foreground',
    ends: 'the next report, a release, or the owner leaving the foreground; done shows idle once the pane is seen',
  },
  hook: {
    starts: 'an agent hook event (Claude Code hooks, Codex notify)',
    ends: 'the next hook event, SessionEnd, or the agent leaving the foreground; done shows idle once the pane is seen; working stops counting after the idle threshold with no output (a turn that failed without its Stop event), and a question once keys answered it and no dialog shows after 2 s (a refusal sends no next event)',
  },
  notification: {
    starts: 'an OSC 9/777/99 notification or a bell from a detected agent (a question, unless it says it waits for input)',
    ends: 'when the pane is seen; from any other program a notification is attention (the ! mark), not a state',
  },
  ai: {
    starts: 'the configured classifier, asked when no screen rule decides',
    ends: 'its answer ages out, or a screen rule decides',
  },
  'screen-and-activity': {
    starts: 'the agent\'s screen rules, else its output in a turn (keys typed to the agent since its last turn ended): working while it prints, idle after the idle threshold; what it prints starting up or unprompted is idle',
    ends: 'the screen changes; a turn the user started (keys typed to the agent, not a command line typed to a shell) that ends unseen is done until the pane is seen, unless a record, report or hook decided it (that source says how it ended)',
  },
  none: { starts: 'no source says anything', ends: '-' },
};

/** Output this soon after a keystroke is its echo, and this soon after a resize a redraw. */
const ECHO_MS = 150;
const RESIZE_MS = 500;
/** After keys answer a hook's question, how long its agent has to send its next hook event. */
const ANSWERED_MS = 2000;
/** How often detection may run again when nothing changed (for time-based transitions). */
const DETECT_EVERY_MS = 250;
/** How often the processes of an agent or hook owner are looked at, for one that left. */
export const OWNER_POLL_MS = 500;

export interface ScreenFacts {
  foreground(): { argv: string[]; resolvedScript: string | null } | null;
  /** The command line of the program keys reach now, null when unknown. */
  typedTo(): string[] | null;
  lines(): string[];
  title(): string;
  /** The app named by the pane's OSC 7501 records, if any. */
  app(): string | null;
  /** Whether the pane's OSC 7501 records decide its status now (they beat every other source). */
  recorded(): boolean;
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
  /** The agent the screen showed last beyond ssh (detector.ts): it stays while the screen matches no rule. */
  private seenOnScreen: string | null = null;
  /** The detected state as of the last tick: what `ignore` rules and quiet spells keep. */
  private committed: DetectedState | null = null;
  /** A detected agent finished a turn (working, then idle) while nobody looked: done until seen. */
  private unseenDone = false;
  /** Input reached an agent since it was last idle: what it works on now is a turn (not start-up). */
  private prompted = false;
  /** The report's turn whose done the user has seen (then it shows as idle). */
  private seenReport: { instance: string; turn: number } | null = null;
  /**
   * The user saw the pane done, and no new turn began since: a done another source tells of
   * later (Codex's notify after its own record) is that turn's, seen already.
   */
  private doneSeen = false;
  /**
   * Output before this moment is not activity: a record, report or hook decided the pane then,
   * and once they stop, detection starts from what the pane does next, not from their output.
   */
  private activityFloor = 0;
  private wasAbove = false;

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

  /**
   * Keys for the pane. Only keys for an agent prompt a turn: a command line typed into a shell
   * (`claude`, a resume command) starts a program, and its start-up is no turn.
   */
  onInput(now = this.now()): void {
    this.onKeys(now);
    // Keys reach the program in front: typed to a shell they are a command line, to anything
    // else (an agent, one still starting that thurm does not know yet) a prompt.
    // A process exiting has no command line: then detection decides.
    const program = this.screen.typedTo()?.[0];
    this.setPrompted(program ? shellSyntax(program) === null : this.detection(now).agent !== null);
    if (this.prompted) this.doneSeen = false;
  }

  /** Keys just reached the program: its output until ECHO_MS later is their echo, not activity. */
  onKeys(now = this.now()): void {
    this.lastInputAt = Math.max(this.lastInputAt, now);
  }

  /** The user saw the pane done: that turn is over for every source, told of or not yet. */
  onDoneSeen(): void {
    this.setPrompted(false);
    this.doneSeen = true;
  }

  /** Whether a turn is under way changes what output means: detection is looked at afresh. */
  private setPrompted(prompted: boolean): void {
    if (prompted !== this.prompted) this.changes++;
    this.prompted = prompted;
  }

  onResize(now = this.now()): void {
    this.lastResizeAt = now;
  }

  /**
   * The user looked at the pane: a pending notification has been seen, and so has a done from
   * any source (the agent now waits at its prompt: idle). Whether anything changed.
   */
  onAttention(): boolean {
    const report = this.agent.current();
    const reportDone = report?.status === 'done' && !this.seenDone(report);
    if (reportDone) this.seenReport = { instance: report.instance, turn: report.turn };
    const hookDone = this.hook.seen();
    const changed = this.notification !== null || this.unseenDone || reportDone || hookDone;
    this.notification = null;
    this.unseenDone = false;
    this.invalidate();
    return changed;
  }

  /**
   * A source above detection may have changed: detection is looked at afresh, not from a
   * cached screen, and if those sources stopped deciding, from output that comes from now on.
   */
  invalidate(now = this.now()): void {
    this.changes++;
    const above = this.screen.recorded() || this.aboveDetection();
    if (this.wasAbove && !above) this.activityFloor = now;
    this.wasAbove = above;
  }

  /** A program's notification or bell; whether it is news to detection (a bell flood is not). */
  onNotification(n: StatusNotification): boolean {
    if (n.cause !== 'program' && n.cause !== 'bell') return false;
    const bell = n.cause === 'bell';
    if (this.notification?.text === n.text && this.notification.bell === bell) return false;
    this.notification = { text: n.text, bell };
    this.changes++;
    return true;
  }

  setAiAnswer(state: 'working' | 'blocked' | 'idle', kind: Kind | null, now = this.now()): void {
    this.ai = { state, kind, at: now };
    this.changes++;
  }

  applyHook(e: HookEvent, now = this.now()): void {
    this.hook.apply(e, now);
    const status = this.hook.current()?.status;
    if (status === 'working' || status === 'needs-input') this.doneSeen = false;
    else if (status === 'done' && this.doneSeen) this.hook.seen();
    this.invalidate(now);
  }

  /** A public report (checked by its declaration); see applyHook for a done of a turn already seen. */
  applyReport(r: AgentReportInput, now = this.now()): void {
    this.agent.report(r, now);
    const report = this.agent.current();
    if (report?.status === 'working' || report?.status === 'needs-input') this.doneSeen = false;
    else if (report?.status === 'done' && this.doneSeen) this.seenReport = { instance: report.instance, turn: report.turn };
    this.invalidate(now);
  }

  /** Automatic detection, recomputed when the screen changed or time moved on (or `fresh`). */
  detection(now = this.now(), fresh = false): Detection {
    const c = this.cache;
    if (!fresh && c && c.changes === this.changes && now - c.at < DETECT_EVERY_MS) return c.detection;
    const fg = this.screen.foreground();
    const ai = this.ai && now - this.ai.at < this.aiFreshMs ? this.ai : null;
    // Output is an agent's work only in a turn: what it prints as it starts is no turn.
    const active = this.prompted && this.lastActivityAt > this.activityFloor ? this.lastActivityAt : 0;
    const detection = this.detector.detect({
      now, argv: fg?.argv ?? null, resolvedScript: fg?.resolvedScript ?? null, app: this.screen.app(),
      lines: this.screen.lines(), title: this.screen.title(), lastActivityAt: active,
      notification: this.notification, ai, seenOnScreen: this.seenOnScreen,
    }, this.committed);
    this.seenOnScreen = detection.identifiedBy === 'screen' ? detection.agent : null;
    this.cache = { at: now, changes: this.changes, detection };
    return detection;
  }

  /**
   * When time alone may next change this pane's status, null when only an event can: a detected
   * agent's activity window and idle threshold, an AI answer ageing out. An agent or hook owner
   * can leave without a byte of output, and a hook's word expires (expireHook), so while there
   * is one the pane is looked at every OWNER_POLL_MS.
   */
  nextChangeAt(now = this.now()): number | null {
    const at: number[] = [];
    if (this.agent.current() !== null || this.hook.current() !== null) at.push(now + OWNER_POLL_MS);
    if (this.ai) at.push(this.ai.at + this.aiFreshMs);
    // Only a detected agent's state moves with time (working while output comes, idle after
    // the threshold): any other pane changes only with output, input or its foreground.
    const active = this.lastActivityAt > this.activityFloor ? this.lastActivityAt : 0;
    if (active && this.detection(now).agent) at.push(active + ACTIVE_WINDOW_MS, active + this.detector.idleThresholdMs);
    const later = at.filter((t) => t > now);
    return later.length ? Math.min(...later) : null;
  }

  /**
   * The one place time-driven transitions happen (queries never make them): an owner that
   * left its process group retires, a hook whose agent is gone ends, and the detected state is
   * committed. Run by the status watch, which announces what changed.
   */
  tick(now = this.now(), watched = false): void {
    this.agent.tick();
    this.hook.tick();
    this.expireHook(now);
    this.invalidate(now);
    const before = this.committed;
    const d = this.detection(now);
    this.committed = d.state;
    // No agent in front: the next one that starts begins with no turn of its own.
    if (d.agent === null) this.setPrompted(false);
    // An agent that never reports still finishes turns: given input, working, then idle while
    // nobody looks, is done (its start-up banner is not a turn).
    if (d.state === 'working') this.unseenDone = false;
    else if (before === 'working' && d.state === 'idle') {
      // Only a turn detection told of is detection's to end: under a record, report or hook,
      // that source says how the turn ended (Claude's error record), not the quiet after it.
      const decides = !this.screen.recorded() && !this.aboveDetection();
      if (decides && d.agent && d.source === 'screen-and-activity' && !watched && this.prompted) this.unseenDone = true;
      this.setPrompted(false);
    }
  }

  /**
   * A hook's working outlives a turn that ended without its Stop event (an API error, an
   * interrupt): once the agent has printed nothing for the idle threshold, the hook's word
   * stops counting and the screen and activity decide, until its next event.
   */
  private expireHook(now: number): void {
    const hook = this.hook.current();
    if (!hook || hook.stale) return;
    if (hook.status === 'working') {
      const quiet = now - Math.max(hook.updatedAt, this.lastActivityAt);
      if (quiet >= this.detector.idleThresholdMs) this.hook.expire(`no output for ${Math.round(quiet / 1000)} s after ${hook.event}`);
    } else if (hook.status === 'needs-input' && this.lastInputAt > hook.updatedAt && now - this.lastInputAt >= ANSWERED_MS
      && this.detection(now).state !== 'blocked') {
      // Keys answered the question and no dialog shows: a refusal (Esc) brings no next hook event.
      this.hook.expire(`answered by keys ${Math.round((now - this.lastInputAt) / 1000)} s ago and no dialog on screen`);
    }
  }

  /** Whether a report or a hook that counts decides the pane over detection. */
  private aboveDetection(): boolean {
    return (this.agent.inForeground() && this.agent.current() !== null) || this.liveHook() !== null;
  }

  /** The report turn whose done was seen, for the server that replaces this one. */
  get seenReportTurn(): { instance: string; turn: number } | null {
    return this.seenReport && { ...this.seenReport };
  }

  set seenReportTurn(turn: { instance: string; turn: number } | null) {
    this.seenReport = turn && { ...turn };
  }

  /** Whether the report is a done the user has seen. */
  private seenDone(report: AgentState): boolean {
    return report.status === 'done' && this.seenReport?.instance === report.instance && this.seenReport.turn === report.turn;
  }

  private liveHook(): ReturnType<HookOwnership['current']> {
    const hook = this.hook.current();
    return hook && !hook.stale ? hook : null;
  }

  /** Combines the program's own status with every other source, most trusted first. */
  summary(program: StatusSummary): StatusSummary {
    if (program.source === 'program-status') return program;
    const report = this.agent.inForeground() ? this.agent.current() : null;
    if (report) {
      return { ...program, state: this.seenDone(report) ? 'idle' : shownState(report.status), kind: null, source: 'report', app: report.agent, text: report.message ?? '' };
    }
    const hook = this.liveHook();
    // A hook's idle (the session started) says nothing of a dialog the screen shows: Claude asks
    // its first questions before any hook event tells of them.
    if (hook && !(hook.status === 'idle' && this.detection().state === 'blocked')) {
      const kind = hook.status === 'needs-input' ? hook.blockedKind : null;
      return { ...program, state: shownState(hook.status), kind, source: 'hook', app: hook.agent, text: hook.message ?? '' };
    }
    const d = this.detection();
    if (d.state === null) return program;
    const state = this.unseenDone && d.state === 'idle' ? 'done' : d.state;
    return { ...program, state, kind: d.kind, source: d.source, app: d.agent, text: d.text };
  }
}
