// Close a window and every pane in it.
import { defineCommand, windowIndexField } from './command.js';

export const killWindow = defineCommand({
  name: 'kill-window',
  describe: 'Close a window and every pane in it',
  fields: { index: windowIndexField },
  result: {},
  run: (ctx, a) => {
    ctx.mux.windowChanges.kill(ctx.mux.findWindow({ index: a.index }));
    return {};
  },
});
