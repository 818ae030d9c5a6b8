// Detach clients: the one that pressed the key, the one named, or every client when run from the CLI.
import { ThurmError } from '../errors.js';
import { field } from '../fields.js';
import { defineCommand } from './command.js';

export const detach = defineCommand({
  name: 'detach',
  describe: 'Detach every attached client, or the one --client names (panes keep running)',
  fields: { client: field.string({ max: 32 }).describe('the client to detach, as `thurm clients` lists it').optional().cli({ placeholder: 'ID' }) },
  result: { detached: field.int({ min: 0 }).describe('the clients detached') },
  run: (ctx, a) => {
    const named = a.client === undefined ? null : ctx.clients().find((c) => c.id === a.client);
    if (named === undefined) throw new ThurmError('NOT_FOUND', `no client ${a.client}`);
    const targets = named ? [named] : ctx.client ? [ctx.client] : ctx.clients();
    for (const c of targets) c.detach();
    return { detached: targets.length };
  },
});
