// The panes' part of one client's frames: which panes changed since the last frame, drawing
// them into the client's cell grid (only the rows changed, when the same live view was drawn
// into the same cells), where the client's cursor goes, and more frames while a progress bar
// moves. client-screen.ts composes the frame around it (headers, the status line, overlays).
import type { Mux } from '../session/mux.js';
import type { TermView } from '../session/pane.js';
import type { StyleCache } from './cell-style.js';
import type { Line } from './cells.js';
import { clearUncovered } from './chrome.js';
import type { CopyView } from './copy-view.js';
import { drawPaneContent } from './pane-view.js';

/** Step of indeterminate progress bars. */
export const ANIMATION_MS = 150;
const SHAPES = { block: 2, underline: 4, bar: 6 } as const;

type Geometry = ReturnType<Mux['geometry']>;

export class PaneFrames {
  /** The next frame draws every pane (a new grid, the layout changed, an overlay closed). */
  all = true;
  private readonly dirty = new Set<string>();
  /** Each pane's live view as last drawn: its terminal, its cells, and the terminal's dirty-row stamp then. */
  private readonly drawn = new Map<string, { term: TermView; at: string; stamp: number }>();
  private cursorShape = '';
  /** The cursor as the last frame sent it. */
  lastCursor = '';
  private animationTimer: NodeJS.Timeout | null = null;

  /** `tick`: a frame is wanted (a progress bar moves on). */
  constructor(private readonly mux: Mux, private readonly copy: CopyView, private readonly styles: StyleCache, private readonly tick: () => void) {}

  changed(pane: string): void {
    this.dirty.add(pane);
  }

  /** The pane went away or runs another program: nothing of it is drawn where it was. */
  forget(pane: string): void {
    this.drawn.delete(pane);
    this.all = true;
  }

  /** The grid was (re)allocated blank: everything is drawn, and the cursor placed, again. */
  reset(): void {
    this.all = true;
    this.cursorShape = '';
    this.lastCursor = '';
  }

  /** Draws the panes that changed; an echo frame (`echoOnly`) only the focused one, the rest stays dirty. */
  draw(lines: Line[], cols: number, geo: Geometry, echoOnly: boolean): void {
    const rows = lines.length;
    const only = echoOnly && !this.all ? this.mux.focused : null;
    const paneRows = Math.min(rows, this.mux.clients.windowSize.rows - (this.mux.config.ui.statusLine ? 1 : 0));
    if (this.all) clearUncovered(lines, rows, cols, geo);
    const held = new Set<string>();
    for (const [id, r] of geo.panes) {
      if (!this.all && !this.dirty.has(id)) continue;
      if (only !== null && id !== only) continue;
      // Mid-update (synchronized output): keep its last complete frame, draw it once it ends.
      if (this.mux.pane(id).term.sync.updating) {
        held.add(id);
        continue;
      }
      const content = { x: r.x, y: r.y + 1, w: Math.min(r.w, cols - r.x), h: Math.min(r.h - 1, paneRows - r.y - 1) };
      if (content.w > 0 && content.h > 0) {
        const term = this.mux.pane(id).term;
        const top = this.copy.top(id);
        const at = `${content.x},${content.y},${content.w},${content.h}`;
        const last = this.drawn.get(id);
        // Only the rows changed since, when the same live view was last drawn into the same cells.
        const since = !this.all && top === undefined && last?.term === term && last.at === at ? last.stamp : undefined;
        const stamp = term.dirty.stamp;
        drawPaneContent(lines, content, term, this.styles, top, (y) => this.copy.highlight(id, y), since);
        if (top === undefined) this.drawn.set(id, { term, at, stamp });
        else this.drawn.delete(id);
      }
    }
    this.all = false;
    if (only !== null) this.dirty.delete(only);
    else this.dirty.clear();
    for (const id of held) this.dirty.add(id);
  }

  /** Keeps frames coming while a visible pane shows an indeterminate progress bar. */
  animate(geo: Geometry): void {
    if (this.animationTimer) return;
    const moving = [...geo.panes.keys()].some((id) => this.mux.pane(id).summary().progressState === 'indeterminate');
    if (!moving) return;
    this.animationTimer = setTimeout(() => {
      this.animationTimer = null;
      this.tick();
    }, ANIMATION_MS);
  }

  /**
   * The client's cursor: in the focused pane (its copy mode's, when it is in one), or where a
   * mode puts it (`modal`: a column of the status line, or hidden).
   */
  cursor(geo: Geometry, modal: number | 'hidden' | undefined, size: { cols: number; rows: number }): string {
    const id = this.mux.focused;
    const r = id ? geo.panes.get(id) : undefined;
    if (typeof modal === 'number') return `\x1b[${size.rows};${Math.min(modal, size.cols - 1) + 1}H\x1b[?25h`;
    if (!id || !r || modal === 'hidden') return '\x1b[?25l';
    if (this.mux.pane(id).term.sync.updating && this.lastCursor) return this.lastCursor;
    const live = this.mux.pane(id).term.cursor;
    const copying = this.copy.cursor(id);
    const c = copying ? { ...live, ...copying, visible: true } : live;
    const x = r.x + c.x, y = r.y + 1 + c.y;
    const inside = c.x < r.w && c.y < r.h - 1;
    let out = inside ? `\x1b[${y + 1};${x + 1}H` : '';
    out += c.visible && inside ? '\x1b[?25h' : '\x1b[?25l';
    const shape = `\x1b[${SHAPES[c.shape] - (c.blink ? 1 : 0)} q`;
    if (shape !== this.cursorShape) {
      out += shape;
      this.cursorShape = shape;
    }
    return out;
  }

  dispose(): void {
    if (this.animationTimer) clearTimeout(this.animationTimer);
  }
}
