// Every pane that has a status, most pressing first: what prefix `a` shows.
import { field } from '../fields.js';
import { agentLines, agentRows } from '../session/agents.js';
import { SOURCES } from '../status/program-status.js';
import { STATES } from '../status/osc7501.js';
import { defineCommand } from './command.js';

export const agents = defineCommand({
  name: 'agents',
  describe: 'List every pane with a status, most pressing first, and for how long',
  details: '(a table: glyph, window, pane, state, time in it, app and message)',
  fields: {},
  result: {
    agents: field.array(field.object({
      pane: field.string({ max: 32 }),
      window: field.int({ min: 0 }).describe('the index of the window the pane is in'),
      state: field.enum(STATES),
      source: field.enum(SOURCES),
      app: field.string({ max: 64 }).nullable(),
      text: field.string({ max: 4096 }),
      since: field.string({ max: 64, format: 'date-time' }).describe('when the pane entered this state'),
      forMs: field.number().describe('how long ago that was, in ms'),
    })).describe('most pressing first'),
  },
  run: (ctx) => {
    const now = Date.now();
    return {
      agents: agentRows(ctx.mux).map((r) => ({ ...r, since: new Date(r.since).toISOString(), forMs: now - r.since })),
    };
  },
  print: (r) => {
    const now = Date.now();
    return agentLines(r.agents.map((a) => ({ ...a, since: now - a.forMs })), now).join('\n');
  },
});
