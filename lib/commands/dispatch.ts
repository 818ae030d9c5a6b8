// Runs one request from any source (socket, keys) through the command table: checks its
// shape, runs the command and turns any failure into a structured error reply. A command's
// module loads when a request first needs it (a server that is never asked for most commands
// never pays for them), and requests still start in the order they came: one whose module is
// loading holds back every request after it.
import { ThurmError, toThurmError } from '../errors.js';
import { checkVersion, MAX_REQUEST_ID, shown, type Reply, type RequestId } from '../server/protocol.js';
import type { Command, CommandContext } from './command.js';
import { loadCommand } from './table.js';

/** The commands loaded so far, by request type; types with no command are not kept. */
const loaded = new Map<string, Command<any, any>>();
/** Settles once every request so far has started. */
let started: Promise<void> = Promise.resolve();
let waiting = 0;

/** Settles once every request so far has started; null when none waits for its command's module. */
export function requestsStarting(): Promise<void> | null {
  return waiting ? started : null;
}

/** Starts `run` with the command of `type` (or why it failed to load) once every earlier request has started. */
function inTurn(type: string, run: (command: Command<any, any> | Error | undefined) => Promise<Reply>): Promise<Reply> {
  const ready = loaded.get(type);
  if (ready && waiting === 0) return run(ready);
  waiting++;
  const turn = started.then(async () => {
    const command = loaded.get(type) ?? await loadCommand(type).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
    if (command && !(command instanceof Error)) loaded.set(type, command);
    waiting--;
    // Boxed, so that this turn ends when the command starts, not when it is done.
    return { reply: run(command) };
  });
  started = turn.then(() => undefined);
  return turn.then((t) => t.reply);
}

/** The id of a request when it has a valid one, else null. */
export function requestId(raw: unknown): RequestId | null {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'number' || (typeof id === 'string' && id.length <= MAX_REQUEST_ID) ? id : null;
}

function failed(id: RequestId | null, err: unknown): Reply {
  const e = toThurmError(err);
  if (e.code === 'INTERNAL') console.error('thurm: request failed:', err);
  return { id, ok: false, error: { code: e.code, message: e.message } };
}

export function dispatch(ctx: CommandContext, raw: unknown): Promise<Reply> {
  const id = requestId(raw);
  try {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      throw new ThurmError('PROTOCOL_ERROR', 'request: expected a JSON object');
    }
    // A request says which protocol it speaks; one from another build is refused, not guessed at
    // (after `server upgrade`, an old CLI may talk to a newer server). Key bindings send none.
    checkVersion(raw as Record<string, unknown>);
  } catch (err) {
    return Promise.resolve(failed(id, err));
  }
  const type = (raw as { type?: unknown }).type;
  return inTurn(typeof type === 'string' ? type : '', async (command) => {
    try {
      if (command instanceof Error) throw command;
      if (!command) throw new ThurmError('PROTOCOL_ERROR', `unknown request type: ${shown(type)}`);
      const args = command.parse(raw as Record<string, unknown>);
      // A request sees what keys typed in a client meant for their panes (after-keys.ts); a
      // local command (run in the CLI's process) has no session.
      if (!command.local) ctx.mux.settleKeys();
      const result = await command.run(ctx, args);
      return { id, ok: true, result: result ?? {} };
    } catch (err) {
      return failed(id, err);
    }
  });
}
