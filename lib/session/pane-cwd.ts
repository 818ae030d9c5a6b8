// A pane's working directory, as /proc shows its program's. node-pty forks, then changes
// directory and execs: until the program runs, /proc shows the server's own directory (and
// command line), so the folder the pane was started in stands in until then.
import { LIVE_PROC, type ProcFacts } from '../pty/proc.js';

export class PaneCwd {
  /** The pane's program has replaced the forked server process. */
  private execed = false;

  constructor(private readonly proc: ProcFacts, private readonly pid: () => number, readonly start: string) {}

  get current(): string {
    if (!this.execed) {
      if (this.proc.readArgv(this.pid()).join('\0') === serverArgv()) return this.start;
      this.execed = true;
    }
    return this.proc.readCwd(this.pid()) ?? this.start;
  }
}

let ownArgv: string | undefined;
/** This server's command line as /proc shows it (always the live /proc: it is this process), which a pane's process has until it execs. */
function serverArgv(): string {
  ownArgv ??= LIVE_PROC.readArgv(process.pid).join('\0');
  return ownArgv;
}
