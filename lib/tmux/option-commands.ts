// tmux options: set-option is accepted for any option (tools style their panes with it) and
// applied where thurm has the same thing (synchronize-panes); show-options answers what thurm
// does by default, in tmux's terms. Values set are not kept: thurm has no options store.
import type { ShimCommand } from './context.js';
import { ShimError } from './errors.js';
import { tmuxOptions } from './options.js';

const setOption: ShimCommand = {
  name: 'set-option',
  aliases: ['set', 'set-window-option', 'setw'],
  flags: 'aFgopqsuUwt:',
  run: async (ctx, args) => {
    const [name, v] = args.rest;
    if (name === undefined) throw new ShimError('set-option: expects an option name');
    if (name === 'synchronize-panes' && !args.flags.has('u')) {
      const off = v === undefined ? undefined : v === 'off' || v === '0';
      if (v !== undefined && !off && v !== 'on' && v !== '1') throw new ShimError(`set-option: bad value for synchronize-panes: ${v}`);
      await ctx.request('synchronize-panes', { off: off ?? false });
    }
  },
};

const showOptions: ShimCommand = {
  name: 'show-options',
  aliases: ['show', 'show-window-options', 'showw'],
  flags: 'AgHpqsvwt:',
  run: async (ctx, args) => {
    const known = tmuxOptions();
    const name = args.rest[0];
    const names = name === undefined ? Object.keys(known).sort() : [name];
    if (name !== undefined && !Object.hasOwn(known, name)) {
      if (args.flags.has('q')) return;
      throw new ShimError(`invalid option: ${name}`);
    }
    ctx.print(names.map((n) => (args.flags.has('v') ? known[n] : `${n} ${known[n]}`)));
  },
};

export const OPTION_COMMANDS: ShimCommand[] = [setOption, showOptions];
