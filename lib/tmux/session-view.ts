// The session as tmux names it, read from one `info` reply: panes `%N`, windows `@N`, the
// session `$0` (a thurm server serves one session), tmux targets resolved against it, and the
// format variables of a pane (see format.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PaneInfo, SessionInfo } from '../server/protocol.js';
import { ShimError } from './errors.js';
import { tmuxOptions } from './options.js';

export type WindowView = SessionInfo['windows'][number];

export const TMUX_VERSION = '3.4';

export class SessionView {
  constructor(readonly info: SessionInfo, private readonly self: string | undefined, readonly socket: string) {}

  get current(): WindowView {
    return this.info.windows.find((w) => w.current) ?? this.info.windows[0];
  }

  windowOf(pane: PaneInfo): WindowView {
    return this.info.windows.find((w) => w.panes.includes(pane.id))!;
  }

  pane(id: string): PaneInfo | undefined {
    return this.info.panes.find((p) => p.id === id);
  }

  /** The pane a command acts on by default: the caller's own ($TMUX_PANE), else the focused one. */
  get selfPane(): PaneInfo {
    const p = (this.self !== undefined && this.pane(this.self)) || this.pane(this.current.active);
    if (!p) throw new ShimError('no current pane');
    return p;
  }

  private sessionMatches(name: string): boolean {
    const bare = name.replace(/^=/, '');
    return bare === '' || bare === this.info.session || bare === '$0';
  }

  /** A window target: `@N`, `:N`, `N`, a window name, `session:window`, or a pane's (`%N`). */
  window(target: string | undefined): WindowView {
    if (target === undefined || target === '') return this.windowOf(this.selfPane);
    if (target.startsWith('%')) return this.windowOf(this.paneTarget(target));
    const colon = target.indexOf(':');
    const [session, win] = colon < 0 ? [null, target] : [target.slice(0, colon), target.slice(colon + 1)];
    if (session !== null && !this.sessionMatches(session)) throw new ShimError(`can't find session: ${session}`);
    const name = win.split('.')[0].replace(/^=/, '');
    if (name === '') return session === null ? this.windowOf(this.selfPane) : this.current;
    const token = this.windowToken(name);
    if (token) return token;
    // A word alone may name the session, as in tmux (`-t default` is its current window).
    if (session === null && this.sessionMatches(name) && !/^\d+$/.test(name)) return this.current;
    const found = this.info.windows.find((w) => w.id === name || String(w.index) === name)
      ?? this.info.windows.find((w) => w.name === name);
    if (!found) throw new ShimError(`can't find window: ${name}`);
    return found;
  }

  /**
   * tmux's window tokens: `{start}` (`^`) and `{end}` (`$`), the lowest and highest index;
   * `{last}` (`!`), the window before the current one; `{next}` (`+`, `+N`) and `{previous}`
   * (`-`, `-N`) by index from the current window, around the ends.
   */
  private windowToken(name: string): WindowView | null {
    const sorted = [...this.info.windows].sort((a, b) => a.index - b.index);
    if (name === '{start}' || name === '^') return sorted[0];
    if (name === '{end}' || name === '$') return sorted[sorted.length - 1];
    if (name === '{last}' || name === '!') {
      const last = this.info.windows.find((w) => w.last);
      if (!last) throw new ShimError('no last window');
      return last;
    }
    const offset = stepOf(name);
    return offset === null ? null : cycle(sorted, sorted.indexOf(this.current), offset);
  }

  /**
   * tmux's pane tokens, in the target's window: `{next}` (`+`) and `{previous}` (`-`) by index
   * from its active pane, `{last}` (`!`) the pane active before it, `{marked}` (`~`) the marked
   * pane (any window's), and `{top}`, `{bottom}`, `{left}`, `{right}` and the corners by place.
   */
  private paneToken(w: WindowView, token: string): PaneInfo | null {
    const panes = w.panes.map((id) => this.pane(id)!);
    const offset = stepOf(token);
    if (offset !== null) return cycle(panes, w.panes.indexOf(w.active), offset);
    if (token === '{last}' || token === '!') {
      if (w.lastPane === null) throw new ShimError(`can't find pane: ${token}`);
      return this.pane(w.lastPane)!;
    }
    if (token === '{marked}' || token === '~') {
      if (this.info.marked === null) throw new ShimError(`can't find pane: ${token}`);
      return this.pane(this.info.marked)!;
    }
    const sides = /^\{(top|bottom)?-?(left|right)?\}$/.exec(token);
    if (!sides || (!sides[1] && !sides[2])) return null;
    // The pane whose edge is furthest that way: first by the named row, then by the named column.
    const key = (p: PaneInfo) => [
      sides[1] ? (sides[1] === 'top' ? p.position?.y ?? 0 : -(p.position?.y ?? 0) - p.size.rows) : 0,
      sides[2] ? (sides[2] === 'left' ? p.position?.x ?? 0 : -(p.position?.x ?? 0) - p.size.cols) : 0,
    ];
    return [...panes].sort((a, b) => key(a)[0] - key(b)[0] || key(a)[1] - key(b)[1])[0];
  }

  /** A pane target: `%N`, `window.pane` (pane by index or token), a pane token, or a window's active pane. */
  paneTarget(target: string | undefined): PaneInfo {
    if (target === undefined || target === '') return this.selfPane;
    if (target.startsWith('%')) {
      const p = this.pane(target.slice(1));
      if (!p) throw new ShimError(`can't find pane: ${target}`);
      return p;
    }
    const alone = this.paneToken(this.windowOf(this.selfPane), target);
    if (alone) return alone;
    const dot = target.lastIndexOf('.');
    const w = this.window(dot < 0 ? target : target.slice(0, dot) || undefined);
    const index = dot < 0 ? null : target.slice(dot + 1);
    const token = index === null ? null : this.paneToken(w, index);
    if (token) return token;
    const id = index === null ? w.active : index.startsWith('%') ? index.slice(1) : w.panes[Number(index)];
    const p = id === undefined || (index !== null && !/^%?\d+$/.test(index)) ? undefined : this.pane(id);
    if (!p || !w.panes.includes(p.id)) throw new ShimError(`can't find pane: ${target}`);
    return p;
  }

  /** When the session's server started serving it (its socket's time), in seconds, as tmux's session_created. */
  private created(): string {
    if (this.createdAt === undefined) {
      const st = fs.statSync(this.socket, { throwIfNoEntry: false });
      this.createdAt = st ? String(Math.floor(st.ctimeMs / 1000)) : '';
    }
    return this.createdAt;
  }

  private createdAt: string | undefined;

  /** Every format variable of a pane, its window and the session (tmux's names). */
  variables(pane: PaneInfo): Record<string, string> {
    const w = this.windowOf(pane);
    const flag = (b: boolean) => (b ? '1' : '0');
    const command = pane.foreground?.argv[0] ?? pane.command[0] ?? '';
    const at = pane.position;
    const flags = w.current ? '*' : w.last ? '-' : '';
    // The layout's root is the window's area.
    const size = /^[0-9a-f]{4},(\d+)x(\d+)/.exec(w.layout);
    const options = tmuxOptions();
    return {
      ...options, history_limit: options['history-limit'],
      pane_id: `%${pane.id}`, pane_index: String(w.panes.indexOf(pane.id)), pane_title: pane.title,
      pane_current_path: pane.cwd, pane_current_command: path.basename(command), pane_pid: String(pane.pid),
      pane_width: String(pane.size.cols), pane_height: String(pane.size.rows), pane_active: flag(w.active === pane.id),
      pane_dead: flag(pane.exit !== null), pane_marked: flag(this.info.marked === pane.id), pane_marked_set: flag(this.info.marked !== null), pane_pipe: flag(pane.pipe !== null), pane_dead_status: pane.exit ? String(pane.exit.exitCode) : '',
      pane_start_command: pane.command.join(' '), pane_in_mode: '0', pane_format: '1',
      pane_left: at ? String(at.x) : '', pane_top: at ? String(at.y) : '',
      pane_right: at ? String(at.x + pane.size.cols - 1) : '', pane_bottom: at ? String(at.y + pane.size.rows - 1) : '',
      window_id: w.id, window_index: String(w.index), window_name: w.name, window_active: flag(w.current),
      window_panes: String(w.panes.length), window_flags: flags, window_raw_flags: flags, window_last_flag: flag(w.last),
      window_layout: w.layout, window_width: size?.[1] ?? '', window_height: size?.[2] ?? '',
      window_format: '1', window_bigger: '0', client_control_mode: '0', client_termtype: '',
      session_name: this.info.session, session_id: '$0', session_windows: String(this.info.windows.length),
      session_attached: String(this.info.clients), session_format: '1', session_created: this.created(),
      pid: String(this.info.serverPid), socket_path: this.socket, version: TMUX_VERSION,
      host: os.hostname(), host_short: os.hostname().split('.')[0],
    };
  }
}

/** How far `{next}` / `+N` (forward) or `{previous}` / `-N` (back) steps; null for another word. */
function stepOf(token: string): number | null {
  const step = /^(?:(\{next\}|\+)|\{previous\}|-)(\d*)$/.exec(token);
  return step ? Number(step[2] || 1) * (step[1] ? 1 : -1) : null;
}

/** The item `offset` places from `at` in `list`, around the ends. */
function cycle<T>(list: T[], at: number, offset: number): T {
  return list[(((at + offset) % list.length) + list.length) % list.length];
}
