// A pane's pty taken over from the server this one replaced (`thurm server upgrade`): the
// master fd arrives as an inherited file descriptor. node-pty cannot adopt an fd, so this
// reads and writes it directly and resizes it through node-pty's native binding. This server
// is not the program's parent, so it cannot wait for it: the program has exited when the
// terminal closes (EIO) or its process is gone; its exit status is not known (reported as 0).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import tty from 'node:tty';
import { readStat } from './proc.js';
import { restartReading, stopReading } from './reading.js';
import type { Disposable, PanePty } from './spawn.js';
import { WriteQueue, type WriteKind } from './write-queue.js';

const require = createRequire(import.meta.url);
const EXIT_POLL_MS = 500;

let native: { resize(fd: number, cols: number, rows: number): void } | null = null;

/** node-pty's own binding, which resizes a pty by its master fd. */
function nativePty(): { resize(fd: number, cols: number, rows: number): void } {
  native ??= (require('node-pty/lib/utils.js') as { loadNativeModule(name: string): { module: typeof native } }).loadNativeModule('pty').module;
  return native!;
}

export interface AdoptedPtyOptions {
  fd: number;
  pid: number;
  /** The program's start time (from /proc), so a reused pid is not taken for it. */
  startTime: number;
  ttyName: string | null;
  dropped?: (kind: WriteKind, bytes: number) => void;
}

export function adoptPty(opts: AdoptedPtyOptions): PanePty {
  const stream = new tty.ReadStream(opts.fd);
  const dataListeners = new Set<(data: Buffer) => void>();
  const exitListeners = new Set<(exit: { exitCode: number; signal?: number }) => void>();
  let closed = false;
  let exited = false;
  // Nothing is read until the old server has let go (restartReading): bytes read by a new
  // server that then fails to start would be lost to both.
  let started = false;
  const close = () => {
    if (closed) return;
    closed = true;
    clearInterval(poll);
    queue.close();
    stream.destroy();
  };
  const exit = () => {
    if (exited) return;
    exited = true;
    close();
    for (const l of exitListeners) l({ exitCode: 0 });
  };
  const queue = new WriteQueue((data) => {
    if (closed) throw Object.assign(new Error('pty closed'), { code: 'EBADF' });
    return fs.writeSync(opts.fd, data);
  }, opts.dropped);
  // EIO: every program let go of the terminal.
  stream.on('error', () => exit());
  stream.on('close', () => exit());
  stream.pause();
  const poll = setInterval(() => {
    if (readStat(opts.pid)?.startTime !== opts.startTime) exit();
  }, EXIT_POLL_MS);
  poll.unref();
  return {
    pid: opts.pid,
    ttyName: opts.ttyName,
    onData: (l) => {
      dataListeners.add(l);
      return { dispose: () => dataListeners.delete(l) } satisfies Disposable;
    },
    onExit: (l) => {
      exitListeners.add(l);
      return { dispose: () => exitListeners.delete(l) };
    },
    write: (d, kind) => queue.write(d, kind),
    resize: (cols, rows) => {
      if (closed) return;
      try {
        nativePty().resize(opts.fd, cols, rows);
      } catch (err) {
        if (!/EBADF|ENOTTY/.test((err as Error).message)) throw err;
      }
    },
    pause: () => stream.pause(),
    resume: () => stream.resume(),
    kill: (signal = 'SIGHUP') => {
      try {
        if (readStat(opts.pid)?.startTime === opts.startTime) process.kill(opts.pid, signal as NodeJS.Signals);
      } catch {
        // already gone
      }
    },
    // Closing the last master fd hangs up the terminal, as node-pty's destroy does.
    destroy: close,
    get fd() { return closed ? null : opts.fd; },
    stopReading: () => stopReading(stream),
    restartReading: () => {
      if (started || closed) return restartReading(stream);
      started = true;
      stream.on('data', (d: Buffer) => { for (const l of dataListeners) l(d); });
      stream.resume();
    },
  };
}

/** The pty of a pane whose program had already exited when it was handed over. */
export function exitedPty(pid: number, exit: { exitCode: number; signal: number | null }): PanePty {
  const none = { dispose: () => {} };
  return {
    pid, ttyName: null, fd: null,
    onData: () => none,
    onExit: (l) => {
      setImmediate(() => l({ exitCode: exit.exitCode, signal: exit.signal ?? undefined }));
      return none;
    },
    write: () => false,
    resize: () => {}, pause: () => {}, resume: () => {}, kill: () => {}, destroy: () => {},
    stopReading: () => Promise.resolve(), restartReading: () => {},
  };
}
