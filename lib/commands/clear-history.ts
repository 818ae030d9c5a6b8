// Drop a pane's history, as tmux's clear-history: the lines kept above its screen go, the
// screen stays.
import { field } from '../fields.js';
import { defineCommand, paneField, resolvePane } from './command.js';

export const clearHistory = defineCommand({
  name: 'clear-history',
  describe: 'Drop the lines kept above a pane\'s screen (its history); the screen stays',
  fields: { pane: paneField },
  result: { pane: field.string({ max: 32 }) },
  run: (ctx, a) => {
    const pane = resolvePane(ctx, a.pane);
    ctx.mux.clearHistory(pane);
    return { pane };
  },
});
