// Close a pane and end its program; closing the last pane ends the session.
import { defineCommand, paneField, paneFromCli, paneOption, resolvePane } from './command.js';

export const killPane = defineCommand({
  name: 'kill-pane',
  usage: 'kill-pane',
  describe: 'Close a pane (the last one ends the session)',
  options: { ...paneOption },
  request: (argv) => ({ pane: paneFromCli(argv) }),
  fields: { pane: paneField },
  result: {},
  run: (ctx, a) => {
    ctx.mux.lifecycle.kill(resolvePane(ctx, a.pane));
    return {};
  },
});
