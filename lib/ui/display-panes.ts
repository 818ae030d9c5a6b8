// Prefix q, as tmux's display-panes: each pane of the window shows its index (0, 1, ... in the
// window's order, tmux's pane_index) in its middle, the focused one in red, the others in blue,
// for tmux's display-panes-time (1 s, or the session's `set -g display-panes-time MS`). Typing
// an index focuses that pane; any other key closes the numbers and does what it always does.
import blessed from 'blessed';
import type { Mux } from '../session/mux.js';
import type { InputToken } from './input.js';
import type { Mode, Taken } from './modes.js';

export const DISPLAY_PANES_MS = 1000;
/** The longest display-panes-time taken from a tmux option (tmux has no limit; a minute is plenty). */
const MAX_DISPLAY_PANES_MS = 60_000;

/** How long the numbers stay: the session's display-panes-time when it is a number of ms, else 1 s. */
export function displayPanesTime(mux: Pick<Mux, 'tmuxOptions'>): number {
  const set = Number(mux.tmuxOptions.get('display-panes-time', ['session']));
  return Number.isInteger(set) && set > 0 ? Math.min(set, MAX_DISPLAY_PANES_MS) : DISPLAY_PANES_MS;
}

export class DisplayPanesMode implements Mode {
  readonly covers = true;
  private readonly boxes: blessed.Widgets.BoxElement[] = [];
  private readonly panes: string[];
  private readonly timer: NodeJS.Timeout;

  /** `focus` focuses a pane; `expire` takes the mode off the stack when its time is up. */
  constructor(screen: blessed.Widgets.Screen, mux: Mux, private readonly focus: (pane: string) => void, expire: () => void) {
    const geo = mux.geometry();
    this.panes = [...mux.windowPaneIds()];
    this.panes.forEach((id, index) => {
      const r = geo.panes.get(id);
      if (!r) return;
      const width = Math.min(String(index).length + 4, r.w);
      const height = Math.min(3, Math.max(r.h - 1, 1));
      this.boxes.push(blessed.box({
        parent: screen,
        // Below the pane's header row, in the middle of what is left.
        top: r.y + 1 + Math.max(Math.floor((r.h - 1 - height) / 2), 0),
        left: r.x + Math.max(Math.floor((r.w - width) / 2), 0),
        width, height, content: String(index), align: 'center', valign: 'middle',
        style: { fg: 'white', bg: id === mux.focused ? 'red' : 'blue', bold: true },
      }));
    });
    this.timer = setTimeout(expire, displayPanesTime(mux));
  }

  handle(t: InputToken, end: () => void): Taken {
    end();
    const pane = t.kind === 'key' && /^[0-9]$/.test(t.seq) ? this.panes[Number(t.seq)] : undefined;
    if (pane) this.focus(pane);
    return pane !== undefined;
  }

  cursor(): 'hidden' {
    return 'hidden';
  }

  close(): void {
    clearTimeout(this.timer);
    for (const box of this.boxes) box.destroy();
  }
}
