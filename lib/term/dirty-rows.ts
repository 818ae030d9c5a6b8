// Which rows of a pane's screen changed since a reader last looked, so a frame re-reads only
// those (reading a 200x50 pane cell by cell took about a millisecond, for each echoed key).
// xterm.js tracks the rows each parse touched for its renderer (scrolls mark the whole scroll
// region); the headless build keeps that tracking internal (see xterm-internals.ts).
import type { IDisposable, Terminal as XTerminal } from '@xterm/headless';
import { xtermCore } from './xterm-internals.js';

export class DirtyRows implements IDisposable {
  /** Moves on every change; a reader keeps its value to ask what changed since. */
  private clock = 1;
  private changedAt: number[] = [];
  /** When every row last changed at once (resize, buffer switch, reset). */
  private allAt = 0;
  private readonly disposables: IDisposable[] = [];

  constructor(xterm: XTerminal) {
    this.disposables.push(
      xtermCore(xterm)._inputHandler.onRequestRefreshRows((e) => (e ? this.mark(e.start, e.end) : this.markAll())),
      xterm.buffer.onBufferChange(() => this.markAll()),
      xterm.onResize(() => this.markAll()),
    );
  }

  /** The value to keep for changedSince. */
  get stamp(): number {
    return this.clock;
  }

  /** Whether `row` may differ from what it was at `stamp`. */
  changedSince(row: number, stamp: number): boolean {
    return this.allAt >= stamp || (this.changedAt[row] ?? 0) >= stamp;
  }

  markAll(): void {
    this.allAt = this.clock++;
  }

  private mark(start: number, end: number): void {
    const at = this.clock++;
    for (let row = start; row <= end; row++) this.changedAt[row] = at;
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}
