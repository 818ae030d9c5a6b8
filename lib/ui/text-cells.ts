// Writes plain text into a row of cells, by display width (wide characters take two cells),
// truncating with an ellipsis. The text must already be sanitised.
import type { Style } from './cell-style.js';
import { CONTROL_CHARS } from '../sanitize.js';
import { charWidth, CONTINUATION, type Line } from './cells.js';

export function textWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += charWidth(ch);
  return w;
}

/** Cuts text to `max` columns, ending with an ellipsis when something was cut. */
export function truncate(text: string, max: number): string {
  if (max <= 0) return '';
  if (textWidth(text) <= max) return text;
  let out = '';
  let w = 0;
  for (const ch of text) {
    const cw = charWidth(ch);
    if (w + cw > max - 1) break;
    out += ch;
    w += cw;
  }
  return out + '…';
}

/** Puts text at (x, row) and returns the column after it; never writes past `end`. */
export function putText(line: Line, x: number, text: string, style: Style, end = line.length): number {
  // A pane's header may run past a client narrower than the window: the line ends where it ends.
  end = Math.min(end, line.length);
  // A last guard: whatever reaches the screen through here holds no control characters.
  for (const ch of text.replace(CONTROL_CHARS, '')) {
    const w = charWidth(ch);
    if (w === 0) {
      // Combining marks join the character before them.
      if (x > 0 && line[x - 1]) line[x - 1][1] += ch;
      continue;
    }
    if (x + w > end) break;
    line[x] = [style, ch];
    if (w === 2) line[x + 1] = [style, CONTINUATION];
    x += w;
  }
  line.dirty = true;
  return x;
}

export function fill(line: Line, x: number, end: number, ch: string, style: Style): void {
  for (let i = x; i < end && i < line.length; i++) line[i] = [style, ch];
  line.dirty = true;
}
