// The option values the tmux shim keeps in the server: `set-option` stores one (by scope),
// `show-options` reads them back. Socket only: thurm's own settings live in config.toml.
import { field } from '../fields.js';
import { MAX_OPTION_VALUE, MAX_OPTIONS, OPTION_NAME, OPTION_SCOPE } from '../session/tmux-options.js';
import { defineCommand } from './command.js';

const scopeField = field.string({ max: 16, pattern: OPTION_SCOPE, expected: 'session, @N or %N' });

export const tmuxSetOption = defineCommand({
  name: 'tmux-set-option',
  socketOnly: true,
  usage: 'tmux-set-option',
  describe: 'Keep a tmux option value for the tmux shim',
  request: () => ({}),
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

export const tmuxShowOptions = defineCommand({
  name: 'tmux-show-options',
  socketOnly: true,
  usage: 'tmux-show-options',
  describe: 'The tmux option values kept for the tmux shim',
  request: () => ({}),
  fields: { scopes: field.array(scopeField, { max: 3 }).describe('the scopes to read, most specific first').optional() },
  result: {
    values: field.record(field.string({ max: MAX_OPTION_VALUE }), { max: MAX_OPTIONS }).describe('each option kept, by name: the most specific scope\'s value'),
  },
  run: (ctx, a) => ({ values: ctx.mux.tmuxOptions.all(a.scopes ?? ['session']) }),
});
