// Replace the running server with the build on disk, keeping every pane running.
import { field } from '../fields.js';
import { defineCommand } from './command.js';

export const serverUpgrade = defineCommand({
  name: 'server-upgrade',
  group: 'server',
  describe: 'Replace the server with the build on disk; panes, history, records and reports stay',
  details: '(see [sessions.md](sessions.md#upgrading-the-server-in-place))',
  // The server bounds every step of the handover itself.
  waits: true,
  fields: {},
  result: { oldPid: field.int({ min: 1 }).describe('the server that handed over'), pid: field.int({ min: 1 }).describe('the server that took the session') },
  run: async (ctx) => ({ oldPid: process.pid, ...(await ctx.upgrade()) }),
  print: (r) => `server ${r.oldPid} handed the session to server ${r.pid}`,
});
