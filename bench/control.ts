// tmux's control mode (`tmux -C attach`) as a request channel: one command line in, its
// `%begin` ... `%end` block out, on one open connection, the analog of thurm's Connection.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

export class ControlClient {
  private readonly proc: ChildProcessWithoutNullStreams;
  private readonly waiting: { resolve: (lines: string[]) => void; reject: (err: Error) => void }[] = [];
  private block: string[] | null = null;
  private buffered = '';
  /** The attach command's own reply block comes first; requests wait for it. */
  readonly ready: Promise<string[]>;

  constructor(args: string[]) {
    this.proc = spawn('tmux', [...args, '-C', 'attach'], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.ready = new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
    this.proc.stdout.setEncoding('utf8');
    this.proc.stdout.on('data', (chunk: string) => this.read(chunk));
    this.proc.on('exit', () => {
      for (const w of this.waiting.splice(0)) w.reject(new Error('tmux control client exited'));
    });
  }

  private read(chunk: string): void {
    this.buffered += chunk;
    let nl: number;
    while ((nl = this.buffered.indexOf('\n')) >= 0) {
      const line = this.buffered.slice(0, nl);
      this.buffered = this.buffered.slice(nl + 1);
      if (this.block === null) {
        // Outside a block: notifications (%output, %window-add, ...), not replies.
        if (line.startsWith('%begin ')) this.block = [];
      } else if (line.startsWith('%end ') || line.startsWith('%error ')) {
        const lines = this.block;
        this.block = null;
        const w = this.waiting.shift();
        if (line.startsWith('%error ')) w?.reject(new Error(`tmux: ${lines.join(' ')}`));
        else w?.resolve(lines);
      } else this.block.push(line);
    }
  }

  /** Sends one command line and resolves with its reply's lines. */
  async request(command: string): Promise<string[]> {
    await this.ready;
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.proc.stdin.write(`${command}\n`);
    });
  }

  close(): void {
    this.proc.stdin.end();
    this.proc.kill();
  }
}
