// The rows of the two choosers: the agent overview (prefix `a`) and windows with their panes
// (prefix `w`), each pane with its status glyph.
import { agentLines, agentRows } from '../session/agents.js';
import type { Mux } from '../session/mux.js';
import { glyph } from './status-view.js';

/** Every pane with a status, most pressing first; a row's key is its pane. */
export function agentChoices(mux: Mux): { key: string; text: string }[] {
  const rows = agentRows(mux);
  const lines = agentLines(rows, Date.now());
  return rows.map((r, i) => ({ key: r.pane, text: lines[i] }));
}

/** Each window (key `window N`) followed by its panes (key: the pane id). */
export function windowChoices(mux: Mux): { key: string; text: string }[] {
  return mux.windowList().flatMap(({ window, current }) => [
    { key: `window ${window.index}`, text: `${window.index}: ${mux.windowName(window)}${current ? ' (current)' : ''}` },
    ...mux.windowPaneIds(window).map((id) => {
      const s = mux.pane(id).summary();
      return { key: id, text: `    ${glyph(s.state)} ${id.padStart(3)} ${mux.pane(id).title}${s.text ? `: ${s.text}` : ''}` };
    }),
  ]);
}
