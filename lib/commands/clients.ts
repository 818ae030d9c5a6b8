// The attached clients, as tmux's list-clients: each one's size (the window's follows from them
// by window-size), whether it only watches, and since when; `detach --client ID` ends one.
import { field } from '../fields.js';
import type { ClientEntry } from '../session/client-sizes.js';
import { duration } from '../session/agents.js';
import { defineCommand } from './command.js';

export const clients = defineCommand({
  name: 'clients',
  describe: 'List the attached clients: size, read-only, attached since',
  fields: {},
  result: {
    clients: field.array(field.object({
      id: field.string({ max: 32 }).describe('its id, for `detach --client`'),
      cols: field.int({ min: 1 }),
      rows: field.int({ min: 1 }),
      readOnly: field.bool().describe('an observer: it does not size the window'),
      attachedAt: field.string({ max: 64, format: 'date-time' }),
      self: field.bool().describe('the client that asked (its `:` prompt)'),
      terminal: field.enum(['direct', 'relayed'] as const).describe('direct: the server reads and writes its terminal itself; relayed: through the client process'),
    }), { max: 1000 }),
  },
  run: (ctx) => ({
    clients: ctx.mux.clients.list().map((c) => ({
      id: c.id, cols: c.size.cols, rows: c.size.rows, readOnly: c.observer,
      attachedAt: new Date(c.attachedAt).toISOString(), self: c.id === ctx.client?.id,
      terminal: ctx.clients().find((h) => h.id === c.id)?.ttyPath ?? 'relayed',
    })),
  }),
  print: (r) => r.clients.map((c) => clientLine({ id: c.id, size: c }, c.readOnly, Date.parse(c.attachedAt), Date.now())).join('\n'),
});

/** `client 2: 80x24, read-only, attached 3m 05s ago`, as `thurm clients` and prefix D show it. */
export function clientLine(c: Pick<ClientEntry, 'id' | 'size'>, readOnly: boolean, attachedAt: number, now: number): string {
  return `client ${c.id}: ${c.size.cols}x${c.size.rows}${readOnly ? ', read-only' : ''}, attached ${duration(now - attachedAt)} ago`;
}
