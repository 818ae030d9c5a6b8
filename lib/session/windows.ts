// The windows of a session (tmux's windows, shown as tabs in the status line): each its own
// layout tree with a focused pane and maybe a zoomed one. Plain data; the Mux changes it and
// announces every change. Indexes are tmux's: stable numbers from 0, a new window takes the
// lowest free one; ids (`@N`) never repeat.
import { panesOf, removePane, type LayoutNode } from './layout.js';
import type { Preset } from './layout-presets.js';

export interface Window {
  id: number;
  index: number;
  /** Set by `rename-window`; null: the window is named after its focused pane's title. */
  name: string | null;
  layout: LayoutNode;
  focused: string;
  /** The pane focused before `focused` (focus returns to it when `focused` closes, as in tmux). */
  lastFocused: string | null;
  zoomed: string | null;
  /** The preset last applied (prefix Space goes on to the next one). */
  preset: Preset | null;
  /** Typed input goes to every pane of the window (`synchronize-panes`). */
  synchronize: boolean;
}

/** A window as the session file and a handover keep it. */
export interface WindowSnapshot { index: number; name: string | null; layout: LayoutNode; focused: string; zoomed: string | null }

export class Windows {
  private list: Window[] = [];
  private currentId: number | null = null;
  private lastId: number | null = null;
  private nextId = 0;

  get current(): Window | null {
    return this.byId(this.currentId);
  }

  /** The window selected before the current one (prefix `l`). */
  get last(): Window | null {
    return this.byId(this.lastId);
  }

  /** Every window, by index. */
  all(): Window[] {
    return [...this.list].sort((a, b) => a.index - b.index);
  }

  get size(): number {
    return this.list.length;
  }

  byId(id: number | null): Window | null {
    return id === null ? null : this.list.find((w) => w.id === id) ?? null;
  }

  byIndex(index: number): Window | null {
    return this.list.find((w) => w.index === index) ?? null;
  }

  ofPane(pane: string): Window | null {
    return this.list.find((w) => panesOf(w.layout).includes(pane)) ?? null;
  }

  /**
   * Moves `w`'s focus off `gone`, which left its layout (`order`: the panes before it left): to
   * the pane focused before it, as tmux does, else the pane before it in the layout, else the first.
   */
  refocus(w: Window, gone: string, order: string[]): void {
    if (w.lastFocused === gone) w.lastFocused = null;
    if (w.focused !== gone) return;
    const left = panesOf(w.layout);
    const at = order.indexOf(gone);
    const before = order.slice(0, Math.max(at, 0)).reverse().find((id) => left.includes(id));
    w.focused = w.lastFocused !== null && left.includes(w.lastFocused) ? w.lastFocused : before ?? left[0];
    w.lastFocused = null;
  }

  /** Every pane, window by window in index order, each window's in layout order. */
  panes(): string[] {
    return this.all().flatMap((w) => panesOf(w.layout));
  }

  /** `base`: the lowest index a new window takes (tmux's base-index). */
  constructor(private readonly base: () => number = () => 0) {}

  /** The lowest index from the base up that no window has: the next new window's. */
  freeIndex(): number {
    let at = this.base();
    while (this.byIndex(at)) at++;
    return at;
  }

  /** Adds a window (not selected); `index` when restoring, else the lowest free one. */
  add(layout: LayoutNode, focused: string, name: string | null = null, index?: number, id?: number): Window {
    const at = index ?? this.freeIndex();
    const w: Window = { id: id ?? this.nextId, index: at, name, layout, focused, lastFocused: null, zoomed: null, preset: null, synchronize: false };
    this.nextId = Math.max(this.nextId, w.id + 1);
    this.list.push(w);
    return w;
  }

  /** The windows as the session file and a handover keep them, and the current one's index. */
  snapshot(): { windows: WindowSnapshot[]; current: number } {
    return {
      windows: this.all().map((w) => ({ index: w.index, name: w.name, layout: w.layout, focused: w.focused, zoomed: w.zoomed })),
      current: this.current?.index ?? 0,
    };
  }

  /**
   * Adds saved windows with only the panes that `exists` (a pane that could not start is left
   * out) and selects the one at `current`, else the first; null when no window is left.
   */
  load(saved: WindowSnapshot[], current: number, exists: (pane: string) => boolean): Window | null {
    for (const s of saved) {
      let layout: LayoutNode | null = s.layout;
      for (const id of panesOf(s.layout)) if (!exists(id)) layout = layout && removePane(layout, id);
      if (!layout) continue;
      const ids = panesOf(layout);
      const w = this.add(layout, ids.includes(s.focused) ? s.focused : ids[0], s.name, s.index);
      w.zoomed = s.zoomed && ids.includes(s.zoomed) ? s.zoomed : null;
    }
    const first = this.byIndex(current) ?? this.all()[0];
    if (first) this.select(first);
    return first ?? null;
  }

  select(w: Window): void {
    if (w.id === this.currentId) return;
    this.lastId = this.currentId;
    this.currentId = w.id;
  }

  /** Removes a window; when it was current, the last one (else the next by index) is selected. */
  remove(w: Window): void {
    const order = this.all();
    const at = order.findIndex((x) => x.id === w.id);
    this.list = this.list.filter((x) => x.id !== w.id);
    if (this.lastId === w.id) this.lastId = null;
    if (this.currentId !== w.id) return;
    const next = this.last ?? order[at + 1] ?? order[at - 1] ?? null;
    this.currentId = next && next.id !== w.id ? next.id : null;
    this.lastId = null;
  }

  /** The window `step` places after the current one, by index, wrapping. */
  step(step: number): Window | null {
    const order = this.all();
    const at = order.findIndex((w) => w.id === this.currentId);
    if (at < 0 || !order.length) return null;
    return order[(at + step + order.length * Math.abs(step)) % order.length];
  }

  /** Numbers the windows from the base up, in their order (tmux's renumber-windows); returns those whose index changed. */
  renumber(): Window[] {
    const base = this.base();
    return this.all().filter((w, i) => {
      const moved = w.index !== base + i;
      w.index = base + i;
      return moved;
    });
  }

  /** Swaps a window into another index (tmux `move-window`): the window there, returned, takes its old one. */
  move(w: Window, index: number): Window | null {
    const other = this.byIndex(index);
    if (other === w) return null;
    if (other) other.index = w.index;
    w.index = index;
    return other;
  }
}
