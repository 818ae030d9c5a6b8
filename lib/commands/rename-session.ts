// Give the running session another name: `thurm ls`, `attach -t` and the status line use it
// from then on (see lib/server/rename-session.ts for what moves and what stays).
import { checkSessionName } from '../session/paths.js';
import { defineCommand, reqString, type CliArgs } from './command.js';

export const renameSession = defineCommand({
  name: 'rename-session',
  usage: 'rename-session <name>',
  describe: 'Give the session another name (letters, digits, ".", "_", "-")',
  request: (argv: CliArgs) => ({ name: String(argv.name) }),
  parse: (raw) => ({ name: checkSessionName(reqString(raw, 'name', 64)) }),
  run: async (ctx, a) => {
    await ctx.renameSession(a.name);
    return { session: ctx.mux.session };
  },
});
