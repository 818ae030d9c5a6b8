// The programs that hold a pane's terminal open, taken when the pane closes while its program
// runs, and killed afterwards if they ignored the hang-up (reaper.ts says when). Only those
// very processes (pid and start time) are hit, so a reused pid or terminal number never is.
import type { ProcFacts } from '../pty/proc.js';

export class TerminalHolders {
  /** The terminal device (st_rdev), or null when /proc could not say. */
  private readonly tty: number | null;
  private holders: { pid: number; start: number }[] = [];

  constructor(private readonly proc: ProcFacts, ttyName: string | null) {
    this.tty = proc.ttyDevice(ttyName);
  }

  /** Takes who holds the terminal; called before the hang-up, since a freed terminal's number may go to a new pane. */
  remember(): void {
    const tty = this.tty;
    if (tty === null) return;
    this.holders = this.proc.holdersOf(tty).flatMap((pid) => {
      const start = this.proc.readStat(pid)?.startTime;
      return start === undefined ? [] : [{ pid, start }];
    });
  }

  /**
   * SIGKILL for the remembered programs that still hold the terminal. Programs that let go of
   * it (`nohup`, daemons) live on.
   */
  reap(paneId: string): void {
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
    console.error(`thurm: pane ${paneId} closed: killed ${killed} of the ${held.length} programs that held its terminal`);
  }
}
