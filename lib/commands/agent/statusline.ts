// The socket half of `thurm agent statusline` (the CLI half reads Claude Code's status-line
// JSON on stdin and runs the user's own status line): the usage in that JSON becomes the
// pane's (Mux.usages), owned by the Claude process that handed it over.
import { ThurmError } from '../../errors.js';
import { field } from '../../fields.js';
import { defineCommand, paneField, resolvePane } from '../command.js';

export const MAX_STATUS_LINE_JSON = 64 * 1024;

export const agentStatusline = defineCommand({
  name: 'agent-statusline',
  socketOnly: true,
  describe: 'The JSON Claude Code gave its status-line command: the pane\'s context, cost and limits',
  fields: {
    pane: paneField,
    owner_pid: field.int({ min: 1 }).describe('the Claude Code process, in the pane\'s foreground'),
    json: field.string({ max: MAX_STATUS_LINE_JSON }).describe('the status line\'s JSON, as Claude Code wrote it'),
  },
  result: {},
  run: (ctx, a) => {
    let json: unknown;
    try {
      json = JSON.parse(a.json);
    } catch (err) {
      throw new ThurmError('INVALID_ARGUMENT', `json: not JSON: ${(err as Error).message}`);
    }
    ctx.mux.agentStatusLine(resolvePane(ctx, a.pane), json, a.owner_pid);
    return {};
  },
});
