// One attached client's view: a blessed screen whose input and output are that client's
// connection. Its keys go through a stack of modes (modes.ts: the overlays over the bindings,
// the copy mode and the pane, normal-mode.ts), which turn them into pane input or into the
// actions of ui-actions.ts; it composes frames of changed cells (frame-scheduler.ts decides
// when), and the rest of what its terminal is sent comes from outer-signals.ts.
// It is some 510 lines because it is the UiContext every key binding acts through
// (ui-actions.ts): the overlays it opens (help, choosers, prompts, the message log, display-panes,
// the clock), its messages, session switching and suspending are its own state, which the modes
// read and change; each overlay's drawing lives in a module of its own.
import { PassThrough, Writable } from 'node:stream';
import blessed from 'blessed';
import type { ClientHandle } from '../commands/command.js';
import { type FarHostsView, hostsAsSessions } from '../server/far-hosts.js';
import type { OtherSession, OtherSessionsView } from '../server/other-sessions.js';
import type { DetachedMessage, Reply, RequestFields, RequestType } from '../server/protocol.js';
import { sessionNames } from '../server/socket-path.js';
import type { MuxEvent } from '../session/events.js';
import type { Mux } from '../session/mux.js';
import type { Geometry } from '../session/layout.js';
import { timelineLines } from '../session/timeline.js';
import { screenDestroyed, screenGrid } from './blessed-internals.js';
import { StyleCache } from './cell-style.js';
import type { Line } from './cells.js';
import { Chooser, type ChooserAction, type ChooserRow } from './chooser.js';
import { drawHeaders, drawStatusLine } from './chrome.js';
import { StatusClock } from './status-format.js';
import { PromptHistory, promptRequests, runTmuxLine } from './command-prompt.js';
import { CopyView } from './copy-view.js';
import { FrameScheduler } from './frame-scheduler.js';
import { ClockMode } from './clock-mode.js';
import { DisplayPanesMode } from './display-panes.js';
import { HelpView } from './help-view.js';
import { MessageLog } from './message-log.js';
import { InputFeed, type InputToken } from './input.js';
import { helpLines } from './key-bindings.js';
import { Latest } from './latest.js';
import { ChooserMode, ConfirmMode, HelpMode, ModeStack, PrefixMode } from './modes.js';
import { handleMouse, type BorderDrag } from './mouse.js';
import { normalModes, observerModes } from './normal-mode.js';
import { OuterSignals } from './outer-signals.js';
import { isStatusAnswer } from './outer-status.js';
import { grantsTruecolor, type OuterTerminal } from './outer-terminal.js';
import { ANIMATION_MS, PaneFrames } from './pane-frames.js';
import { PromptMode } from './prompt-mode.js';
import { renderDiff } from './renderer.js';
import { TerminalOutput } from './terminal-output.js';
import { glyph } from './status-view.js';
import { TimedText } from './timed-text.js';
import { UI_ACTIONS, type UiContext } from './ui-actions.js';

export interface ClientTransport {
  /** Sends bytes to the client's terminal; `done` runs once they have left the server. */
  write(data: string, done?: () => void): void;
  /** `switch`: the client goes on to attach session `session` (prefix `s`, `(`, `)`). */
  close(reason: DetachedMessage['reason'], session?: string): void;
  /** Asks the client to give its terminal back and stop itself (prefix C-z). */
  suspend(): void;
}

export type RunCommand = (client: ClientScreen, request: Record<string, unknown>) => Promise<Reply>;

const MESSAGE_MS = 3000;
/** What a restore did is told to the first client that attaches after it, for longer, beside the status. */
const RESTORE_NOTICE_MS = 10_000;
/** A storm of resizes is applied at most once per this interval (the latest size wins). */
export const RESIZE_MS = 50;
/** Starts a frame on a blank screen, as the cell grid assumes after a (re)allocation. */
const CLEAR = '\x1b[0m\x1b[H\x1b[2J';

type OutputStream = Writable & { columns: number; rows: number; isTTY: boolean };

export class ClientScreen implements ClientHandle, UiContext {
  /** Whether the server writes to this client's terminal itself (set by the server, client-tty.ts). */
  ttyPath: 'direct' | 'relayed' = 'relayed';
  private readonly screen: blessed.Widgets.Screen;
  private readonly output: OutputStream;
  private readonly input = new InputFeed((t) => this.handleToken(t), (bytes) => {
    if (this.mux.focused) this.mux.typeInto(this.mux.focused, bytes, false, true);
  });
  private readonly styles: StyleCache;
  private terminal: TerminalOutput;
  private readonly signals: OuterSignals;
  private readonly subscription: { dispose(): void };
  private readonly echoes: { dispose(): void };
  /** Where keys go: the overlays open over the base modes, the top one first. */
  private readonly modes: ModeStack;
  readonly commandHistory = new PromptHistory();
  private readonly panes: PaneFrames;
  /** The client's size, a burst of changes applied once per RESIZE_MS, latest first. */
  private readonly sizes = new Latest<{ cols: number; rows: number }>(RESIZE_MS, (size) => this.applySize(size));
  /** The next frame clears the client's screen first: the grid was (re)allocated blank. */
  private clearFirst = true;
  /** What the status line said (messages, notifications, errors), for prefix ~. */
  private readonly messageLog = new MessageLog();
  /** Stopped by prefix C-z until the client says it resumed: nothing is sent to it. */
  private suspended = false;
  private readonly frames: FrameScheduler;
  readonly copy: CopyView;
  private readonly borderDrag: BorderDrag = { at: null };
  private readonly message = new TimedText(() => this.redrawAll());
  /** News shown in the status line's free room, leaving the windows and states in view. */
  private readonly notice = new TimedText(() => this.redrawAll());
  /** Draws the status line again when the time a status-left or status-right shows turns. */
  private readonly statusClock = new StatusClock(() => this.scheduleFrame());
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
    /** This user's other sessions (the status line, prefix `s`); the server tells othersChanged(). */
    readonly others: OtherSessionsView = { list: () => [] },
    /** The session this client switched from, for prefix L. */
    readonly lastSession?: string,
    /** The far hosts' links (the overview); the server tells othersChanged() of theirs too. */
    readonly hosts: FarHostsView = { list: () => [], focus: () => Promise.reject(new Error('no far hosts here')) },
  ) {
    this.styles = new StyleCache(outer.hyperlinks);
    this.terminal = new TerminalOutput(outer);
    this.signals = new OuterSignals(mux, () => this.terminal);
    this.frames = new FrameScheduler((echoOnly) => this.compose(echoOnly), (data, done) => this.send(data, done));
    this.copy = new CopyView(mux, {
      redraw: (pane) => {
        this.panes.changed(pane);
        this.scheduleFrame();
      },
      // The newest paste buffer and, when allowed, the client's clipboard (OSC 52).
      copied: (text, append) => {
        const buffer = this.mux.addBuffer(text, undefined, { append });
        this.signal(this.signals.clipboard(buffer.text));
      },
    });
    this.panes = new PaneFrames(mux, this.copy, this.styles, () => this.scheduleFrame());
    this.modes = new ModeStack((mode, removed) => (removed && mode.covers ? this.redrawAll() : this.scheduleFrame()));
    this.modes.base(...(readOnly ? observerModes(this, this.modes) : normalModes(this, this.modes)));
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
    // The echo of keys just typed into the focused pane is drawn at once, in a frame of its own.
    // Any pane's is marked changed now: a frame before its pane-output (one for a title set in
    // the same write, say) draws the output with it.
    this.echoes = mux.onEcho((pane) => {
      this.panes.changed(pane);
      if (pane === this.mux.focused) this.frames.echo();
    });
    mux.clients.add(id, size.cols, size.rows, readOnly);
    const restored = mux.persistence.takeRestoreNews();
    if (restored) {
      this.notice.show(restored, RESTORE_NOTICE_MS);
      this.scheduleFrame();
    }
    this.scheduleFrame();
  }

  // ---- input ----

  onInput(data: Buffer): void {
    if (!this.closed) this.input.feed(data);
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
    // What a person does here (a key, a click, a paste): under window-size latest the window follows this client.
    this.mux.clients.typed(this.id);
    if (t.kind === 'mouse') {
      handleMouse(this.mux, t, (pane) => void this.request('focus', { pane }), this.copy, this.borderDrag);
      return null;
    }
    return this.modes.handle(t);
  }

  /** Sends a request of the command table for this client; its error goes to the status line. */
  request<K extends RequestType>(type: K, fields: RequestFields<K>): Promise<boolean> {
    return this.runRequest({ type, ...fields });
  }

  /** Runs a line typed at the `:` prompt, as the CLI would; errors go to the status line. */
  runCommandLine(line: string): void {
    // A new command's outcome replaces the last one's message, as in tmux.
    this.message.clear();
    this.scheduleFrame();
    const requests = promptRequests(line, this.mux.focused);
    if (typeof requests === 'string') {
      void runTmuxLine(line, this.mux.socketPath, this.mux.focused, (request) => this.runCommand(this, request)).then((said) => {
        if (said !== '' && !this.closed) this.showMessage(said ?? requests);
      });
      return;
    }
    void (async () => {
      for (const request of requests) if (!(await this.runRequest(request))) return;
    })();
  }

  private async runRequest(request: Record<string, unknown>): Promise<boolean> {
    const reply = await this.runCommand(this, { id: 0, ...request });
    if (!reply.ok) this.showMessage(reply.error.message);
    return reply.ok;
  }

  enterCopyMode(pane: string): void {
    if (!this.closed) this.copy.enter(pane);
  }

  show(what: 'display-panes' | 'clock-mode'): void {
    if (!this.closed) UI_ACTIONS[what](this);
  }

  // ---- overlays (modes.ts) ----

  private get size(): { cols: number; rows: number } {
    return { cols: this.output.columns, rows: this.output.rows };
  }

  help(): void {
    const view = new HelpView(this.screen, helpLines(this.mux.config.keys.prefix, [...this.mux.keyBinds.list(), ...this.mux.config.keys.bind]), this.size, () => this.redrawAll());
    this.modes.push(new HelpMode(view, !this.readOnly));
  }

  choose(label: string, rows: () => ChooserRow[], pick: (key: string) => void, empty?: string, initial?: string, actions?: ChooserAction[]): void {
    this.modes.push(new ChooserMode(new Chooser(this.screen, label, rows, this.size, () => this.redrawAll(), empty, initial, actions), pick));
  }

  clock(): void {
    this.modes.push(new ClockMode(this.screen, this.mux, () => this.scheduleFrame()));
  }

  displayPanes(): void {
    const mode: DisplayPanesMode = new DisplayPanesMode(this.screen, this.mux, (pane) => void this.request('focus', { pane }), () => this.modes.remove(mode));
    this.modes.push(mode);
  }

  confirm(question: string, yes: () => void): void {
    this.modes.push(new ConfirmMode(question, yes));
  }

  prompt(label: string, done: (text: string) => void, history?: PromptHistory, text = ''): void {
    this.modes.push(new PromptMode(label, done, () => this.scheduleFrame(), history, text));
  }

  showMessage(text: string, ms = MESSAGE_MS): void {
    this.message.show(text, ms);
    this.messageLog.add(text);
    this.scheduleFrame();
  }

  /** Prefix ~, as tmux's show-messages: what the status line said, oldest first, with its time. */
  showMessages(): void {
    const view = new HelpView(this.screen, this.messageLog.lines(), this.size, () => this.redrawAll(), 'messages');
    this.modes.push(new HelpMode(view, true));
  }

  showLog(pane: string): void {
    if (!this.mux.paneIds().includes(pane)) return this.showMessage(`no pane ${pane}`);
    const lines = timelineLines(this.mux.pane(pane).timeline.list());
    const view = new HelpView(this.screen, lines, this.size, () => this.redrawAll(), `pane ${pane}: status log`, { wide: 100, newest: true });
    this.modes.push(new HelpMode(view, true));
  }

  /** What the other sessions need changed: the status line shows it. */
  othersChanged(): void {
    this.scheduleFrame();
  }

  /** A far host's link or agents changed: an open overview and the status line show them again. */
  hostsChanged(): void {
    this.modes.changed(null);
    this.scheduleFrame();
  }

  /** A pane of another session needs the user now: flashed, as this session's notifications are. */
  otherSessionNews(o: OtherSession): void {
    if (o.state === 'none') return;
    this.showMessage(`session ${o.name}: ${glyph(o.state)} ${o.state} (${o.needYou} pane${o.needYou === 1 ? '' : 's'} need${o.needYou === 1 ? 's' : ''} you; prefix s to go there)`);
  }

  private redrawAll(): void {
    this.panes.all = true;
    this.scheduleFrame();
  }

  // ---- size and events ----

  /** Takes the client's new size; a burst of them is applied once per RESIZE_MS, latest first. */
  resize(cols: number, rows: number): void {
    if (!this.closed) this.sizes.set({ cols, rows });
  }

  private applySize({ cols, rows }: { cols: number; rows: number }): void {
    if (cols === this.output.columns && rows === this.output.rows) return;
    this.output.columns = cols;
    this.output.rows = rows;
    // blessed reallocates its grid, blank, on the stream's resize.
    this.output.emit('resize');
    this.mux.clients.resize(this.id, cols, rows);
    this.startOver();
  }

  /** The next frame draws the whole screen again on a blank one, as the grid now is. */
  private startOver(): void {
    this.clearFirst = true;
    this.panes.reset();
    this.scheduleFrame();
  }

  private onMuxEvent(e: MuxEvent): void {
    this.modes.changed(e);
    switch (e.type) {
      case 'pane-output':
        this.panes.changed(e.pane);
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
        if (e.clipboard) this.signal(this.signals.clipboard(this.mux.buffers.get(e.buffer)?.text ?? ''));
        break;
      case 'pane-removed':
      case 'pane-respawned':
        this.copy.forget(e.pane);
        this.panes.forget(e.pane);
        break;
      case 'message-shown':
        this.showMessage(e.text);
        return;
      case 'layout-changed':
      case 'pane-resized':
      case 'session-renamed':
      case 'options-changed':
        this.panes.all = true;
        break;
      default:
        break;
    }
    this.scheduleFrame();
  }

  // ---- frames ----

  private scheduleFrame(): void {
    this.frames.request();
  }

  /**
   * Fills the cell grid from the model and returns the bytes of what changed. An echo frame
   * (`echoOnly`) draws the focused pane alone: borders, the status line and the title wait for
   * the full frame that follows it, so a typed key is on screen as soon as its echo is parsed.
   */
  private compose(echoOnly = false): string {
    const grid = screenGrid(this.screen);
    const lines = grid.lines;
    const rows = lines.length;
    // A full frame shows the state keys typed so far left (an echo frame draws no state).
    if (!echoOnly) this.mux.settleKeys();
    const geo = this.mux.geometry();
    this.panes.draw(lines, this.output.columns, geo, echoOnly);
    if (!echoOnly) this.chrome(lines, rows, geo);
    this.screen.render();
    const clear = this.clearFirst ? CLEAR : '';
    this.clearFirst = false;
    const diff = renderDiff(lines, grid.olines, this.terminal);
    const cursor = this.panes.cursor(geo, this.modes.cursor(), this.size);
    const title = echoOnly ? '' : this.signals.frame();
    // Output in a pane nobody sees changes nothing here: send nothing.
    if (!clear && !diff && !title && cursor === this.panes.lastCursor) return '';
    this.panes.lastCursor = cursor;
    return clear + diff + cursor + title;
  }

  /** What a frame draws around the panes: their headers and the status line. */
  private chrome(lines: Line[], rows: number, geo: Geometry): void {
    const copyText = this.copy.statusText(this.mux.focused);
    const statusLine = this.mux.config.ui.statusLine;
    const modal = this.modes.status();
    const statusRow = statusLine || this.message.text || this.notice.text || copyText || modal ? rows - 1 : -1;
    drawHeaders(lines, this.mux, geo, Math.floor(Date.now() / ANIMATION_MS), (id) => this.copy.label(id));
    this.panes.animate(geo);
    if (statusRow >= 0 && lines[statusRow]) {
      // Without a status line to share, a notice takes the row as a message does.
      const message = modal?.text ?? copyText ?? this.message.text ?? (statusLine ? null : this.notice.text);
      drawStatusLine(lines[statusRow], this.mux, { prefixPending: this.modes.has(PrefixMode), message, notice: statusLine ? this.notice.text : null, others: [...this.others.list(), ...hostsAsSessions(this.hosts.list())] });
      this.statusClock.arm(this.mux);
    }
  }

  /** Sends what outer-signals.ts built, if anything. */
  private signal(data: string): void {
    if (data) this.send(data);
  }

  private send(data: string, done?: () => void): void {
    // A suspended client's terminal is its shell's: it is drawn whole again when it resumes.
    if (this.closed || this.suspended) {
      done?.();
      return;
    }
    this.transport.write(data, done);
  }

  // ---- lifetime ----

  detach(): void {
    this.close('detached');
  }

  /** Prefix C-z, as tmux's suspend-client: the client stops until its shell's `fg` (attach.ts). */
  suspend(): void {
    if (this.closed || this.suspended) return;
    this.suspended = true;
    this.transport.suspend();
  }

  /** The client runs again: its terminal is set up and drawn whole, as at attach. */
  resumed(): void {
    if (this.closed || !this.suspended) return;
    this.suspended = false;
    this.signals.forget();
    this.send(this.signals.attach(this.terminal.outer));
    // What the terminal shows is the shell's now: nothing of the last frame can be kept.
    this.screen.alloc();
    this.startOver();
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
    this.input.dispose();
    this.sizes.dispose();
    this.panes.dispose();
    this.message.dispose();
    this.notice.dispose();
    this.statusClock.dispose();
    this.subscription.dispose();
    this.echoes.dispose();
    this.modes.dispose();
    this.copy.dispose();
    this.mux.clients.remove(this.id);
    if (!screenDestroyed(this.screen)) this.screen.destroy();
  }
}
