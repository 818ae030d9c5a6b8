// Select a window by index, or the next, previous or last one, as tmux's select-window; with
// --alert the next or previous one where a pane needs you (tmux's next-window -a).
import { ThurmError } from '../errors.js';
import { field } from '../fields.js';
import { windowState } from '../session/agents.js';
import type { Mux } from '../session/mux.js';
import { needsYou } from '../status/states.js';
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
    alert: field.bool().optional().cli({ describe: 'with --next or --previous: the next or previous window where a pane needs you' }),
  },
  rules: { exactlyOne: [['index', 'next', 'previous', 'last']] },
  result: { window: field.int({ min: 0, max: MAX_WINDOW_INDEX }).describe('the index of the window now selected') },
  run: (ctx, a) => {
    const step = a.next ? 1 : -1;
    if (a.alert && !a.next && !a.previous) throw new ThurmError('INVALID_ARGUMENT', 'select-window: --alert goes with --next or --previous');
    ctx.mux.windowChanges.selectBy(a.index !== undefined ? { index: a.index } : a.last ? 'last' : a.alert ? { index: alerted(ctx.mux, step) } : { step });
    return { window: windowInfo(ctx.mux).find((w) => w.current)!.index };
  },
});

/** The index of the first window after (1) or before (-1) the current one, around, where a pane needs you. */
function alerted(mux: Mux, step: 1 | -1): number {
  const windows = mux.windowList();
  const at = windows.findIndex((w) => w.current);
  for (let i = 1; i < windows.length; i++) {
    const { window } = windows[(at + step * i + windows.length * i) % windows.length];
    if (needsYou(windowState(mux, window))) return window.index;
  }
  throw new ThurmError('NOT_FOUND', 'no other window needs you');
}
