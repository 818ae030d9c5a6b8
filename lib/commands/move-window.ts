// Give a window another index, a window already there taking the old one; or number every window
// again from base-index (tmux `move-window -r`).
import { ThurmError } from '../errors.js';
import { field } from '../fields.js';
import { defineCommand, MAX_WINDOW_INDEX, windowIndexField } from './command.js';

export const moveWindow = defineCommand({
  name: 'move-window',
  describe: 'Give a window another index (a window there takes the old one), or --renumber them all',
  fields: {
    index: windowIndexField,
    to: field.int({ min: 0, max: MAX_WINDOW_INDEX }).describe('the new index').optional().cli(),
    renumber: field.bool().describe('number every window again from base-index, in order, as tmux move-window -r').default(false).cli(),
  },
  result: {},
  run: (ctx, a) => {
    if (a.renumber) ctx.mux.windowChanges.renumber();
    else if (a.to === undefined) throw new ThurmError('INVALID_ARGUMENT', 'move-window: give --to INDEX or --renumber');
    else ctx.mux.windowChanges.move(ctx.mux.findWindow({ index: a.index }), a.to);
    return {};
  },
});
