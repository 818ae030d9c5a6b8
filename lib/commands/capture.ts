// Print the visible screen of a pane as text.
import type { CaptureResult } from '../server/protocol.js';
import { defineCommand, optString, paneFromCli, paneOption, resolvePane } from './command.js';

export const capture = defineCommand({
  name: 'capture',
  usage: 'capture',
  describe: 'Print the visible screen text of a pane',
  options: { ...paneOption },
  request: (argv) => ({ pane: paneFromCli(argv) }),
  parse: (raw) => ({ pane: optString(raw, 'pane') }),
  run: (ctx, a): CaptureResult => {
    const id = resolvePane(ctx, a.pane);
    return { pane: id, lines: ctx.mux.pane(id).term.screenText() };
  },
  print: (r) => {
    const lines = [...r.lines];
    while (lines.length && lines[lines.length - 1] === '') lines.pop();
    return lines.join('\n');
  },
});
