// The tmux shim keeps its tmux option values in the server: `set-option` stores one by scope
// (tmux-show-options.ts reads them back). Socket only: thurm's own settings live in config.toml.
import { field } from '../fields.js';
import { MAX_OPTION_VALUE, OPTION_NAME, OPTION_SCOPE } from '../session/tmux-options.js';
import { defineCommand } from './command.js';

export const scopeField = field.string({ max: 16, pattern: OPTION_SCOPE, expected: 'session, @N or %N' });

export const tmuxSetOption = defineCommand({
  name: 'tmux-set-option',
  socketOnly: true,
  describe: 'Keep a tmux option value for the tmux shim',
  fields: {
    scope: scopeField.describe('where the value applies: the session, a window @N or a pane %N'),
    name: field.string({ max: 65, pattern: OPTION_NAME, expected: 'an option name' }),
    value: field.string({ max: MAX_OPTION_VALUE, pattern: /^[^\u0000-\u001f\u007f-\u009f]*$/, expected: 'text without control characters' })
      .describe('the value (null: unset it)').nullable(),
  },
  result: {},
  run: (ctx, a) => {
    ctx.mux.setTmuxOption(a.scope, a.name, a.value ?? null);
    return {};
  },
});
