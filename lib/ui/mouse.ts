// Mouse events from a client's terminal (SGR encoding): a click focuses the pane under it;
// events inside a pane that asked for the mouse are reported to its program in its own cells,
// elsewhere the wheel scrolls the pane's history and a drag selects text (copy mode).
import type { Mux } from '../session/mux.js';
import type { InputToken } from './input.js';

type MouseToken = Extract<InputToken, { kind: 'mouse' }>;

/** What the mouse does in a pane whose program did not ask for it: history and selection. */
export interface MouseCopy {
  wheel(pane: string, up: boolean): void;
  drag(pane: string, x: number, row: number, phase: 'press' | 'move' | 'release'): void;
}

/** Handles one event; `focus` is how a click focuses a pane (through the command table). */
export function handleMouse(mux: Mux, m: MouseToken, focus: (pane: string) => void, copy: MouseCopy): void {
  const wheel = (m.button & 64) !== 0;
  const motion = (m.button & 32) !== 0;
  const button = m.button & 3;
  for (const [id, r] of mux.geometry().panes) {
    if (m.x < r.x || m.x >= r.x + r.w || m.y < r.y || m.y >= r.y + r.h) continue;
    if (!wheel && !motion && !m.release && mux.focused !== id) focus(id);
    if (m.y === r.y) return; // the header is thurm's
    const action = wheel ? (button === 0 ? 'wheel-up' : 'wheel-down') : motion ? 'move' : m.release ? 'release' : 'press';
    const col = m.x - r.x, row = m.y - r.y - 1;
    if (mux.pane(id).term.mouse({ col, row, button, action })) return;
    if (wheel) copy.wheel(id, button === 0);
    else if (button === 0) copy.drag(id, col, row, motion ? 'move' : m.release ? 'release' : 'press');
    return;
  }
}
