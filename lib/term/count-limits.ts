// Clamps the counts of CSI sequences whose cost in xterm.js grows with the count (scroll, insert
// and delete lines, tab moves, repeat) to what the screen can show, before the emulator acts:
// `CSI 3000000 S` froze the server for 13 s and `CSI 2147483647 b` for hours. The screen ends
// up the same; only the scrollback may hold fewer blank or repeated lines.
import type { IDisposable, Terminal as XTerminal } from '@xterm/headless';
import { xtermCore } from './xterm-internals.js';

type Limit = (count: number, cols: number, rows: number) => number;

const byRows: Limit = (n, _cols, rows) => Math.min(n, rows);
const byCols: Limit = (n, cols) => Math.min(n, cols);
/** REP: past a full screen, keep the count's remainder so the cursor lands where it would. */
const byScreen: Limit = (n, cols, rows) => (n <= cols * rows ? n : cols * rows + ((n - cols * rows) % cols));

/** Final byte of each sequence (no prefix or intermediates) and its limit. */
export const COUNT_LIMITS: Record<string, Limit> = {
  S: byRows, // SU, scroll up
  T: byRows, // SD, scroll down
  L: byRows, // IL, insert lines
  M: byRows, // DL, delete lines
  I: byCols, // CHT, tab forward
  Z: byCols, // CBT, tab backward
  b: byScreen, // REP, repeat the preceding character
};

/** Installs the clamps on `xterm`; they run before xterm's own handlers (false passes on). */
export function clampCounts(xterm: XTerminal): IDisposable[] {
  return Object.entries(COUNT_LIMITS).map(([final, limit]) => xtermCore(xterm).registerCsiHandler({ final }, (params) => {
    if (params.length > 0) params.params[0] = limit(params.params[0], xterm.cols, xterm.rows);
    return false;
  }));
}
