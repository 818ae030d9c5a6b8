// Every pane that has a status, most pressing first: what prefix `a` shows.
import { field } from '../fields.js';
import { agentRows, duration } from '../session/agents.js';
import { SOURCES } from '../status/program-status.js';
import { STATES } from '../status/osc7501.js';
import { STATE_TABLE } from '../status/states.js';
import { defineCommand } from './command.js';

export const agents = defineCommand({
  name: 'agents',
  describe: 'List every pane with a status, most pressing first, and for how long',
  details: '(a table: glyph, pane, state, time in it, app and message)',
  fields: {},
  result: {
    agents: field.array(field.object({
      pane: field.string({ max: 32 }),
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
  print: (r) => r.agents.map((a) => `${STATE_TABLE[a.state].glyph} pane ${a.pane} ${a.state.padEnd(7)} ${duration(a.forMs).padStart(7)}  ${a.app ?? '-'}${a.text ? `: ${a.text}` : ''}`).join('\n'),
});
