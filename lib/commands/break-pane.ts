// Move a pane out of its window into a window of its own.
import { defineCommand, paneField, resolvePane } from './command.js';

export const breakPane = defineCommand({
  name: 'break-pane',
  describe: 'Move a pane out of its window into a new window',
  fields: { pane: paneField },
  result: {},
  run: (ctx, a) => {
    ctx.mux.arrange.breakPane(resolvePane(ctx, a.pane));
    return {};
  },
});
