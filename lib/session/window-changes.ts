// Changing a session's windows: selecting, renaming, moving, synchronizing and killing them
// (Mux.windowChanges). Each change announces itself; selecting one also moves the focus.
import { ThurmError } from '../errors.js';
import { panesOf } from './layout.js';
import type { Mux } from './mux.js';
import type { MuxParts } from './mux-parts.js';
import type { Window } from './windows.js';

export class WindowChanges {
  constructor(private readonly mux: Mux, private readonly parts: MuxParts) {}

  select(view: Readonly<Window>): void {
    const w = this.parts.live(view);
    const { windows } = this.parts;
    if (w === windows.current) return;
    const before = this.mux.focused;
    windows.select(w);
    if (before) this.parts.panes.get(before)?.focusEvent(false);
    this.parts.emit({ type: 'window-selected', window: w.id });
    this.mux.focus(w.focused, true);
    this.parts.relayout();
  }

  /** The window `step` places after the current one (`n`, `p`), the last one selected (`l`), or by index. */
  selectBy(how: { step: number } | 'last' | { index: number }): void {
    const { windows } = this.parts;
    const w = how === 'last' ? windows.last : 'index' in how ? windows.byIndex(how.index) : windows.step(how.step);
    if (!w) throw new ThurmError('NOT_FOUND', how === 'last' ? 'no last window' : 'index' in how ? `no window ${how.index}` : 'no other window');
    this.select(w);
  }

  /** Gives a window a name; null: it is named after its focused pane's title again. */
  rename(view: Readonly<Window>, name: string | null): void {
    const w = this.parts.live(view);
    w.name = name;
    this.parts.emit({ type: 'window-renamed', window: w.id });
  }

  /** Moves a window to another index (tmux `move-window`); a window there takes the old one. */
  move(view: Readonly<Window>, index: number): void {
    const w = this.parts.live(view);
    const other = this.parts.windows.move(w, index);
    this.parts.emit({ type: 'window-moved', window: w.id });
    if (other) this.parts.emit({ type: 'window-moved', window: other.id });
  }

  /** Numbers the windows from base-index up, closing the gaps (tmux `move-window -r`, renumber-windows). */
  renumber(): void {
    for (const w of this.parts.windows.renumber()) this.parts.emit({ type: 'window-moved', window: w.id });
  }

  /** Typing into one pane of a synchronized window types into all of them (the current window by default). */
  synchronize(on: boolean, view?: Readonly<Window>): void {
    const w = view ? this.parts.live(view) : this.parts.currentWindow();
    w.synchronize = on;
    this.parts.emit({ type: 'window-synchronized', window: w.id });
  }

  /** Closes every pane of a window (`kill-window`); the window goes with its last pane. */
  kill(view: Readonly<Window>): void {
    for (const id of panesOf(view.layout)) this.mux.lifecycle.kill(id);
  }
}
