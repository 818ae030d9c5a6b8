// Sequences that make xterm.js throw in the middle of a parse. A throw there leaves its write
// buffer waiting forever: the pane never shows another byte and, through flow control, its
// program blocks. Each guard turns such a sequence into one with the same effect on the screen
// before xterm's own handler runs; a throw no guard foresaw costs the rest of its chunk only.
import type { IDisposable, Terminal as XTerminal } from '@xterm/headless';
import { registerCoreCsiHandler, type CoreParams } from './count-limits.js';

interface XtermCore {
  _inputHandler: {
    parse(data: string | Uint8Array, promiseResult?: boolean): void | Promise<boolean>;
    _parser: { reset(): void };
    _parseStack: { paused: boolean };
  };
}

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

/** Installs the guards on `xterm`; they run before xterm's own handlers (false passes on). */
export function guardXtermDefects(xterm: XTerminal): IDisposable[] {
  return [{ final: 'J' }, { prefix: '?', final: 'J' }].map((id) => registerCoreCsiHandler(xterm, id, (params) => eraseAboveFromLastCell(xterm, params)));
}

/**
 * Whatever else throws mid-parse is told to `failed`; the parser starts afresh from its ground
 * state and the rest of that chunk is dropped, so output after it is parsed as usual.
 */
export function surviveParseErrors(xterm: XTerminal, failed: (err: unknown) => void): void {
  const handler = (xterm as unknown as { _core: XtermCore })._core._inputHandler;
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
