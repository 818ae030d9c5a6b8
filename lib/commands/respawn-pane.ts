// Start another program in a pane, in place of the one it runs (tmux `respawn-pane`): the pane
// keeps its id, its place in the layout and its given title.
import { field } from '../fields.js';
import { argvField, cwdField, defineCommand, paneField, resolvePane } from './command.js';

export const respawnPane = defineCommand({
  name: 'respawn-pane',
  describe: 'Run CMD (or your shell) in a pane in place of its program (--kill: even while it runs)',
  details: ': same id, place and given title, a fresh screen (a program that still runs is refused without `-k`)',
  fields: {
    pane: paneField,
    kill: field.bool().describe('hang up the program if it still runs').default(false).cli({ alias: 'k' }),
    cwd: cwdField.cli({ describe: 'working directory (default: the pane\'s)' }),
    argv: argvField,
  },
  result: { pane: field.string({ max: 32 }) },
  run: (ctx, a) => {
    const id = resolvePane(ctx, a.pane);
    ctx.mux.lifecycle.respawn(id, { argv: a.argv, cwd: a.cwd }, a.kill);
    return { pane: id };
  },
});
