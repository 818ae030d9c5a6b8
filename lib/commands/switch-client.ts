// Show another session in an attached client (tmux `switch-client`): the client that asked (its
// `:` prompt), the one --client names, else the one that typed last, as tmux picks its current
// client. The client attaches there as prefix s would have it.
import { ThurmError } from '../errors.js';
import { field } from '../fields.js';
import { sessionNames } from '../server/socket-path.js';
import { defineCommand } from './command.js';

export const switchClient = defineCommand({
  name: 'switch-client',
  describe: 'Show another session in an attached client: --target NAME, or the --next or --previous one',
  fields: {
    target: field.string({ max: 64 }).describe('the session to show').optional().cli({ placeholder: 'NAME' }),
    next: field.bool().describe('the next session by name').default(false).cli(),
    previous: field.bool().describe('the previous session by name').default(false).cli(),
    client: field.string({ max: 32 }).describe('the client, as `thurm clients` lists it (default: the one that typed last)').optional().cli({ placeholder: 'ID' }),
  },
  rules: { atLeastOne: [['target', 'next', 'previous']] },
  result: {},
  run: (ctx, a) => {
    if (a.target !== undefined && !sessionNames(ctx.mux.socketPath).includes(a.target)) throw new ThurmError('NOT_FOUND', `can't find session: ${a.target}`);
    const latest = ctx.mux.clients.latest();
    const client = a.client !== undefined ? ctx.clients().find((c) => c.id === a.client) : (ctx.client ?? ctx.clients().find((c) => c.id === latest));
    if (!client) throw new ThurmError('NOT_FOUND', a.client !== undefined ? `no client ${a.client}` : 'no client attached');
    client.switchSession(a.target ?? (a.previous ? -1 : 1));
    return {};
  },
});
