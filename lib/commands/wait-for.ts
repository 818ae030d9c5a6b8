// tmux's wait-for, for scripts that wait for each other (session/wait-channels.ts). Socket only:
// its command line is tmux's (`thurm wait-for -S NAME`, or `tmux wait-for` in a pane).
import { field } from '../fields.js';
import type { Mux } from '../session/mux.js';
import { WaitChannels } from '../session/wait-channels.js';
import { defineCommand } from './command.js';

/**
 * The channels of each session's server. They are no state of the session (nothing saves or
 * shows them), so the Mux does not hold them; they end with it, releasing whoever still waits.
 */
const channelsOf = new WeakMap<Mux, WaitChannels>();

function channels(mux: Mux): WaitChannels {
  let known = channelsOf.get(mux);
  if (!known) {
    const created = new WaitChannels();
    channelsOf.set(mux, (known = created));
    const sub = mux.subscribe((e) => {
      if (e.type !== 'session-ended') return;
      sub.dispose();
      created.flush();
    });
  }
  return known;
}

export const waitFor = defineCommand({
  name: 'wait-for',
  socketOnly: true,
  waits: true,
  describe: 'Wait for a channel to be signalled, signal it, or take or give back its lock (tmux\'s wait-for)',
  fields: {
    channel: field.string({ min: 1, max: 256, pattern: /^[^\x00-\x1f\x7f-\x9f]+$/, expected: 'a name without control characters' }).describe('the channel\'s name'),
    action: field.enum(['wait', 'signal', 'lock', 'unlock'] as const)
      .describe('wait until signalled (a signal sent before is kept for the next wait), signal every waiter, take the lock (waiting for it), give it back')
      .default('wait'),
  },
  result: {},
  run: async (ctx, a) => {
    const all = channels(ctx.mux);
    if (a.action === 'signal') all.signal(a.channel);
    else if (a.action === 'unlock') all.unlock(a.channel);
    else if (a.action === 'lock') await all.lock(a.channel, ctx.signal);
    else await all.wait(a.channel, ctx.signal);
    return {};
  },
});
