// Pipe a pane's output to a shell command, or a command's output into the pane (tmux
// `pipe-pane`; session/pane-pipes.ts).
import { field } from '../fields.js';
import { defineCommand, paneField, resolvePane } from './command.js';

export const pipe = defineCommand({
  name: 'pipe',
  describe: 'Pipe what a pane prints from now on to a shell command (`cat >> pane.log`); without one, close its pipe',
  details: ': the command runs in `/bin/sh -c` in the pane\'s folder and gets the output as the program wrote it, escape sequences and all; '
    + 'a pane has one pipe, which a new one replaces and which ends with the pane or the command; `--input` types the command\'s output into the pane',
  fields: {
    pane: paneField,
    command: field.string({ min: 1, max: 16_384 }).describe('the shell command (none: close the pane\'s pipe)').optional().cli({ as: 'words' }),
    output: field.bool().describe('the pane\'s output goes to the command\'s stdin (the default unless input)').default(false).cli({ alias: 'O' }),
    input: field.bool().describe('the command\'s stdout is typed into the pane').default(false).cli({ alias: 'I' }),
    toggle: field.bool().describe('close the pane\'s pipe if it has one, else open this one').default(false).cli({ alias: 'o' }),
  },
  result: { pane: field.string({ max: 32 }), piped: field.bool().describe('whether the pane has a pipe now') },
  run: (ctx, a) => {
    const id = resolvePane(ctx, a.pane);
    const spec = a.command === undefined ? null : { command: a.command, output: a.output || !a.input, input: a.input };
    return { pane: id, piped: ctx.mux.pipes.set(id, spec, a.toggle) };
  },
  print: (r) => (r.piped ? `pane ${r.pane} piped` : `pane ${r.pane}: no pipe`),
});
