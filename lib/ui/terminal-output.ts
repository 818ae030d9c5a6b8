// How cells are written for one client's terminal (see outer-terminal.ts): styles as SGR with
// colours reduced to its depth, links as OSC 8, and characters it can show where its locale
// is not UTF-8 (glyphs.ts). The renderer asks per cell; answers are cached per style.
import { blessedStyle, type Style } from './cell-style.js';
import { reduceStyle } from './colors.js';
import { acsOf, asciiOf } from './glyphs.js';
import { LINK_MARK } from './links.js';
import type { OuterTerminal } from './outer-terminal.js';

const MAX_CACHED = 4096;

export class TerminalOutput {
  private readonly sgrs = new Map<Style | number, string>();

  constructor(readonly outer: OuterTerminal) {}

  /** The SGR sequence that sets `attr` from the default style. */
  sgr(attr: Style | number): string {
    let sgr = this.sgrs.get(attr);
    if (sgr !== undefined) return sgr;
    let style = typeof attr === 'number' ? blessedStyle(attr) : attr;
    const mark = style.indexOf(LINK_MARK);
    if (mark >= 0) style = style.slice(0, mark);
    style = reduceStyle(style, this.outer.colors);
    sgr = style ? `\x1b[0;${style}m` : '\x1b[0m';
    // Programs cycling through truecolours must not grow the cache without bound.
    if (this.sgrs.size >= MAX_CACHED) this.sgrs.clear();
    this.sgrs.set(attr, sgr);
    return sgr;
  }

  /** The OSC 8 parameters (`id=...;uri`) of the link in `attr`, or '' for none. */
  link(attr: Style | number): string {
    if (typeof attr === 'number' || !this.outer.hyperlinks) return '';
    const mark = attr.indexOf(LINK_MARK);
    return mark < 0 ? '' : attr.slice(mark + 1);
  }

  /** The terminal's ACS character for `ch`, or null when it is drawn without the ACS. */
  acs(ch: string): string | null {
    const acs = this.outer.acs;
    if (this.outer.utf8 || !acs) return null;
    const vt100 = acsOf(ch);
    return vt100 === null ? null : acs.chars.get(vt100) ?? null;
  }

  /** `ch` as text the terminal shows in `width` columns (outside the ACS). */
  text(ch: string, width = 1): string {
    return this.outer.utf8 ? ch : asciiOf(ch, width);
  }

  /** Text for an OSC string (a title, a notification): ASCII where the locale is not UTF-8. */
  plain(text: string): string {
    return this.outer.utf8 ? text : text.replace(/[^\x20-\x7e]/gu, '?');
  }
}
