// The two multiplexers under test behind one small interface: start a detached session, attach,
// capture a pane, split, find the server and stop it. Both run in bench/env.ts's private dirs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Connection } from '../lib/cli/connection.js';
import type { ResultOf, SessionInfo } from '../lib/server/protocol.js';
import { socketPath } from '../lib/server/socket-path.js';
import { ControlClient } from './control.js';
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
  start(argv: string[], options?: StartOptions): Promise<string>;
  /** A request channel on one open connection to the running server. */
  requests(): Promise<Requests>;
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

export interface StartOptions {
  /** Lines of history every pane keeps (the default otherwise). */
  historyLines?: number;
}

/** Requests on one open connection: thurm's socket, tmux's control mode. */
export interface Requests {
  /** The panes, as `list` / `list-panes` give them. */
  list(): Promise<void>;
  split(pane: string, argv?: string[]): Promise<string>;
  kill(pane: string): Promise<void>;
  close(): void;
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

  async start(argv: string[], options: StartOptions = {}): Promise<string> {
    if (options.historyLines !== undefined) {
      // Memory is not the limit here: the history budget must not drop lines before the count does.
      fs.mkdirSync(path.dirname(this.configFile), { recursive: true });
      fs.writeFileSync(this.configFile, `[ui]\nscrollback = ${options.historyLines}\nscrollback-memory = "64GiB"\n`);
    }
    await ok(this, this.newArgs(argv));
    this.pid = await this.serverPid();
    return '1';
  }

  private get configFile(): string {
    return path.join(process.env.XDG_CONFIG_HOME!, 'thurm', 'config.toml');
  }

  private async open(): Promise<Connection> {
    this.connection ??= await Connection.open(socketPath('default'));
    return this.connection;
  }

  /** Over one kept-open socket connection: a CLI process per poll would cost more CPU than tmux's. */
  async capture(pane: string): Promise<string> {
    const r = await (await this.open()).request<ResultOf<'capture'>>('capture', { pane });
    return r.lines.join('\n');
  }

  /** Over the open connection too: forty panes split by forty CLI processes would take most of a minute. */
  async split(pane: string, dir: 'right' | 'down', argv = ['sh']): Promise<string> {
    return (await (await this.open()).request<{ pane: string }>('split', { pane, direction: dir, argv })).pane;
  }

  async focus(pane: string): Promise<void> {
    await (await this.open()).request('focus', { pane });
  }

  async requests(): Promise<Requests> {
    const c = await Connection.open(socketPath('default'));
    return {
      list: async () => { await c.request('list'); },
      split: async (pane, argv = ['sh']) => (await c.request<{ pane: string }>('split', { pane, direction: 'right', argv, detached: true })).pane,
      kill: async (pane) => { await c.request('kill-pane', { pane }); },
      close: () => c.close(),
    };
  }

  async serverPid(): Promise<number> {
    return (JSON.parse(await ok(this, ['info', '--json'])) as SessionInfo).serverPid;
  }

  async stop(): Promise<void> {
    this.connection?.close();
    this.connection = null;
    await stopServer(this.pid ?? await this.serverPid().catch(() => null), () => this.cli(['kill-server']));
    this.pid = null;
    fs.rmSync(this.configFile, { force: true });
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

  private readonly base = ['-L', 'benchsock', '-f', '/dev/null'];

  cli(args: string[]): Promise<RunResult> {
    return run('tmux', [...this.base, ...args]);
  }

  newArgs(argv: string[]): string[] {
    return ['new-session', '-d', '-x', String(COLS), '-y', String(ROWS), ...argv];
  }

  async start(argv: string[], options: StartOptions = {}): Promise<string> {
    // history-limit applies to panes made after it is set, so it goes in before the session.
    const history = options.historyLines === undefined ? [] : ['start-server', ';', 'set', '-g', 'history-limit', String(options.historyLines), ';'];
    await ok(this, [...history, ...this.newArgs(argv)]);
    this.pid = await this.serverPid();
    return (await ok(this, ['display-message', '-p', '#{pane_id}'])).trim();
  }

  async requests(): Promise<Requests> {
    const c = new ControlClient(this.base);
    await c.ready;
    // Pane output would otherwise stream to this client as %output lines.
    await c.request('refresh-client -f no-output');
    return {
      list: async () => { await c.request('list-panes'); },
      split: async (pane, argv = ['sh']) => (await c.request(`split-window -d -h -t ${pane} -P -F '#{pane_id}' ${argv.join(' ')}`))[0].trim(),
      kill: async (pane) => { await c.request(`kill-pane -t ${pane}`); },
      close: () => c.close(),
    };
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
