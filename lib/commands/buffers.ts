// List the paste buffers, newest first, and set one from a script.
import { sanitizeText } from '../sanitize.js';
import { field } from '../fields.js';
import { defineCommand } from './command.js';

const PREVIEW = 50;

export const buffers = defineCommand({
  name: 'buffers',
  usage: 'buffers',
  describe: 'List the paste buffers, newest first',
  request: () => ({}),
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

export const setBuffer = defineCommand({
  name: 'set-buffer',
  usage: 'set-buffer <text..>',
  describe: 'Make TEXT the newest paste buffer',
  request: (argv) => ({ text: (argv.text as unknown[]).map(String).join(' ') }),
  fields: { text: field.string({ max: 32 * 1024 }) },
  result: { buffer: field.string({ max: 64 }).describe('the new buffer\'s name') },
  run: (ctx, a) => ({ buffer: ctx.mux.addBuffer(a.text).name }),
});
