// Focus a pane exactly as the keyboard does: by id, by direction, or the next one.
import { ThurmError } from '../errors.js';
import { field } from '../fields.js';
import { focusNext, focusToward, mostUrgent } from '../session/navigation.js';
import { defineCommand, paneField, resolvePane } from './command.js';

const HEADINGS = ['left', 'right', 'up', 'down'] as const;

export const focus = defineCommand({
  name: 'focus',
  usage: 'focus',
  describe: 'Focus a pane by id, --direction, --next or --urgent',
  options: {
    pane: { type: 'string', describe: 'pane id to focus' },
    direction: { type: 'string', choices: HEADINGS, describe: 'focus the neighbour in a direction' },
    next: { type: 'boolean', describe: 'focus the next pane' },
    urgent: { type: 'boolean', describe: 'focus the pane that most needs you (blocked, error, done)' },
  },
  request: (argv) => ({ pane: argv.pane, direction: argv.direction, next: argv.next === true, urgent: argv.urgent === true }),
  fields: { pane: paneField, direction: field.enum(HEADINGS).optional(), next: field.bool().optional(), urgent: field.bool().optional() },
  rules: { atLeastOne: [['pane', 'direction', 'next', 'urgent']] },
  result: { pane: field.string({ max: 32 }).nullable().describe('the focused pane') },
  run: (ctx, a) => {
    if (a.pane !== undefined) ctx.mux.focus(resolvePane(ctx, a.pane));
    else if (a.direction) focusToward(ctx.mux, a.direction);
    else if (a.next) focusNext(ctx.mux);
    else if (a.urgent) {
      const urgent = mostUrgent(ctx.mux);
      if (!urgent) throw new ThurmError('NOT_FOUND', 'no pane needs you');
      ctx.mux.focus(urgent);
    }
    return { pane: ctx.mux.focused };
  },
});
