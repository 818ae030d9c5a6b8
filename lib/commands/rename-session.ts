// Give the running session another name: `thurm ls`, `attach -t` and the status line use it
// from then on (see lib/server/rename-session.ts for what moves and what stays).
import { field } from '../fields.js';
import { isSessionName } from '../session/paths.js';
import { defineCommand } from './command.js';

export const renameSession = defineCommand({
  name: 'rename-session',
  describe: 'Give the session another name (letters, digits, ".", "_", "-")',
  details: '(see [guide.md](guide.md#renaming-a-session)); a name a running or saved session has is refused with `SESSION_EXISTS`',
  fields: {
    // The pattern says what isSessionName does, so that the schema shows it.
    name: field.string({ max: 64, pattern: /^(?!\.)[A-Za-z0-9_.-]{1,64}$/, expected: 'a session name: letters, digits, ".", "_", "-", not starting with "."' })
      .map((name, fail) => (isSessionName(name) ? name : fail(`invalid session name: ${JSON.stringify(name)}`)))
      .cli({ as: 'positional' }),
  },
  result: { session: field.string({ max: 64 }).describe('the session\'s name now') },
  run: async (ctx, a) => {
    await ctx.renameSession(a.name);
    return { session: ctx.mux.session };
  },
});
