// One attached client's view: a blessed screen whose input and output are that client's
// connection. Its keys go through a stack of modes (modes.ts: the overlays over the bindings,
// the copy mode and the pane, normal-mode.ts), which turn them into pane input or into the
// actions of ui-actions.ts; it composes frames of changed cells (frame-scheduler.ts decides
// when), and the rest of what its terminal is sent comes from outer-signals.ts.
import { PassThrough, Writable } from 'node:stream';
import blessed from 'blessed';
import type { ClientHandle } from '../commands/command.js';
import type { DetachedMessage, Reply, RequestFields, RequestType } from '../server/protocol.js';
import { sessionNames } from '../server/socket-path.js';
import type { MuxEvent } from '../session/events.js';
import type { Mux } from '../session/mux.js';
import type { PaneTerminal } from '../term/pane-terminal.js';
import type { Line } from './cells.js';
import { StyleCache } from './cell-style.js';
import { Chooser, type ChooserRow } from './chooser.js';
import { clearUncovered, drawHeaders, drawStatusLine } from './chrome.js';
import { PromptHistory, promptRequests } from './command-prompt.js';
import { CopyView } from './copy-view.js';
import { FrameScheduler } from './frame-scheduler.js';
import { HelpView } from './help-view.js';
import { InputParser, type InputToken } from './input.js';
import { helpLines } from './key-bindings.js';
import { ChooserMode, ConfirmMode, HelpMode, ModeStack, PrefixMode } from './modes.js';
import { handleMouse, type BorderDrag } from './mouse.js';
import { normalModes, observerModes } from './normal-mode.js';
import { OuterSignals } from './outer-signals.js';
import { isStatusAnswer } from './outer-status.js';
import { grantsTruecolor, type OuterTerminal } from './outer-terminal.js';
import { drawPaneContent } from './pane-view.js';
import { PromptMode } from './prompt-mode.js';
import { renderDiff } from './renderer.js';
import { TerminalOutput } from './terminal-output.js';
import { TimedText } from './timed-text.js';
import type { UiContext } from './ui-actions.js';

export interface ClientTransport {
  /** Sends bytes to the client's terminal; `done` runs once they have left the server. */
  write(data: string, done?: () => void): void;
  /** `switch`: the client goes on to attach session `session` (prefix `s`, `(`, `)`). */
  close(reason: DetachedMessage['reason'], session?: string): void;
}

export type RunCommand = (client: ClientScreen, request: Record<string, unknown>) => Promise<Reply>;

const ESCAPE_WAIT_MS = 25;
/** A paste whose terminal goes quiet this long without its end marker is over (input.ts). */
const PASTE_WAIT_MS = 2000;
const MESSAGE_MS = 3000;
/** What a restore did is told to the first client that attaches after it, for longer, beside the status. */
const RESTORE_NOTICE_MS = 10_000;
/** A storm of resizes is applied at most once per this interval (the latest size wins). */
export const RESIZE_MS = 50;
/** Starts a frame on a blank screen, as the cell grid assumes after a (re)allocation. */
const CLEAR = '\x1b[0m\x1b[H\x1b[2J';
const SHAPES = { block: 2, underline: 4, bar: 6 } as const;
/** Step of indeterminate progress bars. */
const ANIMATION_MS = 150;

type OutputStream = Writable & { columns: number; rows: number; isTTY: boolean };

export class ClientScreen implements ClientHandle, UiContext {
  private readonly screen: blessed.Widgets.Screen;
  private readonly output: OutputStream;
  private readonly parser = new InputParser();
  private readonly styles: StyleCache;
  private terminal: TerminalOutput;
  private readonly signals: OuterSignals;
  private readonly subscription: { dispose(): void };
  /** Where keys go: the overlays open over the base modes, the top one first. */
  private readonly modes: ModeStack;
  readonly commandHistory = new PromptHistory();
  private readonly dirtyPanes = new Set<string>();
  private allPanesDirty = true;
  /** Each pane's live view as last drawn: its terminal, its cells, and the terminal's dirty-row stamp then. */
  private readonly drawn = new Map<string, { term: PaneTerminal; at: string; stamp: number }>();
  private escapeTimer: NodeJS.Timeout | null = null;
  private animationTimer: NodeJS.Timeout | null = null;
  private resizeTimer: NodeJS.Timeout | null = null;
  private pendingSize: { cols: number; rows: number } | null = null;
  /** The next frame clears the client's screen first: the grid was (re)allocated blank. */
  private clearFirst = true;
  private readonly frames: FrameScheduler;
  readonly copy: CopyView;
  private readonly borderDrag: BorderDrag = { at: null };
  private readonly message = new TimedText(() => this.redrawAll());
  /** News shown in the status line's free room, leaving the windows and states in view. */
  private readonly notice = new TimedText(() => this.redrawAll());
  private cursorShape = '';
  private lastCursor = '';
  private closed = false;

  constructor(
    readonly id: string,
    readonly mux: Mux,
    private readonly transport: ClientTransport,
    size: { cols: number; rows: number },
    outer: OuterTerminal,
    private readonly runCommand: RunCommand,
    /** An observer (`attach --read-only`): sees everything, types nothing, sizes nothing. */
    private readonly readOnly = false,
  ) {
    this.styles = new StyleCache(outer.hyperlinks);
    this.terminal = new TerminalOutput(outer);
    this.signals = new OuterSignals(mux, () => this.terminal);
    this.frames = new FrameScheduler((echoOnly) => this.compose(echoOnly), (data, done) => this.send(data, done));
    this.copy = new CopyView(mux, {
      redraw: (pane) => {
        this.dirtyPanes.add(pane);
        this.scheduleFrame();
      },
      copied: (text) => this.copied(text),
    });
    this.modes = new ModeStack((mode, removed) => (removed && mode.covers ? this.redrawAll() : this.scheduleFrame()));
    const push = (mode: Parameters<ModeStack['push']>[0]) => this.modes.push(mode);
    this.modes.base(...(readOnly ? observerModes(this, push) : normalModes(this, push)));
    // Only thurm's frames write to the client: blessed's own bytes (set-up, the clear after
    // each resize, its farewell) would land between frames and wipe them.
    this.output = Object.assign(
      new Writable({ write: (_chunk, _enc, cb) => cb() }),
      { columns: size.cols, rows: size.rows, isTTY: true },
    );
    // blessed only lays out widgets here, always in Unicode; renderer.ts writes for `outer`.
    this.screen = blessed.screen({
      input: new PassThrough() as never,
      output: this.output as never,
      terminal: 'xterm-256color',
      fullUnicode: true,
      warnings: false,
      autoPadding: false,
      smartCSR: false,
      useBCE: false,
      dockBorders: false,
      resizeTimeout: 0,
    } as blessed.Widgets.IScreenOptions);
    // thurm draws the cells itself (renderer.ts); blessed lays out widgets into them.
    this.screen.draw = () => {};
    this.send(this.signals.attach(outer));
    this.subscription = mux.subscribe((e) => this.onMuxEvent(e));
    mux.addClient(id, size.cols, size.rows, readOnly);
    const restored = mux.takeRestoreNews();
    if (restored) {
      this.notice.show(restored, RESTORE_NOTICE_MS);
      this.scheduleFrame();
    }
    this.scheduleFrame();
  }

  // ---- input ----

  onInput(data: Buffer): void {
    if (this.closed) return;
    this.handleTokens(this.parser.feed(data));
    if (this.escapeTimer) clearTimeout(this.escapeTimer);
    this.escapeTimer = this.parser.pasting
      ? setTimeout(() => { this.escapeTimer = null; this.handleTokens(this.parser.endPaste()); }, PASTE_WAIT_MS)
      : this.parser.hasPending
        ? setTimeout(() => { this.escapeTimer = null; this.handleTokens(this.parser.flush()); }, ESCAPE_WAIT_MS)
        : null;
  }

  private handleTokens(tokens: InputToken[]): void {
    let typed = '';
    const flush = () => {
      const focused = this.mux.focused;
      if (typed && focused) this.mux.typeInto(focused, typed);
      typed = '';
    };
    for (const t of tokens) {
      const forward = this.handleToken(t);
      if (forward === null) flush();
      else typed += forward;
    }
    flush();
  }

  /** Bytes for the focused pane, or null when the token was thurm's own. */
  private handleToken(t: InputToken): string | null {
    if (t.kind === 'capability' && isStatusAnswer(t.seq)) {
      this.signals.statusAnswered();
      this.scheduleFrame();
      return null;
    }
    if (t.kind === 'capability') {
      if (grantsTruecolor(t.seq) && this.terminal.outer.colors !== 'truecolor') {
        this.terminal = new TerminalOutput({ ...this.terminal.outer, colors: 'truecolor' });
        this.screen.alloc();
        this.startOver();
      }
      return null;
    }
    if (this.readOnly) {
      // An observer types nothing: its keys only reach its own modes.
      if (t.kind === 'key') {
        this.modes.handle(t);
        this.scheduleFrame();
      }
      return null;
    }
    if (t.kind === 'mouse') {
      handleMouse(this.mux, t, (pane) => void this.request('focus', { pane }), this.copy, this.borderDrag);
      return null;
    }
    return this.modes.handle(t);
  }

  /** Sends a request of the command table for this client; its error goes to the status line. */
  async request<K extends RequestType>(type: K, fields: RequestFields<K>): Promise<boolean> {
    const reply = await this.runCommand(this, { id: 0, type, ...fields });
    if (!reply.ok) this.showMessage(reply.error.message);
    return reply.ok;
  }

  /** Runs a line typed at the `:` prompt, as the CLI would; errors go to the status line. */
  runCommandLine(line: string): void {
    const requests = promptRequests(line, this.mux.focused);
    if (typeof requests === 'string') return this.showMessage(requests);
    void (async () => {
      for (const request of requests) {
        const reply = await this.runCommand(this, { id: 0, ...request });
        if (!reply.ok) return this.showMessage(reply.error.message);
      }
    })();
  }

  enterCopyMode(pane: string): void {
    if (!this.closed) this.copy.enter(pane);
  }

  // ---- overlays (modes.ts) ----

  private get size(): { cols: number; rows: number } {
    return { cols: this.output.columns, rows: this.output.rows };
  }

  help(): void {
    const view = new HelpView(this.screen, helpLines(this.mux.config.keys.prefix), this.size, () => this.redrawAll());
    this.modes.push(new HelpMode(view, !this.readOnly));
  }

  choose(label: string, rows: () => ChooserRow[], pick: (key: string) => void, empty?: string, initial?: string): void {
    this.modes.push(new ChooserMode(new Chooser(this.screen, label, rows, this.size, () => this.redrawAll(), empty, initial), pick));
  }

  confirm(question: string, yes: () => void): void {
    this.modes.push(new ConfirmMode(question, yes));
  }

  prompt(label: string, done: (text: string) => void, history?: PromptHistory, text = ''): void {
    this.modes.push(new PromptMode(label, done, () => this.scheduleFrame(), history, text));
  }

  showMessage(text: string, ms = MESSAGE_MS): void {
    this.message.show(text, ms);
    this.scheduleFrame();
  }

  private redrawAll(): void {
    this.allPanesDirty = true;
    this.scheduleFrame();
  }

  // ---- size and events ----

  /** Takes the client's new size; a burst of them is applied once per RESIZE_MS, latest first. */
  resize(cols: number, rows: number): void {
    if (this.closed) return;
    this.pendingSize = { cols, rows };
    if (this.resizeTimer) return;
    this.applySize();
    const tick = () => {
      if (!this.pendingSize) {
        this.resizeTimer = null;
        return;
      }
      this.applySize();
      this.resizeTimer = setTimeout(tick, RESIZE_MS);
    };
    this.resizeTimer = setTimeout(tick, RESIZE_MS);
  }

  private applySize(): void {
    const { cols, rows } = this.pendingSize!;
    this.pendingSize = null;
    if (cols === this.output.columns && rows === this.output.rows) return;
    this.output.columns = cols;
    this.output.rows = rows;
    // blessed reallocates its grid, blank, on the stream's resize.
    this.output.emit('resize');
    this.mux.setClientSize(this.id, cols, rows);
    this.startOver();
  }

  /** The next frame draws the whole screen again on a blank one, as the grid now is. */
  private startOver(): void {
    this.clearFirst = true;
    this.allPanesDirty = true;
    this.cursorShape = '';
    this.lastCursor = '';
    this.scheduleFrame();
  }

  private onMuxEvent(e: MuxEvent): void {
    this.modes.changed(e);
    switch (e.type) {
      case 'pane-output':
        this.dirtyPanes.add(e.pane);
        // The echo of keys just typed into the focused pane is shown at once.
        if (e.pane === this.mux.focused && this.mux.pane(e.pane).term.echoing) {
          this.frames.echo();
          return;
        }
        break;
      case 'session-ended':
        this.close('session-ended');
        return;
      case 'notification': {
        // Flashed in the status line, and passed to the outer terminal.
        const { message, osc } = this.signals.notification(e.pane, e.notification);
        this.showMessage(message);
        this.signal(osc);
        break;
      }
      case 'buffer-added':
        if (e.fromPane) this.signal(this.signals.clipboard(this.mux.buffers.get(e.buffer)?.text ?? ''));
        break;
      case 'pane-removed':
      case 'pane-respawned':
        this.copy.forget(e.pane);
        this.drawn.delete(e.pane);
        this.allPanesDirty = true;
        break;
      case 'message-shown':
        this.showMessage(e.text);
        return;
      case 'layout-changed':
      case 'pane-resized':
      case 'session-renamed':
      case 'options-changed':
        this.allPanesDirty = true;
        break;
      default:
        break;
    }
    this.scheduleFrame();
  }

  /** Copied text becomes the newest paste buffer and, when allowed, the client's clipboard (OSC 52). */
  private copied(text: string): void {
    this.mux.addBuffer(text);
    this.signal(this.signals.clipboard(text));
  }

  /** Keeps frames coming while a visible pane shows an indeterminate progress bar. */
  private animate(geo: ReturnType<Mux['geometry']>): void {
    if (this.animationTimer) return;
    const moving = [...geo.panes.keys()].some((id) => this.mux.pane(id).summary().progressState === 'indeterminate');
    if (!moving) return;
    this.animationTimer = setTimeout(() => {
      this.animationTimer = null;
      this.scheduleFrame();
    }, ANIMATION_MS);
  }

  // ---- frames ----

  private scheduleFrame(): void {
    this.frames.request();
  }

  /** Fills the cell grid from the model and returns the bytes of what changed. */
  private compose(echoOnly = false): string {
    const grid = this.screen as unknown as { lines: Line[]; olines: Line[] };
    const lines = grid.lines;
    const rows = lines.length;
    const cols = this.output.columns;
    const geo = this.mux.geometry();
    // An echo frame draws only the focused pane (and the chrome); the rest stays dirty.
    const only = echoOnly && !this.allPanesDirty ? this.mux.focused : null;
    const copyText = this.copy.statusText(this.mux.focused);
    const statusLine = this.mux.config.ui.statusLine;
    const modal = this.modes.status();
    const statusRow = statusLine || this.message.text || this.notice.text || copyText || modal ? rows - 1 : -1;
    const paneRows = Math.min(rows, this.mux.windowSize.rows - (this.mux.config.ui.statusLine ? 1 : 0));
    if (this.allPanesDirty) clearUncovered(lines, rows, cols, geo);
    const held = new Set<string>();
    for (const [id, r] of geo.panes) {
      if (!this.allPanesDirty && !this.dirtyPanes.has(id)) continue;
      if (only !== null && id !== only) continue;
      // Mid-update (synchronized output): keep its last complete frame, draw it once it ends.
      if (this.mux.pane(id).term.sync.updating) {
        held.add(id);
        continue;
      }
      const content = { x: r.x, y: r.y + 1, w: Math.min(r.w, cols - r.x), h: Math.min(r.h - 1, paneRows - r.y - 1) };
      if (content.w > 0 && content.h > 0) {
        const term = this.mux.pane(id).term;
        const top = this.copy.top(id);
        const at = `${content.x},${content.y},${content.w},${content.h}`;
        const last = this.drawn.get(id);
        // Only the rows changed since, when the same live view was last drawn into the same cells.
        const since = !this.allPanesDirty && top === undefined && last?.term === term && last.at === at ? last.stamp : undefined;
        const stamp = term.dirty.stamp;
        drawPaneContent(lines, content, term, this.styles, top, (y) => this.copy.highlight(id, y), since);
        if (top === undefined) this.drawn.set(id, { term, at, stamp });
        else this.drawn.delete(id);
      }
    }
    this.allPanesDirty = false;
    if (only !== null) this.dirtyPanes.delete(only);
    else this.dirtyPanes.clear();
    for (const id of held) this.dirtyPanes.add(id);
    drawHeaders(lines, this.mux, geo, Math.floor(Date.now() / ANIMATION_MS), (id) => this.copy.label(id));
    this.animate(geo);
    if (statusRow >= 0 && lines[statusRow]) {
      // Without a status line to share, a notice takes the row as a message does.
      const message = modal?.text ?? copyText ?? this.message.text ?? (statusLine ? null : this.notice.text);
      drawStatusLine(lines[statusRow], this.mux, { prefixPending: this.modes.has(PrefixMode), message, notice: statusLine ? this.notice.text : null });
    }
    this.screen.render();
    const clear = this.clearFirst ? CLEAR : '';
    this.clearFirst = false;
    const diff = renderDiff(lines, grid.olines, this.terminal);
    const cursor = this.cursor(geo);
    const title = this.signals.frame();
    // Output in a pane nobody sees changes nothing here: send nothing.
    if (!clear && !diff && !title && cursor === this.lastCursor) return '';
    this.lastCursor = cursor;
    return clear + diff + cursor + title;
  }

  private cursor(geo: ReturnType<Mux['geometry']>): string {
    const id = this.mux.focused;
    const r = id ? geo.panes.get(id) : undefined;
    const modal = this.modes.cursor();
    if (typeof modal === 'number') {
      // A column of the status line (a prompt's).
      const x = Math.min(modal, this.output.columns - 1);
      return `\x1b[${this.output.rows};${x + 1}H\x1b[?25h`;
    }
    if (!id || !r || modal === 'hidden') return '\x1b[?25l';
    if (this.mux.pane(id).term.sync.updating && this.lastCursor) return this.lastCursor;
    const live = this.mux.pane(id).term.cursor;
    const copying = this.copy.cursor(id);
    const c = copying ? { ...live, ...copying, visible: true } : live;
    const x = r.x + c.x, y = r.y + 1 + c.y;
    const inside = c.x < r.w && c.y < r.h - 1;
    let out = inside ? `\x1b[${y + 1};${x + 1}H` : '';
    out += c.visible && inside ? '\x1b[?25h' : '\x1b[?25l';
    const shape = `\x1b[${SHAPES[c.shape] - (c.blink ? 1 : 0)} q`;
    if (shape !== this.cursorShape) {
      out += shape;
      this.cursorShape = shape;
    }
    return out;
  }

  /** Sends what outer-signals.ts built, if anything. */
  private signal(data: string): void {
    if (data) this.send(data);
  }

  private send(data: string, done?: () => void): void {
    if (this.closed) {
      done?.();
      return;
    }
    this.transport.write(data, done);
  }

  // ---- lifetime ----

  detach(): void {
    this.close('detached');
  }

  /** Ends the view and tells the client why; the client restores its terminal (attach.ts). */
  close(reason: DetachedMessage['reason'], session?: string): void {
    if (this.closed) return;
    this.signal(this.signals.farewell(reason === 'upgrading'));
    this.screen.destroy();
    this.dispose();
    this.transport.close(reason, session);
  }

  /** Sends this client on to another session's server (it reattaches there by itself). */
  switchSession(step: number | string): void {
    const names = sessionNames(this.mux.socketPath);
    const here = names.indexOf(this.mux.session);
    const name = typeof step === 'string' ? step : names[(here + step + names.length) % names.length];
    if (!name || name === this.mux.session) return this.showMessage('no other session');
    this.close('switch', name);
  }

  /** Forgets the client (its connection is gone, or close() did the rest). */
  dispose(): void {
    if (this.closed) return;
    this.closed = true;
    this.frames.stop();
    for (const t of [this.escapeTimer, this.animationTimer, this.resizeTimer]) if (t) clearTimeout(t);
    this.message.dispose();
    this.notice.dispose();
    this.subscription.dispose();
    this.modes.dispose();
    this.copy.dispose();
    this.mux.removeClient(this.id);
    if (!(this.screen as unknown as { destroyed?: boolean }).destroyed) this.screen.destroy();
  }
}
