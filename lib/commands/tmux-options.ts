// The option values the tmux shim keeps in the server: `set-option` stores one (by scope),
// `show-options` reads them back. Socket only: thurm's own settings live in config.toml.
import { ThurmError } from '../errors.js';
import { hasControl } from '../sanitize.js';
import { MAX_OPTION_VALUE, OPTION_NAME, OPTION_SCOPE } from '../session/tmux-options.js';
import { defineCommand, optString, optStringArray, reqString } from './command.js';

function scope(raw: Record<string, unknown>, key = 'scope'): string {
  const v = reqString(raw, key, 16);
  if (!OPTION_SCOPE.test(v)) throw new ThurmError('INVALID_ARGUMENT', `${key}: expected session, @N or %N`);
  return v;
}

export const tmuxSetOption = defineCommand({
  name: 'tmux-set-option',
  socketOnly: true,
  usage: 'tmux-set-option',
  describe: 'Keep a tmux option value for the tmux shim',
  request: () => ({}),
  parse: (raw) => {
    const name = reqString(raw, 'name', 65);
    if (!OPTION_NAME.test(name)) throw new ThurmError('INVALID_ARGUMENT', `name: not an option name: ${JSON.stringify(name)}`);
    const value = optString(raw, 'value', MAX_OPTION_VALUE);
    if (value !== undefined && hasControl(value)) throw new ThurmError('INVALID_ARGUMENT', 'value: control characters are not allowed');
    return { scope: scope(raw), name, value: value ?? null };
  },
  run: (ctx, a) => {
    ctx.mux.setTmuxOption(a.scope, a.name, a.value);
    return {};
  },
});

export const tmuxShowOptions = defineCommand({
  name: 'tmux-show-options',
  socketOnly: true,
  usage: 'tmux-show-options',
  describe: 'The tmux option values kept for the tmux shim',
  request: () => ({}),
  parse: (raw) => {
    const scopes = optStringArray(raw, 'scopes', 3) ?? ['session'];
    if (!scopes.every((s) => OPTION_SCOPE.test(s))) throw new ThurmError('INVALID_ARGUMENT', 'scopes: expected session, @N or %N');
    return { scopes };
  },
  run: (ctx, a) => ({ values: ctx.mux.tmuxOptions.all(a.scopes) }),
});
