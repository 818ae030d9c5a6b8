// SGR parameters for a cell's style: from an xterm buffer cell (every attribute thurm
// renders) and from blessed's packed attributes (the widgets drawn on top).
import type { IBufferCell } from '@xterm/headless';

/** Cells carry their style as SGR parameters ('' is the default style). */
export type Style = string;

/** xterm keeps a cell's colours and flags in two numbers; they key the style cache. */
interface PackedCell { fg?: number; bg?: number }

export class StyleCache {
  private readonly cache = new Map<number, Map<number, Style>>();

  constructor(readonly truecolor: boolean) {}

  of(cell: IBufferCell): Style {
    const { fg, bg } = cell as unknown as PackedCell;
    if (typeof fg !== 'number' || typeof bg !== 'number') return styleOf(cell, this.truecolor);
    let row = this.cache.get(fg);
    if (!row) {
      // Programs cycling through truecolours must not grow the cache without bound.
      if (this.cache.size >= 4096) this.cache.clear();
      this.cache.set(fg, (row = new Map()));
    }
    let style = row.get(bg);
    if (style === undefined) {
      style = styleOf(cell, this.truecolor);
      if (row.size < 4096) row.set(bg, style);
    }
    return style;
  }
}

export function styleOf(cell: IBufferCell, truecolor: boolean): Style {
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
  if (cell.isFgPalette()) p.push(paletteColor(cell.getFgColor(), 30, 90, 38));
  else if (cell.isFgRGB()) p.push(rgbColor(cell.getFgColor(), 38, truecolor));
  if (cell.isBgPalette()) p.push(paletteColor(cell.getBgColor(), 40, 100, 48));
  else if (cell.isBgRGB()) p.push(rgbColor(cell.getBgColor(), 48, truecolor));
  return p.join(';');
}

function paletteColor(n: number, base: number, bright: number, extended: number): string {
  if (n < 8) return String(base + n);
  if (n < 16) return String(bright + n - 8);
  return `${extended};5;${n}`;
}

function rgbColor(rgb: number, extended: number, truecolor: boolean): string {
  const r = (rgb >> 16) & 0xff, g = (rgb >> 8) & 0xff, b = rgb & 0xff;
  return truecolor ? `${extended};2;${r};${g};${b}` : `${extended};5;${nearest256(r, g, b)}`;
}

/** The closest xterm-256 colour: the 6x6x6 cube or the grey ramp, whichever is nearer. */
export function nearest256(r: number, g: number, b: number): number {
  const level = (v: number) => (v < 48 ? 0 : v < 115 ? 1 : Math.floor((v - 35) / 40));
  const steps = [0, 95, 135, 175, 215, 255];
  const [lr, lg, lb] = [level(r), level(g), level(b)];
  const cube = 16 + 36 * lr + 6 * lg + lb;
  const cubeDist = (steps[lr] - r) ** 2 + (steps[lg] - g) ** 2 + (steps[lb] - b) ** 2;
  const avg = Math.round((r + g + b) / 3);
  const grey = avg > 238 ? 23 : Math.max(0, Math.floor((avg - 3) / 10));
  const gv = 8 + grey * 10;
  const greyDist = (gv - r) ** 2 + (gv - g) ** 2 + (gv - b) ** 2;
  return greyDist < cubeDist ? 232 + grey : cube;
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
  if (fg !== 0x1ff) p.push(paletteColor(fg, 30, 90, 38));
  if (bg !== 0x1ff) p.push(paletteColor(bg, 40, 100, 48));
  style = p.join(';');
  blessedCache.set(attr, style);
  return style;
}
