// Move a pane's border by some cells, as prefix + C-arrow does, or give the pane a width or
// height (tmux `resize-pane -x/-y`).
import { field } from '../fields.js';
import { defineCommand, HEADINGS, paneField, paneSizeField, resolvePane } from './command.js';

export const resizePane = defineCommand({
  name: 'resize-pane',
  describe: 'Move the border of a pane left, right, up or down, or give the pane a --width or --height',
  details: ', as the keys do; `--width` and `--height` in cells or a percentage of the window',
  fields: {
    pane: paneField,
    direction: field.enum(HEADINGS).describe('where the border moves').optional().cli(),
    cells: field.int({ min: 1, max: 10000 }).describe('how far the border moves').default(1).cli({ describe: 'how far (default 1)' }),
    width: paneSizeField.optional().cli({ describe: 'the pane\'s width in cells, or N% of the window\'s' }),
    height: paneSizeField.optional().cli({ describe: 'the pane\'s height in rows, or N% of the window\'s' }),
  },
  rules: { atLeastOne: [['direction', 'width', 'height']] },
  result: {},
  run: (ctx, a) => {
    const id = resolvePane(ctx, a.pane);
    if (a.width) ctx.mux.arrange.resizePaneTo(id, 'right', a.width);
    if (a.height) ctx.mux.arrange.resizePaneTo(id, 'down', a.height);
    if (!a.direction) return {};
    const axis = a.direction === 'left' || a.direction === 'right' ? 'right' : 'down';
    const sign = a.direction === 'left' || a.direction === 'up' ? -1 : 1;
    ctx.mux.arrange.resizePane(id, axis, sign * a.cells);
    return {};
  },
});
