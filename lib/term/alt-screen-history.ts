// What a program showed on the alternate screen stays readable after it leaves: its last screen
// (or, when it blanked the screen on its way out, the last screen it idled on) goes into the
// normal buffer's scrollback just above the restored screen, colours and all.
// It reaches into @xterm/headless 6's internal buffers: the public API cannot insert lines.
import type { IDisposable, Terminal as XTerminal } from '@xterm/headless';
import { xtermCore, type CoreBuffer, type CoreBuffers, type CoreLine } from './xterm-internals.js';

/** No output for this long on the alternate screen, and what it shows is kept. */
export const ALT_IDLE_MS = 2000;

/** DECSET modes that switch to the alternate screen (xterm's 47, 1047 and 1049). */
const ALT_MODES = new Set([47, 1047, 1049]);

/** Copies of the alternate screen's rows down to its last non-blank one (none when blank). */
function shownOn(alt: CoreBuffer, rows: number): CoreLine[] {
  let end = rows;
  while (end > 0 && !alt.lines.get(end - 1)?.translateToString(true)) end--;
  const out: CoreLine[] = [];
  for (let y = 0; y < end; y++) out.push(alt.lines.get(y)!.clone());
  return out;
}

/**
 * Puts lines into the scrollback just above the screen, which the program still owns and which
 * does not move. The oldest history makes room (xterm trims it and says so through onTrim).
 */
function insertAboveScreen(normal: CoreBuffer, lines: CoreLine[], cols: number, rows: number): void {
  // Never more than the scrollback holds: xterm's splice overwrites the screen past that.
  const kept = lines.slice(Math.max(lines.length - (normal.lines.maxLength - rows), 0));
  if (!kept.length) return;
  for (const line of kept) if (line.length !== cols) line.resize(cols, normal.getNullCell());
  kept[0].isWrapped = false;
  const before = { length: normal.lines.length, ybase: normal.ybase };
  const atBottom = normal.ydisp === normal.ybase;
  normal.lines.splice(normal.ybase, 0, ...kept);
  const trimmed = before.length + kept.length - normal.lines.length;
  normal.ybase = normal.lines.length - rows;
  normal.ydisp = atBottom ? normal.ybase : Math.max(normal.ydisp - trimmed, 0);
  // The screen moved down the buffer; 1049 restores the cursor from this right after.
  normal.savedY = Math.max(normal.savedY + normal.ybase - before.ybase, 0);
}

/** Keeps the alternate screen's last contents in the history of a terminal; dispose to stop. */
export class AltScreenHistory implements IDisposable {
  private readonly buffers: CoreBuffers;
  private readonly disposables: IDisposable[] = [];
  /** What the alternate screen showed when its program last paused. */
  private idleScreen: CoreLine[] = [];
  /** Copied as the program leaves, put into the history once xterm has switched back. */
  private leaving: CoreLine[] | null = null;
  private lastOutput = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly xterm: XTerminal, private readonly idleMs = ALT_IDLE_MS) {
    this.buffers = xtermCore(xterm).buffers;
    const buffers = this.buffers;
    // Leaving clears the alternate buffer, so its rows are copied before xterm's own handler runs.
    this.disposables.push(xterm.parser.registerCsiHandler({ prefix: '?', final: 'l' }, (params) => {
      if (this.onAlt && params.some((p) => typeof p === 'number' && ALT_MODES.has(p))) {
        const shown = shownOn(buffers.alt, xterm.rows);
        this.leaving = shown.length ? shown : this.idleScreen;
      }
      return false;
    }));
    // A reset (RIS) also switches buffers, without the mode change: nothing is kept then.
    this.disposables.push(xterm.buffer.onBufferChange(() => {
      if (buffers.active === buffers.normal && this.leaving) insertAboveScreen(buffers.normal, this.leaving, xterm.cols, xterm.rows);
      this.leaving = null;
      this.idleScreen = [];
    }));
    this.disposables.push(xterm.onWriteParsed(() => {
      if (!this.onAlt) return;
      this.lastOutput = Date.now();
      if (!this.timer) this.wait(idleMs);
    }));
  }

  private get onAlt(): boolean {
    return this.buffers.active === this.buffers.alt;
  }

  /** The text of the screen kept from the program's last pause, while it has the alternate screen. */
  idleText(): string[] {
    return this.idleScreen.map((line) => line.translateToString(true));
  }

  private wait(ms: number): void {
    this.timer = setTimeout(() => this.settle(), ms);
    this.timer.unref();
  }

  /** Output keeps coming while a program works; once it pauses, its screen is what it showed. */
  private settle(): void {
    this.timer = null;
    if (!this.onAlt) return;
    const quiet = Date.now() - this.lastOutput;
    if (quiet < this.idleMs) return this.wait(this.idleMs - quiet);
    const shown = shownOn(this.buffers.alt, this.xterm.rows);
    if (shown.length) this.idleScreen = shown;
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const d of this.disposables.splice(0)) d.dispose();
  }
}
