// One attached client's view: a blessed screen whose input and output are that client's
// connection. It turns the client's keys into commands or pane input, and composes frames of
// changed cells (frame-scheduler.ts decides when).
// Over 400 lines: it still holds the chooser, prompt and confirm overlays beside the frame
// composer; those overlays are the part to move to modules of their own next.
import { PassThrough, Writable } from 'node:stream';
import blessed from 'blessed';
import type { ClientHandle } from '../commands/command.js';
import type { Reply } from '../server/protocol.js';
import type { MuxEvent } from '../session/events.js';
import type { Mux } from '../session/mux.js';
import type { StatusNotification } from '../status/program-status.js';
import { encodeInput, legacyInput } from '../term/key-encoding.js';
import { pasteBytes } from '../term/keys.js';
import { sanitizeText } from '../sanitize.js';
import { textWidth } from './text-cells.js';
import { StyleCache } from './cell-style.js';
import { clearUncovered, drawHeaders, drawStatusLine } from './chrome.js';
import { Chooser } from './chooser.js';
import { completions, PromptHistory, promptRequests } from './command-prompt.js';
import { agentChoices, windowChoices } from './choices.js';
import { needsYou } from '../status/states.js';
import { TimedText } from './timed-text.js';
import { glyph } from './status-view.js';
import { CLEAR_STATUS, isStatusAnswer, mostPressing, outerStatus, STATUS_QUERY } from './outer-status.js';
import { InputParser, keyName, type InputToken } from './input.js';
import { FrameScheduler } from './frame-scheduler.js';
import { findBinding, helpLines } from './key-bindings.js';
import { HelpView } from './help-view.js';
import { LineEditor } from './line-editor.js';
import { handleMouse, type BorderDrag } from './mouse.js';
import { CopyView } from './copy-view.js';
import { drawPaneContent } from './pane-view.js';
import { screenDestroyed, screenGrid } from './blessed-internals.js';
import type { PaneTerminal } from '../term/pane-terminal.js';
import type { DetachedMessage } from '../server/protocol.js';
import { sessionNames } from '../server/socket-path.js';
import { grantsTruecolor, truecolorQuery, type OuterTerminal } from './outer-terminal.js';
import { renderDiff } from './renderer.js';
import { TerminalOutput } from './terminal-output.js';

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
/**
 * Outer terminal modes: the alternate screen with the cursor hidden until a frame places it,
 * bracketed paste, modifyOtherKeys level 1 (only keys whose plain bytes lose a modifier change,
 * so Shift+Enter is told from Enter; key-encoding.ts also reads kitty CSI u), and the outer
 * title saved (XTWINOPS 22). attach.ts undoes them all (and puts the title back, 23).
 */
const ENTER_MODES = '\x1b[?1049h\x1b[?25l\x1b[?2004h\x1b[>4;1m\x1b[22;2t';
/** Button and drag mouse events in SGR encoding, unless `[ui] mouse = false`. */
const MOUSE_MODES = '\x1b[?1000h\x1b[?1002h\x1b[?1006h';
/** Starts a frame on a blank screen, as the cell grid assumes after a (re)allocation. */
const CLEAR = '\x1b[0m\x1b[H\x1b[2J';
const SHAPES = { block: 2, underline: 4, bar: 6 } as const;
/** The most base64 sent to a client's clipboard at once; terminals refuse far less than this. */
const MAX_CLIPBOARD = 1024 * 1024;
/** Step of indeterminate progress bars. */
const ANIMATION_MS = 150;

type OutputStream = Writable & { columns: number; rows: number; isTTY: boolean };

export class ClientScreen implements ClientHandle {
  private readonly screen: blessed.Widgets.Screen;
  private readonly output: OutputStream;
  private readonly parser = new InputParser();
  private readonly styles: StyleCache;
  private terminal: TerminalOutput;
  private readonly subscription: { dispose(): void };
  /** An open list to pick from (the agent overview, the window chooser) and what a pick does. */
  private chooser: { list: Chooser; pick(key: string): void } | null = null;
  /** A line being typed in the status line (a window's new name or index). */
  private prompt: { label: string; line: LineEditor; done(text: string): void; history?: PromptHistory } | null = null;
  /** What was typed at the `:` prompt, for Up and Down. */
  private readonly commandHistory = new PromptHistory();
  /** The outer terminal answered the OSC 7501 query: it is told the session's state. */
  private statusOutside = false;
  private lastOuterStatus = '';
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
  private readonly copy: CopyView;
  private readonly borderDrag: BorderDrag = { at: null };
  private prefixPending = false;
  /** A yes/no question in the status line (closing a pane or window) and what yes does. */
  private confirm: { question: string; yes(): void } | null = null;
  private help: HelpView | null = null;
  private readonly message = new TimedText(() => this.redrawAll());
  /** News shown in the status line's free room, leaving the windows and states in view. */
  private readonly notice = new TimedText(() => this.redrawAll());
  private cursorShape = '';
  private lastCursor = '';
  private outerTitle = '';
  private closed = false;

  constructor(
    readonly id: string,
    private readonly mux: Mux,
    private readonly transport: ClientTransport,
    size: { cols: number; rows: number },
    outer: OuterTerminal,
    private readonly runCommand: RunCommand,
    /** An observer (`attach --read-only`): sees everything, types nothing, sizes nothing. */
    private readonly readOnly = false,
  ) {
    this.styles = new StyleCache(outer.hyperlinks);
    this.terminal = new TerminalOutput(outer);
    this.frames = new FrameScheduler((echoOnly) => this.compose(echoOnly), (data, done) => this.send(data, done));
    this.copy = new CopyView(mux, {
      redraw: (pane) => {
        this.dirtyPanes.add(pane);
        this.scheduleFrame();
      },
      copied: (text) => this.copied(text),
    });
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
    const query = truecolorQuery(outer, mux.config.ui.truecolor) + (mux.config.ui.outerStatus && outer.osc ? STATUS_QUERY : '');
    this.send(ENTER_MODES + (mux.config.ui.mouse ? MOUSE_MODES : '') + (outer.acs?.enable ?? '') + query);
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
      this.statusOutside = this.mux.config.ui.outerStatus;
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
    if (this.readOnly) return this.observerToken(t);
    if (t.kind === 'mouse') {
      handleMouse(this.mux, t, (pane) => void this.run({ type: 'focus', pane }), this.copy, this.borderDrag);
      return null;
    }
    if (this.help) {
      if (t.kind !== 'key' || this.help.key(keyName(legacyInput(t.seq))) === 'close') this.closeHelp();
      return null;
    }
    if (this.chooser && t.kind === 'key') {
      const chooser = this.chooser;
      const chosen = chooser.list.key(keyName(legacyInput(t.seq)));
      if (chosen !== null) this.closeChooser();
      if (chosen !== null && chosen !== 'close') chooser.pick(chosen);
      return null;
    }
    if (this.prompt && t.kind === 'key') {
      this.promptKey(keyName(legacyInput(t.seq)), t.seq);
      return null;
    }
    if (this.confirm !== null) {
      const confirm = this.confirm;
      this.confirm = null;
      this.allPanesDirty = true;
      if (t.kind === 'key' && (t.seq === 'y' || t.seq === 'Y')) confirm.yes();
      this.scheduleFrame();
      return null;
    }
    const pane = this.mux.focused ? this.mux.pane(this.mux.focused) : null;
    const copying = pane !== null && this.copy.get(pane.id) !== undefined;
    if (t.kind === 'paste') {
      return pane && !copying ? pasteBytes(t.text, pane.term.modes) : null;
    }
    const prefix = this.mux.config.keys.prefixBytes;
    // thurm's own keys are matched in legacy form, however the client's terminal encoded them.
    const seq = legacyInput(t.seq);
    if (this.prefixPending) {
      this.prefixPending = false;
      this.scheduleFrame();
      if (seq === prefix) return pane ? encodeInput(t.seq, pane.term.keyModes) : prefix;
      const bound = this.userBinding(keyName(seq), true);
      if (bound) this.runCommandLine(bound);
      else this.runBinding(keyName(seq));
      return null;
    }
    const direct = seq === prefix ? null : this.userBinding(keyName(seq), false);
    if (direct) {
      this.runCommandLine(direct);
      return null;
    }
    if (seq === prefix) {
      this.prefixPending = true;
      this.scheduleFrame();
      return null;
    }
    if (copying && this.copy.key(pane.id, keyName(seq))) return null;
    return pane ? encodeInput(t.seq, pane.term.keyModes) : null;
  }

  /** An observer's keys: only the prefix, then `d` (detach itself) or `?` (help). */
  private observerToken(t: InputToken): null {
    if (t.kind !== 'key') return null;
    const seq = legacyInput(t.seq);
    if (this.help) this.closeHelp();
    else if (this.prefixPending) {
      this.prefixPending = false;
      if (seq === 'd' || seq === '?') this.runBinding(seq);
    } else if (seq === this.mux.config.keys.prefixBytes) this.prefixPending = true;
    this.scheduleFrame();
    return null;
  }

  private runBinding(key: string): void {
    const binding = findBinding(key);
    if (!binding) return;
    const action = binding.action;
    if ('command' in action) {
      void this.run({ type: action.command, ...action.args });
    } else if (action.ui === 'help') {
      this.openHelp();
    } else if (action.ui === 'agents') {
      this.openChooser('agents', () => agentChoices(this.mux), (pane) => void this.run({ type: 'focus', pane }), 'no pane has a status');
    } else if (action.ui === 'choose-window') {
      const current = this.mux.windowList().find((w) => w.current)?.window;
      this.openChooser('windows', () => windowChoices(this.mux), (key) => {
        if (key.startsWith('window ')) void this.run({ type: 'select-window', index: Number(key.slice(7)) });
        else void this.run({ type: 'focus', pane: key });
      }, undefined, current && `window ${current.index}`);
    } else if (action.ui === 'choose-session') {
      this.openChooser('sessions', () => sessionNames(this.mux.socketPath).map((name) => ({
        key: name, text: `${name}${name === this.mux.session ? ' (this one)' : ''}`,
      })), (name) => this.switchSession(name), undefined, this.mux.session);
    } else if (action.ui === 'next-session' || action.ui === 'previous-session') {
      this.switchSession(action.ui === 'next-session' ? 1 : -1);
    } else if (action.ui === 'reload-config') {
      void this.runCommand(this, { id: 0, type: 'reload-config' }).then((r) => this.showMessage(r.ok ? 'config reloaded' : r.error.message));
    } else if (action.ui === 'command-prompt') {
      this.openPrompt(':', (line) => {
        this.commandHistory.add(line);
        this.runCommandLine(line);
      }, this.commandHistory);
    } else if (action.ui === 'rename-window') {
      // Filled in with the current name, as tmux does.
      const current = this.mux.windowList().find((w) => w.current)?.window;
      this.openPrompt('rename window: ', (name) => void this.run({ type: 'rename-window', name: name || null }), undefined, current ? this.mux.windowName(current) : '');
    } else if (action.ui === 'rename-session') {
      this.openPrompt('rename session: ', (name) => {
        if (name) void this.run({ type: 'rename-session', name });
      }, undefined, this.mux.session);
    } else if (action.ui === 'move-window') {
      this.openPrompt('move window to index: ', (index) => {
        if (/^\d{1,4}$/.test(index)) void this.run({ type: 'move-window', to: Number(index) });
        else if (index) this.showMessage(`move-window: not an index: ${index}`);
      });
    } else if (action.ui === 'confirm-kill-window') {
      const w = this.mux.windowList().find((x) => x.current)?.window;
      if (w) this.askYesNo(`kill window ${w.index} (${this.mux.windowName(w)})? (y/n)`, () => void this.run({ type: 'kill-window', index: w.index }));
    } else if (action.ui === 'confirm-kill' && this.mux.focused) {
      const pane = this.mux.focused;
      this.askYesNo(`kill pane ${pane}? (y/n)`, () => void this.run({ type: 'kill-pane', pane }));
    } else if (action.ui === 'copy-mode' && this.mux.focused) {
      this.copy.enter(this.mux.focused);
    } else if (action.ui === 'copy-mode-page-up' && this.mux.focused) {
      this.copy.enter(this.mux.focused);
      this.copy.key(this.mux.focused, 'PageUp');
    }
  }

  private async run(request: Record<string, unknown>): Promise<void> {
    const reply = await this.runCommand(this, { id: 0, ...request });
    if (!reply.ok) this.showMessage(reply.error.message);
  }

  enterCopyMode(pane: string): void {
    if (!this.closed) this.copy.enter(pane);
  }

  private openHelp(): void {
    this.help = new HelpView(this.screen, helpLines(this.mux.config.keys.prefix), { cols: this.output.columns, rows: this.output.rows }, () => {
      this.allPanesDirty = true;
      this.scheduleFrame();
    });
  }

  private openChooser(label: string, rows: () => { key: string; text: string }[], pick: (key: string) => void, empty?: string, initial?: string): void {
    this.chooser?.list.destroy();
    const list = new Chooser(this.screen, label, rows, { cols: this.output.columns, rows: this.output.rows }, () => {
      this.allPanesDirty = true;
      this.scheduleFrame();
    }, empty, initial);
    this.chooser = { list, pick };
  }

  private closeChooser(): void {
    this.chooser?.list.destroy();
    this.chooser = null;
    this.allPanesDirty = true;
    this.scheduleFrame();
  }

  private askYesNo(question: string, yes: () => void): void {
    this.confirm = { question, yes };
    this.scheduleFrame();
  }

  private openPrompt(label: string, done: (text: string) => void, history?: PromptHistory, text = ''): void {
    this.prompt = { label, line: new LineEditor(text, history ? 512 : 64), done, history };
    this.scheduleFrame();
  }

  /** The command line `[[keys.bind]]` gives a key (after the prefix, or on its own). */
  private userBinding(key: string, afterPrefix: boolean): string | null {
    return this.mux.config.keys.bind.find((b) => b.key === key && b.prefix === afterPrefix)?.command ?? null;
  }

  /** Runs a line typed at the `:` prompt, as the CLI would; errors go to the status line. */
  private runCommandLine(line: string): void {
    const requests = promptRequests(line, this.mux.focused);
    if (typeof requests === 'string') return this.showMessage(requests);
    void (async () => {
      for (const request of requests) {
        const reply = await this.runCommand(this, { id: 0, ...request });
        if (!reply.ok) return this.showMessage(reply.error.message);
      }
    })();
  }

  /** A key while a prompt is open: text, BSpace, Enter to run it, Escape to give up. */
  private promptKey(name: string, seq: string): void {
    const prompt = this.prompt!;
    if (name === 'Enter' || name === 'Escape' || name === 'C-c') {
      this.prompt = null;
      this.allPanesDirty = true;
      if (name === 'Enter') prompt.done(prompt.line.text.trim());
    } else if ((name === 'Up' || name === 'Down') && prompt.history) {
      prompt.line.set(prompt.history.move(name === 'Up' ? -1 : 1));
    } else if (name === 'Tab' && prompt.history) {
      // Completes the command's name as far as every candidate agrees.
      const found = completions(prompt.line.text);
      if (found.length) prompt.line.set(found.reduce((a, b) => { let i = 0; while (i < a.length && a[i] === b[i]) i++; return a.slice(0, i); }) + (found.length === 1 ? ' ' : ''));
    } else {
      prompt.line.key(name, seq);
    }
    this.scheduleFrame();
  }

  private closeHelp(): void {
    this.help?.destroy();
    this.help = null;
    this.allPanesDirty = true;
    this.scheduleFrame();
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
    if (this.chooser && (e.type === 'status-changed' || e.type === 'pane-added' || e.type === 'pane-removed' || e.type.startsWith('window-'))) this.chooser.list.refresh();
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
      case 'notification':
        this.notify(e.pane, e.notification);
        break;
      case 'buffer-added':
        if (e.fromPane && this.mux.config.ui.clipboard) this.toClipboard(this.mux.buffers.get(e.buffer)?.text ?? '');
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
    if (this.mux.config.ui.clipboard) this.toClipboard(text);
  }

  private toClipboard(text: string): void {
    if (!this.terminal.outer.osc) return;
    // Base64 carries no control characters; over-long texts are kept only in the buffer.
    const data = Buffer.from(text).toString('base64');
    if (data && data.length <= MAX_CLIPBOARD) this.send(`\x1b]52;c;${data}\x07`);
  }

  /** Flashes a notification in the status line and passes it to the outer terminal. */
  private notify(pane: string, n: StatusNotification): void {
    const text = sanitizeText(n.text, 200);
    this.showMessage(`pane ${pane}: ${n.title}${text && text !== n.title ? ` - ${text}` : ''}`);
    const desktop = this.terminal.outer.osc ? this.mux.config.notifications.desktop : 'off';
    // Sanitised text has no control characters, so it cannot end the sequence early.
    const plain = this.terminal.plain(text || n.title);
    if (desktop === 'osc9') this.send(`\x1b]9;thurm pane ${pane}: ${plain}\x07`);
    else if (desktop === 'osc777') this.send(`\x1b]777;notify;thurm pane ${pane} ${this.terminal.plain(n.title).replace(/;/g, ',')};${plain}\x07`);
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
    const grid = screenGrid(this.screen);
    const lines = grid.lines;
    const rows = lines.length;
    const cols = this.output.columns;
    const geo = this.mux.geometry();
    // An echo frame draws only the focused pane (and the chrome); the rest stays dirty.
    const only = echoOnly && !this.allPanesDirty ? this.mux.focused : null;
    const copyText = this.copy.statusText(this.mux.focused);
    const statusLine = this.mux.config.ui.statusLine;
    const statusRow = statusLine || this.message.text || this.notice.text || copyText || this.confirm || this.prompt || this.prefixPending ? rows - 1 : -1;
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
      const message = this.prompt ? `${this.prompt.label}${this.prompt.line.text}` : this.confirm?.question ?? copyText ?? this.message.text ?? (statusLine ? null : this.notice.text);
      drawStatusLine(lines[statusRow], this.mux, { prefixPending: this.prefixPending, message, notice: statusLine ? this.notice.text : null });
    }
    this.screen.render();
    const clear = this.clearFirst ? CLEAR : '';
    this.clearFirst = false;
    const diff = renderDiff(lines, grid.olines, this.terminal);
    const cursor = this.cursor(geo);
    const title = this.titleChange() + this.outerStatusChange();
    // Output in a pane nobody sees changes nothing here: send nothing.
    if (!clear && !diff && !title && cursor === this.lastCursor) return '';
    this.lastCursor = cursor;
    return clear + diff + cursor + title;
  }

  /** The session's state for an outer terminal that speaks OSC 7501, when it changed. */
  private outerStatusChange(): string {
    if (!this.statusOutside) return '';
    const status = outerStatus(this.mux);
    if (status === this.lastOuterStatus) return '';
    this.lastOuterStatus = status;
    return status;
  }

  /**
   * The outer terminal's title follows the focused pane (sanitised titles only), after the
   * glyph of the session's most pressing state when something needs you.
   */
  private titleChange(): string {
    if (!this.mux.config.ui.setTitle || !this.terminal.outer.osc) return '';
    const id = this.mux.focused;
    const top = mostPressing(this.mux)?.summary.state;
    const mark = top && needsYou(top) ? `${glyph(top)} ` : '';
    const title = mark + (id ? `${this.mux.session}: ${id} ${this.mux.pane(id).title}` : this.mux.session);
    if (title === this.outerTitle) return '';
    this.outerTitle = title;
    return `\x1b]2;${this.terminal.plain(title)}\x07`;
  }

  private cursor(geo: ReturnType<Mux['geometry']>): string {
    const id = this.mux.focused;
    const r = id ? geo.panes.get(id) : undefined;
    if (this.prompt) {
      // The prompt's own cursor, on the status line (drawn one cell in).
      const { label, line } = this.prompt;
      const x = Math.min(1 + textWidth(label + line.text.slice(0, line.cursor)), this.output.columns - 1);
      return `\x1b[${this.output.rows};${x + 1}H\x1b[?25h`;
    }
    if (!id || !r || this.help || this.chooser || this.confirm) return '\x1b[?25l';
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
    // The outer pane's border stops speaking for this session (a new server says it again).
    if (this.statusOutside && reason !== 'upgrading') this.send(CLEAR_STATUS);
    this.screen.destroy();
    this.dispose();
    this.transport.close(reason, session);
  }

  /** Sends this client on to another session's server (it reattaches there by itself). */
  private switchSession(step: number | string): void {
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
    this.chooser?.list.destroy();
    this.copy.dispose();
    this.mux.removeClient(this.id);
    if (!screenDestroyed(this.screen)) this.screen.destroy();
  }
}
