// The two multiplexers under test behind one small interface: start a detached session, attach,
// capture a pane, split, find the server and stop it. Both run in bench/env.ts's private dirs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Connection } from '../lib/cli/connection.js';
import type { ResultOf, SessionInfo } from '../lib/server/protocol.js';
import { socketPath } from '../lib/server/socket-path.js';
import { alive, onCleanup, run, waitUntil, type RunResult } from './env.js';

export const COLS = 120;
export const ROWS = 40;
const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'thurm');

export interface Subject {
  readonly name: string;
  /** Runs one CLI command of this multiplexer. */
  cli(args: string[]): Promise<RunResult>;
  newArgs(argv: string[]): string[];
  listArgs: string[];
  attachCommand: [string, string[]];
  /** Starts a detached COLSxROWS session running argv; resolves with its first pane id. */
  start(argv: string[]): Promise<string>;
  /** Visible text of a pane. */
  capture(pane: string): Promise<string>;
  /** Splits `pane` and starts argv (`sh` by default) in the new half; resolves with its id. */
  split(pane: string, dir: 'right' | 'down', argv?: string[]): Promise<string>;
  /** Makes `pane` the one keys go to. */
  focus(pane: string): Promise<void>;
  serverPid(): Promise<number>;
  /** Ends the server (forcibly if it does not go) and waits until it is gone. */
  stop(): Promise<void>;
}

async function ok(subject: Subject, args: string[]): Promise<string> {
  const r = await subject.cli(args);
  if (r.code !== 0) throw new Error(`${subject.name} ${args.join(' ')} exited ${r.code}: ${r.stderr.trim()}`);
  return r.stdout;
}

/** Stops `pid` politely with `kill`, else by SIGKILL, and waits until it is gone. */
async function stopServer(pid: number | null, kill: () => Promise<unknown>): Promise<void> {
  await kill();
  if (pid === null) return;
  try {
    await waitUntil(() => !alive(pid), `server ${pid} to exit`, 5000);
  } catch {
    process.kill(pid, 'SIGKILL');
  }
}

export class Thurm implements Subject {
  readonly name = 'thurm';
  readonly listArgs = ['list'];
  readonly attachCommand: [string, string[]] = [process.execPath, [BIN, 'attach']];
  private connection: Connection | null = null;
  private pid: number | null = null;

  constructor() {
    onCleanup(() => this.stop());
  }

  cli(args: string[]): Promise<RunResult> {
    return run(process.execPath, [BIN, ...args]);
  }

  newArgs(argv: string[]): string[] {
    return ['new', '-d', '--size', `${COLS}x${ROWS}`, '--', ...argv];
  }

  async start(argv: string[]): Promise<string> {
    await ok(this, this.newArgs(argv));
    this.pid = await this.serverPid();
    return '1';
  }

  /** Over one kept-open socket connection: a CLI process per poll would cost more CPU than tmux's. */
  async capture(pane: string): Promise<string> {
    this.connection ??= await Connection.open(socketPath('default'));
    const r = await this.connection.request<ResultOf<'capture'>>('capture', { pane });
    return r.lines.join('\n');
  }

  async split(pane: string, dir: 'right' | 'down', argv = ['sh']): Promise<string> {
    return (await ok(this, ['split', '--pane', pane, `--${dir}`, '--', ...argv])).trim();
  }

  async focus(pane: string): Promise<void> {
    await ok(this, ['focus', '--pane', pane]);
  }

  async serverPid(): Promise<number> {
    return (JSON.parse(await ok(this, ['info', '--json'])) as SessionInfo).serverPid;
  }

  async stop(): Promise<void> {
    this.connection?.close();
    this.connection = null;
    await stopServer(this.pid ?? await this.serverPid().catch(() => null), () => this.cli(['kill-server']));
    this.pid = null;
  }
}

export class Tmux implements Subject {
  readonly name = 'tmux';
  readonly listArgs = ['list-panes'];
  readonly attachCommand: [string, string[]] = ['tmux', ['-L', 'benchsock', 'attach']];
  private pid: number | null = null;

  constructor() {
    onCleanup(() => this.stop());
  }

  cli(args: string[]): Promise<RunResult> {
    return run('tmux', ['-L', 'benchsock', '-f', '/dev/null', ...args]);
  }

  newArgs(argv: string[]): string[] {
    return ['new-session', '-d', '-x', String(COLS), '-y', String(ROWS), ...argv];
  }

  async start(argv: string[]): Promise<string> {
    await ok(this, this.newArgs(argv));
    this.pid = await this.serverPid();
    return (await ok(this, ['display-message', '-p', '#{pane_id}'])).trim();
  }

  async capture(pane: string): Promise<string> {
    return ok(this, ['capture-pane', '-p', '-t', pane]);
  }

  async split(pane: string, dir: 'right' | 'down', argv = ['sh']): Promise<string> {
    const out = await ok(this, ['split-window', '-d', dir === 'right' ? '-h' : '-v', '-t', pane, '-P', '-F', '#{pane_id}', ...argv]);
    return out.trim();
  }

  async focus(pane: string): Promise<void> {
    await ok(this, ['select-pane', '-t', pane]);
  }

  async serverPid(): Promise<number> {
    return Number((await ok(this, ['display-message', '-p', '#{pid}'])).trim());
  }

  async stop(): Promise<void> {
    await stopServer(this.pid ?? await this.serverPid().catch(() => null), () => this.cli(['kill-server']));
    this.pid = null;
  }
}
