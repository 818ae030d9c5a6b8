// List the paste buffers, newest first.
import { sanitizeText } from '../sanitize.js';
import { field } from '../fields.js';
import { defineCommand } from './command.js';

const PREVIEW = 50;

/** A buffer's name as a request gives it: printed by `buffers` and tmux's list-buffers, so no control characters. */
export const bufferName = field.string({ min: 1, max: 64, pattern: /^[^\x00-\x1f\x7f-\x9f]+$/, expected: 'a name without control characters' });

export const buffers = defineCommand({
  name: 'buffers',
  describe: 'List the paste buffers, newest first',
  details: '(`buffer1: 10 bytes: "..."`); at most 50 buffers, 1 MiB each, 16 MiB in all',
  fields: {},
  result: {
    buffers: field.array(field.object({
      name: field.string({ max: 64 }), bytes: field.int({ min: 0 }), createdAt: field.string({ max: 64, format: 'date-time' }), text: field.string({ max: 1 << 20 }),
    }), { max: 50 }).describe('newest first'),
  },
  run: (ctx) => ({
    buffers: ctx.mux.buffers.list().map((b) => ({
      name: b.name, bytes: Buffer.byteLength(b.text), createdAt: new Date(b.createdAt).toISOString(), text: b.text,
    })),
  }),
  print: (r) => r.buffers
    .map((b) => `${b.name}: ${b.bytes} bytes: "${sanitizeText(b.text.replace(/\s+/g, ' '), PREVIEW)}"`)
    .join('\n'),
});
