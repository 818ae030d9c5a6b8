// Move a pane's border by some cells, as prefix + C-arrow does, or give the pane a width or
// height (tmux `resize-pane -x/-y`).
import { ThurmError } from '../errors.js';
import { defineCommand, optEnum, optInt, optPaneSize, optString, paneFromCli, paneOption, resolvePane } from './command.js';

const HEADINGS = ['left', 'right', 'up', 'down'] as const;

export const resizePane = defineCommand({
  name: 'resize-pane',
  usage: 'resize-pane',
  describe: 'Move the border of a pane left, right, up or down, or give the pane a --width or --height',
  options: {
    ...paneOption,
    direction: { type: 'string', choices: HEADINGS, describe: 'where the border moves' },
    cells: { type: 'number', describe: 'how far (default 1)' },
    width: { type: 'string', describe: 'the pane\'s width in cells, or N% of the window\'s' },
    height: { type: 'string', describe: 'the pane\'s height in rows, or N% of the window\'s' },
  },
  request: (argv) => ({
    pane: paneFromCli(argv), direction: argv.direction, cells: argv.cells,
    width: argv.width === undefined ? undefined : String(argv.width), height: argv.height === undefined ? undefined : String(argv.height),
  }),
  parse: (raw) => {
    const a = {
      pane: optString(raw, 'pane'),
      direction: optEnum(raw, 'direction', HEADINGS),
      cells: optInt(raw, 'cells', 1, 10000) ?? 1,
      width: optPaneSize(raw, 'width'),
      height: optPaneSize(raw, 'height'),
    };
    if (!a.direction && !a.width && !a.height) throw new ThurmError('INVALID_ARGUMENT', 'resize-pane: give --direction, --width or --height');
    return a;
  },
  run: (ctx, a) => {
    const id = resolvePane(ctx, a.pane);
    if (a.width) ctx.mux.resizePaneTo(id, 'right', a.width);
    if (a.height) ctx.mux.resizePaneTo(id, 'down', a.height);
    if (!a.direction) return {};
    const axis = a.direction === 'left' || a.direction === 'right' ? 'right' : 'down';
    const sign = a.direction === 'left' || a.direction === 'up' ? -1 : 1;
    ctx.mux.resizePane(id, axis, sign * a.cells);
    return {};
  },
});
