// A private thurm world for one test: its own runtime (socket), state and config directories,
// and a runner for the real `bin/thurm` in it. Nothing touches the user's sessions.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLIENT_COMMANDS, commandOutput, commandReply, tableCommand, type CliCommand } from '../../lib/cli/cli-commands.js';
import { Connection } from '../../lib/cli/connection.js';
import { parseFast, type Parsed } from '../../lib/cli/fast-path.js';
import { failure } from '../../lib/cli/main.js';
import { restoreCommand } from '../../lib/cli/restore.js';
import { startSession } from '../../lib/cli/start.js';
import { capture } from '../../lib/commands/capture.js';
import type { Command } from '../../lib/commands/command.js';
import { COMMANDS } from '../../lib/commands/index.js';
import { socketPath } from '../../lib/server/socket-path.js';
import { alive } from './processes.js';
import { waitUntil } from './wait.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
export const BIN = path.join(ROOT, 'bin', 'thurm');

export interface CliResult { code: number; stdout: string; stderr: string }

/** Removing the spec's folder is tried this many times, 100 ms apart. */
const CLEANUP_ATTEMPTS = 50;

/** The CLI entries of the command table, each beside its command. */
const TABLE = new Map<CliCommand, Command<any, any>>(COMMANDS.filter((c) => !c.socketOnly && !c.local).map((c) => [tableCommand(c), c]));

/** The client commands a spec's process can run as the CLI does: those that only start a server. */
const startsOnly = ({ command, argv }: Parsed) => argv.detached === true && (command.usage === 'new' || (command.usage === 'restore' && !argv['dry-run']));

/**
 * `args` parsed as the CLI's fast path does, when a spec's process can run them as the CLI
 * would: a command of the table, or `new -d` and `restore -d`, for the default session or one
 * named with `-s`. Null for anything else.
 */
function parseInProcess(args: string[]): Parsed | null {
  const client = parseFast(args, CLIENT_COMMANDS);
  const parsed = client ? (startsOnly(client) ? client : null) : parseFast(args, [...TABLE.keys()]);
  return parsed && parsed.argv.socket === undefined && parsed.argv.host === undefined ? parsed : null;
}

export class ThurmEnv {
  readonly dir: string;
  readonly env: NodeJS.ProcessEnv;
  /** The connections the spec's queries share, by socket: a CLI process per query costs ~90 ms of CPU. */
  private readonly controls = new Map<string, Promise<Connection>>();
  /** The last server pid an `info` reply gave, for cleanup when the server no longer answers. */
  private knownPid: number | null = null;

  /** `processes`: every cli() and ok() runs bin/thurm, for the specs of the CLI itself. */
  constructor(config?: string, private readonly options: { processes?: boolean } = {}) {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'thurm-spec-'));
    const runtime = path.join(this.dir, 'run');
    const home = path.join(this.dir, 'home');
    fs.mkdirSync(runtime, { mode: 0o700 });
    fs.mkdirSync(path.join(this.dir, 'config', 'thurm'), { recursive: true });
    fs.mkdirSync(home);
    if (config !== undefined) fs.writeFileSync(path.join(this.dir, 'config', 'thurm', 'config.toml'), config);
    const env: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env)) {
      if (!k.startsWith('THURM_') && !['TMUX', 'TMUX_PANE', 'LC_ALL', 'LC_CTYPE'].includes(k)) env[k] = v;
    }
    this.env = {
      ...env,
      HOME: home,
      XDG_RUNTIME_DIR: runtime,
      XDG_STATE_HOME: path.join(this.dir, 'state'),
      XDG_CONFIG_HOME: path.join(this.dir, 'config'),
      SHELL: '/bin/sh',
      PS1: '$ ',
      TERM: 'xterm-256color',
      // A UTF-8 locale, whatever the machine's: clients draw in Unicode unless a spec says otherwise.
      LANG: 'C.UTF-8',
    };
  }

  get socket(): string {
    return path.join(this.dir, 'run', `thurm-${process.getuid?.()}`, 'default.sock');
  }

  /**
   * `thurm ARGS` as the CLI runs it: the same parse (its fast path), request and printed output,
   * in this process over a shared connection when that is all the command does (a CLI process
   * costs ~0.2 s of CPU, most of the suite's), and `new -d` and `restore -d` as the CLI starts a
   * server. Anything else runs `bin/thurm`: another client command (attach, restore --dry-run...), what the fast path leaves
   * to yargs, `-S`, a pane's THURM_* variables, extra variables or stdin.
   */
  async cli(args: string[], extraEnv: NodeJS.ProcessEnv = {}, input?: string): Promise<CliResult> {
    const asProcess = this.options.processes || Object.keys(extraEnv).length > 0 || input !== undefined || this.env.THURM_SOCKET !== undefined || this.env.THURM_PANE_ID !== undefined;
    const parsed = asProcess ? null : parseInProcess(args);
    return parsed ? this.inProcess(parsed) : this.spawnCli(args, extraEnv, input);
  }

  /**
   * Starts the session as `thurm new -d ARGS` does, in this process even when every other
   * command runs `bin/thurm`: for the specs of the CLI whose subject is not how a session starts.
   */
  async start(args: string[] = []): Promise<void> {
    const parsed = parseInProcess(['new', '-d', ...args]);
    const r = parsed ? await this.inProcess(parsed) : { code: 2, stderr: `not a plain new -d: ${args.join(' ')}` };
    if (r.code !== 0) throw new Error(`thurm new -d ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  }

  private async inProcess(parsed: Parsed): Promise<CliResult> {
    const command = TABLE.get(parsed.command);
    try {
      const session = parsed.argv.session as string | undefined;
      const socket = session === undefined ? this.socket : socketPath(session, undefined, this.env);
      if (parsed.command.usage === 'restore') {
        // What it printed before an error is printed all the same.
        let stdout = '';
        const out = { write: (text: string) => { stdout += text; } };
        return await restoreCommand(parsed.argv, socket, session ?? 'default', this.env, out)
          .then((code) => ({ code, stdout, stderr: '' }), (err) => ({ ...failure(err), stdout }));
      }
      if (!command) return { code: await startSession(parsed.argv, socket, session ?? 'default', 'new-detached', this.env), stdout: '', stderr: '' };
      const { stdout, error } = commandOutput(command, parsed.argv, await commandReply(command, parsed.argv, await this.connection(socket)));
      return error ? { ...failure(error), stdout } : { code: 0, stdout, stderr: '' };
    } catch (err) {
      return { ...failure(err), stdout: '' };
    }
  }

  /** Runs the real `bin/thurm ARGS` to completion, with `input` on its stdin when given. */
  spawnCli(args: string[], extraEnv: NodeJS.ProcessEnv = {}, input?: string): Promise<CliResult> {
    return new Promise((resolve) => {
      const child = execFile(process.execPath, [BIN, ...args], { env: { ...this.env, ...extraEnv }, timeout: 20_000 }, (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, stdout, stderr });
      });
      if (input !== undefined) child.stdin?.end(input);
    });
  }

  /** Like cli() but fails the test on a non-zero exit. */
  async ok(args: string[], extraEnv: NodeJS.ProcessEnv = {}): Promise<string> {
    const r = await this.cli(args, extraEnv);
    if (r.code !== 0) throw new Error(`thurm ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
    return r.stdout;
  }

  /** The shared connection to `socket`, opened again when its server went away. */
  private async connection(socket = this.socket): Promise<Connection> {
    const known = this.controls.get(socket);
    const c = known && await known.catch(() => null);
    if (c && !c.closed) return c;
    const opened = Connection.open(socket);
    this.controls.set(socket, opened);
    return opened;
  }

  /**
   * One request over the shared connection, opened again when its server went away. For the
   * spec's own queries and polls; what the CLI prints is checked through cli() and ok().
   */
  async request<T = any>(type: string, fields: Record<string, unknown> = {}): Promise<T> {
    return (await this.connection()).request<T>(type, fields);
  }

  /** `thurm ARGS --json`, parsed; `list` and `info` alone are the same document, asked over the shared connection. */
  async json<T = any>(args: string[]): Promise<T> {
    if (args.length === 1 && (args[0] === 'list' || args[0] === 'info')) return this.request<T>(args[0]);
    return JSON.parse(await this.ok([...args, '--json'])) as T;
  }

  async serverPid(): Promise<number> {
    return (this.knownPid = (await this.request<{ serverPid: number }>('info')).serverPid);
  }

  /** SIGKILLs the server, as a crash would, and waits until it is gone. */
  async crash(): Promise<void> {
    const pid = await this.serverPid();
    process.kill(pid, 'SIGKILL');
    await waitUntil(() => !alive(pid), 'the server to die');
  }

  /** Closes the shared connections, once their servers have let go of them (for a spec that counts connections). */
  async disconnect(): Promise<void> {
    const opened = [...this.controls.values()];
    this.controls.clear();
    await Promise.all(opened.map(async (known) => {
      const c = await known.catch(() => null);
      if (!c || c.closed) return;
      await new Promise<void>((resolve) => {
        // A frozen server never answers the close: past a second it is left to the kernel.
        const timer = setTimeout(resolve, 1000);
        c.ws.once('close', () => { clearTimeout(timer); resolve(); });
        c.close();
      });
    }));
  }

  /** The visible text of a pane, as `thurm capture` prints it (asked over the shared connection). */
  async capture(pane: string): Promise<string> {
    const text = capture.print!(await this.request('capture', { pane }));
    return text ? `${text}\n` : '';
  }

  /** Ends the server (by its pid, when it does not go) and removes the spec's folders. */
  async cleanup(): Promise<void> {
    // A server too busy to answer (every connection taken) is still ended, by the pid it gave last.
    const pid = await this.serverPid().catch(() => this.knownPid);
    await this.request('kill-server').catch(() => undefined);
    await this.disconnect();
    if (pid) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    // A program of the test may still be writing there (a shell's caches, an agent that ignored
    // the hang-up until it is reaped, another session's server saving as it ends): try again
    // for a while, then leave the folder to the OS. Not with rmSync's own maxRetries: it lists
    // the folder once and only retries the last rmdir, so a file added meanwhile fails every
    // retry, and its growing sleeps blocked the worker for 52 s.
    for (let attempt = 1; ; attempt++) {
      try {
        fs.rmSync(this.dir, { recursive: true, force: true });
        return;
      } catch (err) {
        if (attempt === CLEANUP_ATTEMPTS) return console.error(`spec cleanup: left ${this.dir}: ${(err as Error).message}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }
}
