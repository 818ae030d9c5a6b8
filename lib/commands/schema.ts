// `thurm schema`: the JSON Schema of every socket request and event, from the declarations. The CLI prints
// its own build's without a session; the `schema` request gives the server's.
import { field } from '../fields.js';
import { defineCommand } from './command.js';
import { oneRequestSchema, protocolSchema } from './request-schema.js';

export const schema = defineCommand({
  name: 'schema',
  local: true,
  usage: 'schema',
  describe: 'Print the JSON Schema of every socket request and event (--command TYPE: of one request)',
  options: { command: { type: 'string', describe: 'one request type, e.g. split or agent-report' } },
  fields: { command: field.string({ max: 64 }).describe('one request type (default: all of them)').optional() },
  request: (argv) => ({ command: argv.command === undefined ? undefined : String(argv.command) }),
  run: async (_ctx, a) => {
    // Loaded here: index.ts loads every command, this one among them.
    const { COMMANDS } = await import('./index.js');
    return a.command === undefined ? protocolSchema(COMMANDS) : oneRequestSchema(COMMANDS, a.command);
  },
  print: (s) => JSON.stringify(s, null, 2),
});
