// Colours reduced to what an outer terminal has: 24-bit to the xterm 256 palette (6x6x6 cube
// and grey ramp), to the 16 or 8 ANSI colours, 256 to 16 or 8, or none at all. Pure
// functions over SGR parameter strings; outer-terminal.ts picks the depth for each client.

/** Colours a terminal shows: 24-bit, an indexed palette of 256, 16 or 8, or none. */
export type ColorDepth = 'truecolor' | 256 | 16 | 8 | 0;

/** xterm's default first 16 colours, the palette most terminals start from. */
const ANSI: readonly [number, number, number][] = [
  [0, 0, 0], [205, 0, 0], [0, 205, 0], [205, 205, 0], [0, 0, 238], [205, 0, 205], [0, 205, 205], [229, 229, 229],
  [127, 127, 127], [255, 0, 0], [0, 255, 0], [255, 255, 0], [92, 92, 255], [255, 0, 255], [0, 255, 255], [255, 255, 255],
];
const CUBE = [0, 95, 135, 175, 215, 255];

/** The closest xterm-256 colour: the 6x6x6 cube or the grey ramp, whichever is nearer. */
export function nearest256(r: number, g: number, b: number): number {
  const level = (v: number) => (v < 48 ? 0 : v < 115 ? 1 : Math.floor((v - 35) / 40));
  const [lr, lg, lb] = [level(r), level(g), level(b)];
  const cube = 16 + 36 * lr + 6 * lg + lb;
  const cubeDist = (CUBE[lr] - r) ** 2 + (CUBE[lg] - g) ** 2 + (CUBE[lb] - b) ** 2;
  const avg = Math.round((r + g + b) / 3);
  const grey = avg > 238 ? 23 : Math.max(0, Math.floor((avg - 3) / 10));
  const gv = 8 + grey * 10;
  const greyDist = (gv - r) ** 2 + (gv - g) ** 2 + (gv - b) ** 2;
  return greyDist < cubeDist ? 232 + grey : cube;
}

/** The RGB value xterm gives a palette index. */
export function rgbOf256(n: number): [number, number, number] {
  if (n < 16) return [...ANSI[n]];
  if (n >= 232) {
    const v = 8 + (n - 232) * 10;
    return [v, v, v];
  }
  const i = n - 16;
  return [CUBE[Math.floor(i / 36)], CUBE[Math.floor(i / 6) % 6], CUBE[i % 6]];
}

/** The closest of the 16 ANSI colours, by the "redmean" weighting (closer to the eye than plain RGB). */
export function nearest16(r: number, g: number, b: number): number {
  let best = 0;
  let bestDist = Infinity;
  for (let i = 0; i < 16; i++) {
    const [cr, cg, cb] = ANSI[i];
    const mean = (r + cr) / 2;
    const dist = (2 + mean / 256) * (r - cr) ** 2 + 4 * (g - cg) ** 2 + (2 + (255 - mean) / 256) * (b - cb) ** 2;
    if (dist < bestDist) {
      best = i;
      bestDist = dist;
    }
  }
  return best;
}

/** A colour as an SGR parameter string gives it: a palette index or 24-bit RGB. */
type Color = { index: number } | { rgb: [number, number, number] };

/**
 * The SGR parameters of `style` with its colours reduced to `depth`. On 8 colours a bright
 * foreground becomes bold (as tmux does) and a bright background loses its brightness; with
 * no colours a coloured background becomes reverse video, so selections and the status line
 * still show.
 */
export function reduceStyle(style: string, depth: ColorDepth): string {
  if (depth === 'truecolor' || style === '') return style;
  const p = style.split(';');
  const out: string[] = [];
  let bold = false, inverse = false, background = false;
  for (let i = 0; i < p.length; i++) {
    const n = Number(p[i]);
    let color: Color;
    if ((n === 38 || n === 48) && p[i + 1] === '5') {
      color = { index: Number(p[i + 2]) };
      i += 2;
    } else if ((n === 38 || n === 48) && p[i + 1] === '2') {
      color = { rgb: [Number(p[i + 2]), Number(p[i + 3]), Number(p[i + 4])] };
      i += 4;
    } else if ((n >= 30 && n <= 37) || (n >= 40 && n <= 47)) {
      color = { index: n % 10 };
    } else if ((n >= 90 && n <= 97) || (n >= 100 && n <= 107)) {
      color = { index: 8 + (n % 10) };
    } else {
      if (n === 1) bold = true;
      if (n === 7) inverse = true;
      out.push(p[i]);
      continue;
    }
    const fg = n === 38 || (n >= 30 && n <= 37) || (n >= 90 && n <= 97);
    if (!fg) background = true;
    const sgr = colorSgr(color, fg, depth);
    if (sgr.bold && !bold) {
      bold = true;
      out.push('1');
    }
    if (sgr.text) out.push(sgr.text);
  }
  if (depth === 0 && background && !inverse) out.push('7');
  return out.join(';');
}

/** One colour in a terminal of `depth` colours, and whether it needs bold to look bright. */
function colorSgr(color: Color, fg: boolean, depth: Exclude<ColorDepth, 'truecolor'>): { text: string; bold?: boolean } {
  if (depth === 0) return { text: '' };
  const extended = fg ? 38 : 48;
  if (depth === 256) {
    const index = 'index' in color ? color.index : nearest256(...color.rgb);
    return { text: index < 16 ? ansi(index, fg) : `${extended};5;${index}` };
  }
  const index = 'index' in color && color.index < 16 ? color.index : nearest16(...('rgb' in color ? color.rgb : rgbOf256(color.index)));
  if (depth === 8 && index >= 8) return { text: ansi(index - 8, fg), bold: fg };
  return { text: ansi(index, fg) };
}

/** SGR for ANSI colour 0-15: 30-37 and 90-97 (40-47, 100-107 for backgrounds). */
export function ansi(index: number, fg: boolean): string {
  return String((index < 8 ? (fg ? 30 : 40) : fg ? 90 : 100) + (index % 8));
}
