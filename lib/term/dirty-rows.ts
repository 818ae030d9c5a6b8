// Which rows of a pane's screen changed since a reader last looked, so a frame re-reads only
// those (reading a 200x50 pane cell by cell took about a millisecond, for each echoed key).
// xterm.js tracks the rows each parse touched for its renderer (scrolls mark the whole scroll
// region); the headless build keeps that tracking internal, so it is reached through the core.
// Without it every row counts as changed, which is only slower.
import type { IDisposable, Terminal as XTerminal } from '@xterm/headless';

/** Rows are the visible screen's (0 = top); undefined means all of them. */
type RefreshRows = (listener: (e: { start: number; end: number } | undefined) => void) => IDisposable;

export class DirtyRows implements IDisposable {
  /** Moves on every change; a reader keeps its value to ask what changed since. */
  private clock = 1;
  private changedAt: number[] = [];
  /** When every row last changed at once (resize, buffer switch, reset). */
  private allAt = 0;
  private readonly tracked: boolean;
  private readonly disposables: IDisposable[] = [];

  constructor(xterm: XTerminal) {
    const refresh = (xterm as unknown as { _core?: { _inputHandler?: { onRequestRefreshRows?: RefreshRows } } })._core?._inputHandler?.onRequestRefreshRows;
    this.tracked = typeof refresh === 'function';
    if (!this.tracked) return;
    this.disposables.push(
      refresh!((e) => (e ? this.mark(e.start, e.end) : this.markAll())),
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
    return !this.tracked || this.allAt >= stamp || (this.changedAt[row] ?? 0) >= stamp;
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
