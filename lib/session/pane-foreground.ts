// Which program is in a pane's foreground, read from /proc: cached for the borders that ask
// several times a frame, and looked at again shortly after output or input (a program may have
// started or ended). checkForeground is the one place a change of foreground is noticed.
import type { ForegroundProcess, ProcFacts } from '../pty/proc.js';
import type { OneTimer } from './one-timer.js';

const FOREGROUND_MS = 100;
/** How soon after output or input the foreground is looked at again (a program may have started or ended). */
const FOREGROUND_SETTLE_MS = 100;
/** While output keeps coming, the foreground is looked at no more often than this (a flood is not a new program). */
const FOREGROUND_BUSY_MS = 1000;
/** One more look this long after the settle look: a script that prints and then execs may exec late, silently. */
const FOREGROUND_LATE_MS = 1000;

/** This server's command line past argv[0], as /proc shows it (a fork of it shows the same). */
const SERVER_ARGS = [...process.execArgv, ...process.argv.slice(1)].join('\0');

export interface ForegroundHooks {
  /** The pane's program (the pty's child) and whether it has exited: then nothing is read. */
  pid(): number;
  /** What thurm started in the pane: its program until that has exec'd and taken the terminal. */
  argv(): string[];
  exited(): boolean;
  /** A look found another process group in the foreground (or none). */
  groupChanged(pgid: number | null): void;
  /** A look is done, whether or not the foreground changed. */
  looked(): void;
}

export class ForegroundWatch {
  private cache: { at: number; value: ForegroundProcess | null } | null = null;
  /** The foreground group and its argv at the last look. */
  private observed: { pgid: number | null; argv: string[] | null } = { pgid: null, argv: null };
  private checkedAt = -Infinity;
  /** When the timer fires; null when it is not set. */
  private timerAt: number | null = null;

  constructor(
    private readonly proc: ProcFacts, private readonly now: () => number, private readonly timer: OneTimer, private readonly hooks: ForegroundHooks,
  ) {}

  /** The foreground command at the last look, or null before the first. */
  get observedArgv(): string[] | null {
    return this.observed.argv;
  }

  /**
   * The foreground process (the one keys reach), read from /proc at most every FOREGROUND_MS.
   * One caught mid-exec (no command line yet) is read again next time: kept, it would make an
   * Enter typed soon after look typed to no shell, and its command line go unread.
   */
  foreground(): ForegroundProcess | null {
    if (this.hooks.exited()) return null;
    const now = this.now();
    if (!this.cache || now - this.cache.at > FOREGROUND_MS || this.cache.value?.argv.length === 0) this.cache = { at: now, value: this.read() };
    return this.cache.value;
  }

  /**
   * The pane's own program, until its exec, is a fork of this server and shows the server's
   * command line, and before it takes the terminal there is no foreground group at all: either
   * way it is what thurm started, and keys typed meanwhile wait for it.
   */
  private read(): ForegroundProcess {
    const pid = this.hooks.pid();
    const fg = this.proc.foregroundOf(pid);
    const unexeced = !fg || (fg.pid === pid && fg.argv.slice(1).join('\0') === SERVER_ARGS);
    return unexeced ? { pid, pgid: pid, argv: this.hooks.argv() } : fg;
  }

  /** The process group in the foreground now, read fresh (it owns what arrives now). */
  group(): number | null {
    const pgid = this.hooks.exited() ? null : this.proc.readStat(this.hooks.pid())?.ttyForegroundPgid;
    return pgid && pgid > 0 ? pgid : null;
  }

  /** The next foreground() reads /proc again. */
  forget(): void {
    this.cache = null;
  }

  /** The program printed: it may have started or ended, unless it is a flood going on. */
  afterOutput(): void {
    this.lookSoon(FOREGROUND_BUSY_MS);
  }

  /** Someone typed: a program may start or end now. */
  afterInput(): void {
    this.lookSoon(0);
  }

  /** Looks at the foreground soon, once, and no sooner than `spacingMs` after the last look (output of a flood asks all the time). */
  private lookSoon(spacingMs: number): void {
    this.lookAt(Math.max(this.now() + FOREGROUND_SETTLE_MS, this.checkedAt + spacingMs), false);
  }

  /** Looks at the foreground at `at`, then, unless this is the late look, once more a little later. */
  private lookAt(at: number, late: boolean): void {
    if (this.hooks.exited()) return;
    if (this.timerAt !== null && this.timerAt <= at) return;
    this.timerAt = at;
    this.timer.set(() => {
      this.timerAt = null;
      this.check();
      if (!late) this.lookAt(this.now() + FOREGROUND_LATE_MS, true);
    }, Math.max(at - this.now(), 0));
  }

  /** Looks at the foreground unless the last look is less than `maxAgeMs` old. */
  check(maxAgeMs = 0): void {
    if (this.hooks.exited() || this.now() - this.checkedAt < maxAgeMs) return;
    this.checkedAt = this.now();
    this.cache = null;
    const fg = this.foreground();
    const pgid = fg?.pgid ?? null;
    if (pgid !== this.observed.pgid) this.hooks.groupChanged(pgid);
    // Caught mid-exec, a process has no command line yet: the border keeps the name it had (never
    // a blank title) and looks again once the exec is done.
    const midExec = fg !== null && !fg.argv.length;
    this.observed = { pgid, argv: midExec ? this.observed.argv : fg?.argv ?? null };
    if (midExec) this.lookAt(this.now() + FOREGROUND_SETTLE_MS, false);
    this.hooks.looked();
  }

  dispose(): void {
    this.timer.clear();
  }
}
