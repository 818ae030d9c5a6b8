// Starts a pane's program on a new pty, with the environment every pane gets.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { requireCjs } from '../cjs.js';
import { ThurmError } from '../errors.js';
import { ptyInternals } from './node-pty-internals.js';
import { restartReading, stopReading } from './reading.js';
import { WriteQueue, type WriteKind } from './write-queue.js';

const pty = requireCjs('node-pty') as typeof import('node-pty');

export interface SpawnOptions {
  argv: string[];
  cwd: string;
  cols: number;
  rows: number;
  env: Record<string, string>;
  /** Told of each write dropped because the program does not read its input. */
  dropped?: (kind: WriteKind, bytes: number) => void;
}

export interface Disposable { dispose(): void }

export interface PanePty {
  readonly pid: number;
  /** The path of the pty's terminal side (/dev/pts/N), when known. */
  readonly ttyName: string | null;
  onData(listener: (data: Buffer) => void): Disposable;
  onExit(listener: (exit: { exitCode: number; signal?: number }) => void): Disposable;
  /** Queues bytes for the program (bounded, see write-queue.ts); false when dropped. */
  write(data: string | Buffer, kind: WriteKind): boolean;
  /** A no-op once the pty is closed, which node-pty may do before its exit is reported. */
  resize(cols: number, rows: number): void;
  pause(): void;
  resume(): void;
  kill(signal?: string): void;
  /** Closes the pty: the kernel hangs up the pane's session (SIGHUP). */
  destroy(): void;
  /** The master fd while the pty is open, to hand to another server (`server upgrade`). */
  readonly fd: number | null;
  /** Stops reading the master (see reading.ts); resolves once what was read is delivered. */
  stopReading(): Promise<void>;
  restartReading(): void;
}

/** The user's shell, as a login shell would pick it. */
export function defaultShell(): string {
  return process.env.SHELL || os.userInfo().shell || '/bin/sh';
}

/** PATH entries npm and npx prepend for a script: package bins and npm's node-gyp shim. */
/** How long a real exit may take after the program's terminal was let go of (see spawnPty). */
const ABANDONED_MS = 1000;
const NPM_PATH = /\/node_modules\/\.bin\/?$|\/node-gyp-bin\/?$/;
const NPM_GYP = /\/node-gyp-bin\/?$/;

/**
 * PATH without what npm put in front of it. npm (run-script, used by `npm run` and `npx`)
 * prepends its bin folders and ends them with its node-gyp shim, once per nested npm; whatever
 * follows the last shim is the user's PATH and is kept whole, even a folder of the user's own
 * that is named node_modules/.bin (an agent installed with `npm install --prefix`).
 */
function withoutNpmPath(value: string): string {
  const dirs = value.split(':');
  let end = 0;
  dirs.forEach((dir, i) => {
    if (NPM_GYP.test(dir)) end = i + 1;
  });
  return [...dirs.slice(0, end).filter((dir) => !NPM_PATH.test(dir)), ...dirs.slice(end)].join(':');
}

/**
 * Environment of a pane: the server's, minus variables that describe another terminal, and
 * minus what npm adds when thurm was started through npm or npx (its `npm_*` variables,
 * INIT_CWD, NODE and the node_modules/.bin folders it puts in front of PATH): panes get the
 * user's environment, not npm's.
 */
export function paneEnv(base: NodeJS.ProcessEnv, extra: Record<string, string>): Record<string, string> {
  const viaNpm = Object.keys(base).some((k) => k.startsWith('npm_'));
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(base)) {
    if (v === undefined || k === 'LINES' || k === 'COLUMNS' || k === 'TMUX' || k === 'TMUX_PANE') continue;
    if (k.startsWith('THURM_')) continue;
    if (viaNpm && (k.startsWith('npm_') || k === 'INIT_CWD' || k === 'NODE')) continue;
    env[k] = v;
  }
  if (viaNpm && env.PATH !== undefined) env.PATH = withoutNpmPath(env.PATH);
  return { ...env, TERM: 'xterm-256color', COLORTERM: 'truecolor', ...extra };
}

/** The executable a command names, looked up in PATH like a shell would; throws if none. */
export function resolveExecutable(file: string, env: Record<string, string>, cwd: string): string {
  const candidates = file.includes('/')
    ? [path.resolve(cwd, file)]
    : (env.PATH ?? '').split(':').filter(Boolean).map((dir) => path.join(dir, file));
  for (const candidate of candidates) {
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // try the next one
    }
  }
  throw new ThurmError('INVALID_ARGUMENT', `command not found: ${file}`);
}

export function spawnPty(opts: SpawnOptions): PanePty {
  const [file, ...args] = opts.argv;
  if (!file) throw new ThurmError('INVALID_ARGUMENT', 'command: empty');
  // node-pty reports a failed exec only as an exit, so look the program up first; the
  // program still gets argv[0] as the user wrote it.
  resolveExecutable(file, opts.env, opts.cwd);
  try {
    const p = pty.spawn(file, args, {
      name: 'xterm-256color',
      cols: opts.cols,
      rows: opts.rows,
      cwd: opts.cwd,
      env: opts.env,
      encoding: null,
    });
    const internals = ptyInternals(p);
    // node-pty closes the fd when reading hits EIO, before it reports the exit; from then on
    // the fd number may belong to another file, so it must not be written or resized.
    const closed = () => internals._socket.destroyed;
    // A program may let go of its terminal and run on (it closed its tty and ignores SIGHUP):
    // nothing can reach the pane again, so, as in tmux, the pane ends then; node-pty would wait
    // for an exit that may never come. A real exit that follows at once still wins.
    const exitListeners = new Set<(exit: { exitCode: number; signal?: number }) => void>();
    let exited = false;
    let destroyed = false;
    const exit = (e: { exitCode: number; signal?: number }) => {
      if (exited) return;
      exited = true;
      for (const l of exitListeners) l(e);
    };
    p.onExit(exit);
    internals.once('close', () => {
      if (!destroyed) setTimeout(() => exit({ exitCode: 0 }), ABANDONED_MS).unref();
    });
    const queue = new WriteQueue((data) => {
      if (closed()) throw Object.assign(new Error('pty closed'), { code: 'EBADF' });
      // The master fd is non-blocking: this takes what fits and throws EAGAIN when nothing does.
      return fs.writeSync(internals.fd, data);
    }, opts.dropped);
    return {
      pid: p.pid,
      ttyName: internals.ptsName ?? null,
      onData: (l) => p.onData((d) => l(d as unknown as Buffer)),
      onExit: (l) => {
        exitListeners.add(l);
        return { dispose: () => exitListeners.delete(l) };
      },
      write: (d, kind) => queue.write(d, kind),
      resize: (c, r) => {
        if (closed()) return;
        try {
          p.resize(c, r);
        } catch (err) {
          if (!/EBADF|ENOTTY/.test((err as Error).message)) throw err;
        }
      },
      pause: () => p.pause(),
      resume: () => p.resume(),
      kill: (s) => p.kill(s),
      get fd() { return closed() ? null : internals.fd; },
      stopReading: () => stopReading(internals._socket),
      restartReading: () => restartReading(internals._socket),
      destroy: () => {
        destroyed = true;
        queue.close();
        internals.destroy();
      },
    };
  } catch (err) {
    throw new ThurmError('INVALID_ARGUMENT', `cannot start command: ${opts.argv.join(' ')}: ${(err as Error).message}`);
  }
}
