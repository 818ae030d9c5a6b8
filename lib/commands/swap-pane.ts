// Swap a pane with the next (or the previous) one in its window, or with the one named.
import { field } from '../fields.js';
import { defineCommand, paneField, resolvePane } from './command.js';

export const swapPane = defineCommand({
  name: 'swap-pane',
  describe: 'Swap a pane with the next one in its window (--previous: the one before; --with ID: that one)',
  fields: {
    pane: paneField,
    previous: field.bool().default(false).cli({ describe: 'swap with the pane before it' }),
    with: field.string({ max: 32 }).describe('the pane of the same window to swap with').optional().cli({ placeholder: 'ID' }),
  },
  result: {},
  run: (ctx, a) => {
    const pane = resolvePane(ctx, a.pane);
    if (a.with === undefined) ctx.mux.arrange.swapPane(pane, a.previous ? -1 : 1);
    else ctx.mux.arrange.swapWith(pane, ctx.mux.pane(a.with).id);
    return {};
  },
});
