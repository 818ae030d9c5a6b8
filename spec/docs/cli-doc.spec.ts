// docs/cli.md's table of events is rendered from EVENTS (lib/server/protocol.ts), the declaration
// the events stream and the schema come from, so the doc cannot leave an event out.
import test from 'ava';
import type { JsonSchema } from '../../lib/fields.js';
import { EVENTS, EVENT_TYPES } from '../../lib/server/protocol.js';
import { checkGenerated } from '../helpers/generated-doc.js';

const BEGIN = '<!-- events: generated from EVENTS by spec/docs/cli-doc.spec.ts -->';
const END = '<!-- end of generated events -->';

/** A field's name, with its own fields when it is an object (`status` (`state`, `source`...)). */
function shown(name: string, schema: JsonSchema): string {
  const object = (Array.isArray(schema.anyOf) ? (schema.anyOf as JsonSchema[])[0] : schema).properties as Record<string, unknown> | undefined;
  return object ? `\`${name}\` (${Object.keys(object).map((k) => `\`${k}\``).join(', ')})` : `\`${name}\``;
}

function table(): string {
  return [
    '| type | pane | fields | when |',
    '|---|---|---|---|',
    ...EVENT_TYPES.map((type) => {
      const e = EVENTS[type];
      const fields = Object.entries(e.fields).map(([name, f]) => shown(name, f.schema)).join(', ');
      return `| \`${type}\` | ${e.pane ? 'yes' : ''} | ${fields} | ${e.describe} |`;
    }),
  ].join('\n');
}

test('docs/cli.md lists every event with its fields exactly as EVENTS declares them', (t) => {
  checkGenerated(t, 'docs/cli.md', BEGIN, END, table());
});
