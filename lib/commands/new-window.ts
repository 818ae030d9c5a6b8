// Open a window, as tmux's new-window: its program, name and directory, selected or not.
import { field } from '../fields.js';
import { sanitizeText } from '../sanitize.js';
import { argvField, cwdField, defineCommand, envField } from './command.js';
import { windowNameField } from './list-windows.js';

export const newWindow = defineCommand({
  name: 'new-window',
  describe: 'Open a window running CMD or your shell, and print its first pane id',
  details: '(`-d`: without selecting it)',
  fields: {
    name: windowNameField.optional().cli({ alias: 'n', placeholder: 'NAME', describe: 'window name (default: its pane\'s title)' }),
    cwd: cwdField.cli({ describe: 'working directory (default: the focused pane\'s)' }),
    argv: argvField,
    env: envField,
    detached: field.bool().default(false).cli({ alias: 'd', describe: 'do not select it' }),
  },
  result: { pane: field.string({ max: 32 }).describe('the id of its first pane') },
  run: (ctx, a) => {
    const focused = ctx.mux.focused;
    const cwd = a.cwd ?? (focused ? ctx.mux.pane(focused).cwd : undefined);
    return { pane: ctx.mux.newWindow({ argv: a.argv, cwd, env: a.env }, a.name === undefined ? null : sanitizeText(a.name, 64), !a.detached) };
  },
  print: (r) => r.pane,
});
