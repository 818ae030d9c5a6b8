// Close a pane and end its program; closing the last pane ends the session.
import { defineCommand, paneField, resolvePane } from './command.js';

export const killPane = defineCommand({
  name: 'kill-pane',
  describe: 'Close a pane (the last one ends the session)',
  fields: { pane: paneField },
  result: {},
  run: (ctx, a) => {
    ctx.mux.lifecycle.kill(resolvePane(ctx, a.pane));
    return {};
  },
});
