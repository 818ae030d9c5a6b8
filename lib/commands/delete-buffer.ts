// Remove a paste buffer.
import { ThurmError } from '../errors.js';
import { bufferName } from './buffers.js';
import { defineCommand } from './command.js';

export const deleteBuffer = defineCommand({
  name: 'delete-buffer',
  describe: 'Remove the newest paste buffer (or --buffer NAME)',
  fields: {
    buffer: bufferName.describe('buffer name (default: the newest)').optional()
      .cli({ placeholder: 'NAME', describe: 'buffer name, as `thurm buffers` lists them' }),
  },
  result: {},
  run: (ctx, a) => {
    if (!ctx.mux.deleteBuffer(a.buffer)) throw new ThurmError('NOT_FOUND', a.buffer ? `no such buffer: ${a.buffer}` : 'no paste buffer');
    return {};
  },
});
