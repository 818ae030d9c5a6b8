// Name a pane: the title its border shows instead of its program's (tmux `select-pane -T`).
import { sanitizeText } from '../sanitize.js';
import { field } from '../fields.js';
import { defineCommand, paneField, resolvePane } from './command.js';

export const renamePane = defineCommand({
  name: 'rename-pane',
  describe: 'Give a pane a title for its border (no title: it follows its program again)',
  fields: {
    pane: paneField,
    title: field.string({ max: 1024 }).describe('the title (null: follow the program again)').nullable().optional()
      .cli({ as: 'positional', read: (v) => v ?? null }),
  },
  result: { pane: field.string({ max: 32 }), title: field.string({ max: 256 }).describe('the title its border shows now') },
  run: (ctx, a) => {
    const id = resolvePane(ctx, a.pane);
    // Titles are program text for the border: cleaned and capped like an OSC title.
    ctx.mux.setPaneTitle(id, a.title ? sanitizeText(a.title, 64) : null);
    return { pane: id, title: ctx.mux.pane(id).title };
  },
});
