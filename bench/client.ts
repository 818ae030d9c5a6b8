// An attached multiplexer client in a real pty, its output drained and parsed by
// @xterm/headless as a real terminal would, so thurm and tmux pay the same display cost.
import xtermHeadless from '@xterm/headless';
import pty from 'node-pty';

const { Terminal } = xtermHeadless;
const HIGH_WATER = 1024 * 1024;
const LOW_WATER = 256 * 1024;

export class AttachedClient {
  readonly term: InstanceType<typeof Terminal>;
  private readonly proc: pty.IPty;
  private readonly watchers = new Set<() => void>();
  private pending = 0;
  private paused = false;
  /** Set once the client process has exited (detached, or killed). */
  exited = false;

  constructor(file: string, args: string[], cols: number, rows: number) {
    this.term = new Terminal({ cols, rows, scrollback: 0, allowProposedApi: true });
    this.proc = pty.spawn(file, args, {
      name: 'xterm-256color', cols, rows, env: process.env as Record<string, string>, encoding: null,
    });
    this.proc.onData((chunk) => {
      const data = chunk as unknown as Buffer;
      // Same back-pressure a terminal applies: stop reading while parsing lags behind.
      this.pending += data.length;
      if (!this.paused && this.pending > HIGH_WATER) {
        this.paused = true;
        this.proc.pause();
      }
      this.term.write(data, () => {
        this.pending -= data.length;
        if (this.paused && this.pending < LOW_WATER) {
          this.paused = false;
          this.proc.resume();
        }
        for (const check of this.watchers) check();
      });
    });
    this.proc.onExit(() => {
      this.exited = true;
      for (const check of this.watchers) check();
    });
    // Answer queries (DA, DSR) like a real terminal.
    this.term.onData((reply) => this.proc.write(reply));
  }

  /** Text of screen row `y` (0-based), trailing blanks trimmed. */
  row(y: number): string {
    const buf = this.term.buffer.active;
    return buf.getLine(buf.viewportY + y)?.translateToString(true) ?? '';
  }

  /** The client process (to stop and continue it). */
  get pid(): number {
    return this.proc.pid;
  }

  /** Whether any row of the screen contains `text`. */
  shows(text: string): boolean {
    for (let y = 0; y < this.term.rows; y++) if (this.row(y).includes(text)) return true;
    return false;
  }

  /** The screen's non-blank rows, top to bottom. */
  screen(): string[] {
    const rows: string[] = [];
    for (let y = 0; y < this.term.rows; y++) if (this.row(y).trim()) rows.push(this.row(y));
    return rows;
  }

  /** The character just left of the cursor, where an echoed key lands. */
  beforeCursor(): string {
    const buf = this.term.buffer.active;
    return buf.getLine(buf.baseY + buf.cursorY)?.getCell(buf.cursorX - 1)?.getChars() ?? '';
  }

  get cursorRow(): number {
    return this.term.buffer.active.cursorY;
  }

  /** Resolves with performance.now() at the first parsed output after which `predicate` holds. */
  when(predicate: () => boolean, what: string, timeoutMs = 10_000): Promise<number> {
    if (predicate()) return Promise.resolve(performance.now());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.watchers.delete(check);
        const last = this.screen().slice(-3).map((l) => l.trim().slice(0, 60)).join(' / ');
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; the screen ends: ${last}`));
      }, timeoutMs);
      const check = () => {
        if (!predicate()) return;
        const at = performance.now();
        clearTimeout(timer);
        this.watchers.delete(check);
        resolve(at);
      };
      this.watchers.add(check);
    });
  }

  type(data: string): void {
    this.proc.write(data);
  }

  close(): void {
    try {
      this.proc.kill('SIGKILL');
    } catch {
      // already gone
    }
    this.term.dispose();
  }
}
