// The line a command was entered on, read back a moment later: the shell echoes what was typed
// (a recalled or completed line too) before it runs it, so the line at the cursor when Enter
// went in holds the whole command once the program has started. Followed with an xterm marker,
// so history trimmed meanwhile moves nothing; a line wrapped over several rows is read whole.
import type { IMarker, Terminal } from '@xterm/headless';

export class EnteredLine {
  private readonly marker: IMarker | undefined;

  constructor(private readonly xterm: Terminal) {
    // Shells run on the normal screen; a full-screen program's Enter is no command line.
    this.marker = xterm.buffer.active.type === 'normal' ? xterm.registerMarker(0) : undefined;
  }

  /** The logical line (its wrapped rows joined), or null when it is gone from the history. */
  text(): string | null {
    if (!this.marker || this.marker.isDisposed) return null;
    const buffer = this.xterm.buffer.normal;
    let y = this.marker.line;
    while (y > 0 && buffer.getLine(y)?.isWrapped) y--;
    let text = '';
    for (;;) {
      const next = buffer.getLine(y + 1);
      const last = !next?.isWrapped;
      text += buffer.getLine(y)?.translateToString(last) ?? '';
      if (last) return text;
      y++;
    }
  }

  dispose(): void {
    this.marker?.dispose();
  }
}
