// Detach clients: the one that pressed the key, or every client when run from the CLI.
import { defineCommand } from './command.js';

export const detach = defineCommand({
  name: 'detach',
  usage: 'detach',
  describe: 'Detach every attached client (panes keep running)',
  request: () => ({}),
  fields: {},
  run: (ctx) => {
    const targets = ctx.client ? [ctx.client] : ctx.clients();
    for (const c of targets) c.detach();
    return { detached: targets.length };
  },
});
