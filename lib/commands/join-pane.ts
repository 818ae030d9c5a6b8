// Move a pane next to another pane, in that pane's window (an emptied window closes).
import { field } from '../fields.js';
import { defineCommand, paneField, resolvePane } from './command.js';

export const joinPane = defineCommand({
  name: 'join-pane',
  describe: 'Move a pane next to the --target pane, in its window',
  details: '(a window it leaves empty closes)',
  fields: {
    pane: paneField,
    target: field.string({ max: 32 }).describe('the pane to join').cli({ placeholder: 'ID' }),
    down: field.bool().default(false).cli({ describe: 'below the target (default: to its right)' }),
  },
  result: {},
  run: (ctx, a) => {
    ctx.mux.arrange.joinPane(resolvePane(ctx, a.pane), ctx.mux.pane(a.target).id, a.down ? 'down' : 'right');
    return {};
  },
});
