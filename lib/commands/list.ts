// List the panes of a session, one line each.
import { field } from '../fields.js';
import { PANE_SUMMARY, type PaneSummary } from '../server/protocol.js';
import type { Mux } from '../session/mux.js';
import { printable, shownCommand } from '../sanitize.js';
import { defineCommand } from './command.js';

export function paneSummary(mux: Mux, id: string): PaneSummary {
  const pane = mux.pane(id);
  return { id, focused: mux.focused === id, size: pane.size, command: pane.argv, cwd: pane.cwd, pid: pane.pid };
}

export const list = defineCommand({
  name: 'list',
  describe: 'List panes: id, size, focus, command, cwd, pid',
  fields: {},
  result: { panes: field.array(field.object(PANE_SUMMARY)) },
  run: (ctx) => ({ panes: ctx.mux.paneIds().map((id) => paneSummary(ctx.mux, id)) }),
  print: (r) => r.panes
    .map((p) => `${p.id}: ${p.size.cols}x${p.size.rows}${p.focused ? ' (focused)' : ''} ${shownCommand(p.command.join(' '))} ${printable(p.cwd)} pid ${p.pid}`)
    .join('\n'),
});
