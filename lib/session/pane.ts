// One pane: a program on a pty, the headless terminal that parses its output, and the
// facts thurm shows about it, wired together: output goes to the emulator, the status scan and
// the foreground watch; a change of foreground reaches the title and the status records.
// Everything it registers is disposed with it. Its parts live beside it: the title
// (pane-title.ts), the foreground watch (pane-foreground.ts), the escapes that feed its status
// (pane-escapes.ts), what it hands over (pane-live.ts), its folder (pane-cwd.ts), who holds
// its terminal (terminal-holders.ts) and its committed status (committed-status.ts). It is some
// 470 lines because its constructor is the wiring itself: the hooks each part
// calls into the others, about 100 lines that would only be scattered by moving them.
import type { DetectionConfig } from '../agent/detector.js';
import type { HookEvent } from '../agent/hook.js';
import type { AgentOwnership, AgentReleaseInput, AgentReportInput } from '../agent/ownership.js';
import { screenDigest } from '../agent/screen-digest.js';
import { FlowControl } from '../pty/flow-control.js';
import { ThrottledLog } from '../log.js';
import { LIVE_PROC, type ForegroundProcess, type ProcFacts } from '../pty/proc.js';
import { spawnPty, type Disposable, type PanePty } from '../pty/spawn.js';
import { EnteredLine } from '../term/entered-line.js';
import { PaneTerminal } from '../term/pane-terminal.js';
import { ProgramStatus, type StatusNotification, type StatusSummary } from '../status/program-status.js';
import { hookPaneEscapes } from './pane-escapes.js';
import { ForegroundWatch } from './pane-foreground.js';
import type { PaneLive } from './pane-live.js';
import { Timeline, type TimelineEntry } from './timeline.js';
import { PaneSources } from './pane-sources.js';
import { restoredHistory } from './snapshot.js';
import { PaneCwd } from './pane-cwd.js';
import { PaneTitle } from './pane-title.js';
import { TerminalHolders } from './terminal-holders.js';
import { CommittedStatus } from './committed-status.js';
import { LaunchEnv } from './launch-env.js';
import { shellSyntax } from './resume.js';
import { type OneTimer, realTimer } from './one-timer.js';

export interface PaneOptions {
  id: string;
  argv: string[];
  cwd: string;
  cols: number;
  rows: number;
  env: Record<string, string>;
  scrollback: number;
  detection: DetectionConfig;
  /** Lines kept from a saved session, shown above a marker line before the program's output. */
  history?: string[];
  /** Typed into the program once it first prints (a resume command typed into a restored shell). */
  typeOnStart?: string;
  /** A note shown in the border until someone looks at the pane. */
  notice?: string;
  /** A title given to the pane (`rename-pane`, tmux `select-pane -T`), kept by a respawn. */
  title?: string | null;
  /** Everything the pane was, handed over from the server this one replaced (`server upgrade`). */
  live?: PaneLive;
  /** The pane's status changes so far: from the session file, or kept by a respawn. */
  timeline?: readonly TimelineEntry[];
  /** Starts the program; specs pass a fake. */
  spawn?: typeof spawnPty;
  /** What is read of processes (/proc), the clock and its timers: specs pass made-up ones. */
  proc?: ProcFacts;
  now?: () => number;
  timer?: () => OneTimer;
}

/**
 * A pane as the Mux gives it out: its facts and screen, to read. Every change (typing, sizing,
 * titles, reports, closing) goes through the Mux, which announces it.
 */
export type PaneView = Readonly<Pick<Pane, 'id' | 'argv' | 'startCwd' | 'status' | 'sources' | 'exit' | 'notice' | 'rang' | 'summary' | 'statusSeq' | 'answerDigest' | 'attention' | 'pid' | 'size' | 'title' | 'givenTitle' | 'cwd' | 'foreground' | 'launchEnv'>> & {
  readonly term: TermView;
  readonly agent: Pick<AgentOwnership, 'current' | 'inForeground'>;
  readonly timeline: Pick<Timeline, 'list'>;
};

/** A pane's terminal, to read: its screen and modes, and waits for it to be parsed or held still. */
export type TermView = Readonly<Pick<PaneTerminal, 'xterm' | 'sync' | 'dirty' | 'changes' | 'modes' | 'keyModes' | 'echoing' | 'cursor' | 'cols' | 'rows'
  | 'screenText' | 'liveScreen' | 'screenImage' | 'outputSince' | 'onTrim' | 'flushed' | 'hold'>>;

export interface PaneHooks {
  output(): void;
  title(): void;
  exit(exitCode: number, signal: number | null): void;
  statusChanged(): void;
  notify(n: StatusNotification): void;
  /** Whether an attached client has this pane focused: someone is looking at it. */
  watched(): boolean;
  /** The program asked to set the clipboard (OSC 52) to this text. */
  clipboard(text: string): void;
}

export class Pane {
  readonly id: string;
  readonly argv: string[];
  readonly startCwd: string;
  readonly term: PaneTerminal;
  readonly pty: PanePty;
  readonly status: ProgramStatus;
  readonly sources: PaneSources;
  private readonly flow: FlowControl;
  private readonly log: ThrottledLog;
  private readonly foregroundWatch: ForegroundWatch;
  private readonly titles: PaneTitle;
  private readonly holders: TerminalHolders;
  /** The status every reader sees, set by commitStatus() alone. */
  private readonly committed = new CommittedStatus();
  /** Each committed status, with its time (timeline.ts): what `agent log` shows. */
  readonly timeline: Timeline;
  private readonly ptyListeners: Disposable[] = [];
  exit: { exitCode: number; signal: number | null } | null = null;
  /** A bell rang or the program notified while nobody looked; cleared when someone does (the `!` mark). */
  rang = false;
  /** A note for the border (`resume skipped`), cleared when someone looks at the pane. */
  notice: string | null;
  private typeOnStart: string | null;
  private readonly folder: PaneCwd;
  /** The variables the foreground program's command line gave it (launch-env.ts). */
  private readonly launch: LaunchEnv;

  private readonly proc: ProcFacts;
  private readonly now: () => number;

  constructor(opts: PaneOptions, private readonly hooks: PaneHooks) {
    this.proc = opts.proc ?? LIVE_PROC;
    this.now = opts.now ?? Date.now;
    this.id = opts.id;
    this.argv = opts.argv;
    this.startCwd = opts.cwd;
    this.log = new ThrottledLog(`thurm: pane ${opts.id}: `);
    this.term = new PaneTerminal({ cols: opts.cols, rows: opts.rows, scrollback: opts.scrollback, log: this.log });
    this.notice = opts.notice ?? null;
    this.typeOnStart = opts.typeOnStart ?? null;
    this.timeline = new Timeline(opts.live?.timeline ?? opts.timeline);
    // Parsed before anything the program prints, so it stays above its first prompt.
    if (opts.live) this.term.adopt(opts.live.terminal);
    else if (opts.history?.length) this.term.write(restoredHistory(opts.history));
    this.pty = (opts.spawn ?? spawnPty)({
      argv: opts.argv, cwd: opts.cwd, cols: opts.cols, rows: opts.rows, env: opts.env,
      dropped: (kind) => this.log.problem(`dropped ${kind}`, kind === 'reply'
        ? 'dropped replies to queries: the program does not read its input'
        : 'dropped typed input: the program does not read it'),
    });
    this.flow = new FlowControl(this.pty);
    this.folder = new PaneCwd(this.proc, () => this.pid, opts.cwd);
    this.launch = new LaunchEnv(this.proc);
    this.foregroundWatch = new ForegroundWatch(this.proc, this.now, (opts.timer ?? realTimer)(), {
      pid: () => this.pid,
      argv: () => this.argv,
      exited: () => this.exit !== null,
      groupChanged: (pgid) => {
        this.titles.foregroundChanged(pgid);
        this.launch.groupChanged(pgid, this.pid);
        // The shell is back: records set by the program that left end.
        if (pgid === this.pid) this.status.onShellBack(this.pid);
      },
      looked: () => this.titles.refresh(),
    });
    this.titles = new PaneTitle(opts.title ?? null, {
      command: () => this.foregroundWatch.observedArgv ?? this.argv,
      // The status watch looks at the pane after the title event, and commits what it changed.
      changed: () => this.sources.onTitle(),
      announce: () => hooks.title(),
      now: this.now,
    });
    this.status = new ProgramStatus({
      reply: (data) => { if (!this.exit) this.pty.write(data, 'reply'); },
      changed: () => {
        // The next source is read afresh: the program that set the records may have left.
        this.foregroundWatch.forget();
        this.sources.invalidate();
        this.commitStatus();
        hooks.statusChanged();
      },
      notify: (n) => {
        // Asked while nobody looked: the `!` mark until someone does (the bell sets it itself).
        if (n.cause === 'program' && !hooks.watched()) this.rang = true;
        const news = this.sources.onNotification(n);
        hooks.notify(n);
        if (news) {
          this.commitStatus();
          hooks.statusChanged();
        }
      },
      foregroundGroup: () => this.foregroundWatch.group(),
    }, this.now);
    this.holders = new TerminalHolders(this.proc, this.pty.ttyName);
    hookPaneEscapes(this.term, this.status, {
      watched: () => hooks.watched(),
      clipboard: (text) => hooks.clipboard(text),
      rang: () => { this.rang = true; },
    });
    this.sources = new PaneSources(
      {
        foreground: () => {
          const fg = this.foreground();
          return fg && { argv: fg.argv, resolvedScript: this.proc.resolveScript(fg.pid, fg.argv) };
        },
        typedTo: () => this.foreground()?.argv ?? null,
        lines: () => this.term.liveScreen(),
        title: () => this.titles.programTitle,
        app: () => this.status.lastApp,
        recorded: () => this.status.records.size > 0,
      },
      {
        stat: (pid) => {
          const st = this.proc.readStat(pid);
          return st ? { pgid: st.pgid, startTime: st.startTime } : null;
        },
        foregroundPgid: () => (this.exit ? null : this.proc.readStat(this.pid)?.ttyForegroundPgid ?? null),
        program: (pid) => this.proc.programOf(pid),
      },
      opts.detection,
      undefined,
      this.now,
    );
    this.ptyListeners.push(this.pty.onData((data) => {
      if (this.typeOnStart !== null) {
        const typed = this.typeOnStart;
        this.typeOnStart = null;
        setImmediate(() => this.type(typed));
      }
      this.foregroundWatch.afterOutput();
      this.sources.onOutput();
      const scanned = this.status.scan(data);
      const queued = this.flow.queued(data.length);
      this.term.write(data, () => {
        scanned();
        queued();
      });
    }));
    this.ptyListeners.push(this.pty.onExit(({ exitCode, signal }) => {
      this.exit = { exitCode, signal: signal || null };
      this.status.onExit();
      hooks.exit(exitCode, signal || null);
    }));
    this.term.onReply((data, kind) => {
      if (!this.exit) this.pty.write(data, kind);
    });
    this.term.onParsed(() => hooks.output());
    this.term.onTitle((title) => this.titles.programSet(title, this.foregroundWatch.group()));
    if (opts.live) this.adopt(opts.live);
    this.commitStatus();
  }

  private adopt(live: PaneLive): void {
    this.status.adopt(live.status);
    this.sources.agent.adopt(live.agent);
    this.sources.hook.adopt(live.hook);
    this.sources.seenReportTurn = live.seenReport ?? null;
    this.titles.adopt(live);
    this.launch.adopt(live.launch);
    this.rang = live.rang;
    this.notice = live.notice;
  }

  /** The pane's state for the server that replaces this one; its pty must have stopped reading. */
  handover(): PaneLive {
    return {
      terminal: this.term.handover(),
      ...this.titles.handover(),
      rang: this.rang,
      notice: this.notice,
      status: this.status.handover(),
      agent: this.agent.handover(),
      hook: this.sources.hook.handover(),
      seenReport: this.sources.seenReportTurn,
      launch: this.launch.handover(),
      timeline: this.timeline.list(),
    };
  }

  get agent(): AgentOwnership {
    return this.sources.agent;
  }

  /**
   * The pane's committed status: what borders, info, events, the notifier and waits all read,
   * so none of them can show a state the others never saw. Only commitStatus() changes it.
   */
  summary(): StatusSummary {
    return this.committed.value;
  }

  /** What an answer to the pane depends on now, as a short hash (`agent answer --expect`; see agent/screen-digest.ts). */
  answerDigest(): string {
    const s = this.summary();
    const rules = this.sources.detection(undefined, true).rules;
    return screenDigest({ state: s.state, source: s.source, kind: s.kind, app: s.app, text: s.text, rules, lines: this.term.liveScreen() });
  }

  /** Counts the committed status's changes (see committed-status.ts). */
  get statusSeq(): number {
    return this.committed.seq;
  }

  /**
   * Works the status out from every source, most trusted first (see pane-sources.ts), and
   * commits it when it differs from the committed one; whether it did. A change to a record,
   * report, hook or notification commits at once; what time, output, titles and /proc change,
   * the status watch commits when it looks.
   */
  commitStatus(): boolean {
    if (!this.committed.commit(this.sources.summary(this.status.summary()))) return false;
    this.timeline.add(this.committed.value, this.now());
    return true;
  }

  agentReport(input: AgentReportInput): void {
    this.sources.applyReport(input);
    this.sourcesChanged();
  }

  agentRelease(input: AgentReleaseInput): void {
    this.agent.release(input);
    this.sourcesChanged();
  }

  agentHook(event: HookEvent): void {
    this.sources.applyHook(event);
    this.sourcesChanged();
  }

  private sourcesChanged(): void {
    this.sources.invalidate();
    this.commitStatus();
    this.hooks.statusChanged();
  }

  /**
   * The time-driven transitions of the pane's sources (the status watch's tick), and the
   * status they and what happened since (output, titles, /proc) make, committed; whether it changed.
   */
  tick(now = this.now()): boolean {
    this.sources.tick(now, this.watched());
    return this.commitStatus();
  }

  /** Whether an attached client has the pane focused. */
  watched(): boolean {
    return this.hooks.watched();
  }

  /**
   * The user focused the pane or typed into it: every source's done, the notification, the
   * bell mark and the notice have been seen, all at once (no source is read half-cleared).
   * Whether anything changed; the caller announces it.
   */
  attention(): boolean {
    const marks = this.rang || this.notice !== null;
    if (this.summary().state === 'done') this.sources.onDoneSeen();
    this.rang = false;
    this.notice = null;
    const sources = this.sources.onAttention();
    const records = this.status.onAttention();
    this.sources.invalidate();
    const committed = this.commitStatus();
    return marks || sources || records || committed;
  }

  get pid(): number {
    return this.pty.pid;
  }

  get size(): { cols: number; rows: number } {
    return { cols: this.term.cols, rows: this.term.rows };
  }

  /** The title the border shows: the one given to the pane, else the program's own (OSC 0/2), else its command name. */
  get title(): string {
    return this.titles.text;
  }

  /** The title given to the pane, or null when it follows its program. */
  get givenTitle(): string | null {
    return this.titles.given;
  }

  /** Names the pane (already sanitised); null or '' lets the title follow its program again. */
  nameAs(title: string | null): void {
    this.titles.nameAs(title);
  }

  /** The program's working directory, or the folder the pane started in until the program runs. */
  get cwd(): string {
    return this.folder.current;
  }

  /** The foreground process, read from /proc at most every 100 ms (borders ask often). */
  foreground(): ForegroundProcess | null {
    return this.foregroundWatch.foreground();
  }

  /**
   * The one place a change of foreground program is noticed and announced (unless the last
   * look is under `maxAgeMs` old): the border's title follows it, and when the shell is back,
   * records set by the program that left end.
   */
  checkForeground(maxAgeMs = 0): void {
    this.foregroundWatch.check(maxAgeMs);
  }

  /** The variables the foreground program was given on the command line that started it, as [name, value]. */
  launchEnv(): [string, string][] {
    const fg = this.foreground();
    return fg ? this.launch.env(fg.pgid, this.pid) : [];
  }

  /** Keys typed by a person or a script, with what they mean for the pane's state worked out at once. */
  type(data: string): void {
    this.typeKeys(data)();
  }

  /**
   * Keys typed by a person or a script (already encoded for the pane's modes by the caller). The
   * keys go first; what they mean for the pane's state (a turn prompted, /proc read) is the
   * step returned, which the caller runs at once or once their echo is drawn (after-keys.ts).
   */
  typeKeys(data: string): () => void {
    if (this.exit) return () => {};
    const typedAt = this.now();
    // The cursor is still on the command's line: the shell's echo of the Enter is parsed later.
    const entered = data.includes('\r') ? new EnteredLine(this.term.xterm) : null;
    this.term.input(data);
    if (entered && shellSyntax(this.foreground()?.argv[0] ?? '')) this.launch.enter(entered);
    else entered?.dispose();
    // Output from now on may be their echo, whenever the step runs.
    this.sources.onKeys(typedAt);
    return () => {
      this.foregroundWatch.afterInput();
      this.sources.onInput(typedAt);
    };
  }

  resize(cols: number, rows: number): void {
    if (cols === this.term.cols && rows === this.term.rows) return;
    this.sources.onResize();
    this.term.resize(cols, rows);
    if (this.exit) return;
    try {
      this.pty.resize(cols, rows);
    } catch (err) {
      // The emulator has its new size; a pty that failed to follow must not stop the relayout.
      this.log.problem('resize', `resize failed: ${(err as Error).message}`);
    }
  }

  /** Tells a program that asked for focus events (DECSET 1004) that it gained or lost focus. */
  focusEvent(focused: boolean): void {
    if (!this.exit && this.term.modes.sendFocusMode) this.pty.write(focused ? '\x1b[I' : '\x1b[O', 'reply');
  }

  /** Closes the pane: its pty is closed, which hangs up its programs (SIGHUP). */
  dispose(): void {
    this.foregroundWatch.dispose();
    this.launch.dispose();
    this.titles.dispose();
    for (const d of this.ptyListeners.splice(0)) d.dispose();
    if (!this.exit) {
      this.holders.remember();
      this.pty.destroy();
    }
    this.term.dispose();
  }

  /** After closing a pane whose program still ran: kills the programs that ignored the hang-up and still hold its terminal. */
  reap(): void {
    this.holders.reap(this.id);
  }
}
