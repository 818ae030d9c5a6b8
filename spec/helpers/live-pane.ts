// Specs that stand in for StatusWatch (a pane's clock, its look at /proc) reach the live pane
// behind the read-only view the Mux gives out.
import type { Mux } from '../../lib/session/mux.js';
import type { Pane } from '../../lib/session/pane.js';

export function livePane(mux: Mux, id: string): Pane {
  return mux.pane(id) as Pane;
}
