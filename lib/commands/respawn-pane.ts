// Start another program in a pane, in place of the one it runs (tmux `respawn-pane`): the pane
// keeps its id, its place in the layout and its given title.
import path from 'node:path';
import { defineCommand, optBool, optString, optStringArray, paneFromCli, paneOption, resolvePane } from './command.js';

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
  parse: (raw) => ({ pane: optString(raw, 'pane'), kill: optBool(raw, 'kill'), cwd: optString(raw, 'cwd'), argv: optStringArray(raw, 'argv') }),
  run: (ctx, a) => {
    const id = resolvePane(ctx, a.pane);
    ctx.mux.respawnPane(id, { argv: a.argv, cwd: a.cwd }, a.kill);
    return { pane: id };
  },
});
