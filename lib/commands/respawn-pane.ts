// Start another program in a pane, in place of the one it runs (tmux `respawn-pane`): the pane
// keeps its id, its place in the layout and its given title.
import path from 'node:path';
import { field } from '../fields.js';
import { argvField, cwdField, defineCommand, paneField, paneFromCli, paneOption, resolvePane } from './command.js';

export const respawnPane = defineCommand({
  name: 'respawn-pane',
  usage: 'respawn-pane',
  describe: 'Run CMD (or your shell) in a pane in place of its program (--kill: even while it runs)',
  options: {
    ...paneOption,
    kill: { alias: 'k', type: 'boolean', describe: 'hang up the program if it still runs' },
    cwd: { type: 'string', describe: 'working directory (default: the pane\'s)' },
  },
  request: (argv) => ({
    pane: paneFromCli(argv),
    kill: argv.kill === true,
    cwd: argv.cwd === undefined ? undefined : path.resolve(String(argv.cwd)),
    argv: argv['--']?.length ? argv['--'] : undefined,
  }),
  fields: { pane: paneField, kill: field.bool().describe('hang up the program if it still runs').default(false), cwd: cwdField, argv: argvField },
  result: { pane: field.string({ max: 32 }) },
  run: (ctx, a) => {
    const id = resolvePane(ctx, a.pane);
    ctx.mux.lifecycle.respawn(id, { argv: a.argv, cwd: a.cwd }, a.kill);
    return { pane: id };
  },
});
