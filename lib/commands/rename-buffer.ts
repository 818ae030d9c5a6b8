// Give a paste buffer another name (tmux's `set-buffer -n`); a buffer that had that name goes.
import { ThurmError } from '../errors.js';
import { field } from '../fields.js';
import { bufferName } from './buffers.js';
import { defineCommand } from './command.js';

export const renameBuffer = defineCommand({
  name: 'rename-buffer',
  describe: 'Name the newest paste buffer (or the one --buffer names) NAME; a buffer that had that name is replaced',
  fields: {
    name: bufferName.describe('the new name').cli({ as: 'positional' }),
    buffer: bufferName.describe('buffer name (default: the newest)').optional()
      .cli({ placeholder: 'NAME', describe: 'the buffer to rename, as `thurm buffers` lists them' }),
  },
  result: { buffer: field.string({ max: 64 }).describe('the buffer\'s name now') },
  run: (ctx, a) => {
    const renamed = ctx.mux.renameBuffer(a.buffer, a.name);
    if (!renamed) throw new ThurmError('NOT_FOUND', a.buffer ? `no such buffer: ${a.buffer}` : 'no paste buffer');
    return { buffer: renamed.name };
  },
});
