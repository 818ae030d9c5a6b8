// Arranging the panes of a window: presets, swaps, rotation, moving a pane to another window,
// sizes, borders and zoom (Mux.arrange). Each change relays out, which announces it.
import { ThurmError } from '../errors.js';
import {
  borderAt, computeGeometry, equalize, leaf, moveBorder, panesOf, removePane, rectCells, resizePane, resizePaneTo, splitPane,
  type Direction, type LayoutNode, type PaneSize,
} from './layout.js';
import { presetLayout, PRESETS, rotatePanes, swapPanes, type Preset } from './layout-presets.js';
import type { Mux } from './mux.js';
import type { MuxParts } from './mux-parts.js';
import type { Window } from './windows.js';

export class Arrange {
  constructor(private readonly mux: Mux, private readonly parts: MuxParts) {}

  /** Lays a window's panes out as a tmux preset, or the preset after the last one (`next`). */
  selectLayout(preset: Preset | 'next', view?: Readonly<Window>): Preset {
    const w = view ? this.parts.live(view) : this.parts.currentWindow();
    const next = preset === 'next' ? PRESETS[(PRESETS.indexOf(w.preset ?? PRESETS[PRESETS.length - 1]) + 1) % PRESETS.length] : preset;
    w.layout = presetLayout(next, panesOf(w.layout), this.parts.paneArea());
    w.preset = next;
    w.zoomed = null;
    this.parts.relayout();
    return next;
  }

  /**
   * Lays a window's panes out as `tree` says (a tmux layout string read by parseLayoutString):
   * its leaves, numbered 0, 1, ..., take the window's panes in order, as tmux's select-layout does.
   */
  applyLayout(tree: LayoutNode, view?: Readonly<Window>): void {
    const w = view ? this.parts.live(view) : this.parts.currentWindow();
    const ids = panesOf(w.layout);
    const cells = panesOf(tree);
    if (cells.length !== ids.length) throw new ThurmError('INVALID_ARGUMENT', `select-layout: the layout has ${cells.length} pane${cells.length === 1 ? '' : 's'}, the window ${ids.length}`);
    const place = (n: LayoutNode): LayoutNode => (n.kind === 'pane' ? leaf(ids[Number(n.pane)]) : { ...n, a: place(n.a), b: place(n.b) });
    w.layout = place(tree);
    w.preset = null;
    w.zoomed = null;
    this.parts.relayout();
  }

  /** Swaps a pane with the one `step` places after it in its window (prefix `{` / `}`). */
  swapPane(id: string, step: number): void {
    const w = this.parts.windowWith(id);
    const ids = panesOf(w.layout);
    const other = ids[(ids.indexOf(id) + step + ids.length) % ids.length];
    w.layout = swapPanes(w.layout, id, other);
    this.parts.relayout();
  }

  /** Swaps two panes of one window (tmux's `swap-pane -s A -t B`). */
  swapWith(a: string, b: string): void {
    const w = this.parts.windowWith(a);
    if (this.parts.windowWith(b) !== w) throw new ThurmError('INVALID_ARGUMENT', `swap-pane: panes ${a} and ${b} are in different windows`);
    if (a === b) return;
    w.layout = swapPanes(w.layout, a, b);
    this.parts.relayout();
  }

  /** Every pane of the current window moves one place on (tmux `rotate-window`). */
  rotateWindow(step = 1): void {
    const w = this.parts.currentWindow();
    w.layout = rotatePanes(w.layout, step);
    this.parts.relayout();
  }

  /** Takes a pane out of its window into a window of its own (prefix `!`). */
  breakPane(id: string): void {
    const from = this.parts.windowWith(id);
    const rest = removePane(from.layout, id);
    if (!rest) throw new ThurmError('INVALID_ARGUMENT', `break-pane: pane ${id} is the only pane of its window`);
    this.parts.detachPane(from, id, rest);
    const w = this.parts.windows.add(leaf(id), id);
    this.parts.emit({ type: 'window-added', window: w.id });
    this.mux.windowChanges.select(w);
    this.parts.relayout();
  }

  /** Moves a pane next to another, in that pane's window (tmux `join-pane`). */
  joinPane(id: string, target: string, dir: Direction): void {
    if (id === target) throw new ThurmError('INVALID_ARGUMENT', 'join-pane: a pane cannot join itself');
    const from = this.parts.windowWith(id);
    const to = this.parts.windowWith(target);
    const layout = splitPane(from === to ? removePane(to.layout, id)! : to.layout, target, id, dir);
    if (computeGeometry(layout, this.parts.paneArea(), undefined).hidden.has(id)) {
      throw new ThurmError('INVALID_ARGUMENT', `join-pane: no space for pane ${id} next to pane ${target}`);
    }
    const rest = removePane(from.layout, id);
    if (from !== to) {
      if (rest) this.parts.detachPane(from, id, rest);
      else {
        this.parts.windows.remove(from);
        this.parts.emit({ type: 'window-closed', window: from.id });
      }
    }
    to.layout = layout;
    to.zoomed = null;
    this.mux.focus(id, true);
    this.parts.relayout();
  }

  /** Zooms a pane (focusing it the way the keyboard does), or unzooms it. */
  toggleZoom(id = this.mux.focused): void {
    if (!id) return;
    const w = this.parts.windowWith(id);
    if (w.zoomed === id) {
      w.zoomed = null;
    } else {
      this.mux.focus(id);
      w.zoomed = id;
    }
    this.parts.relayout();
  }

  /** Gives a pane `size` along an axis (tmux `resize-pane -x/-y`); a percentage is of the window. */
  resizePaneTo(id: string, dir: Direction, size: PaneSize): void {
    this.mux.pane(id);
    const w = this.parts.windowWith(id);
    const area = this.parts.paneArea();
    w.zoomed = null;
    w.layout = resizePaneTo(w.layout, id, dir, rectCells(size, dir, { cols: area.w, rows: area.h }), area);
    this.parts.relayout();
  }

  resizePane(id: string, dir: Direction, cells: number): void {
    this.mux.pane(id);
    const w = this.parts.windowWith(id);
    w.zoomed = null;
    w.layout = resizePane(w.layout, id, dir, cells, this.parts.paneArea());
    this.parts.relayout();
  }

  /** Whether a border between panes passes through window cell (x, y) (a drag can move it). */
  isBorder(x: number, y: number): boolean {
    const w = this.parts.windows.current;
    return !!w && !w.zoomed && borderAt(w.layout, this.parts.paneArea(), x, y) !== null;
  }

  /** Moves the border through cell (x, y) to column or row `to`; returns where it ended, or null. */
  moveBorder(x: number, y: number, to: number): number | null {
    const w = this.parts.windows.current;
    if (!w || w.zoomed) return null;
    const moved = moveBorder(w.layout, this.parts.paneArea(), x, y, to);
    if (!moved) return null;
    w.layout = moved.node;
    this.parts.relayout();
    return moved.at;
  }

  /** Gives the panes of the current window's rows and columns the same size. */
  equalize(): void {
    const w = this.parts.windows.current;
    if (!w) return;
    w.layout = equalize(w.layout, this.parts.paneArea());
    this.parts.relayout();
  }
}
