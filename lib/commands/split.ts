// Split a pane right or down and start a program in the new half.
import path from 'node:path';
import { field } from '../fields.js';
import { argvField, cwdField, defineCommand, paneField, paneFromCli, paneOption, paneSizeField, resolvePane } from './command.js';

export const split = defineCommand({
  name: 'split',
  usage: 'split',
  describe: 'Split a pane and print the new pane id (-- CMD ARGS... to run a command)',
  options: {
    ...paneOption,
    right: { type: 'boolean', describe: 'new pane to the right (default)' },
    down: { type: 'boolean', describe: 'new pane below', conflicts: 'right' },
    cwd: { type: 'string', describe: 'working directory (default: the split pane\'s)' },
    size: { type: 'string', describe: 'the new pane\'s width (or height, --down) in cells, or N% of the split pane\'s' },
    detached: { alias: 'd', type: 'boolean', describe: 'keep the focus where it was' },
  },
  request: (argv) => ({
    pane: paneFromCli(argv),
    direction: argv.down ? 'down' : 'right',
    cwd: argv.cwd === undefined ? undefined : path.resolve(String(argv.cwd)),
    argv: argv['--']?.length ? argv['--'] : undefined,
    size: argv.size === undefined ? undefined : String(argv.size),
    detached: argv.detached === true,
  }),
  fields: {
    pane: paneField,
    direction: field.enum(['right', 'down']).default('right'),
    cwd: cwdField,
    argv: argvField,
    size: paneSizeField.describe('the new pane\'s width (height, down) in cells or a percentage of the split pane\'s').optional(),
    detached: field.bool().describe('the focus stays where it was').default(false),
  },
  result: { pane: field.string({ max: 32 }).describe('the new pane\'s id') },
  run: (ctx, a) => ({
    pane: ctx.mux.split(resolvePane(ctx, a.pane), a.direction, { cwd: a.cwd, argv: a.argv }, { size: a.size, keepFocus: a.detached }),
  }),
  print: (r) => r.pane,
});
