// Copies a pane's visible cells from its xterm buffer straight into a client's cell grid.
import type { IBufferCell } from '@xterm/headless';
import type { Rect } from '../session/layout.js';
import { lineAt } from '../term/history.js';
import type { TermView } from '../session/pane.js';
import type { StyleCache } from './cell-style.js';
import { CONTINUATION, type Line } from './cells.js';
import { linkSuffix } from './links.js';

let scratch: IBufferCell | undefined;
const EMOJI_PRESENTATION = /\uFE0F/g;

/** What copy mode draws over a pane's cells: the style replacing a cell's on line `y`, or none. */
export type Highlighter = (y: number) => ((x: number) => string | null) | null;

/**
 * Draws the pane's screen into `content` (the rect below its header), or, in copy mode, the
 * buffer lines from `top` on with their highlights. Given `since` (the pane's dirty-row stamp
 * when it was last drawn into these same cells), the live view reads only the rows changed since.
 */
export function drawPaneContent(
  lines: Line[], content: Rect, term: TermView, styles: StyleCache, top?: number, highlight?: Highlighter, since?: number,
): void {
  const buffers = term.xterm.buffer;
  const buf = buffers.active;
  scratch ??= buf.getNullCell();
  const cell = scratch;
  const first = top ?? buf.viewportY;
  for (let row = 0; row < content.h; row++) {
    const line = lines[content.y + row];
    if (!line) break;
    if (since !== undefined && top === undefined && !term.dirty.changedSince(row, since)) continue;
    // Copy mode's lines are history lines (see history.ts), the live view's the active buffer's.
    const src = row >= term.rows ? undefined : top === undefined ? buf.getLine(first + row) : lineAt(buffers, first + row);
    const marks = highlight?.(first + row) ?? null;
    let changed = false;
    for (let col = 0; col < content.w; col++) {
      let style = '';
      let ch = ' ';
      if (src && col < term.cols && src.getCell(col, cell)) {
        const width = cell.getWidth();
        style = marks?.(col) ?? (styles.links ? styles.of(cell) + linkSuffix(term.xterm, cell) : styles.of(cell));
        if (width === 0) ch = CONTINUATION;
        else if (width === 2 && col === content.w - 1) ch = ' ';
        // The pane counts a narrow character with an emoji presentation selector as one column
        // (as wcwidth does); many terminals would draw it two wide and push the rest of the row
        // into the border, so it is sent as the plain character.
        else if (width === 1) ch = cell.getChars().replace(EMOJI_PRESENTATION, '') || ' ';
        else ch = cell.getChars() || ' ';
      }
      const target = line[content.x + col];
      if (target[0] !== style || target[1] !== ch) {
        target[0] = style;
        target[1] = ch;
        changed = true;
      }
    }
    if (changed) line.dirty = true;
  }
}
