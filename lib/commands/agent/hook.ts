// The socket half of `thurm agent hook KIND` (the CLI half reads the hook's JSON on stdin):
// one hook event of a built-in agent becomes the pane's state with source `hook`.
import { AGENT_NAME, SESSION_ID } from '../../agent/ownership.js';
import { field } from '../../fields.js';
import { CONTROL_CHARS, sanitizeText } from '../../sanitize.js';
import { defineCommand, paneField, resolvePane } from '../command.js';

export const agentHook = defineCommand({
  name: 'agent-hook',
  socketOnly: true,
  describe: 'A legacy hook event of a built-in agent',
  fields: {
    pane: paneField,
    // Shown in borders and notifications, like a report's agent.
    agent: field.string({ max: 64, pattern: AGENT_NAME, expected: '1-64 of A-Z a-z 0-9 _ . + -' }),
    event: field.string({ min: 1, max: 64 }).describe('the hook event: SessionStart, Stop, Notification...'),
    owner_pid: field.int({ min: 1 }),
    // Typed into a shell by a restore (`claude --resume ID`), like a report's session id.
    session_id: field.string({ max: 256, pattern: SESSION_ID, expected: '1-256 printable ASCII characters, no spaces' }).optional(),
    // The agent's own words, kept as one clean line.
    message: field.string({ max: 4096 }).map((m) => sanitizeText(m.replace(CONTROL_CHARS, ' '), 2048) || undefined).optional(),
  },
  result: {},
  run: (ctx, a) => {
    ctx.mux.agentHook(resolvePane(ctx, a.pane), { agent: a.agent, event: a.event, ownerPid: a.owner_pid, message: a.message, sessionId: a.session_id });
    return {};
  },
});
