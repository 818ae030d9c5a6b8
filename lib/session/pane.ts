// One pane: a program on a pty, the headless terminal that parses its output, and the
// facts thurm shows about it. Everything it registers is disposed with it.
import path from 'node:path';
import { AgentOwnership, type AgentReleaseInput, type AgentReportInput } from '../agent/ownership.js';
import { FlowControl } from '../pty/flow-control.js';
import { foregroundOf, readCwd, readStat, type ForegroundProcess } from '../pty/proc.js';
import { spawnPty, type PanePty } from '../pty/spawn.js';
import { PaneTerminal } from '../term/pane-terminal.js';
import { sanitizeText } from '../sanitize.js';
import { ProgramStatus, type StatusNotification, type StatusSummary } from '../status/program-status.js';

export interface PaneOptions {
  id: string;
  argv: string[];
  cwd: string;
  cols: number;
  rows: number;
  env: Record<string, string>;
  scrollback: number;
}

export interface PaneHooks {
  output(): void;
  title(): void;
  exit(exitCode: number, signal: number | null): void;
  statusChanged(): void;
  notify(n: StatusNotification): void;
}

export class Pane {
  readonly id: string;
  readonly argv: string[];
  readonly startCwd: string;
  readonly term: PaneTerminal;
  readonly pty: PanePty;
  readonly status: ProgramStatus;
  readonly agent: AgentOwnership;
  private readonly flow: FlowControl;
  private agentWatch: NodeJS.Timeout | null = null;
  private agentShown = false;
  private programTitle = '';
  exit: { exitCode: number; signal: number | null } | null = null;
  lastOutputAt = 0;

  constructor(opts: PaneOptions, hooks: PaneHooks) {
    this.id = opts.id;
    this.argv = opts.argv;
    this.startCwd = opts.cwd;
    this.term = new PaneTerminal({ cols: opts.cols, rows: opts.rows, scrollback: opts.scrollback });
    this.pty = spawnPty({ argv: opts.argv, cwd: opts.cwd, cols: opts.cols, rows: opts.rows, env: opts.env });
    this.flow = new FlowControl(this.pty);
    this.status = new ProgramStatus({
      reply: (data) => { if (!this.exit) this.pty.write(data); },
      changed: () => hooks.statusChanged(),
      notify: (n) => hooks.notify(n),
    });
    this.hookStatus();
    this.agent = new AgentOwnership({
      stat: (pid) => {
        const st = readStat(pid);
        return st ? { pgid: st.pgid, startTime: st.startTime } : null;
      },
      foregroundPgid: () => (this.exit ? null : readStat(this.pid)?.ttyForegroundPgid ?? null),
    });
    this.onStatusChanged = hooks.statusChanged;
    this.pty.onData((data) => {
      this.lastOutputAt = Date.now();
      this.status.scan(data);
      this.term.write(data, this.flow.queued(data.length));
    });
    this.pty.onExit(({ exitCode, signal }) => {
      this.exit = { exitCode, signal: signal || null };
      this.status.onExit();
      hooks.exit(exitCode, signal || null);
    });
    this.term.onReply((data) => {
      if (!this.exit) this.pty.write(data);
    });
    this.term.onParsed(() => hooks.output());
    this.term.onTitle((title) => {
      this.programTitle = sanitizeText(title);
      hooks.title();
    });
  }

  /** The parser hooks that feed the pane's program status; disposed with the terminal. */
  private hookStatus(): void {
    const status = this.status;
    this.term.registerOsc(7501, (data) => status.onOsc7501(data));
    this.term.registerOsc(9, (data) => status.onOsc9(data));
    this.term.registerOsc(777, (data) => status.onOsc777(data));
    this.term.registerOsc(99, (data) => status.onOsc99(data));
    this.term.registerOsc(133, (data) => {
      if (data === 'A' || data.startsWith('A;')) status.onPrompt();
      return false;
    });
    // RIS: let the emulator reset too (returning false passes it on).
    this.term.registerEsc({ final: 'c' }, () => {
      status.onReset();
      return false;
    });
    this.term.onBell(() => status.onBell());
  }

  private readonly onStatusChanged: () => void;

  /** The pane's status: OSC 7501 records win, then a public agent report, else none. */
  summary(): StatusSummary {
    const program = this.status.summary();
    if (program.source !== 'none') return program;
    const agent = this.agent.inForeground() ? this.agent.current() : null;
    if (!agent) return program;
    return {
      ...program,
      state: agent.status === 'needs-input' ? 'blocked' : agent.status,
      source: 'report',
      app: agent.agent,
      text: agent.message ?? '',
    };
  }

  agentReport(input: AgentReportInput): void {
    const before = this.summary();
    this.agent.report(input);
    this.agentChanged(before);
  }

  agentRelease(input: AgentReleaseInput): void {
    const before = this.summary();
    this.agent.release(input);
    this.agentChanged(before);
  }

  /** Announces a report's effect, notifies like a record would, and watches the owner. */
  private agentChanged(before: StatusSummary): void {
    const after = this.summary();
    this.onStatusChanged();
    const changed = after.state !== before.state || after.text !== before.text;
    if (changed && after.source === 'report' && (after.state === 'blocked' || after.state === 'done')) {
      this.status.notify({ cause: after.state, title: `${after.app} ${after.state}`, text: after.text || after.state });
    }
    this.agentShown = after.source === 'report';
    if (this.agentShown && !this.agentWatch) {
      // The owner may exit or leave the foreground without a word: look once a second.
      this.agentWatch = setInterval(() => {
        const shown = this.agent.inForeground();
        if (shown !== this.agentShown) {
          this.agentShown = shown;
          this.onStatusChanged();
        }
        if (!shown && !this.agent.current()) this.stopAgentWatch();
      }, 1000);
      this.agentWatch.unref();
    }
  }

  private stopAgentWatch(): void {
    if (this.agentWatch) clearInterval(this.agentWatch);
    this.agentWatch = null;
  }

  get pid(): number {
    return this.pty.pid;
  }

  get size(): { cols: number; rows: number } {
    return { cols: this.term.cols, rows: this.term.rows };
  }

  /** The title the border shows: the program's own (OSC 0/2), else its command name. */
  get title(): string {
    if (this.programTitle) return this.programTitle;
    const argv0 = this.foreground()?.argv[0] ?? this.argv[0];
    return sanitizeText(path.basename(argv0 ?? ''), 64);
  }

  get cwd(): string {
    return readCwd(this.pid) ?? this.startCwd;
  }

  foreground(): ForegroundProcess | null {
    return this.exit ? null : foregroundOf(this.pid);
  }

  /** Keys typed by a person or a script, encoded by the emulator for the pane's modes. */
  type(data: string): void {
    if (!this.exit) this.term.input(data);
  }

  resize(cols: number, rows: number): void {
    if (cols === this.term.cols && rows === this.term.rows) return;
    this.term.resize(cols, rows);
    if (!this.exit) this.pty.resize(cols, rows);
  }

  kill(): void {
    if (!this.exit) this.pty.kill('SIGHUP');
  }

  dispose(): void {
    this.stopAgentWatch();
    this.kill();
    this.term.dispose();
  }
}
