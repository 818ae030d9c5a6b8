// One pane: a program on a pty, the headless terminal that parses its output, and the
// facts thurm shows about it. Everything it registers is disposed with it.
// Over 400 lines: the pty, the emulator, the foreground watch and the title all meet here (a
// program that leaves the foreground takes its title and records with it); the foreground
// watch and the title are the parts to move out next.
import type { DetectionConfig } from '../agent/detector.js';
import type { HookEvent, HookHandover } from '../agent/hook.js';
import type { AgentOwnership, AgentReleaseInput, AgentReportInput, OwnershipState } from '../agent/ownership.js';
import { FlowControl } from '../pty/flow-control.js';
import { ThrottledLog } from '../log.js';
import { commandName } from '../command-line.js';
import { LIVE_PROC, type ForegroundProcess, type ProcFacts } from '../pty/proc.js';
import { spawnPty, type Disposable, type PanePty } from '../pty/spawn.js';
import { PaneTerminal, type TerminalState } from '../term/pane-terminal.js';
import { CONTROL_CHARS, sanitizeText } from '../sanitize.js';
import { ProgramStatus, type ProgramStatusState, type StatusNotification, type StatusSummary } from '../status/program-status.js';
import { PaneSources } from './pane-sources.js';

const FOREGROUND_MS = 100;
/** How soon after output or input the foreground is looked at again (a program may have started or ended). */
const FOREGROUND_SETTLE_MS = 100;
/** While output keeps coming, the foreground is looked at no more often than this (a flood is not a new program). */
const FOREGROUND_BUSY_MS = 1000;
/** One more look this long after the settle look: a script that prints and then execs may exec late, silently. */
const FOREGROUND_LATE_MS = 1000;
const SUMMARY_MS = 50;
/** A title is announced at most this often: a spinner in the title (Codex) changes it ten times a second. */
export const TITLE_ANNOUNCE_MS = 250;

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
  /** Starts the program; specs pass a fake. */
  spawn?: typeof spawnPty;
  /** What is read of processes (/proc), and the clock: specs pass made-up ones. */
  proc?: ProcFacts;
  now?: () => number;
}

/** A live pane's state beyond its pty, as one server hands it to the next (`server upgrade`). */
export interface PaneLive {
  terminal: TerminalState;
  programTitle: string;
  titleOwner: number | null;
  rang: boolean;
  notice: string | null;
  /** Absent from builds before titles could be set. */
  givenTitle?: string | null;
  status: ProgramStatusState;
  agent: OwnershipState;
  hook: HookHandover | null;
  /** The report turn whose done was seen; absent from builds before it was kept. */
  seenReport?: { instance: string; turn: number } | null;
}

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
  /** The title the program set (OSC 0/2), and the process group in the foreground then. */
  private programTitle = '';
  private titleOwner: number | null = null;
  /** The title given to the pane; it wins over the program's and the command's until cleared. */
  private named: string | null;
  private foregroundCache: { at: number; value: ForegroundProcess | null } | null = null;
  /** The foreground group, its argv and the title last announced (see checkForeground). */
  private observed!: { pgid: number | null; argv: string[] | null; title: string };
  private checkedAt = -Infinity;
  private foregroundTimer: { timer: NodeJS.Timeout; at: number } | null = null;
  /** The pane's terminal device (st_rdev), to find the programs still holding it at reaping. */
  private readonly tty: number | null;
  /** Who held the terminal when the pane was closed while its program ran (pid and start time). */
  private holders: { pid: number; start: number }[] = [];
  /** Bumped by every status change with an event; the summary is cached until it moves. */
  private statusVersion = 0;
  private summaryCache: { at: number; version: number; value: StatusSummary } | null = null;
  private readonly ptyListeners: Disposable[] = [];
  private titleAnnouncedAt = -Infinity;
  private titleTimer: NodeJS.Timeout | null = null;
  exit: { exitCode: number; signal: number | null } | null = null;
  /** A bell rang or the program notified while nobody looked; cleared when someone does (the `!` mark). */
  rang = false;
  /** A note for the border (`resume skipped`), cleared when someone looks at the pane. */
  notice: string | null;
  private typeOnStart: string | null;
  /** The pane's program has replaced the forked server process (see cwd). */
  private execed = false;

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
    this.named = opts.title ?? null;
    this.typeOnStart = opts.typeOnStart ?? null;
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
    this.status = new ProgramStatus({
      reply: (data) => { if (!this.exit) this.pty.write(data, 'reply'); },
      changed: () => {
        this.statusVersion++;
        // The next source is read afresh: the program that set the records may have left.
        this.foregroundCache = null;
        this.sources.invalidate();
        hooks.statusChanged();
      },
      notify: (n) => {
        // Asked while nobody looked: the `!` mark until someone does (the bell sets it itself).
        if (n.cause === 'program' && !hooks.watched()) this.rang = true;
        const news = this.sources.onNotification(n);
        hooks.notify(n);
        if (news) {
          this.statusVersion++;
          hooks.statusChanged();
        }
      },
      foregroundGroup: () => this.foregroundGroup(),
    }, this.now);
    this.tty = this.proc.ttyDevice(this.pty.ttyName);
    this.hookStatus();
    this.sources = new PaneSources(
      {
        foreground: () => {
          const fg = this.foreground();
          return fg && { argv: fg.argv, resolvedScript: this.proc.resolveScript(fg.pid, fg.argv) };
        },
        lines: () => this.term.liveScreen(),
        title: () => this.programTitle,
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
      this.foregroundMayChange(FOREGROUND_BUSY_MS);
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
    this.term.onTitle((title) => {
      this.programTitle = sanitizeText(title);
      this.titleOwner = this.foregroundGroup();
      this.titleChanged();
    });
    if (opts.live) this.adopt(opts.live);
    this.observed = { pgid: null, argv: null, title: '' };
    this.observed.title = this.title;
  }

  private adopt(live: PaneLive): void {
    this.status.adopt(live.status);
    this.sources.agent.adopt(live.agent);
    this.sources.hook.adopt(live.hook);
    this.sources.seenReportTurn = live.seenReport ?? null;
    this.programTitle = live.programTitle;
    this.titleOwner = live.titleOwner;
    this.rang = live.rang;
    this.notice = live.notice;
    this.named = live.givenTitle ?? null;
  }

  /** The pane's state for the server that replaces this one; its pty must have stopped reading. */
  handover(): PaneLive {
    return {
      terminal: this.term.handover(),
      programTitle: this.programTitle,
      titleOwner: this.titleOwner,
      rang: this.rang,
      notice: this.notice,
      givenTitle: this.named,
      status: this.status.handover(),
      agent: this.agent.handover(),
      hook: this.sources.hook.handover(),
      seenReport: this.sources.seenReportTurn,
    };
  }

  /** The parser hooks that feed the pane's program status; disposed with the terminal. */
  private hookStatus(): void {
    const hooks = this.hooks;
    const status = this.status;
    this.term.registerOsc(7501, (data) => status.onOsc7501(data));
    this.term.registerOsc(9, (data) => status.onOsc9(data));
    this.term.registerOsc(777, (data) => status.onOsc777(data));
    this.term.registerOsc(99, (data) => status.onOsc99(data));
    // OSC 52 ; selections ; base64: a query (`?`) is never answered, it would echo a clipboard.
    this.term.registerOsc(52, (data) => {
      const text = clipboardText(data);
      if (text) hooks.clipboard(text);
      return true;
    });
    this.term.registerOsc(133, (data) => {
      if (data === 'A' || data.startsWith('A;')) status.onPrompt();
      return false;
    });
    // RIS: let the emulator reset too (returning false passes it on).
    this.term.registerEsc({ final: 'c' }, () => {
      status.onReset();
      return false;
    });
    // A bell in the pane you are looking at is for you already (a failed Tab completion).
    this.term.onBell(() => {
      if (hooks.watched()) return;
      this.rang = true;
      status.onBell();
    });
  }

  get agent(): AgentOwnership {
    return this.sources.agent;
  }

  /**
   * The pane's status from every source, most trusted first (see pane-sources.ts). Borders ask
   * several times a frame; facts read from /proc (owners, foreground) may be SUMMARY_MS old.
   */
  summary(): StatusSummary {
    const now = this.now();
    const c = this.summaryCache;
    if (c && c.version === this.statusVersion && now - c.at < SUMMARY_MS) return c.value;
    const value = this.sources.summary(this.status.summary());
    this.summaryCache = { at: now, version: this.statusVersion, value };
    return value;
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
    this.statusVersion++;
    this.sources.invalidate();
    this.hooks.statusChanged();
  }

  /** The time-driven transitions of the pane's sources (the status watch's tick); the summary is read afresh after. */
  tick(now = this.now()): void {
    this.sources.tick(now, this.watched());
    this.statusVersion++;
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
    this.statusVersion++;
    return marks || sources || records;
  }

  get pid(): number {
    return this.pty.pid;
  }

  get size(): { cols: number; rows: number } {
    return { cols: this.term.cols, rows: this.term.rows };
  }

  /** The title the border shows: the one given to the pane, else the program's own (OSC 0/2), else its command name. */
  get title(): string {
    if (this.named) return this.named;
    if (this.programTitle) return this.programTitle;
    // The foreground as last checked: borders ask every frame, /proc is read by checkForeground.
    return sanitizeText(commandName(this.observed.argv ?? this.argv), 64);
  }

  /** The title given to the pane, or null when it follows its program. */
  get givenTitle(): string | null {
    return this.named;
  }

  /** Names the pane (already sanitised); null or '' lets the title follow its program again. */
  nameAs(title: string | null): void {
    const next = title || null;
    if (next === this.named) return;
    this.named = next;
    this.titleChanged();
  }

  /** The process group in the pane's foreground now, read fresh (it owns what arrives now). */
  private foregroundGroup(): number | null {
    const pgid = this.exit ? null : this.proc.readStat(this.pid)?.ttyForegroundPgid;
    return pgid && pgid > 0 ? pgid : null;
  }

  get cwd(): string {
    // node-pty forks, then changes directory and execs: until the program runs, /proc shows the
    // server's own directory (and command line), not the pane's.
    if (!this.execed) {
      if (this.proc.readArgv(this.pid).join('\0') === serverArgv()) return this.startCwd;
      this.execed = true;
    }
    return this.proc.readCwd(this.pid) ?? this.startCwd;
  }

  /** The foreground process, read from /proc at most every FOREGROUND_MS (borders ask often). */
  foreground(): ForegroundProcess | null {
    if (this.exit) return null;
    const now = this.now();
    if (!this.foregroundCache || now - this.foregroundCache.at > FOREGROUND_MS) {
      this.foregroundCache = { at: now, value: this.proc.foregroundOf(this.pid) };
    }
    return this.foregroundCache.value;
  }

  private titleChanged(): void {
    this.observed = { ...this.observed, title: this.title };
    this.statusVersion++;
    this.sources.onTitle();
    this.announceTitle();
  }

  /** Announces the title now, or once TITLE_ANNOUNCE_MS has passed since the last time (then the newest). */
  private announceTitle(): void {
    if (this.titleTimer) return;
    const announce = () => {
      this.titleTimer = null;
      this.titleAnnouncedAt = this.now();
      this.hooks.title();
    };
    const wait = Math.min(TITLE_ANNOUNCE_MS, this.titleAnnouncedAt + TITLE_ANNOUNCE_MS - this.now());
    if (wait <= 0) announce();
    else this.titleTimer = setTimeout(announce, wait);
  }

  /**
   * Output or input may mean a program started or ended: look at the foreground soon, once,
   * and no sooner than `spacingMs` after the last look (output of a flood asks all the time).
   */
  private foregroundMayChange(spacingMs = 0): void {
    this.lookAtForegroundAt(Math.max(this.now() + FOREGROUND_SETTLE_MS, this.checkedAt + spacingMs), false);
  }

  /** Looks at the foreground at `at`, then, unless this is the late look, once more a little later. */
  private lookAtForegroundAt(at: number, late: boolean): void {
    if (this.exit) return;
    if (this.foregroundTimer && this.foregroundTimer.at <= at) return;
    if (this.foregroundTimer) clearTimeout(this.foregroundTimer.timer);
    const timer = setTimeout(() => {
      this.foregroundTimer = null;
      this.checkForeground();
      if (!late) this.lookAtForegroundAt(this.now() + FOREGROUND_LATE_MS, true);
    }, at - this.now());
    this.foregroundTimer = { timer, at };
  }

  /**
   * The one place a change of foreground program is noticed and announced: the border's title
   * follows it, and when the shell is back, records set by the program that left end.
   */
  checkForeground(maxAgeMs = 0): void {
    if (this.exit || this.now() - this.checkedAt < maxAgeMs) return;
    this.checkedAt = this.now();
    this.foregroundCache = null;
    const fg = this.foreground();
    const pgid = fg?.pgid ?? null;
    const before = this.observed;
    if (pgid !== before.pgid) {
      // A title belongs to the program that set it: vim's stays no longer than vim.
      if (this.programTitle && this.titleOwner !== null && this.titleOwner !== pgid) this.programTitle = '';
      if (pgid === this.pid) this.status.onShellBack(this.pid);
    }
    this.observed = { pgid, argv: fg?.argv ?? null, title: '' };
    this.observed.title = this.title;
    if (this.observed.title !== before.title) this.titleChanged();
  }

  /** Keys typed by a person or a script (already encoded for the pane's modes by the caller). */
  type(data: string): void {
    if (this.exit) return;
    this.foregroundMayChange();
    this.sources.onInput();
    this.term.input(data);
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
    if (this.foregroundTimer) clearTimeout(this.foregroundTimer.timer);
    if (this.titleTimer) clearTimeout(this.titleTimer);
    for (const d of this.ptyListeners.splice(0)) d.dispose();
    if (!this.exit && this.tty !== null) {
      // Taken before the hang-up: once the terminal is freed, its number may go to a new pane.
      this.holders = this.proc.holdersOf(this.tty).flatMap((pid) => {
        const start = this.proc.readStat(pid)?.startTime;
        return start === undefined ? [] : [{ pid, start }];
      });
    }
    if (!this.exit) this.pty.destroy();
    this.term.dispose();
  }

  /**
   * After closing a pane whose program still ran: SIGKILL for the programs that ignored the
   * hang-up and still hold its terminal open: only those that held it when it closed, the same
   * processes (pid and start time), so a reused pid or terminal number is never hit. Programs
   * that let go of it (`nohup`, daemons) live on.
   */
  reap(): void {
    const tty = this.tty;
    const held = this.holders.splice(0);
    if (tty === null || !held.length) return;
    let killed = 0;
    for (const { pid, start } of held) {
      if (this.proc.readStat(pid)?.startTime !== start || !this.proc.holds(pid, tty)) continue;
      try {
        process.kill(pid, 'SIGKILL');
        killed++;
      } catch {
        // already gone
      }
    }
    console.error(`thurm: pane ${this.id} closed: killed ${killed} of the ${held.length} programs that held its terminal`);
  }
}

let ownArgv: string | undefined;
/** This server's command line as /proc shows it, which a pane's process has until it execs. */
/** The server's own command line (always the live /proc: it is this process). */
function serverArgv(): string {
  ownArgv ??= LIVE_PROC.readArgv(process.pid).join('\0');
  return ownArgv;
}

/** Saved lines as terminal input: plain text (the file is untrusted), then a dim marker line. */
function restoredHistory(lines: string[]): string {
  const text = lines.map((l) => l.replace(CONTROL_CHARS, '')).join('\r\n');
  return `${text}\r\n\x1b[2m--- restored by thurm ---\x1b[0m\r\n`;
}

/** The text of an OSC 52 write (`c;aGVsbG8=`), or null for a query, a clear or bad base64. */
export function clipboardText(data: string): string | null {
  const semi = data.indexOf(';');
  const payload = semi < 0 ? '' : data.slice(semi + 1);
  if (!payload || payload === '?' || !/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) return null;
  return Buffer.from(payload, 'base64').toString('utf8') || null;
}
