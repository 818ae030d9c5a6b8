// The cell grid a client's screen is drawn into (blessed's layout): rows of [style, ch].
import { stringWidth } from '../term/unicode.js';
import type { Style } from './cell-style.js';

/** A blessed cell: [attr, ch]; thurm stores an SGR string as attr, widgets a packed number. */
export type Cell = [Style | number, string];
export type Line = Cell[] & { dirty?: boolean };

/** A cell whose ch is '' continues the wide character to its left. */
export const CONTINUATION = '';

/** Columns a character takes, counted as the panes' emulators count them. */
export function charWidth(ch: string): number {
  return stringWidth(ch);
}
