// Paste a paste buffer into a pane, as typed: bracketed when the pane's program asked for it.
import { ThurmError } from '../errors.js';
import { pasteBytes } from '../term/keys.js';
import { field } from '../fields.js';
import { defineCommand, paneField, resolvePane } from './command.js';

export const paste = defineCommand({
  name: 'paste',
  describe: 'Paste the newest paste buffer (or --buffer NAME) into a pane',
  details: 'as typed (bracketed when its program asked for it)',
  fields: {
    pane: paneField,
    buffer: field.string({ max: 64 }).describe('buffer name (default: the newest)').optional()
      .cli({ placeholder: 'NAME', describe: 'buffer name, as `thurm buffers` lists them' }),
  },
  result: { pane: field.string({ max: 32 }), buffer: field.string({ max: 64 }).describe('the buffer pasted') },
  run: (ctx, a) => {
    const pane = ctx.mux.pane(resolvePane(ctx, a.pane));
    const buffer = ctx.mux.buffers.get(a.buffer);
    if (!buffer) throw new ThurmError('NOT_FOUND', a.buffer ? `no such buffer: ${a.buffer}` : 'no paste buffer');
    ctx.mux.typeInto(pane.id, pasteBytes(buffer.text, pane.term.modes));
    return { pane: pane.id, buffer: buffer.name };
  },
});
