// Made-up processes for a pane's /proc facts (ProcFacts): a shell leading the pane's session,
// programs it runs in the foreground, their command lines and working directories.
import type { ForegroundProcess, ProcFacts, ProcStat } from '../../lib/pty/proc.js';

interface FakeProcess { argv: string[]; cwd: string; start: number }

export class FakeProcesses {
  private readonly table = new Map<number, FakeProcess>();
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

  readonly facts: ProcFacts = {
    readStat: (pid): ProcStat | null => {
      const p = this.table.get(pid);
      if (!p) return null;
      return { pid, ppid: 1, pgid: pid, sid: this.leader, ttyForegroundPgid: this.foreground, startTime: p.start };
    },
    readArgv: (pid) => this.table.get(pid)?.argv ?? [],
    readCwd: (pid) => this.table.get(pid)?.cwd ?? null,
    foregroundOf: (): ForegroundProcess | null => ({ pid: this.foreground, pgid: this.foreground, argv: this.table.get(this.foreground)?.argv ?? [] }),
    resolveScript: () => null,
    ttyDevice: () => null,
    holds: () => false,
    holdersOf: () => [],
  };
}
