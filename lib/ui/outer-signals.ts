// What a client's terminal is sent besides the panes' cells: the modes set at attach and the
// questions asked then, its window title, the session's state for a terminal that speaks
// OSC 7501, desktop notifications (OSC 9 or 777) and the clipboard (OSC 52). Each is built
// from sanitised text only, and only for a terminal that parses OSC strings.
import type { Mux } from '../session/mux.js';
import type { StatusNotification } from '../status/program-status.js';
import { needsYou } from '../status/states.js';
import { sanitizeText } from '../sanitize.js';
import { CLEAR_STATUS, mostPressing, outerStatus, STATUS_QUERY } from './outer-status.js';
import { truecolorQuery, type OuterTerminal } from './outer-terminal.js';
import { glyph } from './status-view.js';
import type { TerminalOutput } from './terminal-output.js';

/**
 * Outer terminal modes: the alternate screen with the cursor hidden until a frame places it,
 * bracketed paste, modifyOtherKeys level 1 (only keys whose plain bytes lose a modifier change,
 * so Shift+Enter is told from Enter; key-encoding.ts also reads kitty CSI u), and the outer
 * title saved (XTWINOPS 22). attach.ts undoes them all (and puts the title back, 23).
 */
const ENTER_MODES = '\x1b[?1049h\x1b[?25l\x1b[?2004h\x1b[>4;1m\x1b[22;2t';
/** Button and drag mouse events in SGR encoding, unless `[ui] mouse = false`. */
const MOUSE_MODES = '\x1b[?1000h\x1b[?1002h\x1b[?1006h';
/** The most base64 sent to a client's clipboard at once; terminals refuse far less than this. */
const MAX_CLIPBOARD = 1024 * 1024;

export class OuterSignals {
  /** The outer terminal answered the OSC 7501 query: it is told the session's state. */
  private statusOutside = false;
  private lastStatus = '';
  private lastTitle = '';

  /** `terminal`: the client's terminal as it is now (a truecolor answer replaces it). */
  constructor(private readonly mux: Mux, private readonly terminal: () => TerminalOutput) {}

  /** The modes set at attach and the questions asked (truecolor, OSC 7501). */
  attach(outer: OuterTerminal): string {
    const { ui } = this.mux.config;
    const query = truecolorQuery(outer, ui.truecolor) + (ui.outerStatus && outer.osc ? STATUS_QUERY : '');
    return ENTER_MODES + (ui.mouse ? MOUSE_MODES : '') + (outer.acs?.enable ?? '') + query;
  }

  /** The terminal was given back and taken again (suspend): its title and status are sent again. */
  forget(): void {
    this.lastTitle = '';
    this.lastStatus = '';
  }

  /** The terminal answered the OSC 7501 query. */
  statusAnswered(): void {
    this.statusOutside = this.mux.config.ui.outerStatus;
  }

  /** What a frame adds: the title and the session's state, where they changed. */
  frame(): string {
    return this.titleChange() + this.statusChange();
  }

  /** The session's state for an outer terminal that speaks OSC 7501, when it changed. */
  private statusChange(): string {
    if (!this.statusOutside) return '';
    const status = outerStatus(this.mux);
    if (status === this.lastStatus) return '';
    this.lastStatus = status;
    return status;
  }

  /**
   * The outer terminal's title follows the focused pane (sanitised titles only), after the
   * glyph of the session's most pressing state when something needs you.
   */
  private titleChange(): string {
    const terminal = this.terminal();
    if (!this.mux.config.ui.setTitle || !terminal.outer.osc) return '';
    const id = this.mux.focused;
    const top = mostPressing(this.mux)?.summary.state;
    const mark = top && needsYou(top) ? `${glyph(top)} ` : '';
    const title = mark + (id ? `${this.mux.session}: ${id} ${this.mux.pane(id).title}` : this.mux.session);
    if (title === this.lastTitle) return '';
    this.lastTitle = title;
    return `\x1b]2;${terminal.plain(title)}\x07`;
  }

  /** A pane's notification: the status line's message, and what the outer terminal is sent. */
  notification(pane: string, n: StatusNotification): { message: string; osc: string } {
    const terminal = this.terminal();
    const text = sanitizeText(n.text, 200);
    const message = `pane ${pane}: ${n.title}${text && text !== n.title ? ` - ${text}` : ''}`;
    const desktop = terminal.outer.osc ? this.mux.config.notifications.desktop : 'off';
    // Sanitised text has no control characters, so it cannot end the sequence early.
    const plain = terminal.plain(text || n.title);
    const osc = desktop === 'osc9' ? `\x1b]9;thurm pane ${pane}: ${plain}\x07`
      : desktop === 'osc777' ? `\x1b]777;notify;thurm pane ${pane} ${terminal.plain(n.title).replace(/;/g, ',')};${plain}\x07`
      : '';
    return { message, osc };
  }

  /** Text for the client's clipboard, when `[ui] clipboard` allows it ('' for none). */
  clipboard(text: string): string {
    if (!this.mux.config.ui.clipboard || !this.terminal().outer.osc) return '';
    // Base64 carries no control characters; over-long texts are kept only in the buffer.
    const data = Buffer.from(text).toString('base64');
    return data && data.length <= MAX_CLIPBOARD ? `\x1b]52;c;${data}\x07` : '';
  }

  /** The last words at close: the outer pane's border stops speaking for this session (a new server says it again). */
  farewell(upgrading: boolean): string {
    return this.statusOutside && !upgrading ? CLEAR_STATUS : '';
  }
}
