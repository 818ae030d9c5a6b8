// `thurm schema`: the JSON Schema of every socket request and event, from the declarations. The CLI prints
// its own build's without a session; the `schema` request gives the server's.
import { field, type Output } from '../fields.js';
import { defineCommand } from './command.js';
import { oneRequestSchema, protocolSchema } from './request-schema.js';

const TEXT = field.string({ max: 4096 });
const SCHEMAS = field.array(field.json());

/** A JSON Schema document as protocolSchema and oneRequestSchema make them: every key they may write. */
const SCHEMA_DOCUMENT = {
  $schema: TEXT.describe('the dialect: JSON Schema draft 2020-12'),
  $id: TEXT.describe('the protocol\'s id (the whole protocol only)').optional(),
  title: TEXT,
  description: TEXT.optional(),
  type: field.enum(['object']).optional(),
  properties: field.record(field.json()).describe('one request\'s fields').optional(),
  required: field.array(TEXT).optional(),
  additionalProperties: field.bool().optional(),
  oneOf: SCHEMAS.optional(),
  anyOf: SCHEMAS.optional(),
  allOf: SCHEMAS.optional(),
  $defs: field.record(field.json()).describe('requests, results, events and messages by name').optional(),
};

export const schema = defineCommand({
  name: 'schema',
  local: true,
  describe: 'Print the JSON Schema of every socket request and event (--command TYPE: of one request)',
  details: ', from this build; needs no session (see [below](#the-socket-protocol-and-its-schema))',
  fields: {
    command: field.string({ max: 64 }).describe('one request type (default: all of them)').optional()
      .cli({ placeholder: 'TYPE', describe: 'one request type, e.g. split or agent-report' }),
  },
  result: SCHEMA_DOCUMENT,
  run: async (_ctx, a) => {
    // Loaded here: index.ts loads every command, this one among them.
    const { COMMANDS } = await import('./index.js');
    // The schema functions build documents of these keys, typed as any JSON Schema.
    return (a.command === undefined ? protocolSchema(COMMANDS) : oneRequestSchema(COMMANDS, a.command)) as Output<typeof SCHEMA_DOCUMENT>;
  },
  print: (s) => JSON.stringify(s, null, 2),
});
