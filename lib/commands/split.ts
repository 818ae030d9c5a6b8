// Split a pane right or down and start a program in the new half.
import path from 'node:path';
import { defineCommand, optBool, optEnum, optPaneSize, optString, optStringArray, paneFromCli, paneOption, resolvePane } from './command.js';

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
  parse: (raw) => ({
    pane: optString(raw, 'pane'),
    direction: optEnum(raw, 'direction', ['right', 'down'] as const) ?? 'right',
    cwd: optString(raw, 'cwd'),
    argv: optStringArray(raw, 'argv'),
    size: optPaneSize(raw, 'size'),
    detached: optBool(raw, 'detached'),
  }),
  run: (ctx, a) => ({
    pane: ctx.mux.split(resolvePane(ctx, a.pane), a.direction, { cwd: a.cwd, argv: a.argv }, { size: a.size, keepFocus: a.detached }),
  }),
  print: (r) => r.pane,
});
