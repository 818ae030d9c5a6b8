// Mouse events from a client's terminal (SGR encoding): a click focuses the pane under it;
// events inside a pane that asked for the mouse are reported to its program in its own cells,
// elsewhere the wheel scrolls the pane's history and a drag selects text (copy mode).
import type { Mux } from '../session/mux.js';
import type { InputToken } from './input.js';

type MouseToken = Extract<InputToken, { kind: 'mouse' }>;

/** A border being dragged: the cell it passes through now, and along which axis it moves. */
export interface BorderDrag {
  at: { x: number; y: number; vertical: boolean } | null;
}

/** What the mouse does in a pane whose program did not ask for it: history and selection. */
export interface MouseCopy {
  wheel(pane: string, up: boolean): void;
  drag(pane: string, x: number, row: number, phase: 'press' | 'move' | 'release'): void;
}

/** Handles one event; `focus` is how a click focuses a pane (through the command table). */
export function handleMouse(mux: Mux, m: MouseToken, focus: (pane: string) => void, copy: MouseCopy, drag: BorderDrag): void {
  const wheel = (m.button & 64) !== 0;
  const motion = (m.button & 32) !== 0;
  const button = m.button & 3;
  if (dragBorder(mux, m, drag, { wheel, motion, button })) return;
  for (const [id, r] of mux.geometry().panes) {
    if (m.x < r.x || m.x >= r.x + r.w || m.y < r.y || m.y >= r.y + r.h) continue;
    if (!wheel && !motion && !m.release && mux.focused !== id) focus(id);
    if (m.y === r.y) return; // the header is thurm's
    const action = wheel ? (button === 0 ? 'wheel-up' : 'wheel-down') : motion ? 'move' : m.release ? 'release' : 'press';
    const col = m.x - r.x, row = m.y - r.y - 1;
    if (mux.mouseInto(id, { col, row, button, action })) return;
    if (wheel) copy.wheel(id, button === 0);
    else if (button === 0) copy.drag(id, col, row, motion ? 'move' : m.release ? 'release' : 'press');
    return;
  }
}

/**
 * A left-button press on a border (a separator, or the header row of a lower pane) starts a
 * drag that moves it; motion moves it, release ends it. True when the event was the drag's.
 */
function dragBorder(mux: Mux, m: MouseToken, drag: BorderDrag, e: { wheel: boolean; motion: boolean; button: number }): boolean {
  if (e.wheel || e.button !== 0) return false;
  if (!e.motion && !m.release) {
    drag.at = null;
    if (!mux.arrange.isBorder(m.x, m.y)) return false;
    // A separator column is not a pane: the press is only the drag's; a header also focuses.
    const onSeparator = mux.geometry().separators.some((s) => s.x === m.x && m.y >= s.y && m.y < s.y + s.h);
    drag.at = { x: m.x, y: m.y, vertical: onSeparator };
    return onSeparator;
  }
  if (!drag.at) return false;
  if (m.release) {
    drag.at = null;
    return true;
  }
  const at = drag.at;
  const moved = mux.arrange.moveBorder(at.x, at.y, at.vertical ? m.x : m.y);
  if (moved !== null) drag.at = at.vertical ? { ...at, x: moved } : { ...at, y: moved };
  return true;
}
