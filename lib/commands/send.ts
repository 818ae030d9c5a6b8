// Type text or named keys into a pane, as if a person typed them.
import { ThurmError } from '../errors.js';
import { keyBytes } from '../term/keys.js';
import { defineCommand, optBool, optString, optStringArray, paneFromCli, paneOption, resolvePane } from './command.js';

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
