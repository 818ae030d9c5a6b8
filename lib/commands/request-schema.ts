// The JSON Schema (draft 2020-12) of the socket protocol, made from the declarations alone: each
// command's fields, the connection modes (attach, subscribe) and the envelope every request
// carries, every command's declared result, every event of the events stream (EVENTS), the
// snapshot line that starts `thurm events --json` (EVENTS_SNAPSHOT) and the
// text messages of an attached connection (ATTACH_MESSAGES).
// What `thurm schema` prints and the `schema` request answers.
import { ThurmError } from '../errors.js';
import { objectSchema, type JsonSchema, type Rules, type Shape } from '../fields.js';
import { ATTACH_MESSAGES, CONNECTION_MODES, EVENTS, EVENTS_SNAPSHOT, MAX_REQUEST_ID, PROTOCOL_VERSION } from '../server/protocol.js';
import type { Command } from './command.js';
import { aliasesOf } from './table.js';

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

interface Declared { name: string; aliases?: string[]; describe: string; fields: Shape; rules?: Rules; result?: Shape }

/** The envelope's keys; `attach` alone must say its version. */
function envelope(types: string[]): Record<string, JsonSchema> {
  return {
    id: { description: 'chosen by the client; the reply carries it back', anyOf: [{ type: 'number' }, { type: 'string', maxLength: MAX_REQUEST_ID }] },
    type: types.length === 1 ? { const: types[0] } : { enum: types },
    version: { description: 'the protocol version the client speaks; another is refused (PROTOCOL_ERROR)', const: PROTOCOL_VERSION },
  };
}

function requestSchema(d: Declared): JsonSchema {
  const { required = [], ...rest } = objectSchema(d.fields, d.rules, envelope([d.name, ...(d.aliases ?? [])])) as JsonSchema & { required?: string[] };
  const always = d.name === 'attach' ? ['type', 'version'] : ['type'];
  return { title: d.name, description: d.describe, ...rest, required: [...always, ...required] };
}

function declared(commands: readonly Command<any, any>[]): Declared[] {
  return [...commands.map((c) => ({ ...c, aliases: aliasesOf(c.name) })), ...Object.entries(CONNECTION_MODES).map(([name, mode]) => ({ name, ...mode }))];
}

/** An event of `type` as the stream sends it, in the `event` of a `{"type": "event", "event"}` frame. */
function eventSchema(type: keyof typeof EVENTS): JsonSchema {
  const { pane, describe, fields } = EVENTS[type];
  const { required = [], ...rest } = objectSchema(fields, {}, {
    type: { const: type },
    seq: { description: 'the order of events on this stream, from 1', type: 'integer', minimum: 1 },
    at: { description: 'when it happened (ISO 8601)', type: 'string', format: 'date-time' },
    ...(pane && { pane: { description: 'the pane it happened to', type: 'string', maxLength: 32 } }),
  }) as JsonSchema & { required?: string[] };
  return { title: `${type} event`, description: describe, ...rest, required: ['type', 'seq', 'at', ...(pane ? ['pane'] : []), ...required] };
}

/**
 * Every request as one schema: a `oneOf` told apart by `type`, each request (and declared
 * result) in `$defs`, and each event as `$defs["event.TYPE"]` (`$defs.event`: any of them).
 */
export function protocolSchema(commands: readonly Command<any, any>[]): JsonSchema {
  const all = declared(commands);
  const defs: Record<string, JsonSchema> = {};
  for (const d of all) {
    defs[d.name] = requestSchema(d);
    if (d.result) defs[`${d.name}.result`] = { title: `${d.name} result`, ...objectSchema(d.result) };
  }
  const events = Object.keys(EVENTS) as (keyof typeof EVENTS)[];
  for (const type of events) defs[`event.${type}`] = eventSchema(type);
  defs.event = { title: 'an event of the events stream (subscribe)', oneOf: events.map((type) => ({ $ref: `#/$defs/event.${type}` })) };
  defs.snapshot = { title: 'the snapshot line of thurm events --json', description: EVENTS_SNAPSHOT.describe, ...objectSchema(EVENTS_SNAPSHOT.fields) };
  for (const [type, m] of Object.entries(ATTACH_MESSAGES)) {
    const { required = [], ...rest } = objectSchema(m.fields, {}, { type: { const: type } }) as JsonSchema & { required?: string[] };
    defs[`attach.${type}`] = { title: `${type} message of an attached connection, from the ${m.from}`, description: m.describe, ...rest, required: ['type', ...required] };
  }
  return {
    $schema: DIALECT,
    $id: `urn:thurm:protocol:${PROTOCOL_VERSION}`,
    title: `thurm socket requests, protocol ${PROTOCOL_VERSION}`,
    description: 'One JSON object per text frame. The reply is {"id", "ok": true, "result"} or {"id", "ok": false, "error": {"code", "message"}}.',
    oneOf: all.map((d) => ({ $ref: `#/$defs/${d.name}` })),
    $defs: defs,
  };
}

/** One request's schema (its result's in `$defs.result`, where declared); NOT_FOUND for a type thurm lacks. */
export function oneRequestSchema(commands: readonly Command<any, any>[], type: string): JsonSchema {
  const d = declared(commands).find((c) => c.name === type || c.aliases?.includes(type));
  if (!d) throw new ThurmError('NOT_FOUND', `no such request type: ${type}`);
  return {
    $schema: DIALECT,
    ...requestSchema(d),
    ...(d.result && { $defs: { result: { title: `${d.name} result`, ...objectSchema(d.result) } } }),
  };
}
