// Size the window by hand, whatever size the clients have (tmux `resize-window`): the session's
// window-size becomes manual, until a `set -g window-size` gives it another rule.
import { field } from '../fields.js';
import { MAX_SIZE } from '../session/client-sizes.js';
import { defineCommand, HEADINGS } from './command.js';

export const resizeWindow = defineCommand({
  name: 'resize-window',
  describe: 'Give the window a size of its own, whatever the clients\' (window-size becomes manual)',
  details: ': `--cols` and `--rows` of the panes\' area, a border moved by `--direction` and `--cells`, or the `--largest` or `--smallest` client\'s size, as tmux resize-window',
  fields: {
    cols: field.int({ min: 1, max: MAX_SIZE.cols }).describe('the width').optional().cli(),
    rows: field.int({ min: 1, max: MAX_SIZE.rows - 1 }).describe('the height of the panes\' area').optional().cli(),
    direction: field.enum(HEADINGS).describe('which way the window\'s right or bottom edge moves').optional().cli(),
    cells: field.int({ min: 1, max: MAX_SIZE.cols }).describe('how far').default(1).cli({ describe: 'how far (default 1)' }),
    largest: field.bool().describe('the largest client\'s size (tmux -A)').default(false).cli(),
    smallest: field.bool().describe('the smallest client\'s size (tmux -a)').default(false).cli(),
  },
  result: { cols: field.int({ min: 1 }), rows: field.int({ min: 0 }).describe('the panes\' area') },
  run: (ctx, a) => {
    const { mux } = ctx;
    const statusRows = mux.config.ui.statusLine ? 1 : 0;
    const from = (a.largest && mux.clients.sizeBy('largest')) || (a.smallest && mux.clients.sizeBy('smallest')) || mux.clients.windowSize;
    let cols = a.cols ?? from.cols;
    let rows = a.rows ?? from.rows - statusRows;
    const step = a.direction === 'left' || a.direction === 'up' ? -a.cells : a.cells;
    if (a.direction === 'left' || a.direction === 'right') cols = Math.min(Math.max(cols + step, 1), MAX_SIZE.cols);
    if (a.direction === 'up' || a.direction === 'down') rows = Math.min(Math.max(rows + step, 1), MAX_SIZE.rows - statusRows);
    mux.resizeWindow({ cols, rows: rows + statusRows });
    return { cols: mux.clients.windowSize.cols, rows: mux.clients.windowSize.rows - statusRows };
  },
});
