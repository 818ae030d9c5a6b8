// Select a window by index, or the next, previous or last one, as tmux's select-window.
import { field } from '../fields.js';
import { defineCommand, MAX_WINDOW_INDEX } from './command.js';
import { windowInfo } from './list-windows.js';

export const selectWindow = defineCommand({
  name: 'select-window',
  describe: 'Select a window: --index N, --next, --previous or --last',
  fields: {
    index: field.int({ min: 0, max: MAX_WINDOW_INDEX }).describe('window index').optional().cli(),
    next: field.bool().optional().cli({ describe: 'the next window' }),
    previous: field.bool().optional().cli({ describe: 'the previous window' }),
    last: field.bool().optional().cli({ describe: 'the window selected before this one' }),
  },
  rules: { exactlyOne: [['index', 'next', 'previous', 'last']] },
  result: { window: field.int({ min: 0, max: MAX_WINDOW_INDEX }).describe('the index of the window now selected') },
  run: (ctx, a) => {
    ctx.mux.windowChanges.selectBy(a.index !== undefined ? { index: a.index } : a.last ? 'last' : { step: a.next ? 1 : -1 });
    return { window: windowInfo(ctx.mux).find((w) => w.current)!.index };
  },
});
