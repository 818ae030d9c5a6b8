// Enter copy mode on a pane: for the client whose key ran it, or for every attached client.
import { field } from '../fields.js';
import { defineCommand, paneField, resolvePane } from './command.js';

export const copyMode = defineCommand({
  name: 'copy-mode',
  describe: 'Enter copy mode on a pane in every attached client',
  fields: { pane: paneField },
  result: { pane: field.string({ max: 32 }), clients: field.int({ min: 0 }).describe('the attached clients that entered copy mode') },
  run: (ctx, a) => {
    const pane = resolvePane(ctx, a.pane);
    const targets = ctx.client ? [ctx.client] : ctx.clients();
    for (const c of targets) c.enterCopyMode(pane);
    return { pane, clients: targets.length };
  },
});
