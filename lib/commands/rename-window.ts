// Name a window, or let it be named after its pane again.
import { sanitizeText } from '../sanitize.js';
import { defineCommand, windowIndexField } from './command.js';
import { windowNameField } from './list-windows.js';

export const renameWindow = defineCommand({
  name: 'rename-window',
  describe: 'Name a window (no name: named after its pane again)',
  fields: {
    index: windowIndexField,
    name: windowNameField.describe('window name (null: named after its pane again)').nullable().optional()
      .cli({ as: 'positional', read: (v) => v ?? null }),
  },
  result: {},
  run: (ctx, a) => {
    ctx.mux.windowChanges.rename(ctx.mux.findWindow({ index: a.index }), a.name ? sanitizeText(a.name, 64) : null);
    return {};
  },
});
