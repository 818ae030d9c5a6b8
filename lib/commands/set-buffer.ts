// Make a script's text the newest paste buffer, a named one, or the end of one.
import { field } from '../fields.js';
import { bufferName } from './buffers.js';
import { defineCommand } from './command.js';

export const setBuffer = defineCommand({
  name: 'set-buffer',
  describe: 'Make TEXT the newest paste buffer, or the buffer NAME (replacing it)',
  details: '(`--append`: added to the end of that buffer, or of the newest)',
  fields: {
    text: field.string({ max: 32 * 1024 }).cli({ as: 'words' }),
    buffer: bufferName.describe('buffer name (default: a new bufferN)').optional()
      .cli({ placeholder: 'NAME', describe: 'the buffer to set or add to (default: a new one, or the newest with --append)' }),
    append: field.bool().default(false).describe('add TEXT to the end of the buffer').cli({ describe: 'add TEXT to the end of the buffer instead of replacing it' }),
    clipboard: field.bool().default(false).describe('the buffer also goes to every attached client\'s clipboard')
      .cli({ describe: 'send the buffer to every attached client\'s clipboard too (OSC 52, as copy mode does; tmux\'s set-buffer -w)' }),
  },
  result: { buffer: field.string({ max: 64 }).describe('the buffer\'s name') },
  run: (ctx, a) => ({ buffer: ctx.mux.addBuffer(a.text, undefined, { name: a.buffer, append: a.append, clipboard: a.clipboard }).name }),
});
