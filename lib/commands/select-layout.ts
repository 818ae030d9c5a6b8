// Lay a window's panes out in one of tmux's preset layouts, or the next one.
import { field } from '../fields.js';
import { PRESETS } from '../session/layout-presets.js';
import { defineCommand, windowIndexField } from './command.js';

export const selectLayout = defineCommand({
  name: 'select-layout',
  describe: `Lay the window's panes out as ${PRESETS.join(', ')} (no layout: the next one)`,
  fields: { layout: field.enum(PRESETS).describe('the layout (default: the next one)').optional().cli({ as: 'positional' }), index: windowIndexField },
  result: { layout: field.enum(PRESETS).describe('the layout now') },
  run: (ctx, a) => ({ layout: ctx.mux.arrange.selectLayout(a.layout ?? 'next', ctx.mux.findWindow({ index: a.index })) }),
  print: (r) => r.layout,
});
