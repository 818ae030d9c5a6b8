// Turns a blessed screen's cell grid into the bytes that update a client's terminal: only
// cells that differ from what the client already shows, with full SGR styles (blessed's own
// draw knows no italic, dim, strikethrough or truecolor). Replaces blessed's Screen.draw.
import { blessedStyle, type Style } from './cell-style.js';
import { CONTINUATION, type Cell, type Line } from './cells.js';

export { CONTINUATION, type Cell, type Line };

function sgr(attr: Style | number): string {
  const style = typeof attr === 'number' ? blessedStyle(attr) : attr;
  return style ? `\x1b[0;${style}m` : '\x1b[0m';
}

function same(a: Cell, b: Cell): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/** Bytes that bring `olines` (what the client shows) up to `lines`; updates `olines`. */
export function renderDiff(lines: Line[], olines: Line[]): string {
  let out = '';
  let attr: Style | number | null = null;
  let cx = -1, cy = -1;
  for (let y = 0; y < lines.length; y++) {
    const line = lines[y];
    const old = olines[y];
    if (!line.dirty || !old) continue;
    line.dirty = false;
    for (let x = 0; x < line.length; x++) {
      const cell = line[x];
      // The grid says which characters are wide: the ones followed by a continuation cell.
      const wide = x + 1 < line.length && line[x + 1][1] === CONTINUATION && cell[1] !== CONTINUATION && cell[1] !== ' ';
      if (same(cell, old[x]) && (!wide || same(line[x + 1], old[x + 1]))) continue;
      let ch = cell[1];
      // Continuations of wide characters are drawn with them, so one met here is an orphan
      // (its wide character was clipped or overwritten) and shows as a blank.
      if (ch === CONTINUATION) ch = ' ';
      if (!wide && (cx !== x || cy !== y)) out += `\x1b[${y + 1};${x + 1}H`;
      if (cell[0] !== attr) {
        out += sgr(cell[0]);
        attr = cell[0];
      }
      if (wide) {
        // Blank the second column first and place the character explicitly: an outer terminal
        // that counts it narrower still shows the rest of the row where it belongs.
        out += `\x1b[${y + 1};${x + 2}H \x1b[${y + 1};${x + 1}H${ch}`;
        old[x] = [cell[0], cell[1]];
        old[x + 1] = [line[x + 1][0], CONTINUATION];
        cx = -1;
        x++;
        continue;
      }
      out += ch;
      old[x] = [cell[0], cell[1]];
      cx = x + 1;
      cy = y;
    }
  }
  if (attr !== null) out += '\x1b[0m';
  return out;
}
