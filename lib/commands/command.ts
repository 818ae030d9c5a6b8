// What a command is: its CLI shape (usage, options), how CLI arguments become a socket
// request, how the server checks and runs that request, and how the CLI prints the result.
import type { Options } from 'yargs';
import { ThurmError } from '../errors.js';
import type { Mux, PaneSize } from '../session/mux.js';

/** An attached client, when a command comes from its keys rather than the socket. */
export interface ClientHandle {
  readonly id: string;
  detach(): void;
  /** Enters copy mode on a pane for this client only. */
  enterCopyMode(pane: string): void;
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
}

/** CLI arguments as yargs parsed them. */
export type CliArgs = Record<string, unknown> & { _: (string | number)[]; '--'?: string[] };

export interface Command<Args = Record<string, unknown>, Result = unknown> {
  /** Also the socket request type. */
  name: string;
  /** Other socket request types accepted for this command (the product page's names). */
  aliases?: string[];
  /** With --json the CLI prints the whole socket reply (errors too), not just the result. */
  jsonReply?: boolean;
  /** Reached only through the socket (its CLI is a client-side command, e.g. `agent hook`). */
  socketOnly?: boolean;
  /**
   * Answers only when something happens (`wait`): the CLI waits for the reply as long as the
   * request's own `timeout` (ms) allows, or for ever without one, instead of its usual timeout.
   */
  waits?: boolean;
  /** CLI parent command: `thurm agent report` is usage 'report' in group 'agent'. */
  group?: 'agent' | 'server';
  /** yargs command string: the name, then positionals, e.g. 'send [text..]'. */
  usage: string;
  describe: string;
  options?: Record<string, Options>;
  /** Client side: CLI arguments to request fields. */
  request(argv: CliArgs): Record<string, unknown>;
  /** Client side: a request as several smaller ones with the same effect, sent in order (`send`). */
  split?(request: Record<string, unknown>): Record<string, unknown>[];
  /** Server side: checks an untrusted request and returns typed arguments. */
  parse(raw: Record<string, unknown>): Args;
  run(ctx: CommandContext, args: Args): Result | Promise<Result>;
  /** Human output; nothing is printed when absent or when it returns ''. */
  print?(result: Result): string;
  /**
   * The result's program text is already inert (capture --ansi keeps its own SGR sequences), so
   * the CLI prints it as it is instead of escaping every control character.
   */
  sanitizesOutput?: boolean;
}

export function defineCommand<A, R>(c: Command<A, R>): Command<A, R> {
  return c;
}

// ---- argument checks shared by every command ----

export function optString(raw: Record<string, unknown>, key: string, max = 4096): string | undefined {
  const v = raw[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string' || v.length > max) throw new ThurmError('INVALID_ARGUMENT', `${key}: expected a string`);
  return v;
}

export function reqString(raw: Record<string, unknown>, key: string, max = 4096): string {
  const v = optString(raw, key, max);
  if (v === undefined) throw new ThurmError('INVALID_ARGUMENT', `${key}: required`);
  return v;
}

export function reqInt(raw: Record<string, unknown>, key: string): number {
  const v = optInt(raw, key, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  if (v === undefined) throw new ThurmError('INVALID_ARGUMENT', `${key}: required`);
  return v;
}

export function optBool(raw: Record<string, unknown>, key: string): boolean {
  const v = raw[key];
  if (v === undefined || v === null) return false;
  if (typeof v !== 'boolean') throw new ThurmError('INVALID_ARGUMENT', `${key}: expected true or false`);
  return v;
}

export function optInt(raw: Record<string, unknown>, key: string, min: number, max: number): number | undefined {
  const v = raw[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw new ThurmError('INVALID_ARGUMENT', `${key}: expected an integer from ${min} to ${max}`);
  }
  return v;
}

export function optEnum<T extends string>(raw: Record<string, unknown>, key: string, values: readonly T[]): T | undefined {
  const v = raw[key];
  if (v === undefined || v === null) return undefined;
  if (!values.includes(v as T)) throw new ThurmError('INVALID_ARGUMENT', `${key}: expected one of ${values.join(', ')}`);
  return v as T;
}

export function optStringArray(raw: Record<string, unknown>, key: string, maxItems = 1024): string[] | undefined {
  const v = raw[key];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.length > maxItems || !v.every((s) => typeof s === 'string')) {
    throw new ThurmError('INVALID_ARGUMENT', `${key}: expected an array of strings`);
  }
  return v as string[];
}

/** A size as `N` cells or `N%` (tmux's `-l 70%`, `-x 30%`). */
export function optPaneSize(raw: Record<string, unknown>, key: string): PaneSize | undefined {
  const v = optString(raw, key, 16);
  if (v === undefined) return undefined;
  const m = /^(\d{1,5})(%?)$/.exec(v);
  const n = m ? Number(m[1]) : NaN;
  if (!m || n < 1 || (m[2] ? n > 100 : n > 10_000)) throw new ThurmError('INVALID_ARGUMENT', `${key}: expected cells (1-10000) or a percentage (1%-100%)`);
  return m[2] ? { percent: n } : { cells: n };
}

/** The pane a request names, else the focused one. */
export function resolvePane(ctx: CommandContext, id: string | undefined): string {
  if (id !== undefined) return ctx.mux.pane(id).id;
  const focused = ctx.mux.focused;
  if (!focused) throw new ThurmError('NOT_FOUND', 'no pane to act on');
  return focused;
}

/** CLI side: `--pane`, else THURM_PANE_ID when it belongs to the socket being used. */
export function paneFromCli(argv: CliArgs): string | undefined {
  if (argv.pane !== undefined) return String(argv.pane);
  return (argv.inheritedPane as string | undefined) ?? undefined;
}

export const paneOption: Record<string, Options> = {
  pane: { type: 'string', describe: 'pane id (default: THURM_PANE_ID, else the focused pane)' },
};
