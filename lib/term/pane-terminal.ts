// The headless terminal emulator of one pane: it parses the program's output, keeps the
// screen and scrollback, and answers the program's queries. It never touches the pty itself.
// It is some 420 lines because it is the one face the rest of thurm sees of xterm.js: each of
// its parts (keyboard modes, sync output, dirty rows, the scrollback store, links, the defects
// worked around) lives in its own module, and this class wires them to one emulator and answers
// for them (write, type, resize, screens, history depth, handover), a few lines each.
import type { IDisposable, IFunctionIdentifier, ILogger, Terminal as XTerminal } from '@xterm/headless';
import { requireCjs } from '../cjs.js';

import type { ThrottledLog } from '../log.js';

import { AltScreenHistory } from './alt-screen-history.js';
import { clampCounts } from './count-limits.js';
import { guardXtermDefects, surviveParseErrors } from './xterm-defects.js';
import { DirtyRows } from './dirty-rows.js';
import { recycleLinesQuietly } from './line-recycling.js';
import { HOT_LINES, ScrollbackStore } from './scrollback-store.js';
import type { StoredLineJson } from './stored-line.js';
import { capLinks, freeLinksOnReset } from './links.js';
import { VERSION } from '../version.js';
import { ParseBudget, type ParseTarget } from './parse-budget.js';
import { SyncOutput } from './sync-output.js';
import { KeyboardModes, type KeyboardState } from './keyboard-modes.js';
import type { PaneKeyModes } from './key-encoding.js';
import { oscBody } from './osc-body.js';
import { OutputSince } from './output-since.js';
import { useUnicode11 } from './unicode.js';
import { xtermCore, type CursorShape } from './xterm-internals.js';

const { Terminal } = requireCjs('@xterm/headless') as typeof import('@xterm/headless');
const { SerializeAddon } = requireCjs('@xterm/addon-serialize') as typeof import('@xterm/addon-serialize');

export interface PaneTerminalOptions {
  cols: number;
  rows: number;
  scrollback: number;
  /** Where the emulator's complaints go (by default the console, unthrottled). */
  log?: ThrottledLog;
  /** Shared by all panes of a server (the default); specs may pass their own. */
  budget?: ParseBudget;
}


/** Output this soon after a keystroke may be its echo. */
const ECHO_MS = 200;
const sharedBudget = new ParseBudget();


/** A mouse event in pane cells; button 0-2 left/middle/right, 4 wheel (action 0 up, 1 down). */
export interface MouseEvent {
  col: number;
  row: number;
  button: number;
  action: 'press' | 'release' | 'move' | 'wheel-up' | 'wheel-down';
}

/** xterm's logger: each message once per interval, without the data it dumps (program output). */
function emulatorLogger(log: ThrottledLog): ILogger {
  const problem = (message: unknown) => {
    const text = String(message).slice(0, 200).replace(/[:\s]+$/, '');
    log.problem(text, `emulator: ${text}`);
  };
  return { trace: () => {}, debug: () => {}, info: problem, warn: problem, error: problem };
}

/** A pane's emulator as handed to the server that replaces this one (history: the store's lines). */
export interface TerminalState { screen: string; keyboard: KeyboardState; history?: StoredLineJson[] }

/** Of `lines` of history, those xterm keeps itself; the store keeps the rest. */
function hotLines(lines: number): number {
  return Math.min(lines, HOT_LINES);
}

export class PaneTerminal {
  readonly xterm: XTerminal;
  private readonly disposables: IDisposable[] = [];
  /** Set while keys or mouse reports pass through the emulator, so onReply can tell them apart. */
  private typing = false;
  private typedAt = -Infinity;
  private readonly budget: ParseBudget;
  /** Synchronized output (DECSET 2026): whether the screen is mid-update. */
  readonly sync: SyncOutput;
  private readonly parsedListeners: (() => void)[] = [];
  private readonly keyboard: KeyboardModes;
  /** Which screen rows changed since a frame last read them. */
  readonly dirty: DirtyRows;
  /** The history beyond xterm's own few hundred lines. */
  private readonly store: ScrollbackStore;
  private historyLines: number;

  constructor(opts: PaneTerminalOptions) {
    this.budget = opts.budget ?? sharedBudget;
    this.xterm = new Terminal({
      cols: opts.cols,
      rows: opts.rows,
      scrollback: hotLines(opts.scrollback),
      allowProposedApi: true,
      convertEol: false,
      // No window reports (CSI t): a title report (CSI 21 t / 20 t) would type the title a
      // program set back into its input. xterm.js gates even custom CSI t handlers on these.
      windowOptions: {},
      ...(opts.log && { logger: emulatorLogger(opts.log) }),
    });
    useUnicode11(this.xterm);
    recycleLinesQuietly(this.xterm);
    this.historyLines = opts.scrollback;
    this.store = new ScrollbackStore(this.xterm, opts.scrollback - hotLines(opts.scrollback));
    this.track(this.store);
    freeLinksOnReset(this.xterm);
    capLinks(this.xterm);
    this.dirty = new DirtyRows(this.xterm);
    this.track(this.dirty);
    for (const d of clampCounts(this.xterm)) this.track(d);
    for (const d of guardXtermDefects(this.xterm)) this.track(d);
    surviveParseErrors(this.xterm, (err) => {
      this.parseFailures++;
      opts.log?.problem('parse-failure', `emulator: a sequence failed and the rest of its output was dropped: ${err instanceof Error ? err.message : String(err)}`);
    });
    // A timed-out update is shown as it is: to readers that is like new output.
    this.sync = new SyncOutput(this.xterm, () => this.readLive(), () => this.parsed());
    this.track(this.sync);
    // xterm also reports the empty writes that only wait for it (hold, flushed): no output.
    this.track(this.xterm.onWriteParsed(() => {
      if (this.outputParsed === this.outputSeen) return;
      this.outputSeen = this.outputParsed;
      this.parsed();
    }));
    // Its replies take the emulator's own reply path (onReply, kind 'reply').
    this.keyboard = new KeyboardModes(this.xterm, (data) => this.xterm.input(data, false));
    this.track(this.keyboard);
    this.track(new AltScreenHistory(this.xterm));
    // XTVERSION (`CSI > q`): thurm names itself, as tmux does. Claude Code asks whether
    // synchronized output is supported (DECRQM 2026) only once the terminal has named itself.
    this.track(this.xterm.parser.registerCsiHandler({ prefix: '>', final: 'q' }, (params) => {
      if (params.length > 1 || params[0] !== 0) return false;
      this.xterm.input(`\x1bP>|thurm ${VERSION}\x1b\\`, false);
      return true;
    }));
  }

  /** How often xterm threw mid-parse and the rest of that output was dropped (see xterm-defects.ts). */
  parseFailures = 0;

  /** Moves whenever what the terminal holds may have changed (output parsed, a resize, history cut). */
  changes = 0;
  /** Non-empty writes xterm has parsed, and how many of them onWriteParsed has passed on. */
  private outputParsed = 0;
  private outputSeen = 0;

  /** Hands `data` to xterm, counting it once parsed when it holds anything. */
  private toXterm(data: string | Uint8Array, done?: () => void): void {
    if (data.length === 0) return this.xterm.write(data, done);
    this.xterm.write(data, () => {
      this.outputParsed++;
      done?.();
    });
  }

  private parsed(): void {
    this.changes++;
    for (const listener of this.parsedListeners) listener();
  }

  /**
   * What the parse budget hands output to. The budget already chose the moment, so xterm is
   * told to parse at once (as it does after user input) instead of in a timer a millisecond
   * later: that wait, once per slice, cost an eighth of the throughput of a flooding pane.
   */
  private readonly parser: ParseTarget = {
    write: (data, done) => {
      xtermCore(this.xterm)._writeBuffer.handleUserInput();
      this.toXterm(data, done);
    },
  };

  /**
   * Parses program output; `done` runs once xterm has consumed it (flow control hangs on it).
   * Output shares the server's parse budget, except the answer to a key just typed when
   * nothing else waits: xterm then parses it at once, and echo stays quick beside busy panes.
   */
  write(data: string | Uint8Array, done?: () => void): void {
    // A disposed xterm never parses: handed to the shared budget, the bytes would count as
    // unparsed for good and hold up every other pane's output. Nothing is left to wait for.
    if (this.isDisposed) return done?.();
    if (this.echoing && !this.budget.waiting(this.parser)) this.toXterm(data, done);
    else this.budget.write(this.parser, data, done);
  }

  /**
   * Parses no more output (it waits in the parse budget, and past flow control's limit the pty
   * is paused) until the returned function runs: the screen and history stay as they are while
   * someone reads them over several turns. Resolves once what xterm already had is parsed.
   */
  async hold(): Promise<() => void> {
    const release = this.budget.hold(this.parser);
    // A disposed xterm never calls back.
    await Promise.race([new Promise<void>((resolve) => this.xterm.write('', resolve)), this.gone]);
    return release;
  }

  private disposed!: () => void;
  private readonly gone = new Promise<void>((resolve) => (this.disposed = resolve));

  /** Whether output now is likely the echo of keys just typed (it is parsed and drawn first). */
  get echoing(): boolean {
    return Date.now() - this.typedAt < ECHO_MS;
  }

  /** Sends keys as if typed: they come back through onReply (callers encode them for the modes). */
  input(data: string): void {
    this.typed(() => this.xterm.input(data, true));
  }

  /** Emulator output meant for the pty: typed input, and fixed-format replies to queries. */
  onReply(listener: (data: string, kind: 'input' | 'reply') => void): IDisposable {
    return this.track(this.xterm.onData((data) => listener(data, this.typing ? 'input' : 'reply')));
  }

  /** xterm fires its data event synchronously from inside input and mouse reports. */
  private typed<T>(send: () => T): T {
    this.typing = true;
    this.typedAt = Date.now();
    try {
      return send();
    } finally {
      this.typing = false;
    }
  }

  onTitle(listener: (title: string) => void): IDisposable {
    return this.track(this.xterm.onTitleChange(listener));
  }

  onBell(listener: () => void): IDisposable {
    return this.track(this.xterm.onBell(listener));
  }

  /** Output was parsed, or a held frame (see sync-output.ts) may now be shown. */
  onParsed(listener: () => void): IDisposable {
    this.parsedListeners.push(listener);
    return this.track({
      dispose: () => {
        const i = this.parsedListeners.indexOf(listener);
        if (i >= 0) this.parsedListeners.splice(i, 1);
      },
    });
  }

  /** `handler` gets the body of each OSC `ident` up to MAX_OSC_BODY characters (osc-body.ts); true when it handled it. */
  registerOsc(ident: number, handler: (data: string) => boolean): IDisposable {
    return this.track(xtermCore(this.xterm)._inputHandler._parser.registerOscHandler(ident, oscBody(handler)));
  }

  registerEsc(id: IFunctionIdentifier, handler: () => boolean): IDisposable {
    return this.track(this.xterm.parser.registerEscHandler(id, handler));
  }

  resize(cols: number, rows: number): void {
    if (cols === this.xterm.cols && rows === this.xterm.rows) return;
    const before = this.xterm.cols;
    if (cols < before) {
      // Narrower, xterm rewraps its lines into more rows and drops those past its scrollback
      // without a word (its reflow sets the list directly). So it gets room for all of them
      // first, and then its own share back: the rows past it go to the store, oldest first.
      const hot = hotLines(this.historyLines);
      this.xterm.options.scrollback = hot + this.xterm.buffer.normal.length * Math.ceil(before / cols);
      this.xterm.resize(cols, rows);
      this.xterm.options.scrollback = hot;
    } else {
      this.xterm.resize(cols, rows);
    }
    if (cols !== before) this.store.rewrap(cols);
    this.changes++;
  }

  /** Lines of history kept; lowering it drops the oldest lines at once (onTrim tells). */
  get scrollback(): number { return this.historyLines; }
  set scrollback(lines: number) {
    if (lines === this.historyLines) return;
    this.historyLines = lines;
    // The store's share first: lines xterm drops when its own share shrinks go to the store.
    this.store.setCapacity(lines - hotLines(lines));
    this.xterm.options.scrollback = hotLines(lines);
    this.dirty.markAll();
    this.changes++;
  }

  /** Drops every line of history at once, keeping the limit (onTrim tells, as for a lower limit). */
  clearHistory(): void {
    const keep = this.scrollback;
    this.scrollback = 0;
    this.scrollback = keep;
  }

  get cols(): number { return this.xterm.cols; }
  get rows(): number { return this.xterm.rows; }

  get cursor(): { x: number; y: number; visible: boolean; shape: CursorShape; blink: boolean } {
    const buf = this.xterm.buffer.active;
    const { isCursorHidden, decPrivateModes } = xtermCore(this.xterm).coreService;
    return {
      x: buf.cursorX,
      y: buf.cursorY,
      visible: !isCursorHidden,
      // DECSCUSR (as vim's insert mode sends it) lands in the private modes, not the options.
      shape: decPrivateModes.cursorStyle ?? this.xterm.options.cursorStyle ?? 'block',
      blink: decPrivateModes.cursorBlink ?? this.xterm.options.cursorBlink ?? false,
    };
  }

  /** Reports a mouse event to the program in its own encoding, if it asked for mouse events. */
  mouse(e: MouseEvent): boolean {
    if (this.xterm.modes.mouseTrackingMode === 'none') return false;
    const action = { press: 1, release: 0, move: 32, 'wheel-up': 0, 'wheel-down': 1 }[e.action];
    const button = e.action.startsWith('wheel') ? 4 : e.action === 'move' && e.button > 2 ? 3 : e.button;
    return this.typed(() => xtermCore(this.xterm).coreMouseService.triggerMouseEvent({
      col: e.col, row: e.row, button, action, ctrl: false, alt: false, shift: false,
    }));
  }

  get modes() {
    return this.xterm.modes;
  }

  /** What key encoding the program asked for (cursor keys, kitty flags, modifyOtherKeys). */
  get keyModes(): PaneKeyModes {
    return {
      applicationCursorKeysMode: this.xterm.modes.applicationCursorKeysMode,
      kittyFlags: this.keyboard.kittyFlags,
      modifyOtherKeys: this.keyboard.modifyOtherKeys,
    };
  }

  /** The visible screen as text, one string per row, trailing blanks trimmed. */
  screenText(): string[] {
    const buf = this.xterm.buffer.active;
    const lines: string[] = [];
    for (let y = 0; y < this.xterm.rows; y++) {
      lines.push(buf.getLine(buf.viewportY + y)?.translateToString(true) ?? '');
    }
    return lines;
  }

  /**
   * The live screen (never the scrollback, wherever the view is scrolled), one string per row;
   * during a synchronized update, the last complete frame.
   */
  liveScreen(): string[] {
    return this.sync.screen();
  }

  /** Follows what the program writes from now on (`thurm wait --new`); dispose it when done. */
  outputSince(): OutputSince {
    return new OutputSince(this.xterm);
  }

  private readLive(): string[] {
    const buf = this.xterm.buffer.active;
    const lines: string[] = [];
    for (let y = 0; y < this.xterm.rows; y++) lines.push(buf.getLine(buf.baseY + y)?.translateToString(true) ?? '');
    return lines;
  }

  /** The visible screen (colours, cursor) as terminal input that draws it, for a web viewer. */
  screenImage(): string {
    const addon = new SerializeAddon();
    this.xterm.loadAddon(addon);
    const image = addon.serialize({ scrollback: 0, excludeModes: true });
    addon.dispose();
    return image;
  }

  /**
   * The screen, scrollback, cursor and modes as terminal input that rebuilds them, and the
   * keyboard modes, for the server that replaces this one (`server upgrade`).
   */
  handover(): TerminalState {
    const addon = new SerializeAddon();
    this.xterm.loadAddon(addon);
    let screen = addon.serialize({ scrollback: hotLines(this.historyLines) });
    addon.dispose();
    // The serializer knows which mouse events were asked for, not their encoding.
    if (xtermCore(this.xterm).coreMouseService.activeEncoding === 'SGR') screen += '\x1b[?1006h';
    return { screen, keyboard: this.keyboard.handover(), history: this.store.handover() };
  }

  /** Rebuilds what handover() described; parsed before anything written after it. */
  adopt(s: TerminalState): void {
    if (s.history) this.store.adopt(s.history);
    this.toXterm(s.screen);
    this.keyboard.adopt(s.keyboard);
  }

  /** Resolves once everything written so far has been parsed. */
  flushed(): Promise<void> {
    return new Promise((resolve) => this.write('', resolve));
  }

  /** The oldest lines of the scrollback were dropped (`n` of them) to make room for new ones. */
  onTrim(listener: (n: number) => void): IDisposable {
    return this.track(this.store.onTrim(listener));
  }

  private track(d: IDisposable): IDisposable {
    this.disposables.push(d);
    return d;
  }

  private isDisposed = false;

  dispose(): void {
    this.isDisposed = true;
    this.disposed();
    for (const d of this.disposables.splice(0)) d.dispose();
    this.budget.forget(this.parser);
    this.xterm.dispose();
  }
}
