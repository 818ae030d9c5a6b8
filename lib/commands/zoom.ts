// Zoom a pane to the whole window, or back.
import { field } from '../fields.js';
import { defineCommand, paneField, resolvePane } from './command.js';

export const zoom = defineCommand({
  name: 'zoom',
  describe: 'Toggle zoom of a pane to the full window',
  fields: { pane: paneField },
  result: { zoomed: field.string({ max: 32 }).nullable().describe('the zoomed pane, if any') },
  run: (ctx, a) => {
    ctx.mux.arrange.toggleZoom(resolvePane(ctx, a.pane));
    return { zoomed: ctx.mux.zoomed };
  },
});
