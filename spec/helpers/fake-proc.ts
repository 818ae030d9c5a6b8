// Made-up processes for a pane's /proc facts (ProcFacts): a shell leading the pane's session,
// programs it runs in the foreground, their command lines and working directories, and which
// processes hold the pane's terminal open (for reaping a closed pane).
import { programWords, type ForegroundProcess, type ProcFacts, type ProcStat } from '../../lib/pty/proc.js';

interface FakeProcess { argv: string[]; cwd: string; start: number }

/** The device number of every fake pane's terminal (/dev/pts/0: major 136, minor 0). */
const FAKE_TTY = 136 << 8;

export class FakeProcesses {
  private readonly table = new Map<number, FakeProcess>();
  /** The pids that have the pane's terminal open, besides its shell. */
  private readonly holding = new Set<number>();
  /** The process group in the terminal's foreground. */
  foreground: number;

  /** `leader`: the pane's pid (FakePty uses the spec's own). */
  constructor(private readonly leader: number, argv: string[], cwd = '/') {
    this.table.set(leader, { argv, cwd, start: 1 });
    this.foreground = leader;
  }

  /** The shell starts a program in the foreground (its own process group). */
  run(pid: number, argv: string[]): void {
    this.table.set(pid, { argv, cwd: this.table.get(this.leader)!.cwd, start: pid });
    this.foreground = pid;
  }

  /** The program ends; the shell has the terminal again. */
  back(): void {
    if (this.foreground !== this.leader) this.table.delete(this.foreground);
    this.foreground = this.leader;
  }

  /** The foreground program replaces itself (`exec`): same pid and group, a new command line. */
  exec(argv: string[]): void {
    this.table.get(this.foreground)!.argv = argv;
  }

  cd(dir: string): void {
    this.table.get(this.leader)!.cwd = dir;
  }

  /**
   * Process `pid`, started at `start`, has the pane's terminal open (a background job, or a
   * program that ignores SIGHUP). Give a real pid to see whether a reap kills it.
   */
  holdTerminal(pid: number, argv: string[], start: number): void {
    this.table.set(pid, { argv, cwd: this.table.get(this.leader)!.cwd, start });
    this.holding.add(pid);
  }

  /** The process closed the terminal (`nohup`, a daemon): it holds it no more. */
  letGo(pid: number): void {
    this.holding.delete(pid);
  }

  /** Process `pid` ended and a new process got its pid (another start time); it has the terminal open. */
  reusePid(pid: number, start: number): void {
    this.table.get(pid)!.start = start;
  }

  readonly facts: ProcFacts = {
    readStat: (pid): ProcStat | null => {
      const p = this.table.get(pid);
      if (!p) return null;
      return { pid, ppid: 1, pgid: pid, sid: this.leader, ttyForegroundPgid: this.foreground, startTime: p.start };
    },
    readArgv: (pid) => this.table.get(pid)?.argv ?? [],
    readCwd: (pid) => this.table.get(pid)?.cwd ?? null,
    readEnviron: () => null,
    foregroundOf: (): ForegroundProcess | null => ({ pid: this.foreground, pgid: this.foreground, argv: this.table.get(this.foreground)?.argv ?? [] }),
    resolveScript: () => null,
    programOf: (pid) => {
      const p = this.table.get(pid);
      return p ? programWords(p.argv, p.cwd, () => null) : null;
    },
    ttyDevice: () => FAKE_TTY,
    holds: (pid, rdev) => rdev === FAKE_TTY && this.holding.has(pid),
    holdersOf: (rdev) => (rdev === FAKE_TTY ? [...this.holding] : []),
  };
}
