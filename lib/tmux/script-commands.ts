// Commands scripts use to work together: wait-for (lib/commands/wait-for.ts holds the channels
// in the server, which every tmux call of the session reaches).
import type { ShimCommand } from './context.js';
import { ShimError } from './errors.js';

const waitFor: ShimCommand = {
  name: 'wait-for',
  aliases: ['wait'],
  flags: 'LSU',
  run: async (ctx, args) => {
    if (args.rest.length !== 1) throw new ShimError('wait-for: expects one argument: the channel');
    const chosen = (['S', 'L', 'U'] as const).filter((f) => args.flags.has(f));
    if (chosen.length > 1) throw new ShimError('wait-for: -L, -S and -U exclude each other');
    const action = chosen.length ? ({ S: 'signal', L: 'lock', U: 'unlock' } as const)[chosen[0]] : 'wait';
    await ctx.request('wait-for', { channel: args.rest[0], action }, action === 'wait' || action === 'lock');
  },
};

export const SCRIPT_COMMANDS: ShimCommand[] = [waitFor];
