// Show a line in the status line of every attached client, as tmux's display-message does.
import { field } from '../fields.js';
import { sanitizeText } from '../sanitize.js';
import { defineCommand, type CliArgs } from './command.js';

export const displayMessage = defineCommand({
  name: 'display-message',
  usage: 'display-message <text..>',
  describe: 'Show TEXT in the status line of every attached client',
  request: (argv: CliArgs) => ({ text: ((argv.text as unknown[] | undefined) ?? []).map(String).join(' ') }),
  fields: { text: field.string({ max: 4096 }).describe('the line to show (made printable, cut to 256 characters)') },
  result: {},
  run: (ctx, a) => {
    // Program text for the status line: cleaned and capped like a title.
    ctx.mux.displayMessage(sanitizeText(a.text, 256));
    return {};
  },
});
