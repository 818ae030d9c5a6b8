// The status line's own texts, as tmux's status-left and status-right: a tmux format of the
// session, the current window and its focused pane (lib/tmux/format.ts), then strftime's
// %-codes for the time. From [ui] status-left and status-right in config.toml, or a tmux `set -g`
// (through the shim or prefix :), which wins. Styles (`#[fg=red]`) are dropped: thurm colours its
// status line itself. What a program set (a title, a path) is untrusted: the text is sanitised.
import os from 'node:os';
import path from 'node:path';
import { sanitizeText } from '../sanitize.js';
import type { Mux } from '../session/mux.js';
import { strftime } from '../strftime.js';
import { expand } from '../tmux/format.js';

/** The most cells either text takes (tmux's status-right-length is 40). */
export const STATUS_TEXT_MAX = 40;

/** The format of `side`: the session's tmux value, else the config's. */
export function statusFormat(mux: Mux, side: 'left' | 'right'): string {
  return mux.tmuxOptions.get(`status-${side}`, ['session']) ?? (side === 'left' ? mux.config.ui.statusLeft : mux.config.ui.statusRight);
}

/** `side`'s text now: the format expanded, its styles dropped, the time filled in, made safe to draw. */
export function statusText(mux: Mux, side: 'left' | 'right', at: Date): string {
  const format = statusFormat(mux, side);
  if (!format) return '';
  const window = mux.windowList().find((w) => w.current)?.window;
  const id = mux.focused;
  const pane = id === null ? null : mux.pane(id);
  const vars: Record<string, () => string> = {
    session_name: () => mux.session, session_windows: () => String(mux.windowList().length),
    window_index: () => (window ? String(window.index) : ''), window_id: () => (window ? `@${window.id}` : ''),
    window_name: () => (window ? mux.windowName(window) : ''), window_panes: () => String(mux.windowPaneIds().length),
    pane_id: () => (id === null ? '' : `%${id}`), pane_index: () => (id === null ? '' : String(mux.windowPaneIds().indexOf(id))),
    pane_title: () => pane?.title ?? '', pane_current_path: () => pane?.cwd ?? '',
    pane_current_command: () => path.basename(pane?.foreground()?.argv[0] ?? pane?.argv[0] ?? ''),
    host: () => os.hostname(), host_short: () => os.hostname().split('.')[0],
  };
  const text = strftime(expand(format, (name) => vars[name]?.()).replace(/#\[[^\]]*\]/g, ''), at);
  return sanitizeText(text, STATUS_TEXT_MAX);
}

/** Draws the status line again when the time it shows turns: each second for %S, else each minute. */
export class StatusClock {
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly redraw: () => void) {}

  /** After a frame: sets the timer when a status text shows the time and none is set. */
  arm(mux: Mux): void {
    if (this.timer || !mux.config.ui.statusLine) return;
    const formats = statusFormat(mux, 'left') + statusFormat(mux, 'right');
    if (!formats.includes('%')) return;
    const every = formats.includes('%S') ? 1000 : 60_000;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.redraw();
    }, every - (Date.now() % every));
    this.timer.unref();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
