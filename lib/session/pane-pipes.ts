// tmux's pipe-pane: a shell command that gets what a pane's program prints from then on (the
// bytes as they came, escape sequences and all: `cat >> pane.log` keeps a log that replays), and
// with `input` whose own output is typed into the pane. A pane has one pipe at most; it outlives a
// respawn, as the pane does, and ends with the pane or once its command exits.
import { spawn, type ChildProcess } from 'node:child_process';
import { ThurmError } from '../errors.js';
import type { Disposable } from '../pty/spawn.js';

/**
 * Output held for a command that reads slower than the pane prints, at most: past it the pane's
 * output is not held for the pipe (counted as dropped) rather than grow the server without bound
 * or slow the pane down for a log.
 */
export const MAX_PIPE_QUEUE = 8 * 1024 * 1024;

/** How long a closed pipe's command has to read what is left for it. */
const CLOSE_GRACE_MS = 2000;

export interface PipeSpec {
  /** Run by `/bin/sh -c`, in its own process group. */
  command: string;
  cwd: string;
  /** The pane's output goes to the command's stdin. */
  output: boolean;
  /** The command's stdout is typed into the pane. */
  input: boolean;
}

/** Where a pipe reads the pane's output: its pty, which a respawn replaces. */
export interface PipeSource {
  onData(listener: (data: Buffer) => void): Disposable;
}

class PanePipe {
  readonly child: ChildProcess;
  private tap: Disposable | null = null;
  /** Bytes of output not held for a command that fell behind by MAX_PIPE_QUEUE. */
  dropped = 0;

  constructor(readonly spec: PipeSpec, source: PipeSource, type: (text: string) => void, ended: () => void) {
    this.child = spawn('/bin/sh', ['-c', spec.command], {
      cwd: spec.cwd,
      stdio: [spec.output ? 'pipe' : 'ignore', spec.input ? 'pipe' : 'ignore', 'ignore'],
      detached: true,
    });
    // A command that ends before it read everything (`head -1`) leaves writes that fail: that ends the pipe, as its exit does.
    this.child.stdin?.on('error', () => undefined);
    this.child.stdout?.setEncoding('utf8').on('data', (text: string) => type(text));
    // 'close', not 'exit': what the command printed last is typed into the pane first.
    this.child.once('close', ended);
    this.child.once('error', ended);
    this.attach(source);
  }

  /** Reads `source` from now on (the pane's new pty after a respawn). */
  attach(source: PipeSource): void {
    this.tap?.dispose();
    this.tap = this.spec.output ? source.onData((data) => this.write(data)) : null;
  }

  private write(data: Buffer): void {
    const stdin = this.child.stdin;
    if (!stdin || stdin.destroyed) return;
    if (stdin.writableLength > MAX_PIPE_QUEUE) this.dropped += data.length;
    else stdin.write(data);
  }

  /**
   * Closes the command's end of the pipe (it sees end of input) without killing it, as tmux does.
   * What it has not read within CLOSE_GRACE_MS is let go, as tmux lets go of it at once.
   */
  close(): void {
    this.tap?.dispose();
    this.tap = null;
    const stdin = this.child.stdin;
    if (stdin && !stdin.destroyed) {
      const letGo = setTimeout(() => stdin.destroy(), CLOSE_GRACE_MS);
      letGo.unref();
      stdin.once('close', () => clearTimeout(letGo));
      stdin.end();
    }
    this.child.stdout?.destroy();
    this.child.unref();
  }
}

/** What the pipes need of a pane: its pty's output, its folder, whether it exited, and typing into it. */
export interface PipedPane {
  readonly pty: PipeSource;
  readonly cwd: string;
  readonly exit: unknown;
  type(text: string): void;
}

/** Every pane's pipe, a part of the Mux (mux.pipes): opened and closed by it, ended with the pane. */
export class PanePipes {
  private readonly pipes = new Map<string, PanePipe>();

  /** `pane`: the pane of an id while it is there. */
  constructor(private readonly pane: (id: string) => PipedPane | undefined) {}

  /**
   * tmux's pipe-pane: closes pane `id`'s pipe, then opens one for `spec` (run in the pane's
   * folder) unless `toggle` and it had one (a key that turns a log on and off). Whether the pane
   * has a pipe afterwards.
   */
  set(id: string, spec: Omit<PipeSpec, 'cwd'> | null, toggle = false): boolean {
    const pane = this.pane(id);
    if (!pane) throw new ThurmError('NOT_FOUND', `no such pane: ${id}`);
    if (pane.exit) throw new ThurmError('INVALID_ARGUMENT', `pane ${id} has exited`);
    const had = this.close(id);
    // What the command prints is typed into the pane while the pane is there (its last words may come after it closed).
    if (spec && !(toggle && had)) this.open(id, { ...spec, cwd: pane.cwd }, pane.pty, (text) => this.pane(id)?.type(text));
    return this.pipes.has(id);
  }

  /** Opens a pipe for pane `id` in place of any it had; `type` types the command's output into the pane. */
  open(id: string, spec: PipeSpec, source: PipeSource, type: (text: string) => void): void {
    this.close(id);
    const pipe = new PanePipe(spec, source, type, () => {
      if (this.pipes.get(id) !== pipe) return;
      this.pipes.delete(id);
      pipe.close();
    });
    this.pipes.set(id, pipe);
  }

  /** Closes pane `id`'s pipe; whether it had one. */
  close(id: string): boolean {
    const pipe = this.pipes.get(id);
    if (!pipe) return false;
    this.pipes.delete(id);
    pipe.close();
    return true;
  }

  /** Pane `id`'s pipe: its command and process, and the bytes of output it fell too far behind to get; null without one. */
  describe(id: string): { command: string; pid: number | null; dropped: number } | null {
    const pipe = this.pipes.get(id);
    return pipe ? { command: pipe.spec.command, pid: pipe.child.pid ?? null, dropped: pipe.dropped } : null;
  }

  /** Pane `id` has a new pty (respawned): its pipe reads that one. */
  attach(id: string, source: PipeSource): void {
    this.pipes.get(id)?.attach(source);
  }

  closeAll(): void {
    for (const id of [...this.pipes.keys()]) this.close(id);
  }
}
