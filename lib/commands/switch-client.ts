// Show another session in an attached client (tmux `switch-client`): the client that asked (its
// `:` prompt), the one --client names, else the one that typed last, as tmux picks its current
// client. The client attaches there as prefix s would have it.
import { ThurmError } from '../errors.js';
import { field } from '../fields.js';
import { sessionNames } from '../server/socket-path.js';
import { clientField, defineCommand, pickClient } from './command.js';

export const switchClient = defineCommand({
  name: 'switch-client',
  describe: 'Show another session in an attached client: --target NAME, or the --next or --previous one',
  fields: {
    target: field.string({ max: 64 }).describe('the session to show').optional().cli({ placeholder: 'NAME' }),
    next: field.bool().describe('the next session by name').default(false).cli(),
    previous: field.bool().describe('the previous session by name').default(false).cli(),
    client: clientField,
  },
  rules: { atLeastOne: [['target', 'next', 'previous']] },
  result: {},
  run: (ctx, a) => {
    if (a.target !== undefined && !sessionNames(ctx.mux.socketPath).includes(a.target)) throw new ThurmError('NOT_FOUND', `can't find session: ${a.target}`);
    pickClient(ctx, a.client).switchSession(a.target ?? (a.previous ? -1 : 1));
    return {};
  },
});
