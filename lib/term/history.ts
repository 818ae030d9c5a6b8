// A pane's lines by absolute index (scrollback first, then the screen), as text, for copy
// mode and capture. Columns and string offsets differ only on lines with wide characters.
// The oldest lines are the scrollback store's (scrollback-store.ts), then xterm's own. While a
// program has the alternate screen, the history is the normal buffer's scrollback with the
// alternate screen below it: what scrolled off before the program started stays readable.
import type { IBufferCell, IBufferLine, IBufferNamespace, Terminal as XTerminal } from '@xterm/headless';
import { storeOf } from './scrollback-store.js';

export interface History {
  /** Lines in the buffer: scrollback, then the screen. */
  readonly length: number;
  /** Index of the first line of the live screen. */
  readonly base: number;
  readonly rows: number;
  readonly cols: number;
  /** The line's text, trailing blanks trimmed. */
  text(index: number): string;
  /** The column of a string offset in text(index), and back. */
  columnOf(index: number, offset: number): number;
  offsetOf(index: number, column: number): number;
  /** Whether the line continues the one before it (the program's text wrapped there). */
  wrapped(index: number): boolean;
}

const PLAIN = /^[\x20-\x7e]*$/;

/** Lines of the normal scrollback shown above the alternate screen (0 on the normal one). */
function normalAbove(buffers: IBufferNamespace): number {
  return buffers.active.type === 'alternate' ? buffers.normal.baseY : 0;
}

/** Lines above the active buffer's: the store's, and on the alternate screen the normal scrollback. */
function above(buffers: IBufferNamespace): number {
  return (storeOf(buffers)?.length ?? 0) + normalAbove(buffers);
}

/**
 * The buffer line at an absolute index of the history. Takes the terminal's `buffer` (one
 * object for its life): the getter costs more than the lookup, and saves read lines by the thousand.
 */
export function lineAt(buffers: IBufferNamespace, index: number): IBufferLine | undefined {
  const store = storeOf(buffers);
  const s = store?.length ?? 0;
  if (store && index < s) return store.view(index);
  const n = s + normalAbove(buffers);
  return index < n ? buffers.normal.getLine(index - s) : buffers.active.getLine(index - n);
}

/** The history of the terminal's active buffer, read when asked (never copied). */
export function historyOf(xterm: XTerminal): History {
  const buffers = xterm.buffer;
  let cell: IBufferCell | undefined;
  /** Start offset of each column of a line with wide characters, and one past the end. */
  const starts = (index: number): number[] => {
    const line = lineAt(buffers, index);
    const out: number[] = [];
    let offset = 0;
    cell ??= buffers.active.getNullCell();
    for (let x = 0; x < xterm.cols; x++) {
      out.push(offset);
      if (line?.getCell(x, cell)) offset += cell.getWidth() === 0 ? 0 : (cell.getChars() || ' ').length;
    }
    out.push(offset);
    return out;
  };
  // Stored lines are read from the store's bytes: a saver reads thousands of them a pane.
  const store = storeOf(buffers);
  const text = (index: number) => store && index < store.length
    ? store.text(index)
    : lineAt(buffers, index)?.translateToString(true) ?? '';
  return {
    get length() { return above(buffers) + buffers.active.length; },
    get base() { return above(buffers) + buffers.active.baseY; },
    get rows() { return xterm.rows; },
    get cols() { return xterm.cols; },
    text,
    columnOf(index, offset) {
      if (PLAIN.test(text(index))) return Math.min(offset, xterm.cols);
      const s = starts(index);
      let x = 0;
      while (x + 1 < s.length - 1 && s[x + 1] <= offset) x++;
      return offset >= s[s.length - 1] ? Math.max(xterm.cols, x) : x;
    },
    offsetOf(index, column) {
      if (PLAIN.test(text(index))) return column;
      const s = starts(index);
      return s[Math.max(0, Math.min(column, s.length - 1))];
    },
    wrapped: (index) => store && index < store.length ? store.wrapped(index) : lineAt(buffers, index)?.isWrapped ?? false,
  };
}

/** Lines with each wrapped one appended to the line before it (`-J`); the first stays a line. */
export function joinWrapped(lines: string[], wrapped: boolean[]): string[] {
  const out: string[] = [];
  for (const [i, line] of lines.entries()) {
    if (wrapped[i] && out.length) out[out.length - 1] += line;
    else out.push(line);
  }
  return out;
}
