// Type text or named keys into a pane, as if a person typed them.
import { ThurmError } from '../errors.js';
import { keyBytes } from '../term/keys.js';
import { field } from '../fields.js';
import { defineCommand, paneField, resolvePane } from './command.js';

/** Characters of text per request. */
const SEND_CHUNK = 8192;

export const send = defineCommand({
  name: 'send',
  describe: 'Type text (or --key names such as Enter, C-c, Up) into a pane',
  details: '(long text goes in several requests, in order); `--key`: named keys, `Enter`, `Tab`, `Escape`, `C-c`, `M-x`, `Up`, `PageUp`, `F1`...',
  // Long text goes as several requests: each stays far below the socket's frame limit even
  // when every character needs six bytes of JSON, and typing the parts in order is the same.
  split: (request) => {
    const chars = typeof request.text === 'string' ? [...request.text] : [];
    if (chars.length <= SEND_CHUNK) return [request];
    const parts: Record<string, unknown>[] = [];
    for (let i = 0; i < chars.length; i += SEND_CHUNK) parts.push({ pane: request.pane, text: chars.slice(i, i + SEND_CHUNK).join('') });
    Object.assign(parts[parts.length - 1], { keys: request.keys, enter: request.enter });
    return parts;
  },
  fields: {
    pane: paneField,
    text: field.string({ max: 32 * 1024 }).describe('typed as it is').optional().cli({ as: 'words' }),
    keys: field.array(field.string({ max: 64 }), { max: 256 }).describe('named keys: Enter, Tab, Escape, C-c, M-x, Up, F1...').optional()
      .cli({ name: 'key', placeholder: 'NAME', describe: 'named keys to send: Enter, Tab, Escape, C-c, M-x, Up, F1...' }),
    enter: field.bool().describe('press Enter last').default(false).cli({ describe: 'press Enter after the text' }),
  },
  rules: { atLeastOne: [['text', 'keys', 'enter']] },
  result: {},
  run: (ctx, a) => {
    const pane = ctx.mux.pane(resolvePane(ctx, a.pane));
    const keys = (a.keys ?? []).map((name) => {
      const bytes = keyBytes(name, pane.term.modes);
      if (bytes === null) throw new ThurmError('INVALID_ARGUMENT', `unknown key: ${name}`);
      return bytes;
    });
    ctx.mux.typeInto(pane.id, (a.text ?? '') + keys.join('') + (a.enter ? '\r' : ''));
    return {};
  },
});
