// Focus a pane exactly as the keyboard does: by id, by direction, or the next one.
import { ThurmError } from '../errors.js';
import { field } from '../fields.js';
import { focusNext, focusToward, lastPane, mostUrgent } from '../session/navigation.js';
import { defineCommand, HEADINGS, paneField, paneId, resolvePane } from './command.js';

export const focus = defineCommand({
  name: 'focus',
  describe: 'Focus a pane by id, --direction, --next, --last or --urgent',
  details: ', as the keys do',
  fields: {
    // A pane to focus is named, never taken from THURM_PANE_ID.
    pane: paneField.cli({ describe: 'pane id to focus, `3` or `%3`', read: paneId }),
    direction: field.enum(HEADINGS).optional().cli({ describe: 'focus the neighbour in a direction' }),
    next: field.bool().optional().cli({ describe: 'focus the next pane' }),
    last: field.bool().optional().cli({ describe: 'focus the pane focused before this one in its window (tmux\'s last-pane)' }),
    urgent: field.bool().optional().cli({ describe: 'focus the pane that most needs you (blocked, error, done)' }),
  },
  rules: { atLeastOne: [['pane', 'direction', 'next', 'last', 'urgent']] },
  result: { pane: field.string({ max: 32 }).nullable().describe('the focused pane') },
  run: (ctx, a) => {
    if (a.pane !== undefined) ctx.mux.focus(resolvePane(ctx, a.pane));
    else if (a.direction) focusToward(ctx.mux, a.direction);
    else if (a.next) focusNext(ctx.mux);
    else if (a.last) {
      const last = lastPane(ctx.mux, resolvePane(ctx, undefined));
      if (!last) throw new ThurmError('NOT_FOUND', 'no last pane');
      ctx.mux.focus(last);
    }
    else if (a.urgent) {
      const urgent = mostUrgent(ctx.mux);
      if (!urgent) throw new ThurmError('NOT_FOUND', 'no pane needs you');
      ctx.mux.focus(urgent);
    }
    return { pane: ctx.mux.focused };
  },
});
