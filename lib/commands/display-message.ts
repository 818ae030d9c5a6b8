// Show a line in the status line of every attached client, as tmux's display-message does.
import { field } from '../fields.js';
import { sanitizeText } from '../sanitize.js';
import { defineCommand } from './command.js';

export const displayMessage = defineCommand({
  name: 'display-message',
  describe: 'Show TEXT in the status line of every attached client',
  details: '(cleaned of control characters, at most 256)',
  fields: { text: field.string({ max: 4096 }).describe('the line to show (made printable, cut to 256 characters)').cli({ as: 'words' }) },
  result: {},
  run: (ctx, a) => {
    // Program text for the status line: cleaned and capped like a title.
    ctx.mux.displayMessage(sanitizeText(a.text, 256));
    return {};
  },
});
