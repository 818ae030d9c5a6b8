// Type text or named keys into a pane, as if a person typed them.
import { ThurmError } from '../errors.js';
import { keyBytes } from '../term/keys.js';
import { defineCommand, optBool, optString, optStringArray, paneFromCli, paneOption, resolvePane } from './command.js';

/** Characters of text per request. */
const SEND_CHUNK = 8192;

export const send = defineCommand({
  name: 'send',
  usage: 'send [text..]',
  describe: 'Type text (or --key names such as Enter, C-c, Up) into a pane',
  options: {
    ...paneOption,
    enter: { type: 'boolean', describe: 'press Enter after the text' },
    key: { type: 'array', string: true, describe: 'named keys to send: Enter, Tab, Escape, C-c, M-x, Up, F1...' },
  },
  request: (argv) => ({
    pane: paneFromCli(argv),
    text: Array.isArray(argv.text) && argv.text.length ? argv.text.map(String).join(' ') : undefined,
    keys: argv.key,
    enter: argv.enter === true,
  }),
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
  parse: (raw) => ({
    pane: optString(raw, 'pane'),
    text: optString(raw, 'text', 32 * 1024),
    keys: optStringArray(raw, 'keys', 256),
    enter: optBool(raw, 'enter'),
  }),
  run: (ctx, a) => {
    const pane = ctx.mux.pane(resolvePane(ctx, a.pane));
    if (a.text === undefined && !a.keys?.length && !a.enter) throw new ThurmError('INVALID_ARGUMENT', 'send: nothing to send');
    const keys = (a.keys ?? []).map((name) => {
      const bytes = keyBytes(name, pane.term.modes);
      if (bytes === null) throw new ThurmError('INVALID_ARGUMENT', `unknown key: ${name}`);
      return bytes;
    });
    ctx.mux.typeInto(pane.id, (a.text ?? '') + keys.join('') + (a.enter ? '\r' : ''));
    return {};
  },
});
