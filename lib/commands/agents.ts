// Every pane that has a status, most pressing first: what prefix `a` shows.
import { agentRows, duration } from '../session/agents.js';
import { STATE_TABLE } from '../status/states.js';
import { defineCommand } from './command.js';

export const agents = defineCommand({
  name: 'agents',
  usage: 'agents',
  describe: 'List every pane with a status, most pressing first, and for how long',
  request: () => ({}),
  fields: {},
  run: (ctx) => {
    const now = Date.now();
    return {
      agents: agentRows(ctx.mux).map((r) => ({ ...r, since: new Date(r.since).toISOString(), forMs: now - r.since })),
    };
  },
  print: (r) => r.agents.map((a) => `${STATE_TABLE[a.state].glyph} pane ${a.pane} ${a.state.padEnd(7)} ${duration(a.forMs).padStart(7)}  ${a.app ?? '-'}${a.text ? `: ${a.text}` : ''}`).join('\n'),
});
