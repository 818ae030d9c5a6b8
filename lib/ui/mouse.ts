// Mouse events from a client's terminal (SGR encoding): a click focuses the pane under it;
// events inside a pane that asked for the mouse are reported to its program in its own cells.
import type { Mux } from '../session/mux.js';
import type { InputToken } from './input.js';

type MouseToken = Extract<InputToken, { kind: 'mouse' }>;

/** Handles one event; `focus` is how a click focuses a pane (through the command table). */
export function handleMouse(mux: Mux, m: MouseToken, focus: (pane: string) => void): void {
  const wheel = (m.button & 64) !== 0;
  const motion = (m.button & 32) !== 0;
  const button = m.button & 3;
  for (const [id, r] of mux.geometry().panes) {
    if (m.x < r.x || m.x >= r.x + r.w || m.y < r.y || m.y >= r.y + r.h) continue;
    if (!wheel && !motion && !m.release && mux.focused !== id) focus(id);
    if (m.y === r.y) return; // the header is thurm's
    const action = wheel ? (button === 0 ? 'wheel-up' : 'wheel-down') : motion ? 'move' : m.release ? 'release' : 'press';
    mux.pane(id).term.mouse({ col: m.x - r.x, row: m.y - r.y - 1, button, action });
    return;
  }
}
