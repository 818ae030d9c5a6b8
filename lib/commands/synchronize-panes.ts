// Type into every pane of the current window at once, or stop.
import { field } from '../fields.js';
import { defineCommand } from './command.js';

export const synchronizePanes = defineCommand({
  name: 'synchronize-panes',
  describe: 'Type into every pane of the current window at once (--off: stop)',
  details: '; `agent prompt` and `agent answer` still type into their one pane only',
  fields: { off: field.bool().describe('type into the focused pane only again').default(false).cli() },
  result: { synchronize: field.bool() },
  run: (ctx, a) => {
    ctx.mux.windowChanges.synchronize(!a.off);
    return { synchronize: !a.off };
  },
});
