// The cell grid a client's screen is drawn into (blessed's layout): rows of [style, ch].
import unicode from 'blessed/lib/unicode.js';
import type { Style } from './cell-style.js';

/** A blessed cell: [attr, ch]; thurm stores an SGR string as attr, widgets a packed number. */
export type Cell = [Style | number, string];
export type Line = Cell[] & { dirty?: boolean };

/** A cell whose ch is '' continues the wide character to its left. */
export const CONTINUATION = '';

/** Columns a character takes: 0 for combining marks, 2 for East Asian wide ones. */
export function charWidth(ch: string): number {
  const w = unicode.charWidth(ch, 0);
  return w < 0 ? 0 : w;
}
