// Moving focus by where panes are (a heading, the next in order, the most urgent): each a
// choice made from what the Mux shows, carried out by Mux.focus, which announces it.
import { mostUrgentPane } from '../status/states.js';
import { neighbour, panesOf, type Heading } from './layout.js';
import type { Mux } from './mux.js';

/** Moves focus to the neighbour in a heading; false when there is none. */
export function focusToward(mux: Mux, heading: Heading): boolean {
  const focused = mux.focused;
  if (!focused) return false;
  const next = neighbour(mux.geometry(), focused, heading);
  if (next) mux.focus(next);
  return next !== null;
}

/** Focuses the pane `step` places on in the current window, wrapping. */
export function focusNext(mux: Mux, step = 1): void {
  const ids = mux.windowPaneIds();
  const focused = mux.focused;
  if (!ids.length || !focused) return;
  const i = ids.indexOf(focused);
  mux.focus(ids[(i + step + ids.length) % ids.length]);
}

/**
 * The pane that most needs the user (see states.ts), the focused one last; `far` adds other
 * panes by id and state (a far host's `build:3`), after this session's among equals.
 */
export function mostUrgent(mux: Mux, far: ReadonlyMap<string, string> = new Map()): string | null {
  const states = new Map<string, string>(mux.paneIds().map((id) => [id, mux.pane(id).summary().state]));
  for (const [id, state] of far) states.set(id, state);
  return mostUrgentPane([...states.keys()], mux.focused, (id) => states.get(id)!);
}

/** The pane focused before the active one in `pane`'s window (tmux's last pane) while it is still there, else null. */
export function lastPane(mux: Mux, pane: string): string | null {
  const w = mux.windowOf(pane);
  const last = w.lastFocused;
  return last !== null && last !== w.focused && panesOf(w.layout).includes(last) ? last : null;
}
