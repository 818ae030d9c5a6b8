// What `thurm` runs from its command line: the client-only commands (new, attach, status,
// agent hook, integration install) and one entry per command of the command table. Both
// parsers (yargs-cli.ts and fast-path.ts) read these declarations; neither holds a command.
// Modules only some commands need are imported when they run: start-up is paid on every call.
import path from 'node:path';
import type { Options } from 'yargs';
import { cliRequest, cliShape, type CliShape } from '../commands/cli-args.js';
import type { CliArgs, Command, CommandContext } from '../commands/command.js';
import { isErrorCode, ThurmError } from '../errors.js';
import { printableLines, safeJson } from '../sanitize.js';
import type { Reply } from '../server/protocol.js';
import { socketPath } from '../server/socket-path.js';
import { checkSessionName } from '../session/paths.js';
import { Connection, REQUEST_TIMEOUT_MS } from './connection.js';

export interface Globals { session?: string; socket?: string; json?: boolean }

export type CliArgv = CliArgs & Globals;

/** A command of the CLI: its shape (`usage` '$0' for no command at all, `thurm agent hook` is 'hook <kind>' in group 'agent'), and what runs it. */
export interface CliCommand extends CliShape {
  /** A usage line for --help, where the default one says too little. */
  usageLine?: string;
  /** Runs the command; a number is the status to exit with at once. */
  run(argv: CliArgv): Promise<number | void> | number | void;
}

export const GLOBAL_OPTIONS: Record<string, Options> = {
  session: { alias: 's', type: 'string', describe: 'session name (default: the session of THURM_SOCKET, else default)' },
  socket: { alias: 'S', type: 'string', describe: 'socket path (default: per session; THURM_SOCKET when neither -s nor -S is given)' },
  json: { type: 'boolean', describe: 'print one JSON document' },
  host: { type: 'string', describe: 'run the command on this far host\'s thurm, through ssh (thurm host add)' },
};

export function resolveSocket(argv: Globals): string {
  return socketPath(argv.session === undefined ? undefined : checkSessionName(argv.session), argv.socket);
}

/** The session's name for messages: -s, else the session of THURM_SOCKET, else `default`. */
function sessionName(argv: Globals): string {
  if (argv.session !== undefined) return argv.session;
  return !argv.socket && process.env.THURM_SOCKET ? process.env.THURM_SESSION || 'default' : 'default';
}

/** THURM_PANE_ID names a pane of the session in THURM_SOCKET, and of no other. */
function inheritedPane(socket: string): string | undefined {
  const env = process.env;
  if (!env.THURM_PANE_ID || !env.THURM_SOCKET) return undefined;
  return path.resolve(env.THURM_SOCKET) === socket ? env.THURM_PANE_ID : undefined;
}

/** A pane attaching its own session would show the window inside itself (tmux refuses too). */
function refuseNested(socket: string, session: string): void {
  if (inheritedPane(socket) !== undefined) {
    throw new ThurmError('INVALID_ARGUMENT', `attach: refusing to attach session ${session} from inside one of its panes (sessions should be nested with care; use -s NAME for another one)`);
  }
}

async function startAndMaybeAttach(argv: CliArgv, mode: 'new' | 'new-detached' | 'default'): Promise<number> {
  const { startSession } = await import('./start.js');
  const socket = resolveSocket(argv);
  const session = sessionName(argv);
  if (mode !== 'new-detached') refuseNested(socket, session);
  return startSession(argv, socket, session, mode);
}

/** The settings file `integration install` and `uninstall` change. */
const SETTINGS_OPTION = { type: 'string', describe: 'settings file (default: ~/.claude/settings.json, ~/.codex/config.toml)' } as const;

export const CLIENT_COMMANDS: readonly CliCommand[] = [
  {
    usage: '$0',
    describe: 'Attach to the session, starting it if needed',
    run: (argv) => startAndMaybeAttach(argv, 'default'),
  },
  {
    usage: 'new',
    describe: 'Start a session (with -d, detached) running CMD or your shell',
    details: '; prints nothing. A CMD that exits at once ends the session with it, which is no error (as in tmux). `-A`: a session of that name already running is attached instead (with `-d`, left as it is), as tmux\'s new -A',
    usageLine: '$0 new [-d] [-A] [--cwd DIR] [--size COLSxROWS] [-- CMD ARGS...]',
    placeholders: { cwd: 'DIR', size: 'COLSxROWS' },
    dashes: true,
    options: {
      detached: { alias: 'd', type: 'boolean', describe: 'do not attach' },
      'attach-existing': { alias: 'A', type: 'boolean', describe: 'attach the session if it already runs, instead of refusing' },
      cwd: { type: 'string', describe: 'working directory of the first pane' },
      size: { type: 'string', describe: 'window size while no client is attached, COLSxROWS' },
    },
    run: (argv) => startAndMaybeAttach(argv, argv.detached ? 'new-detached' : 'new'),
  },
  {
    usage: 'status [state]',
    describe: 'Report this program\'s state (OSC 7501) to its terminal',
    details: '(see [guide.md](guide.md#program-status))',
    placeholders: { kind: 'permission|question|auth' },
    positionals: { state: { type: 'string', describe: 'idle, working, done, blocked, error or clear' } },
    options: {
      app: { type: 'string', describe: 'program name' },
      msg: { type: 'string', describe: 'message' },
      title: { type: 'string', describe: 'title (shown as "title: msg" for records with an id)' },
      id: { type: 'string', describe: 'record id, e.g. build/test (default: the program itself)' },
      progress: { type: 'number', describe: 'percent done, 0-100 (working or blocked)' },
      kind: { type: 'string', describe: 'what blocked waits for: permission, question or auth' },
      query: { type: 'boolean', describe: 'exit 0 if the terminal supports OSC 7501' },
    },
    run: async (argv) => {
      const { queryTerminal, writeStatus } = await import('./status.js');
      if (argv.query) return (await queryTerminal()) ? 0 : 1;
      writeStatus(argv as never);
    },
  },
  {
    usage: 'attach',
    describe: 'Attach to a running session, or restore the saved one',
    details: '(`-t`: by name, as `-s`); `-d` detaches every other client first, as tmux\'s; `-r` only watches: any number of observers, who cannot type, size the window or detach others (prefix `d` detaches the observer itself). The server reads and writes the terminal itself when it can open it again (a pseudo-terminal of this user\'s; `thurm clients` says `direct`), else this process relays; `THURM_ATTACH=relay` asks for the relay',
    placeholders: { target: 'NAME' },
    options: {
      'read-only': { alias: 'r', type: 'boolean', describe: 'only watch: no typing, no resizing, no detaching others' },
      target: { alias: 't', type: 'string', describe: 'the session to attach (as -s)' },
      'detach-others': { alias: 'd', type: 'boolean', describe: 'detach every other client first (tmux attach -d)' },
    },
    run: async (argv) => {
      if (argv.target !== undefined) argv.session = String(argv.target);
      const socket = resolveSocket(argv);
      refuseNested(socket, sessionName(argv));
      const connection = await Connection.open(socket).catch(async (err) => {
        const { restorable, sessionFilePath } = await import('../session/session-file.js');
        if ((err as ThurmError).code !== 'SERVER_UNAVAILABLE' || !restorable(sessionFilePath(sessionName(argv)))) throw err;
        return null;
      });
      if (!connection) return startAndMaybeAttach(argv, 'default');
      const { attach } = await import('./attach.js');
      return attach(connection, sessionName(argv), argv['read-only'] === true, argv['detach-others'] === true);
    },
  },
  {
    usage: 'restore',
    describe: 'Restore the saved session, even one that ended on purpose (--dry-run: only say what would happen)',
    options: {
      'dry-run': { type: 'boolean', describe: 'print what a restore would do with each pane, change nothing' },
      detached: { alias: 'd', type: 'boolean', describe: 'do not attach; print what was restored' },
    },
    run: async (argv) => {
      const { restoreCommand } = await import('./restore.js');
      const socket = resolveSocket(argv);
      refuseNested(socket, sessionName(argv));
      return restoreCommand(argv, socket, sessionName(argv));
    },
  },
  {
    usage: 'replay <file>',
    describe: 'Play an asciicast v2 recording (`thurm record`) to this terminal with its timing',
    details: '; in a pane, the pane plays it. `--speed N` plays N times faster, `--idle-limit S` cuts every pause to S seconds (default: the file\'s idle_time_limit)',
    placeholders: { speed: 'N', 'idle-limit': 'S' },
    options: {
      speed: { type: 'number', describe: 'how many times faster than recorded (default 1)' },
      'idle-limit': { type: 'number', describe: 'longest pause kept, in seconds' },
    },
    run: async (argv) => {
      const { replay } = await import('./replay.js');
      await replay(String(argv.file), { speed: argv.speed === undefined ? 1 : Number(argv.speed), idleLimit: argv['idle-limit'] === undefined ? undefined : Number(argv['idle-limit']) });
      return 0;
    },
  },
  {
    usage: 'ls',
    describe: 'List sessions: windows, panes, clients, most pressing state',
    run: async (argv) => (await import('./sessions.js')).printSessions(argv.json === true),
  },
  {
    usage: 'events',
    describe: 'Print the session, then every change as it happens (--json: NDJSON)',
    details: '(see [Events](#events))',
    placeholders: { pane: 'ID', type: 'TYPE' },
    options: {
      pane: { type: 'string', describe: 'only events of this pane (and of the session)' },
      type: { type: 'string', array: true, describe: 'only events of these types (pane-added, status-changed, ...)' },
    },
    run: async (argv) => {
      const { runEvents } = await import('./events.js');
      const types = argv.type === undefined ? undefined : [argv.type].flat().map(String);
      return runEvents(resolveSocket(argv), { json: argv.json === true, pane: argv.pane === undefined ? undefined : String(argv.pane), types });
    },
  },
  {
    group: 'agent',
    usage: 'hook <kind> [payload]',
    describe: 'Run by an agent\'s hooks: reads the hook event JSON on stdin, or Codex\'s notify JSON as PAYLOAD (always exits 0)',
    details: '(see [agents.md](agents.md))',
    run: async (argv) => {
      const { runAgentHook } = await import('./agent-hook.js');
      await runAgentHook(String(argv.kind), argv.payload === undefined ? undefined : String(argv.payload));
      return 0;
    },
  },
  {
    group: 'agent',
    usage: 'statusline',
    describe: 'Claude Code\'s status-line command (`integration install claude-code`): hands its JSON to thurm (context, cost, limits), then runs your own status line, its output unchanged',
    details: '(see [agents.md](agents.md)); `--own COMMAND`: your own status-line command, run through /bin/sh with the same stdin; exits as it does',
    placeholders: { own: 'COMMAND' },
    options: { own: { type: 'string', describe: 'your own status-line command' } },
    run: async (argv) => (await import('./agent-statusline.js')).runAgentStatusline(argv.own === undefined ? undefined : String(argv.own)),
  },
  {
    usage: 'proxy',
    describe: 'Join this stdio to the session\'s socket: what a far thurm\'s link runs through ssh (see thurm host)',
    details: '; writes `thurm-proxy protocol=N version=V` first, then passes bytes both ways. `--protocol N`: refuse (exit 10) unless this thurm speaks protocol N',
    placeholders: { protocol: 'N' },
    options: { protocol: { type: 'number', describe: 'the protocol the caller speaks' } },
    run: async (argv) => (await import('./far.js')).runProxy(resolveSocket(argv), argv.protocol === undefined ? undefined : Number(argv.protocol)),
  },
  {
    group: 'host',
    usage: 'add <name> <dest>',
    describe: 'Keep a far host: DEST is what ssh accepts (user@box, an alias of ~/.ssh/config)',
    details: '(see [Several hosts](../README.md#several-hosts)); `--ssh-option Key=Value` (repeated) goes to ssh as `-o`; `--command` is the far thurm (default `thurm` on the login PATH), `--far-session` its session',
    placeholders: { 'ssh-option': 'KEY=VALUE', command: 'CMD', 'far-session': 'NAME' },
    options: {
      'ssh-option': { type: 'string', array: true, describe: 'an ssh -o option, Key=Value' },
      command: { type: 'string', describe: 'the far thurm command (words split at blanks)' },
      'far-session': { type: 'string', describe: 'the far session (default: its default)' },
    },
    run: async (argv) => {
      const { addHost } = await import('./hosts.js');
      const options = argv['ssh-option'] === undefined ? [] : [argv['ssh-option']].flat().map(String);
      await addHost({ name: String(argv.name), dest: String(argv.dest), sshOptions: options, command: argv.command as string | undefined, session: argv['far-session'] as string | undefined });
    },
  },
  {
    group: 'host',
    usage: 'list',
    describe: 'List the far hosts, each with how this session\'s link to it is (live, lost, unreachable, needs-login...)',
    run: async (argv) => (await import('./hosts.js')).listHosts(resolveSocket(argv), argv.json === true),
  },
  {
    group: 'host',
    usage: 'remove <name>',
    describe: 'Forget a far host; every session\'s link to it closes',
    run: async (argv) => (await import('./hosts.js')).removeHost(String(argv.name)),
  },
  {
    group: 'integration',
    usage: 'install <agent>',
    describe: 'Merge thurm\'s hooks into the agent\'s settings (claude-code, codex)',
    details: '(`--print`: only print them); for Claude Code also its status line, which hands thurm the context, cost and limits and then runs yours; for Codex, thurm becomes its `notify` program (`~/.codex/config.toml`, backup kept), so restores resume its thread',
    placeholders: { settings: 'FILE' },
    options: {
      print: { type: 'boolean', describe: 'only print the merged settings' },
      settings: SETTINGS_OPTION,
    },
    run: (argv) => runIntegration(argv, 'install'),
  },
  {
    group: 'integration',
    usage: 'uninstall <agent>',
    describe: 'Take thurm\'s hooks and status line out of the agent\'s settings, your own status line back as it was',
    details: '(`--print`: only print the result); settings unchanged since the install get their backup\'s text back byte for byte',
    placeholders: { settings: 'FILE' },
    options: {
      print: { type: 'boolean', describe: 'only print the settings without thurm' },
      settings: SETTINGS_OPTION,
    },
    run: (argv) => runIntegration(argv, 'uninstall'),
  },
];

/** `thurm integration install|uninstall AGENT`: what it did goes to stdout. */
async function runIntegration(argv: CliArgv, action: 'install' | 'uninstall'): Promise<void> {
  const { integration } = await import('./integration.js');
  process.stdout.write(integration(String(argv.agent), action)({ print: argv.print === true, settings: argv.settings as string | undefined, thurmBin: path.resolve(process.argv[1]) }));
}

/** How long the CLI waits for a command's reply (null: as long as it takes). */
function replyTimeout(command: Command<any, any>, request: Record<string, unknown>): number | null {
  if (!command.waits) return REQUEST_TIMEOUT_MS;
  return typeof request.timeout === 'number' ? request.timeout + REQUEST_TIMEOUT_MS : null;
}

/** Human output with program text made inert, unless the command did that itself. */
function inert(command: Command<any, any>, text: string): string {
  return command.sanitizesOutput ? text : printableLines(text);
}

/**
 * Requests that change the session in steps a server does not finish at once: one the old server
 * had not answered when it handed the session over may have been half done, so it is not asked
 * again. Every other request is: the old server answers all it has read before it closes.
 */
const NOT_ASKED_AGAIN = new Set(['server-upgrade', 'rename-session']);

/** A command's reply over an open connection: one request (or several, for `send`), the last reply. */
export async function commandReply(command: Command<any, any>, argv: CliArgv, connection: Connection): Promise<Reply> {
  const request = cliRequest(command, argv);
  let reply!: Reply;
  for (const part of command.split?.(request) ?? [request]) {
    const started = Date.now();
    reply = await connection.send(command.name, part, replyTimeout(command, part));
    if (!reply.ok && connection.upgraded && !NOT_ASKED_AGAIN.has(command.name)) reply = await askNewServer(command, part, connection.socketPath, started);
    if (!reply.ok) break;
  }
  return reply;
}

/** A request asked again of the server that took the session over (`server upgrade`); a wait keeps what is left of its timeout. */
async function askNewServer(command: Command<any, any>, request: Record<string, unknown>, socket: string, started: number): Promise<Reply> {
  const next = await Connection.reopen(socket);
  if (!next) return { id: null, ok: false, error: { code: 'SERVER_UNAVAILABLE', message: `${command.name}: the server was upgraded and no new server answered` } };
  const left = typeof request.timeout === 'number' ? { timeout: Math.max(0, request.timeout - (Date.now() - started)) } : {};
  try {
    return await next.send(command.name, { ...request, ...left }, replyTimeout(command, { ...request, ...left }));
  } finally {
    next.close();
  }
}

/** The reply of the session's server, over a connection of its own. */
async function socketReply(command: Command<any, any>, argv: CliArgv): Promise<Reply> {
  const socket = resolveSocket(argv);
  argv.inheritedPane = inheritedPane(socket);
  const connection = await Connection.open(socket);
  try {
    return await commandReply(command, argv, connection);
  } finally {
    connection.close();
  }
}

/** A command that needs no session runs in this process, through the server's own dispatcher. */
async function localReply(command: Command<any, any>, argv: CliArgv): Promise<Reply> {
  const { dispatch } = await import('../commands/dispatch.js');
  // Such a command touches no session, so it gets no context.
  return dispatch({} as CommandContext, { ...cliRequest(command, argv), id: 1, type: command.name });
}

/** What the CLI prints for a reply, and the error it then exits with (null when the reply is ok). */
export function commandOutput(command: Command<any, any>, argv: CliArgv, reply: Reply): { stdout: string; error: ThurmError | null } {
  // Replies carry program text (cwd, argv, screens): it reaches this terminal inert.
  const whole = argv.json && command.jsonReply ? `${safeJson(JSON.stringify(reply))}\n` : '';
  if (!reply.ok) return { stdout: whole, error: new ThurmError(isErrorCode(reply.error.code) ? reply.error.code : 'INTERNAL', reply.error.message) };
  const text = argv.json ? (command.jsonReply ? '' : safeJson(JSON.stringify(reply.result, null, 2))) : inert(command, command.print?.(reply.result) ?? '');
  return { stdout: whole + (text ? `${text}\n` : ''), error: null };
}

/** The CLI entry of a command of the table: its request answered, the reply printed. */
export function tableCommand(command: Command<any, any>): CliCommand {
  return {
    ...cliShape(command),
    run: async (argv) => {
      const { stdout, error } = commandOutput(command, argv, await (command.local ? localReply : socketReply)(command, argv));
      if (stdout) process.stdout.write(stdout);
      if (error) throw error;
    },
  };
}
