// Save the session file now (it is also saved soon after every change).
import { ThurmError } from '../errors.js';
import { printable } from '../sanitize.js';
import { field } from '../fields.js';
import { defineCommand } from './command.js';

export const save = defineCommand({
  name: 'save',
  describe: 'Save the session file now',
  details: '; prints its path',
  fields: {},
  result: { file: field.string({ max: 4096 }).describe('the session file') },
  run: async (ctx) => {
    await ctx.mux.persistence.requestSave();
    const state = ctx.mux.persistence.saveState;
    if (!state.file) throw new ThurmError('INVALID_ARGUMENT', 'save: saving is off ([session] save = false)');
    if (state.error) throw new ThurmError('IO_ERROR', state.error);
    return { file: state.file };
  },
  print: (r) => `saved ${printable(r.file)}`,
});
