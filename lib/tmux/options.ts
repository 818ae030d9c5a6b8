// What thurm is like, as tmux options: show-options answers with these, and formats may name
// them (`#{focus-events}`). thurm's defaults; the user's config.toml is not read by the shim.
// history-budget.ts, not config.ts: the shim runs on every tmux call and loads no more than it needs.
import { DEFAULT_SCROLLBACK } from '../session/history-budget.js';

export function tmuxOptions(): Record<string, string> {
  return {
    'allow-passthrough': 'off', 'base-index': '0', 'default-shell': process.env.SHELL || '/bin/sh',
    'default-terminal': 'xterm-256color', 'focus-events': 'on', 'history-limit': String(DEFAULT_SCROLLBACK), 'mode-keys': 'vi',
    mouse: 'on', 'pane-base-index': '0', 'pane-border-status': 'top', prefix: 'C-b', 'remain-on-exit': 'off',
    'renumber-windows': 'off', 'set-clipboard': 'on', status: 'on', 'status-left': '[#S] ', 'status-position': 'bottom', 'status-right': '', 'synchronize-panes': 'off', 'window-size': 'latest',
  };
}
