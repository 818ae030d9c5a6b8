// `thurm notify`: the `[[notify.route]]`s of the config and their runs so far; `thurm notify test
// [--route NAME]` sends a sample notification through them at once (session/notify-routes.ts).
import { ThurmError } from '../errors.js';
import { field } from '../fields.js';
import { NOTIFY_ROUTE_STATS } from '../server/protocol.js';
import { defineCommand } from './command.js';

export const notify = defineCommand({
  name: 'notify',
  waits: true,
  describe: 'List the [[notify.route]]s with their runs; `notify test` sends a sample notification through them and says how each went',
  details: '(see [agents.md](agents.md#notifications-that-reach-you))',
  fields: {
    action: field.enum(['list', 'test'] as const).default('list').cli({ as: 'positional' }),
    route: field.string({ min: 1, max: 256 }).describe('only this route (test)').optional().cli({ placeholder: 'NAME' }),
  },
  result: {
    routes: field.array(NOTIFY_ROUTE_STATS),
    tested: field.array(field.object({ route: field.string({ max: 256 }), ok: field.bool(), error: field.string({ max: 512 }).nullable() })).optional(),
  },
  run: async (ctx, a) => {
    const routes = ctx.mux.notifyRoutes;
    if (a.action === 'list') return { routes: routes.describe() };
    const known = ctx.mux.config.notify.routes.map((r) => r.name);
    if (!known.length) throw new ThurmError('INVALID_ARGUMENT', 'notify test: the config has no [[notify.route]]');
    if (a.route !== undefined && !known.includes(a.route)) throw new ThurmError('NOT_FOUND', `notify test: no route ${a.route} (the config has ${known.join(', ')})`);
    const tested = (await routes.test(a.route)).map((d) => ({ route: d.route, ok: d.ok, error: d.error }));
    return { routes: routes.describe(), tested };
  },
  print: (r) => (r.tested
    ? r.tested.map((t) => `${t.route}: ${t.ok ? 'sent' : `failed: ${t.error}`}`).join('\n')
    : r.routes.length ? r.routes.map((s) => `${s.name}: ${s.delivered} sent, ${s.failed} failed${s.lastError ? ` (last: ${s.lastError})` : ''}`).join('\n')
      : 'no [[notify.route]] in the config'),
});
