// Starts a pane's program on a new pty, with the environment every pane gets.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pty from 'node-pty';
import { ThurmError } from '../errors.js';

export interface SpawnOptions {
  argv: string[];
  cwd: string;
  cols: number;
  rows: number;
  env: Record<string, string>;
}

export interface Disposable { dispose(): void }

export interface PanePty {
  readonly pid: number;
  /** The path of the pty's terminal side (/dev/pts/N), when known. */
  readonly ttyName: string | null;
  onData(listener: (data: Buffer) => void): Disposable;
  onExit(listener: (exit: { exitCode: number; signal?: number }) => void): Disposable;
  write(data: string | Buffer): void;
  resize(cols: number, rows: number): void;
  pause(): void;
  resume(): void;
  kill(signal?: string): void;
  /** Closes the pty: the kernel hangs up the pane's session (SIGHUP). */
  destroy(): void;
}

/** The user's shell, as a login shell would pick it. */
export function defaultShell(): string {
  return process.env.SHELL || os.userInfo().shell || '/bin/sh';
}

/** PATH entries npm and npx prepend for a script: package bins and npm's node-gyp shim. */
const NPM_PATH = /\/node_modules\/\.bin\/?$|\/node-gyp-bin\/?$/;

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
  if (viaNpm && env.PATH !== undefined) env.PATH = env.PATH.split(':').filter((dir) => !NPM_PATH.test(dir)).join(':');
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
    return {
      pid: p.pid,
      ttyName: (p as unknown as { ptsName?: string }).ptsName ?? null,
      onData: (l) => p.onData((d) => l(d as unknown as Buffer)),
      onExit: (l) => p.onExit(l),
      write: (d) => p.write(d as string),
      resize: (c, r) => p.resize(c, r),
      pause: () => p.pause(),
      resume: () => p.resume(),
      kill: (s) => p.kill(s),
      destroy: () => (p as unknown as { destroy(): void }).destroy(),
    };
  } catch (err) {
    throw new ThurmError('INVALID_ARGUMENT', `cannot start command: ${opts.argv.join(' ')}: ${(err as Error).message}`);
  }
}
