// List the windows, as tmux's list-windows: index, name, panes and most pressing state. The
// window facts are shared with `info` and `select-window`.
import { field } from '../fields.js';
import { printable } from '../sanitize.js';
import { windowState } from '../session/agents.js';
import { lastPane } from '../session/navigation.js';
import type { Mux } from '../session/mux.js';
import { WINDOW_INFO, type WindowInfo } from '../server/protocol.js';
import { layoutString } from '../tmux/layout-string.js';
import { defineCommand } from './command.js';

export const windowNameField = field.string({ max: 256 }).describe('window name');

export function windowInfo(mux: Mux): WindowInfo[] {
  return mux.windowList().map(({ window, current, last }) => ({
    index: window.index, id: `@${window.id}`, name: mux.windowName(window), current, last,
    panes: mux.windowPaneIds(window), active: window.focused, lastPane: lastPane(mux, window.focused), state: windowState(mux, window),
    // Unzoomed, as tmux's window_layout is.
    layout: layoutString(window.layout, mux.geometry({ ...window, zoomed: null }).panes),
  }));
}

export const listWindows = defineCommand({
  name: 'list-windows',
  describe: 'List windows: index, name, panes, most pressing state',
  fields: {},
  result: { windows: field.array(WINDOW_INFO) },
  run: (ctx) => ({ windows: windowInfo(ctx.mux) }),
  print: (r) => r.windows
    .map((w) => `${w.index}: ${printable(w.name)}${w.current ? ' (current)' : w.last ? ' (last)' : ''} ${w.id} panes ${w.panes.join(',')}${w.state !== 'none' ? ` ${w.state}` : ''}`)
    .join('\n'),
});
