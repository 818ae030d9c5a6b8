// Runs one request from any source (socket, keys) through the command table: checks its
// shape, runs the command and turns any failure into a structured error reply.
import { ThurmError, toThurmError } from '../errors.js';
import type { Reply, RequestId } from '../server/protocol.js';
import type { CommandContext } from './command.js';
import { findCommand } from './index.js';

/** The id of a request when it has a valid one, else null. */
export function requestId(raw: unknown): RequestId | null {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'number' || (typeof id === 'string' && id.length <= 128) ? id : null;
}

export async function dispatch(ctx: CommandContext, raw: unknown): Promise<Reply> {
  const id = requestId(raw);
  try {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      throw new ThurmError('PROTOCOL_ERROR', 'request: expected a JSON object');
    }
    const type = (raw as { type?: unknown }).type;
    const command = typeof type === 'string' ? findCommand(type) : undefined;
    if (!command) throw new ThurmError('PROTOCOL_ERROR', `unknown request type: ${String(type).slice(0, 64)}`);
    const args = command.parse(raw as Record<string, unknown>);
    const result = await command.run(ctx, args);
    return { id, ok: true, result: result ?? {} };
  } catch (err) {
    const e = toThurmError(err);
    if (e.code === 'INTERNAL') console.error('thurm: request failed:', err);
    return { id, ok: false, error: { code: e.code, message: e.message } };
  }
}
