// Paste a paste buffer into a pane, as typed: bracketed when the pane's program asked for it.
import { ThurmError } from '../errors.js';
import { pasteBytes } from '../term/keys.js';
import { field } from '../fields.js';
import { bufferName } from './buffers.js';
import { defineCommand, paneField, resolvePane } from './command.js';

export const paste = defineCommand({
  name: 'paste',
  describe: 'Paste the newest paste buffer (or --buffer NAME) into a pane',
  details: 'as typed (bracketed when its program asked for it, unless `--plain`); `--separator TEXT` types TEXT for each newline, `--delete` removes the buffer once pasted',
  fields: {
    pane: paneField,
    buffer: bufferName.describe('buffer name (default: the newest)').optional()
      .cli({ placeholder: 'NAME', describe: 'buffer name, as `thurm buffers` lists them' }),
    separator: field.string({ max: 16 }).describe('what each newline becomes (default: kept)').optional()
      .cli({ placeholder: 'TEXT', describe: 'type TEXT for each newline (tmux paste-buffer types a carriage return, as Enter does)' }),
    plain: field.bool().default(false).describe('never bracketed').cli({ describe: 'never bracketed, even when its program asked (tmux paste-buffer without -p)' }),
    delete: field.bool().default(false).describe('remove the buffer once pasted').cli({ describe: 'remove the buffer once pasted' }),
  },
  result: { pane: field.string({ max: 32 }), buffer: field.string({ max: 64 }).describe('the buffer pasted') },
  run: (ctx, a) => {
    const pane = ctx.mux.pane(resolvePane(ctx, a.pane));
    const buffer = ctx.mux.buffers.get(a.buffer);
    if (!buffer) throw new ThurmError('NOT_FOUND', a.buffer ? `no such buffer: ${a.buffer}` : 'no paste buffer');
    const text = a.separator === undefined ? buffer.text : buffer.text.split('\n').join(a.separator);
    ctx.mux.typeInto(pane.id, pasteBytes(text, a.plain ? { bracketedPasteMode: false } : pane.term.modes));
    if (a.delete) ctx.mux.deleteBuffer(buffer.name);
    return { pane: pane.id, buffer: buffer.name };
  },
});
