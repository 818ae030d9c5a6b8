// Give a window another index; a window already there takes the old one.
import { field } from '../fields.js';
import { defineCommand, MAX_WINDOW_INDEX, windowIndexField } from './command.js';

export const moveWindow = defineCommand({
  name: 'move-window',
  describe: 'Give a window another index (a window there takes the old one)',
  fields: { index: windowIndexField, to: field.int({ min: 0, max: MAX_WINDOW_INDEX }).describe('the new index').cli() },
  result: {},
  run: (ctx, a) => {
    ctx.mux.windowChanges.move(ctx.mux.findWindow({ index: a.index }), a.to);
    return {};
  },
});
