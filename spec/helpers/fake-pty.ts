// The one fake pty of the specs: a PanePty that records what is written to it and lets a spec
// play the program's side (output, exit) and make resize fail as a closing pty does.
import type { Disposable, PanePty, SpawnOptions } from '../../lib/pty/spawn.js';
import type { WriteKind } from '../../lib/pty/write-queue.js';

export class FakePty implements PanePty {
  readonly pid = process.pid;
  readonly ttyName = null;
  readonly writes: { data: string; kind: WriteKind }[] = [];
  readonly sizes: { cols: number; rows: number }[] = [];
  /** Thrown by resize when set, like node-pty's "ioctl(2) failed, EBADF". */
  resizeError: Error | null = null;
  paused = false;
  destroyed = false;
  private readonly dataListeners = new Set<(data: Buffer) => void>();
  private readonly exitListeners = new Set<(exit: { exitCode: number; signal?: number }) => void>();

  constructor(readonly opts?: SpawnOptions) {}

  /** A spawn function for PaneOptions.spawn that hands out this fake. */
  get spawn(): (opts: SpawnOptions) => PanePty {
    return () => this;
  }

  onData(listener: (data: Buffer) => void): Disposable {
    this.dataListeners.add(listener);
    return { dispose: () => this.dataListeners.delete(listener) };
  }

  onExit(listener: (exit: { exitCode: number; signal?: number }) => void): Disposable {
    this.exitListeners.add(listener);
    return { dispose: () => this.exitListeners.delete(listener) };
  }

  /** The program writes `data` to its terminal. */
  output(data: string | Buffer): void {
    for (const l of this.dataListeners) l(Buffer.from(data));
  }

  exit(exitCode = 0): void {
    for (const l of this.exitListeners) l({ exitCode });
  }

  write(data: string | Buffer, kind: WriteKind): boolean {
    this.writes.push({ data: data.toString(), kind });
    return true;
  }

  resize(cols: number, rows: number): void {
    if (this.resizeError) throw this.resizeError;
    this.sizes.push({ cols, rows });
  }

  pause(): void { this.paused = true; }
  resume(): void { this.paused = false; }
  kill(): void {}
  destroy(): void { this.destroyed = true; }
  readonly fd = null;
  stopReading(): Promise<void> { return Promise.resolve(); }
  restartReading(): void {}
}
