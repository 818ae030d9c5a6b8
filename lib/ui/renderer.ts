// Turns a blessed screen's cell grid into the bytes that update a client's terminal: only
// cells that differ from what the client already shows, with full SGR styles (blessed's own
// draw knows no italic, dim, strikethrough or truecolor). Replaces blessed's Screen.draw.
// What the bytes are follows the client's terminal (terminal-output.ts).
import type { Style } from './cell-style.js';
import { CONTINUATION, type Cell, type Line } from './cells.js';
import { TerminalOutput } from './terminal-output.js';

export { CONTINUATION, type Cell, type Line };

/** An xterm-256color client with truecolor and UTF-8: the bytes as the cells have them. */
const FULL = new TerminalOutput({ term: 'xterm-256color', colors: 'truecolor', utf8: true, acs: null, osc: true, hyperlinks: true });

/**
 * Whether a cell continues the wide character to its left: thurm's own mark, or the ETX that
 * blessed puts after each wide character of a widget's text (a chooser row with a CJK title).
 */
function continues(ch: string): boolean {
  return ch === CONTINUATION || ch === '\x03';
}

function same(a: Cell, b: Cell): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/**
 * The terminal's state while a frame is written: style, open link and character set, each
 * changed only when a cell needs it, and all put back to the defaults at the end.
 */
class FrameWriter {
  out = '';
  private attr: Style | number | null = null;
  private link = '';
  private inAcs = false;

  constructor(private readonly output: TerminalOutput) {}

  style(attr: Style | number): void {
    if (attr === this.attr) return;
    this.out += this.output.sgr(attr);
    this.attr = attr;
    const link = this.output.link(attr);
    if (link !== this.link) this.out += `\x1b]8;${link || ';'}\x1b\\`;
    this.link = link;
  }

  put(ch: string, width = 1): void {
    const acs = ch.length === 1 && ch < '\x7f' ? null : this.output.acs(ch);
    if ((acs !== null) !== this.inAcs) {
      this.inAcs = acs !== null;
      this.out += this.inAcs ? this.output.outer.acs!.enter : this.output.outer.acs!.exit;
    }
    this.out += acs ?? this.output.text(ch, width);
  }

  end(): string {
    if (this.inAcs) this.out += this.output.outer.acs!.exit;
    if (this.link) this.out += '\x1b]8;;\x1b\\';
    if (this.attr !== null) this.out += '\x1b[0m';
    return this.out;
  }
}

/** Bytes that bring `olines` (what the client shows) up to `lines`; updates `olines`. */
export function renderDiff(lines: Line[], olines: Line[], output = FULL): string {
  const w = new FrameWriter(output);
  let cx = -1, cy = -1;
  for (let y = 0; y < lines.length; y++) {
    const line = lines[y];
    const old = olines[y];
    if (!line.dirty || !old) continue;
    line.dirty = false;
    for (let x = 0; x < line.length; x++) {
      const cell = line[x];
      // The grid says which characters are wide: the ones followed by a continuation cell.
      const wide = x + 1 < line.length && continues(line[x + 1][1]) && !continues(cell[1]) && cell[1] !== ' ';
      if (same(cell, old[x]) && (!wide || same(line[x + 1], old[x + 1]))) continue;
      let ch = cell[1];
      // Continuations of wide characters are drawn with them, so one met here is an orphan
      // (its wide character was clipped or overwritten) and shows as a blank.
      if (continues(ch)) ch = ' ';
      if (!wide && (cx !== x || cy !== y)) w.out += `\x1b[${y + 1};${x + 1}H`;
      w.style(cell[0]);
      if (wide) {
        // Blank the second column first and place the character explicitly: an outer terminal
        // that counts it narrower still shows the rest of the row where it belongs.
        w.out += `\x1b[${y + 1};${x + 2}H`;
        w.put(' ');
        w.out += `\x1b[${y + 1};${x + 1}H`;
        w.put(ch, 2);
        old[x] = [cell[0], cell[1]];
        old[x + 1] = [line[x + 1][0], line[x + 1][1]];
        cx = -1;
        x++;
        continue;
      }
      w.put(ch);
      old[x] = [cell[0], cell[1]];
      cx = x + 1;
      cy = y;
    }
  }
  return w.end();
}
