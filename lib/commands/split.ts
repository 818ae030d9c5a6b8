// Split a pane right or down and start a program in the new half.
import { field } from '../fields.js';
import { argvField, cwdField, defineCommand, envField, paneField, paneSizeField, resolvePane } from './command.js';

export const split = defineCommand({
  name: 'split',
  describe: 'Split a pane and print the new pane id (-- CMD ARGS... to run a command)',
  details: '; `--size`: the new pane\'s width, or height with `--down`, in cells or a percentage of the split pane\'s; `-d`: the focus stays where it was',
  fields: {
    pane: paneField,
    direction: field.enum(['right', 'down']).default('right'),
    cwd: cwdField.cli({ describe: 'working directory (default: the split pane\'s)' }),
    argv: argvField,
    env: envField,
    size: paneSizeField.describe('the new pane\'s width (height, down) in cells or a percentage of the split pane\'s').optional()
      .cli({ describe: 'the new pane\'s width (or height, --down) in cells, or N% of the split pane\'s' }),
    detached: field.bool().describe('the focus stays where it was').default(false).cli({ alias: 'd', describe: 'keep the focus where it was' }),
  },
  // tmux's two flags for a direction: --right or --down.
  cliOptions: {
    right: { type: 'boolean', describe: 'new pane to the right (default)' },
    down: { type: 'boolean', describe: 'new pane below', conflicts: 'right' },
  },
  cliRequest: (argv) => ({ direction: argv.down ? 'down' : 'right' }),
  result: { pane: field.string({ max: 32 }).describe('the new pane\'s id') },
  run: (ctx, a) => ({
    pane: ctx.mux.split(resolvePane(ctx, a.pane), a.direction, { cwd: a.cwd, argv: a.argv, env: a.env }, { size: a.size, keepFocus: a.detached }),
  }),
  print: (r) => r.pane,
});
