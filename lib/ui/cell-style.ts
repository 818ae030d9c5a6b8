// SGR parameters for a cell's style: from an xterm buffer cell (every attribute thurm
// renders) and from blessed's packed attributes (the widgets drawn on top).
// Colours are kept as the program gave them; the renderer reduces them for each client.
import type { IBufferCell } from '@xterm/headless';
import { ansi } from './colors.js';
import { cellInternals } from '../term/xterm-internals.js';

/** Cells carry their style as SGR parameters ('' is the default style). */
export type Style = string;

export class StyleCache {
  private readonly cache = new Map<number, Map<number, Style>>();

  /** `links`: this client's terminal takes OSC 8, so pane cells carry their links (links.ts). */
  constructor(readonly links = false) {}

  of(cell: IBufferCell): Style {
    // xterm keeps a cell's colours and flags in two numbers; they key the style cache.
    const { fg, bg } = cellInternals(cell);
    let row = this.cache.get(fg);
    if (!row) {
      // Programs cycling through truecolours must not grow the cache without bound.
      if (this.cache.size >= 4096) this.cache.clear();
      this.cache.set(fg, (row = new Map()));
    }
    let style = row.get(bg);
    if (style === undefined) {
      style = styleOf(cell);
      if (row.size < 4096) row.set(bg, style);
    }
    return style;
  }
}

export function styleOf(cell: IBufferCell): Style {
  const p: (string | number)[] = [];
  if (cell.isBold()) p.push(1);
  if (cell.isDim()) p.push(2);
  if (cell.isItalic()) p.push(3);
  if (cell.isUnderline()) p.push(4);
  if (cell.isBlink()) p.push(5);
  if (cell.isInverse()) p.push(7);
  if (cell.isInvisible()) p.push(8);
  if (cell.isStrikethrough()) p.push(9);
  if (cell.isOverline()) p.push(53);
  if (cell.isFgPalette()) p.push(paletteColor(cell.getFgColor(), true));
  else if (cell.isFgRGB()) p.push(rgbColor(cell.getFgColor(), 38));
  if (cell.isBgPalette()) p.push(paletteColor(cell.getBgColor(), false));
  else if (cell.isBgRGB()) p.push(rgbColor(cell.getBgColor(), 48));
  return p.join(';');
}

function paletteColor(n: number, fg: boolean): string {
  return n < 16 ? ansi(n, fg) : `${fg ? 38 : 48};5;${n}`;
}

function rgbColor(rgb: number, extended: number): string {
  return `${extended};2;${(rgb >> 16) & 0xff};${(rgb >> 8) & 0xff};${rgb & 0xff}`;
}

const blessedCache = new Map<number, Style>();

/** blessed packs flags << 18 | fg << 9 | bg, with 0x1ff meaning the default colour. */
export function blessedStyle(attr: number): Style {
  let style = blessedCache.get(attr);
  if (style !== undefined) return style;
  const flags = attr >> 18, fg = (attr >> 9) & 0x1ff, bg = attr & 0x1ff;
  const p: (string | number)[] = [];
  if (flags & 1) p.push(1);
  if (flags & 2) p.push(4);
  if (flags & 4) p.push(5);
  if (flags & 8) p.push(7);
  if (flags & 16) p.push(8);
  if (fg !== 0x1ff) p.push(paletteColor(fg, true));
  if (bg !== 0x1ff) p.push(paletteColor(bg, false));
  style = p.join(';');
  blessedCache.set(attr, style);
  return style;
}
