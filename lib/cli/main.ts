// The `thurm` command line: client-only commands (new, attach) plus every command of the
// command table, each a thin client of one socket request.
import fs from 'node:fs';
import path from 'node:path';
import yargs, { type Argv } from 'yargs';
import { hideBin } from 'yargs/helpers';
import type { CliArgs } from '../commands/command.js';
import { COMMANDS } from '../commands/index.js';
import { exitCodeOf, isErrorCode, ThurmError, toThurmError } from '../errors.js';
import { printableLines, safeJson } from '../sanitize.js';
import { checkSize, MAX_SIZE, type Reply } from '../server/protocol.js';
import { checkSessionName, socketPath } from '../server/socket-path.js';
import { attach, terminalSize } from './attach.js';
import { Connection, REQUEST_TIMEOUT_MS, startServer } from './connection.js';
import { runAgentHook } from './agent-hook.js';
import { installClaudeCode } from './integration.js';
import { queryTerminal, writeStatus } from './status.js';

interface Globals { session?: string; socket?: string; json?: boolean }

function resolveSocket(argv: Globals): string {
  return socketPath(argv.session === undefined ? undefined : checkSessionName(argv.session), argv.socket);
}

/** The session's name for messages: -s, else the session of THURM_SOCKET, else `default`. */
function sessionName(argv: Globals): string {
  if (argv.session !== undefined) return argv.session;
  return !argv.socket && process.env.THURM_SOCKET ? process.env.THURM_SESSION || 'default' : 'default';
}

/** A pane attaching its own session would show the window inside itself (tmux refuses too). */
function refuseNested(socket: string, session: string): void {
  if (inheritedPane(socket) !== undefined) {
    throw new ThurmError('INVALID_ARGUMENT', `attach: refusing to attach session ${session} from inside one of its panes (sessions should be nested with care; use -s NAME for another one)`);
  }
}

/** THURM_PANE_ID names a pane of the session in THURM_SOCKET, and of no other. */
function inheritedPane(socket: string): string | undefined {
  const env = process.env;
  if (!env.THURM_PANE_ID || !env.THURM_SOCKET) return undefined;
  return path.resolve(env.THURM_SOCKET) === socket ? env.THURM_PANE_ID : undefined;
}

function parseSize(text: unknown): { cols: number; rows: number } {
  if (text === undefined) return terminalSize();
  const m = /^(\d{1,5})x(\d{1,5})$/.exec(String(text));
  const size = m && checkSize({ cols: Number(m[1]), rows: Number(m[2]) });
  if (!size || size.cols < 2 || size.rows < 3) {
    throw new ThurmError('INVALID_ARGUMENT', `size: expected COLSxROWS up to ${MAX_SIZE.cols}x${MAX_SIZE.rows}, got ${JSON.stringify(text)}`);
  }
  return size;
}

async function startAndMaybeAttach(argv: CliArgs & Globals, mode: 'new' | 'new-detached' | 'default'): Promise<number> {
  const socket = resolveSocket(argv);
  const session = sessionName(argv);
  if (mode !== 'new-detached') refuseNested(socket, session);
  if (mode !== 'new-detached' && !process.stdin.isTTY) {
    throw new ThurmError('INVALID_ARGUMENT', 'not a terminal: use `thurm new -d` to start a detached session');
  }
  const { started, connection } = await startServer({
    session,
    socketPath: socket,
    cwd: path.resolve(String(argv.cwd ?? process.cwd())),
    argv: argv['--']?.length ? argv['--'].map(String) : undefined,
    size: parseSize(argv.size),
  });
  if (mode !== 'default' && !started) {
    connection.close();
    throw new ThurmError('SESSION_EXISTS', `session already running: ${session}`);
  }
  if (mode === 'new-detached') {
    connection.close();
    return 0;
  }
  return attach(connection, session);
}

/** How long the CLI waits for a command's reply (null: as long as it takes). */
function replyTimeout(command: (typeof COMMANDS)[number], request: Record<string, unknown>): number | null {
  if (!command.waits) return REQUEST_TIMEOUT_MS;
  return typeof request.timeout === 'number' ? request.timeout + REQUEST_TIMEOUT_MS : null;
}

/** thurm's version, from its package.json (one small read, no module loaded for it). */
function version(): string {
  const pkg = JSON.parse(fs.readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
  return `thurm ${pkg.version}`;
}

/** Human output with program text made inert, unless the command did that itself. */
function inert(command: (typeof COMMANDS)[number], text: string): string {
  return command.sanitizesOutput ? text : printableLines(text);
}

function fail(err: unknown): never {
  const e = toThurmError(err);
  process.stderr.write(`thurm: ${printableLines(e.message)}\n`);
  process.exit(exitCodeOf(e.code));
}

function exitWith(code: number): never {
  process.exit(code);
}

export async function main(args = hideBin(process.argv)): Promise<void> {
  let cli: Argv = yargs(args)
    .scriptName('thurm')
    .parserConfiguration({ 'populate--': true, 'unknown-options-as-args': false })
    .option('session', { alias: 's', type: 'string', describe: 'session name (default: the session of THURM_SOCKET, else default)', global: true })
    .option('socket', { alias: 'S', type: 'string', describe: 'socket path (default: per session; THURM_SOCKET when neither -s nor -S is given)', global: true })
    .option('json', { type: 'boolean', describe: 'print one JSON document', global: true })
    .command('$0', 'Attach to the session, starting it if needed', (y) => y, async (argv) => {
      exitWith(await startAndMaybeAttach(argv as never, 'default'));
    })
    .command('new', 'Start a session (with -d, detached) running CMD or your shell', (y) => y
      .usage('$0 new [-d] [--cwd DIR] [--size COLSxROWS] [-- CMD ARGS...]')
      .option('detached', { alias: 'd', type: 'boolean', describe: 'do not attach' })
      .option('cwd', { type: 'string', describe: 'working directory of the first pane' })
      .option('size', { type: 'string', describe: 'window size while no client is attached, COLSxROWS' }),
    async (argv) => {
      exitWith(await startAndMaybeAttach(argv as never, argv.detached ? 'new-detached' : 'new'));
    })
    .command('status [state]', 'Report this program\'s state (OSC 7501) to its terminal', (y) => y
      .positional('state', { type: 'string', describe: 'idle, working, done, blocked, error or clear' })
      .option('app', { type: 'string', describe: 'program name' })
      .option('msg', { type: 'string', describe: 'message' })
      .option('title', { type: 'string', describe: 'title (shown as "title: msg" for records with an id)' })
      .option('id', { type: 'string', describe: 'record id, e.g. build/test (default: the program itself)' })
      .option('progress', { type: 'number', describe: 'percent done, 0-100 (working or blocked)' })
      .option('kind', { type: 'string', describe: 'what blocked waits for: permission, question or auth' })
      .option('query', { type: 'boolean', describe: 'exit 0 if the terminal supports OSC 7501' }),
    async (argv) => {
      if (argv.query) exitWith((await queryTerminal()) ? 0 : 1);
      writeStatus(argv as never);
    })
    .command('attach', 'Attach to a running session', (y) => y, async (argv) => {
      const socket = resolveSocket(argv as Globals);
      refuseNested(socket, sessionName(argv as Globals));
      const connection = await Connection.open(socket);
      exitWith(await attach(connection, sessionName(argv as Globals)));
    });
  const register = (y: Argv, command: (typeof COMMANDS)[number]): Argv =>
    y.command(command.usage, command.describe, (b) => b.options(command.options ?? {}), async (argv) => {
      const args = argv as unknown as CliArgs & Globals;
      const socket = resolveSocket(args);
      args.inheritedPane = inheritedPane(socket);
      const connection = await Connection.open(socket);
      try {
        const request = command.request(args);
        let reply!: Reply;
        for (const part of command.split?.(request) ?? [request]) {
          reply = await connection.send(command.name, part, replyTimeout(command, part));
          if (!reply.ok) break;
        }
        // Replies carry program text (cwd, argv, screens): it reaches this terminal inert.
        if (args.json && command.jsonReply) process.stdout.write(`${safeJson(JSON.stringify(reply))}\n`);
        if (!reply.ok) throw new ThurmError(isErrorCode(reply.error.code) ? reply.error.code : 'INTERNAL', reply.error.message);
        const text = args.json ? (command.jsonReply ? '' : safeJson(JSON.stringify(reply.result, null, 2))) : inert(command, command.print?.(reply.result) ?? '');
        if (text) process.stdout.write(`${text}\n`);
      } finally {
        connection.close();
      }
    });
  for (const command of COMMANDS) if (!command.group && !command.socketOnly) cli = register(cli, command);
  cli = cli.command('agent', 'Agent reports, prompts, hooks and explanations', (y) => {
    for (const command of COMMANDS) if (command.group === 'agent') y = register(y, command);
    y = y.command('hook <kind>', 'Run by an agent\'s hooks: reads the hook event JSON on stdin (always exits 0)', (b) => b, async (argv) => {
      await runAgentHook(String(argv.kind));
      exitWith(0);
    });
    return y.demandCommand(1, 'agent: give a subcommand (report, release, prompt, explain, hook)');
  });
  cli = cli.command('integration', 'Integrate thurm with an agent', (y) => y
    .command('install <agent>', 'Merge thurm\'s hooks into the agent\'s settings (claude-code)', (b) => b
      .option('print', { type: 'boolean', describe: 'only print the merged settings' })
      .option('settings', { type: 'string', describe: 'settings file (default: ~/.claude/settings.json)' }),
    async (argv) => {
      if (argv.agent !== 'claude-code' && argv.agent !== 'claude') {
        throw new ThurmError('INVALID_ARGUMENT', `no integration for: ${String(argv.agent)} (known: claude-code)`);
      }
      process.stdout.write(installClaudeCode({
        print: argv.print === true,
        settings: argv.settings as string | undefined,
        thurmBin: path.resolve(process.argv[1]),
      }));
    })
    .demandCommand(1, 'integration: give a subcommand (install)'));
  try {
    await cli
      .strict()
      .help()
      .alias('h', 'help')
      .version('version', 'print the version', version())
      .wrap(Math.min(100, process.stdout.columns || 80))
      .fail((msg, err) => {
        if (err) throw err;
        throw new ThurmError('INVALID_ARGUMENT', msg.toLowerCase());
      })
      .parseAsync();
  } catch (err) {
    fail(err);
  }
}
