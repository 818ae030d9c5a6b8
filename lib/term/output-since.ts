// The text a pane's program wrote after a moment, for `thurm wait --new`: what was already on
// the screen then (the command line typed before it, an old result) never counts.
// Lines are followed with xterm markers, so the oldest history being trimmed moves nothing.
// On the alternate screen (a full-screen program) there is no history: the live screen is read.
import type { IMarker, Terminal } from '@xterm/headless';

export class OutputSince {
  private readonly start: IMarker | undefined;
  private readonly startX: number;
  /** The top of the live screen at the last look: lines above it had been read then. */
  private looked: IMarker | undefined;

  constructor(private readonly xterm: Terminal) {
    this.start = xterm.registerMarker(0);
    this.startX = xterm.buffer.active.cursorX;
  }

  /** The text since the moment, rows joined by newlines, from one screen above the last look on. */
  text(): string {
    const buffer = this.xterm.buffer.active;
    if (buffer.type !== 'normal' || !this.start) return this.liveScreen();
    // Trimmed from the history: all that is left came after it.
    const start = this.start.isDisposed ? 0 : this.start.line;
    const cutAt = this.start.isDisposed ? -1 : start;
    // A screen of context above the last look, so a match across its top is still found.
    const lastTop = this.looked && !this.looked.isDisposed ? this.looked.line - this.xterm.rows : start;
    const from = Math.max(start, lastTop, 0);
    const lines: string[] = [];
    for (let y = from; y < buffer.length; y++) {
      lines.push(buffer.getLine(y)?.translateToString(true, y === cutAt ? this.startX : 0) ?? '');
    }
    this.looked?.dispose();
    this.looked = this.xterm.registerMarker(-buffer.cursorY);
    return lines.join('\n');
  }

  private liveScreen(): string {
    const buffer = this.xterm.buffer.active;
    const lines: string[] = [];
    for (let y = 0; y < this.xterm.rows; y++) lines.push(buffer.getLine(buffer.baseY + y)?.translateToString(true) ?? '');
    return lines.join('\n');
  }

  dispose(): void {
    this.start?.dispose();
    this.looked?.dispose();
  }
}
