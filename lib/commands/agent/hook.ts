// The socket half of `thurm agent hook KIND` (the CLI half reads the hook's JSON on stdin):
// one hook event of a built-in agent becomes the pane's state with source `hook`.
import { AGENT_NAME, SESSION_ID } from '../../agent/ownership.js';
import { ThurmError } from '../../errors.js';
import { CONTROL_CHARS, sanitizeText } from '../../sanitize.js';
import { defineCommand, optString, resolvePane } from '../command.js';

export const agentHook = defineCommand({
  name: 'agent-hook',
  socketOnly: true,
  usage: 'hook-event',
  describe: 'A legacy hook event of a built-in agent',
  request: () => ({}),
  parse: (raw) => {
    const agent = optString(raw, 'agent', 64);
    const event = optString(raw, 'event', 64);
    const ownerPid = raw.owner_pid;
    if (!agent || !event || typeof ownerPid !== 'number' || !Number.isSafeInteger(ownerPid)) {
      throw new ThurmError('INVALID_ARGUMENT', 'hook: agent, event and owner_pid are required');
    }
    // The agent name is shown in borders and notifications, like a report's.
    if (!AGENT_NAME.test(agent)) throw new ThurmError('INVALID_ARGUMENT', 'hook: agent: expected 1-64 of A-Z a-z 0-9 _ . + -');
    // Typed into a shell by a restore (`claude --resume ID`), like a report's session id.
    const sessionId = optString(raw, 'session_id', 256);
    if (sessionId !== undefined && !SESSION_ID.test(sessionId)) throw new ThurmError('INVALID_ARGUMENT', 'hook: session_id: expected 1-256 printable characters');
    const message = sanitizeText(optString(raw, 'message', 4096)?.replace(CONTROL_CHARS, ' ') ?? '', 2048) || undefined;
    return { pane: optString(raw, 'pane'), event: { agent, event, ownerPid, message, sessionId } };
  },
  run: (ctx, a) => {
    ctx.mux.agentHook(resolvePane(ctx, a.pane), a.event);
    return {};
  },
});
