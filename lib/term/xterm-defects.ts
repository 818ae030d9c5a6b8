// Sequences that make xterm.js throw in the middle of a parse. A throw there leaves its write
// buffer waiting forever: the pane never shows another byte and, through flow control, its
// program blocks. Each guard turns such a sequence into one with the same effect on the screen
// before xterm's own handler runs; a throw no guard foresaw costs the rest of its chunk only.
import type { IDisposable, Terminal as XTerminal } from '@xterm/headless';
import { xtermCore, type CoreParams } from './xterm-internals.js';

/**
 * ED 1 and DECSED 1 (erase from the top of the screen to the cursor) with the cursor in the last
 * column of the last row: xterm 6 unwraps "the line below" by its screen index in the whole
 * buffer, which does not exist when nothing has scrolled off yet (always, on the alternate
 * screen), and throws. From that cell, erasing to the cursor erases the whole screen: ED 2.
 */
function eraseAboveFromLastCell(xterm: XTerminal, params: CoreParams): boolean {
  const { cursorX, cursorY } = xterm.buffer.active;
  if (params.length > 0 && params.params[0] === 1 && cursorY >= xterm.rows - 1 && cursorX >= xterm.cols - 1) params.params[0] = 2;
  return false;
}

/**
 * A zero-width character (a combining mark, U+200B) printed right after a control while the
 * cursor waits to wrap (one past the last column) is given a cell of its own by xterm 6, past the
 * end of the line, and the cursor goes one column further: any later move counted from there
 * was off by one. The column past the last is as far as a cursor goes, as in other terminals.
 */
function keepCursorInLine(xterm: XTerminal): IDisposable {
  const core = xtermCore(xterm);
  const handler = core._inputHandler;
  const print = handler.print;
  handler.print = function (data, start, end) {
    print.call(this, data, start, end);
    const buffer = core.buffers.active;
    if (buffer.x > xterm.cols) buffer.x = xterm.cols;
  };
  return { dispose: () => { handler.print = print; } };
}

/** Installs the guards on `xterm`; the CSI ones run before xterm's own handlers (false passes on). */
export function guardXtermDefects(xterm: XTerminal): IDisposable[] {
  return [
    ...[{ final: 'J' }, { prefix: '?', final: 'J' }].map((id) => xtermCore(xterm).registerCsiHandler(id, (params) => eraseAboveFromLastCell(xterm, params))),
    keepCursorInLine(xterm),
  ];
}

/**
 * Whatever else throws mid-parse is told to `failed`; the parser starts afresh from its ground
 * state and the rest of that chunk is dropped, so output after it is parsed as usual.
 */
export function surviveParseErrors(xterm: XTerminal, failed: (err: unknown) => void): void {
  const handler = xtermCore(xterm)._inputHandler;
  const parse = handler.parse.bind(handler);
  // xterm's write buffer calls the handler's parse through a closure that looks it up each time.
  handler.parse = (data, promiseResult) => {
    try {
      return parse(data, promiseResult);
    } catch (err) {
      handler._parser.reset();
      handler._parseStack.paused = false;
      failed(err);
      return undefined;
    }
  };
}
