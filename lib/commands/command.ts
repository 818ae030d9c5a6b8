// What a command is: its socket request's fields (which also say how the CLI gives each one:
// cli-args.ts derives the command line from them), how the server checks and runs the request,
// and how the CLI prints the result.
import path from 'node:path';
import type { Options } from 'yargs';
import { ThurmError } from '../errors.js';
import { checkObject, field, type Output, type Rules, type Shape } from '../fields.js';
import type { FarHostsView } from '../server/far-hosts.js';
import type { WebHost } from '../web/web-host.js';
import { ENVELOPE_KEYS, MAX_FRAME } from '../server/protocol.js';
import type { PaneSize } from '../session/layout.js';
import type { Mux } from '../session/mux.js';
import { MAX_WINDOW_INDEX } from '../session/window-options.js';
import { MAX_ENV_VALUE } from '../session/session-env.js';

/** An attached client, when a command comes from its keys rather than the socket. */
export interface ClientHandle {
  readonly id: string;
  /** `direct`: the server reads and writes its terminal itself; `relayed`: through the client process. */
  readonly ttyPath: 'direct' | 'relayed';
  detach(): void;
  /** Shows another session: one named, or the next (1) or previous (-1) by name. */
  switchSession(step: number | string): void;
  /** Numbers the panes for a while (display-panes), or shows the time over the focused pane (clock-mode). */
  show(what: 'display-panes' | 'clock-mode'): void;
  /** Enters copy mode on a pane for this client only. */
  enterCopyMode(pane: string): void;
}

/**
 * The client a command acts on, as tmux picks its current client: the one that asked (its `:`
 * prompt), the one `id` names, else the one that typed (or attached) last.
 */
export function pickClient(ctx: CommandContext, id: string | undefined): ClientHandle {
  const latest = ctx.mux.clients.latest();
  const client = id !== undefined ? ctx.clients().find((c) => c.id === id) : (ctx.client ?? ctx.clients().find((c) => c.id === latest));
  if (!client) throw new ThurmError('NOT_FOUND', id !== undefined ? `no client ${id}` : 'no client attached');
  return client;
}

export interface CommandContext {
  mux: Mux;
  client?: ClientHandle;
  /** Every attached client, for commands such as `detach`. */
  clients(): ClientHandle[];
  /** Stops the server once the reply has gone out. */
  shutdown(): void;
  /** Hands the session to the server build on disk; resolves with its pid once it serves it. */
  upgrade(): Promise<{ pid: number }>;
  /** Moves the session to another name: its socket, session file and log (`rename-session`). */
  renameSession(name: string): Promise<void>;
  /** Aborted when the requesting connection closes, for requests that wait. */
  signal?: AbortSignal;
  /** The far hosts' links (hosts.json), in a server. */
  hosts?: FarHostsView;
  /** The web view's host (`thurm web`), loaded at its first use, in a server. */
  web?: () => Promise<WebHost>;
}

/** CLI arguments as yargs parsed them. */
export type CliArgs = Record<string, unknown> & { _: (string | number)[]; '--'?: string[] };

export interface CommandSpec<S extends Shape, Result> {
  /** Also the socket request type. */
  name: string;
  /** With --json the CLI prints the whole socket reply (errors too), not just the result. */
  jsonReply?: boolean;
  /** Reached only through the socket (its CLI is a client-side command, e.g. `agent hook`). */
  socketOnly?: boolean;
  /** Needs no session: the CLI runs it in its own process (`schema`: what its own build speaks). */
  local?: boolean;
  /**
   * Answers only when something happens (`wait`): the CLI waits for the reply as long as the
   * request's own `timeout` (ms) allows, or for ever without one, instead of its usual timeout.
   */
  waits?: boolean;
  /** CLI parent command: `thurm agent report` is the command `agent-report` in group 'agent'. */
  group?: 'agent' | 'server';
  describe: string;
  /** What docs/cli.md says beyond `describe`. */
  details?: string;
  /**
   * The socket request's fields, declared once (lib/fields.ts): the server's check, the request's
   * TypeScript type, its JSON Schema and the CLI's options and positionals (a field's `cli()`)
   * all come from here; `rules` relate fields to each other.
   */
  fields: S;
  rules?: Rules;
  /** The result's fields: its JSON Schema, and the type `run` must return. */
  result: Shape;
  /** CLI flags that are no field of the request (`split --down`), and the fields they give (`cliRequest`). */
  cliOptions?: Record<string, Options>;
  cliRequest?(argv: CliArgs): Record<string, unknown>;
  /** Client side: a request as several smaller ones with the same effect, sent in order (`send`). */
  split?(request: Record<string, unknown>): Record<string, unknown>[];
  run(ctx: CommandContext, args: Output<S>): Result | Promise<Result>;
  /** Human output; nothing is printed when absent or when it returns ''. */
  print?(result: Result): string;
  /**
   * The result's program text is already inert (capture --ansi keeps its own SGR sequences), so
   * the CLI prints it as it is instead of escaping every control character.
   */
  sanitizesOutput?: boolean;
}

export interface Command<S extends Shape = Shape, Result = unknown> extends CommandSpec<S, Result> {
  /** Server side: checks an untrusted request against `fields` (envelope keys passed over). */
  parse(raw: Record<string, unknown>): Output<S>;
}

/** A command from its spec; `run` is held to the declared `result` by the compiler. */
export function defineCommand<const S extends Shape, const RS extends Shape>(c: CommandSpec<S, Output<RS>> & { result: RS }): Command<S, Output<RS>>;
export function defineCommand<S extends Shape, R>(c: CommandSpec<S, R>): Command<S, R> {
  return { ...c, parse: (raw) => checkObject(c.fields, c.rules ?? {}, raw, '', ENVELOPE_KEYS) };
}

// ---- fields many commands share ----

export const paneField = field.string({ max: 32 }).describe('pane id (default: the focused pane)').optional()
  .cli({ describe: 'pane id, `3` or `%3` (default: THURM_PANE_ID, else the focused pane)', placeholder: 'ID', read: (v, argv) => paneId(v) ?? argv.inheritedPane });
/** A pane id as the CLI takes it: `3`, or `%3` as the status line and tmux spell it. */
export function paneId(v: unknown): string | undefined {
  return v === undefined ? undefined : String(v).replace(/^%(?=\d+$)/, '');
}
/** The directions a focus moves or a border is dragged. */
export const HEADINGS = ['left', 'right', 'up', 'down'] as const;
/** Window indexes, as tmux numbers them. */
export { MAX_WINDOW_INDEX };
/** A client as `thurm clients` lists it; by default the one pickClient() picks. */
export const clientField = field.string({ max: 32 }).describe('the client, as `thurm clients` lists it (default: the one that typed last)').optional().cli({ placeholder: 'ID' });
export const windowIndexField = field.int({ min: 0, max: MAX_WINDOW_INDEX }).describe('window index (default: the current window)').optional().cli();
/** A directory; the CLI sends it absolute, since the server runs elsewhere. */
export const cwdField = field.string({ max: 4096 }).describe('working directory').optional()
  .cli({ placeholder: 'DIR', read: (v) => (v === undefined ? undefined : path.resolve(String(v))) });
/** A command as argv; each argument may be as long as a frame allows. On the CLI: what follows `--`. */
export const argvField = field.array(field.string({ max: MAX_FRAME }), { max: 1024 }).describe('the command and its arguments (default: your shell)').optional()
  .cli({ as: 'argv' });

/** Variables for one new pane only (tmux `-e NAME=VALUE`), over the session's environment. */
export const envField = field.array(field.string({ max: MAX_ENV_VALUE + 129, pattern: /^[A-Za-z_][A-Za-z0-9_]{0,127}=/, expected: 'NAME=VALUE' }), { max: 64 })
  .describe('NAME=VALUE for the new pane\'s program only').optional().cli({ alias: 'e', placeholder: 'NAME=VALUE' });

/** A size as `N` cells or `N%` (tmux's `-l 70%`, `-x 30%`). */
export const paneSizeField = field.string({ max: 6, pattern: /^(?:[1-9]\d{0,3}|10000|(?:[1-9]\d?|100)%)$/, expected: 'cells (1-10000) or a percentage (1%-100%)' })
  .map((v): PaneSize => (v.endsWith('%') ? { percent: Number(v.slice(0, -1)) } : { cells: Number(v) }))
  .cli({ placeholder: 'N|N%' });

/** The pane a request names, else the focused one. */
export function resolvePane(ctx: CommandContext, id: string | undefined): string {
  if (id !== undefined) return ctx.mux.pane(id).id;
  const focused = ctx.mux.focused;
  if (!focused) throw new ThurmError('NOT_FOUND', 'no pane to act on');
  return focused;
}
