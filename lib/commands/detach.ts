// Detach clients: the one that pressed the key, or every client when run from the CLI.
import { field } from '../fields.js';
import { defineCommand } from './command.js';

export const detach = defineCommand({
  name: 'detach',
  describe: 'Detach every attached client (panes keep running)',
  fields: {},
  result: { detached: field.int({ min: 0 }).describe('the clients detached') },
  run: (ctx) => {
    const targets = ctx.client ? [ctx.client] : ctx.clients();
    for (const c of targets) c.detach();
    return { detached: targets.length };
  },
});
