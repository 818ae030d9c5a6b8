// End the session: every pane's program and the server.
import { defineCommand } from './command.js';

export const killServer = defineCommand({
  name: 'kill-server',
  describe: 'End the session, its panes and its server',
  fields: {},
  result: {},
  run: (ctx) => {
    ctx.shutdown();
    return {};
  },
});
