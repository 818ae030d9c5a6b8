// Lay a window's panes out in one of tmux's preset layouts, the next one, or a layout string
// as tmux's window_layout gives it (kept by tmux-resurrect, tmuxp and scripts).
import { ThurmError } from '../errors.js';
import { field } from '../fields.js';
import type { LayoutNode } from '../session/layout.js';
import { PRESETS } from '../session/layout-presets.js';
import { MAX_LAYOUT_STRING, parseLayoutString } from '../tmux/layout-string.js';
import { defineCommand, windowIndexField } from './command.js';

export const selectLayout = defineCommand({
  name: 'select-layout',
  describe: `Lay the window's panes out as ${PRESETS.join(', ')} (no layout: the next one), or as a tmux layout string (--custom)`,
  fields: {
    layout: field.enum(PRESETS).describe('the layout (default: the next one)').optional().cli({ as: 'positional' }),
    custom: field.string({ max: MAX_LAYOUT_STRING }).describe('a tmux layout string (#{window_layout}): its cells take the window\'s panes in order').optional().cli(),
    index: windowIndexField,
  },
  result: { layout: field.string({ max: MAX_LAYOUT_STRING }).describe('the preset now, or the layout string given') },
  run: (ctx, a) => {
    const w = ctx.mux.findWindow({ index: a.index });
    if (a.custom === undefined) return { layout: ctx.mux.arrange.selectLayout(a.layout ?? 'next', w) };
    if (a.layout !== undefined) throw new ThurmError('INVALID_ARGUMENT', 'select-layout: a preset or --custom, not both');
    ctx.mux.arrange.applyLayout(parsed(a.custom), w);
    return { layout: a.custom };
  },
  print: (r) => r.layout,
});

function parsed(custom: string): LayoutNode {
  try {
    return parseLayoutString(custom);
  } catch (err) {
    throw new ThurmError('INVALID_ARGUMENT', `select-layout: ${(err as Error).message}`);
  }
}
