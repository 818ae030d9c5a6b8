// Once a pane's scrollback is full, xterm.js reuses its oldest line for each new one
// (`recycle().copyFrom(blank)`), and copyFrom gives the line two fresh objects for combined
// characters and extended attributes even when both sides have none. Those objects live until
// the line comes round again (thousands of rows later), so the young generation promotes them
// and they die in the old one: with 40 panes printing, about 40 MB/s of garbage that made the
// heap swing between 100 and 400 MB and every collection slower. A line whose maps are empty,
// copied from one whose maps are empty, keeps its own: the result is the same line.
import type { Terminal as XTerminal } from '@xterm/headless';
import { coreLine, isEmptyMap, type CoreLine } from './xterm-internals.js';

const patched = new WeakSet<object>();

/** Makes copyFrom of `xterm`'s buffer lines allocate only when there is something to copy. */
export function recycleLinesQuietly(xterm: XTerminal): void {
  const view = xterm.buffer.normal.getLine(0);
  const proto = view && Object.getPrototypeOf(coreLine(view)) as CoreLine;
  if (!proto || patched.has(proto)) return;
  patched.add(proto);
  const copyFrom = proto.copyFrom;
  proto.copyFrom = function (this: CoreLine, line: CoreLine) {
    if (!isEmptyMap(this._combined) || !isEmptyMap(this._extendedAttrs) || !isEmptyMap(line._combined) || !isEmptyMap(line._extendedAttrs)) {
      copyFrom.call(this, line);
      return;
    }
    if (this.length !== line.length) this._data = new Uint32Array(line._data);
    else this._data.set(line._data);
    this.length = line.length;
    this.isWrapped = line.isWrapped;
  };
}
