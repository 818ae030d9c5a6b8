// How many lines of history every pane may keep so that all panes' scrollback together stays
// within `[ui] scrollback-memory`. One depth for all panes: the budget shrinks it, never skews it.

/**
 * What one line of @xterm/headless scrollback costs in resident memory, measured on Node 20
 * (RSS of 20 terminals at 80-300 columns, 2000 and 6000 lines): 12 bytes a cell (three 32-bit
 * words) and about 300 bytes a line for the line object and its typed array.
 */
export const CELL_BYTES = 12;

/** Lines of history a pane keeps unless `[ui] scrollback` says otherwise. */
export const DEFAULT_SCROLLBACK = 5000;
export const LINE_BYTES = 300;

/** The bytes `lines` lines of history cost in a pane `cols` wide. */
export function historyBytes(lines: number, cols: number): number {
  return lines * (LINE_BYTES + cols * CELL_BYTES);
}

/** The scrollback every pane gets: the configured lines, fewer when the panes' widths need it. */
export function historyLines(configured: number, budgetBytes: number, widths: number[]): number {
  const perLine = widths.reduce((sum, cols) => sum + historyBytes(1, cols), 0);
  if (!perLine) return configured;
  return Math.min(configured, Math.floor(budgetBytes / perLine));
}
