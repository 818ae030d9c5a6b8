// Bind a key while the session runs (tmux `bind-key`): after the prefix, or on its own with
// --root, it runs a command line as prefix : would (thurm's syntax or tmux's). `unbind-key` undoes it.
import { ThurmError } from '../errors.js';
import { field } from '../fields.js';
import { MAX_BIND_COMMAND } from '../session/key-binds.js';
import { commandLine } from '../tmux/command-string.js';
import { defineCommand } from './command.js';

const key = field.string({ min: 1, max: 32 }).describe('a key name: "X", "C-a", "M-h", "F5"').cli({ as: 'positional' });
const root = field.bool().describe('the key alone, without the prefix (tmux -n)').default(false).cli();

export const bindKey = defineCommand({
  name: 'bind-key',
  describe: 'Bind KEY (after the prefix, or --root alone) to a command line, as [[keys.bind]] does, until unbind-key',
  fields: {
    key,
    // After `--` on the CLI, so that its own flags stay its own: `thurm bind-key X -- split --right`.
    command: field.string({ min: 1, max: MAX_BIND_COMMAND }).describe('the command line, as typed at prefix :')
      .cli({ as: 'argv', read: (words) => (Array.isArray(words) ? commandLine(words.map(String)) : words) }),
    root,
  },
  result: {},
  run: (ctx, a) => {
    ctx.mux.bindKey({ key: a.key, command: a.command, prefix: !a.root });
    return {};
  },
});

export const unbindKey = defineCommand({
  name: 'unbind-key',
  describe: 'Take back a key bind-key bound',
  fields: { key, root },
  result: {},
  run: (ctx, a) => {
    if (!ctx.mux.unbindKey(a.key, !a.root)) throw new ThurmError('NOT_FOUND', `no key bound with bind-key: ${a.root ? '' : 'prefix '}${a.key}`);
    return {};
  },
});
