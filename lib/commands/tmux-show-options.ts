// The tmux option values the tmux shim kept (tmux-set-option.ts), most specific scope first.
import { field } from '../fields.js';
import { MAX_OPTION_VALUE, MAX_OPTIONS } from '../session/tmux-options.js';
import { defineCommand } from './command.js';
import { scopeField } from './tmux-set-option.js';

export const tmuxShowOptions = defineCommand({
  name: 'tmux-show-options',
  socketOnly: true,
  describe: 'The tmux option values kept for the tmux shim',
  fields: { scopes: field.array(scopeField, { max: 3 }).describe('the scopes to read, most specific first').optional() },
  result: {
    values: field.record(field.string({ max: MAX_OPTION_VALUE }), { max: MAX_OPTIONS }).describe('each option kept, by name: the most specific scope\'s value'),
  },
  run: (ctx, a) => ({ values: ctx.mux.tmuxOptions.all(a.scopes ?? ['session']) }),
});
