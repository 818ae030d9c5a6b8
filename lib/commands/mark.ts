// Mark a pane, as tmux's select-pane -m: the marked pane is where join-pane and swap-pane take a
// pane from when none is named. The same pane again, or --clear, unmarks.
import { field } from '../fields.js';
import { defineCommand, paneField, resolvePane } from './command.js';

export const mark = defineCommand({
  name: 'mark',
  describe: 'Mark a pane (again: unmark it; --clear: no pane marked)',
  fields: { pane: paneField, clear: field.bool().default(false).cli({ describe: 'no pane marked' }) },
  result: { marked: field.string({ max: 32 }).nullable().describe('the marked pane now, or null') },
  run: (ctx, a) => {
    const pane = a.clear ? null : resolvePane(ctx, a.pane);
    ctx.mux.mark(pane === ctx.mux.marked ? null : pane);
    return { marked: ctx.mux.marked };
  },
});
