// A real terminal for end-to-end specs: runs a program (usually bin/thurm) in node-pty and
// parses its output with @xterm/headless, so tests read the screen as a person would see it.
import { StringDecoder } from 'node:string_decoder';
import xtermHeadless from '@xterm/headless';
import type { IBufferCell } from '@xterm/headless';
import pty from 'node-pty';
import { waitUntil } from './wait.js';

const { Terminal } = xtermHeadless;

export class TestTerminal {
  readonly term: InstanceType<typeof Terminal>;
  private readonly proc: pty.IPty;
  private pending = Promise.resolve();
  /** Every byte the program wrote, for assertions on raw output. */
  raw = '';
  /** False for a long run, where keeping every byte would grow the test without bound. */
  keepRaw = true;
  /**
   * The bytes the program wrote, undecoded (`raw` is them decoded as UTF-8, where a stray byte
   * is already U+FFFD); kept only when asked for with `opts.bytes`.
   */
  readonly bytes: Buffer[] = [];
  readonly exited: Promise<number>;

  constructor(file: string, args: string[], env: NodeJS.ProcessEnv, cols = 100, rows = 30, opts: { bytes?: boolean } = {}) {
    this.term = new Terminal({ cols, rows, allowProposedApi: true, scrollback: 0 });
    // node-pty sets TERM to `name`: it is the TERM the spec asked for.
    const spawn = { name: env.TERM ?? 'xterm-256color', cols, rows, env: env as Record<string, string>, cwd: process.cwd() };
    const take = (d: string) => {
      if (this.keepRaw) this.raw += d;
      this.pending = new Promise((resolve) => this.term.write(d, resolve));
    };
    if (opts.bytes) {
      // node-pty decodes with a StringDecoder too, so the text is the same; its pty then lacks
      // IUTF8, which only the line editing of a cooked tty reads.
      this.proc = pty.spawn(file, args, { ...spawn, encoding: null });
      const decoder = new StringDecoder('utf8');
      this.proc.onData((d) => {
        const chunk = d as unknown as Buffer;
        if (this.keepRaw) this.bytes.push(Buffer.from(chunk));
        const text = decoder.write(chunk);
        if (text) take(text);
      });
    } else {
      this.proc = pty.spawn(file, args, spawn);
      this.proc.onData(take);
    }
    // The terminal answers queries (DA, DSR) like a real one would.
    this.term.onData((d) => this.proc.write(d));
    this.exited = new Promise((resolve) => this.proc.onExit(({ exitCode }) => resolve(exitCode)));
  }

  get pid(): number {
    return this.proc.pid;
  }

  /** Whether the program is on the alternate screen. */
  get alternate(): boolean {
    return this.term.buffer.active.type === 'alternate';
  }

  lines(): string[] {
    const buf = this.term.buffer.active;
    const out: string[] = [];
    for (let y = 0; y < this.term.rows; y++) out.push(buf.getLine(buf.viewportY + y)?.translateToString(true) ?? '');
    return out;
  }

  text(): string {
    return this.lines().join('\n');
  }

  cell(x: number, y: number): IBufferCell {
    const buf = this.term.buffer.active;
    return buf.getLine(buf.viewportY + y)!.getCell(x)!;
  }

  /** Position of the first occurrence of `needle` on screen. */
  find(needle: string): { x: number; y: number } | null {
    const lines = this.lines();
    for (let y = 0; y < lines.length; y++) {
      const x = lines[y].indexOf(needle);
      if (x >= 0) return { x, y };
    }
    return null;
  }

  async waitFor(predicate: (text: string) => boolean, what: string, timeoutMs = 10_000): Promise<string> {
    return waitUntil(async () => {
      await this.pending;
      const text = this.text();
      return predicate(text) ? text : '';
    }, () => `${what}; screen:\n${this.text()}`, timeoutMs);
  }

  waitForText(needle: string, timeoutMs?: number): Promise<string> {
    return this.waitFor((t) => t.includes(needle), JSON.stringify(needle), timeoutMs);
  }

  write(data: string): void {
    this.proc.write(data);
  }

  resize(cols: number, rows: number): void {
    this.term.resize(cols, rows);
    this.proc.resize(cols, rows);
  }

  kill(signal = 'SIGKILL'): void {
    try {
      this.proc.kill(signal);
    } catch {
      // already gone
    }
  }
}
