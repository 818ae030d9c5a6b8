// Synchronized output (DECSET 2026, https://gist.github.com/christianparpart/d8a62cc1ab659194337d73e399004036):
// while a program is inside an update its screen is half drawn, so readers hold the last
// complete frame until the update ends, or until TIMEOUT_MS have passed, as terminals do.
// xterm.js itself answers DECRQM `?2026` and tracks the mode; this module only tracks time.
import type { IDisposable, Terminal as XTerminal } from '@xterm/headless';

/** How long a frame may stay held: a program that never ends its update is shown anyway. */
export const SYNC_TIMEOUT_MS = 1000;
const MODE = 2026;

export class SyncOutput {
  /**
   * When the current run of updates began: reset only once a parsed chunk ends outside an
   * update, so a program that ends one update and begins the next at once is still bounded.
   */
  private since: number | null = null;
  private expired = false;
  private timer: NodeJS.Timeout | null = null;
  /** The live screen's text as it was when the update began (detection reads it meanwhile). */
  private held: string[] = [];
  private waiters: (() => void)[] = [];
  private readonly disposables: IDisposable[] = [];

  /** `shown` runs when an update timed out (its end is a parsed write, which callers see anyway). */
  constructor(private readonly xterm: XTerminal, private readonly liveText: () => string[], private readonly shown: () => void) {
    // Runs before xterm's own handler (returning false passes the sequence on to it).
    this.disposables.push(xterm.parser.registerCsiHandler({ prefix: '?', final: 'h' }, (params) => {
      if (params.includes(MODE) && !this.xterm.modes.synchronizedOutputMode) this.begin();
      return false;
    }));
    this.disposables.push(xterm.onWriteParsed(() => {
      if (this.since !== null && !this.xterm.modes.synchronizedOutputMode) this.settle();
    }));
  }

  /** True while the screen is half drawn: draw, capture and detect from the last complete frame. */
  get updating(): boolean {
    return this.since !== null && !this.expired && this.xterm.modes.synchronizedOutputMode;
  }

  /** The live screen's text of the last complete frame. */
  screen(): string[] {
    return this.updating ? this.held : this.liveText();
  }

  /** Resolves once the screen is complete (at once when no update is running). */
  settled(): Promise<void> {
    if (!this.updating) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private begin(): void {
    this.held = this.liveText();
    if (this.since !== null) return;
    this.since = Date.now();
    this.expired = false;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.expired = true;
      this.release();
      this.shown();
    }, SYNC_TIMEOUT_MS);
  }

  private settle(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.since = null;
    this.expired = false;
    this.held = [];
    this.release();
  }

  private release(): void {
    for (const resolve of this.waiters.splice(0)) resolve();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    for (const d of this.disposables.splice(0)) d.dispose();
    for (const resolve of this.waiters.splice(0)) resolve();
  }
}
