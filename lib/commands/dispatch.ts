// Runs one request from any source (socket, keys) through the command table: checks its
// shape, runs the command and turns any failure into a structured error reply.
import { ThurmError, toThurmError } from '../errors.js';
import { checkVersion, MAX_REQUEST_ID, shown, type Reply, type RequestId } from '../server/protocol.js';
import type { CommandContext } from './command.js';
import { findCommand } from './index.js';

/** The id of a request when it has a valid one, else null. */
export function requestId(raw: unknown): RequestId | null {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'number' || (typeof id === 'string' && id.length <= MAX_REQUEST_ID) ? id : null;
}

export async function dispatch(ctx: CommandContext, raw: unknown): Promise<Reply> {
  const id = requestId(raw);
  try {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      throw new ThurmError('PROTOCOL_ERROR', 'request: expected a JSON object');
    }
    // A request says which protocol it speaks; one from another build is refused, not guessed at
    // (after `server upgrade`, an old CLI may talk to a newer server). Key bindings send none.
    checkVersion(raw as Record<string, unknown>);
    const type = (raw as { type?: unknown }).type;
    const command = typeof type === 'string' ? findCommand(type) : undefined;
    if (!command) throw new ThurmError('PROTOCOL_ERROR', `unknown request type: ${shown(type)}`);
    const args = command.parse(raw as Record<string, unknown>);
    const result = await command.run(ctx, args);
    return { id, ok: true, result: result ?? {} };
  } catch (err) {
    const e = toThurmError(err);
    if (e.code === 'INTERNAL') console.error('thurm: request failed:', err);
    return { id, ok: false, error: { code: e.code, message: e.message } };
  }
}
