// How many lines of history every pane may keep so that all panes' scrollback together stays
// within `[ui] scrollback-memory`. One depth for all panes: the budget shrinks it, never skews it.
import { HOT_LINES } from '../term/scrollback-store.js';

/**
 * What one line of @xterm/headless scrollback costs in resident memory, measured on Node 20
 * (RSS of 20 terminals at 80-300 columns, 2000 and 6000 lines): 12 bytes a cell (three 32-bit
 * words) and about 300 bytes a line for the line object and its typed array. xterm keeps only
 * a pane's newest HOT_LINES lines of history so; the scrollback store keeps the rest.
 */
export const CELL_BYTES = 12;
export const LINE_BYTES = 300;

/**
 * What a line of the scrollback store costs at most for plain text (line-arena.ts): a byte a
 * cell and a 7-byte header in a ring of bytes, and 8 bytes for where it starts, each doubled
 * for the room a growing ring keeps. Colour changes add 10 bytes each.
 */
export const STORED_CELL_BYTES = 2;
export const STORED_LINE_BYTES = 32;

/** Lines of history a pane keeps unless `[ui] scrollback` says otherwise. */
export const DEFAULT_SCROLLBACK = 5000;

/** The bytes `lines` lines of history cost in a pane `cols` wide. */
export function historyBytes(lines: number, cols: number): number {
  const hot = Math.min(lines, HOT_LINES);
  return hot * (LINE_BYTES + cols * CELL_BYTES) + (lines - hot) * (STORED_LINE_BYTES + cols * STORED_CELL_BYTES);
}

/** The scrollback every pane gets: the configured lines, fewer when the panes' widths need it. */
export function historyLines(configured: number, budgetBytes: number, widths: number[]): number {
  if (!widths.length) return configured;
  const hot = widths.reduce((sum, cols) => sum + LINE_BYTES + cols * CELL_BYTES, 0);
  if (budgetBytes < HOT_LINES * hot) return Math.min(configured, Math.floor(budgetBytes / hot));
  const stored = widths.reduce((sum, cols) => sum + STORED_LINE_BYTES + cols * STORED_CELL_BYTES, 0);
  return Math.min(configured, HOT_LINES + Math.floor((budgetBytes - HOT_LINES * hot) / stored));
}
