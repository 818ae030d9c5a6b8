// Move a pane's border by some cells, as prefix + C-arrow does.
import { defineCommand, optEnum, optInt, optString, paneFromCli, paneOption, resolvePane } from './command.js';

const HEADINGS = ['left', 'right', 'up', 'down'] as const;

export const resizePane = defineCommand({
  name: 'resize-pane',
  usage: 'resize-pane',
  describe: 'Move the border of a pane left, right, up or down',
  options: {
    ...paneOption,
    direction: { type: 'string', choices: HEADINGS, demandOption: true, describe: 'where the border moves' },
    cells: { type: 'number', describe: 'how far (default 1)' },
  },
  request: (argv) => ({ pane: paneFromCli(argv), direction: argv.direction, cells: argv.cells }),
  parse: (raw) => ({
    pane: optString(raw, 'pane'),
    direction: optEnum(raw, 'direction', HEADINGS) ?? 'right',
    cells: optInt(raw, 'cells', 1, 10000) ?? 1,
  }),
  run: (ctx, a) => {
    const axis = a.direction === 'left' || a.direction === 'right' ? 'right' : 'down';
    const sign = a.direction === 'left' || a.direction === 'up' ? -1 : 1;
    ctx.mux.resizePane(resolvePane(ctx, a.pane), axis, sign * a.cells);
    return {};
  },
});
