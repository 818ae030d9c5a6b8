// Swap a pane with the next (or the previous) one in its window.
import { field } from '../fields.js';
import { defineCommand, paneField, resolvePane } from './command.js';

export const swapPane = defineCommand({
  name: 'swap-pane',
  describe: 'Swap a pane with the next one in its window (--previous: the one before)',
  fields: { pane: paneField, previous: field.bool().default(false).cli({ describe: 'swap with the pane before it' }) },
  result: {},
  run: (ctx, a) => {
    ctx.mux.arrange.swapPane(resolvePane(ctx, a.pane), a.previous ? -1 : 1);
    return {};
  },
});
