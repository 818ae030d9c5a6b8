// Make a script's text the newest paste buffer.
import { field } from '../fields.js';
import { defineCommand } from './command.js';

export const setBuffer = defineCommand({
  name: 'set-buffer',
  describe: 'Make TEXT the newest paste buffer',
  fields: { text: field.string({ max: 32 * 1024 }).cli({ as: 'words' }) },
  result: { buffer: field.string({ max: 64 }).describe('the new buffer\'s name') },
  run: (ctx, a) => ({ buffer: ctx.mux.addBuffer(a.text).name }),
});
