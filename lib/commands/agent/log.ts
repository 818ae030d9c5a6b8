// `thurm agent log`: a pane's status changes, oldest first, with their times, sources and
// messages: what an agent did while nobody looked (session/timeline.ts).
import { field } from '../../fields.js';
import { SOURCES } from '../../status/program-status.js';
import { KINDS, STATES } from '../../status/osc7501.js';
import { sinceTime, timelineLines } from '../../session/timeline.js';
import { defineCommand, paneField, resolvePane } from '../command.js';

const ENTRY = field.object({
  at: field.string({ max: 64, format: 'date-time' }),
  state: field.enum([...STATES, 'none']),
  source: field.enum(SOURCES),
  kind: field.enum(KINDS).nullable(),
  app: field.string({ max: 64 }).nullable(),
  text: field.string({ max: 256 }),
  progress: field.int({ min: 0, max: 100 }).nullable(),
});

export const agentLog = defineCommand({
  name: 'agent-log',
  group: 'agent',
  describe: 'Show a pane\'s status changes, oldest first, with their times, sources and messages',
  details: '(the newest 500 a pane; kept with the session)',
  fields: {
    pane: paneField,
    since: field.string({ max: 64 }).describe('only what happened in the last DURATION (`30s`, `10m`, `2h`, `1d`) or since an ISO 8601 time').optional()
      .cli({ placeholder: 'WHEN' }),
  },
  result: { pane: field.string({ max: 32 }), entries: field.array(ENTRY) },
  run: (ctx, a) => {
    const id = resolvePane(ctx, a.pane);
    const since = a.since === undefined ? 0 : sinceTime(a.since, Date.now());
    const entries = ctx.mux.pane(id).timeline.list(since).map((e) => ({ ...e, at: new Date(e.at).toISOString() }));
    return { pane: id, entries };
  },
  print: (r) => timelineLines(r.entries.map((e) => ({ ...e, at: Date.parse(e.at) }))).join('\n'),
});
