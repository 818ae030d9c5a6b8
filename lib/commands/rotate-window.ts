// Move every pane of the current window one place on, or back.
import { field } from '../fields.js';
import { defineCommand } from './command.js';

export const rotateWindow = defineCommand({
  name: 'rotate-window',
  describe: 'Move every pane of the window one place on (--back: one place back)',
  fields: { back: field.bool().default(false).cli({ describe: 'rotate the other way' }) },
  result: {},
  run: (ctx, a) => {
    ctx.mux.arrange.rotateWindow(a.back ? -1 : 1);
    return {};
  },
});
