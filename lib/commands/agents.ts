// Every pane that has a status, most pressing first: what prefix `a` shows, the far hosts'
// panes among them (hosts.json), and how each far host's link is.
import { field } from '../fields.js';
import { agentLines, duration, hostDownLine, overviewRows } from '../session/agents.js';
import { FAR_HOST_STATES } from '../session/hosts.js';
import { worktreeLabel, worktreeStatus } from '../session/worktrees.js';
import { SOURCES } from '../status/program-status.js';
import { STATES } from '../status/osc7501.js';
import { defineCommand } from './command.js';
import { USAGE_FIELD } from '../agent/usage.js';

export const agents = defineCommand({
  name: 'agents',
  describe: 'List every pane with a status, most pressing first, and for how long',
  details: '(a table: glyph, window, pane, state, time in it, app and message); a far host\'s panes (`thurm host add`) by host-qualified ids (`build:3`), marked stale while its link is down, then a line per host that is not live',
  fields: {},
  result: {
    agents: field.array(field.object({
      pane: field.string({ max: 80 }).describe('its id; a far host\'s pane as HOST:ID'),
      host: field.string({ max: 32 }).nullable().describe('the far host it is on; null: this session'),
      stale: field.bool().describe('a far host\'s row while its link is not live: what it last knew'),
      window: field.int({ min: 0 }).describe('the index of the window the pane is in'),
      state: field.enum(STATES),
      source: field.enum(SOURCES),
      app: field.string({ max: 64 }).nullable(),
      text: field.string({ max: 4096 }),
      since: field.string({ max: 64, format: 'date-time' }).describe('when the pane entered this state'),
      forMs: field.number().describe('how long ago that was, in ms'),
      worktree: field.object({
        branch: field.string({ max: 256 }).nullable(), base: field.string({ max: 256 }).nullable(), dir: field.string({ max: 4096 }),
        dirty: field.bool().describe('uncommitted changes, untracked files included'), ahead: field.int({ min: 0 }).nullable().describe('commits not on its base'),
      }).nullable().optional().describe('the git worktree of its own it is in (`agent new --worktree`); absent for a far host\'s pane'),
      usage: USAGE_FIELD.nullable().optional().describe('what its agent reported of its context, cost and limits, while it runs'),
    })).describe('most pressing first; stale rows after every live one'),
    hosts: field.array(field.object({
      name: field.string({ max: 32 }),
      dest: field.string({ max: 255 }),
      state: field.enum(FAR_HOST_STATES),
      error: field.string({ max: 256 }).nullable().describe('what ssh or the far thurm said'),
      since: field.string({ max: 64, format: 'date-time' }).describe('when the link entered this state'),
      seenAt: field.string({ max: 64, format: 'date-time' }).nullable().describe('when its agents were last known to be current'),
      pid: field.int({ min: 1 }).nullable().describe('the ssh that carries its events, while it runs'),
    })).describe('the far hosts of hosts.json and their links'),
  },
  run: async (ctx) => {
    const now = Date.now();
    const hosts = ctx.hosts?.list() ?? [];
    const rows = overviewRows(ctx.mux, hosts);
    const trees = await Promise.all(rows.map((r) => (r.host === null ? worktreeStatus(ctx.mux.pane(r.pane).cwd) : undefined)));
    return {
      agents: rows.map((r, i) => {
        const t = trees[i];
        const worktree = t && { branch: t.branch, base: t.base, dir: t.dir, dirty: t.dirty, ahead: t.ahead };
        return { ...r, worktree: t === undefined ? undefined : worktree, since: new Date(r.since).toISOString(), forMs: now - r.since };
      }),
      hosts: hosts.map((h) => ({
        name: h.name, dest: h.dest, state: h.state, error: h.error,
        since: new Date(h.since).toISOString(), seenAt: h.seenAt === null ? null : new Date(h.seenAt).toISOString(), pid: h.pid,
      })),
    };
  },
  print: (r) => {
    const now = Date.now();
    const down = r.hosts.filter((h) => h.state !== 'live').map((h) => hostDownLine(h)
      + (h.seenAt ? ` (last seen ${duration(now - Date.parse(h.seenAt))} ago)` : ''));
    return [...agentLines(r.agents.map((a) => ({ ...a, since: now - a.forMs, worktree: a.worktree ? worktreeLabel(a.worktree) : null })), now), ...down].join('\n');
  },
});
