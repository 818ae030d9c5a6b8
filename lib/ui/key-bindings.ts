// What each key does after the prefix, as tmux users expect. Bindings name commands of the
// command table (lib/commands), so a key does exactly what the CLI does.

import type { RequestFields, RequestType } from '../server/protocol.js';

/** A request of the command table and the fields it is sent with, checked against its declaration. */
export type CommandAction = { [K in RequestType]: { command: K; args?: RequestFields<K> } }[RequestType];

/** A request, or one of the UI actions of ui-actions.ts. */
export type BindingAction =
  | CommandAction
  | { ui: 'help' | 'suspend' | 'display-panes' | 'display-info' | 'find-window' | 'choose-buffer' | 'choose-client' | 'show-messages' | 'clock-mode' | 'confirm-kill' | 'copy-mode' | 'copy-mode-page-up' | 'agents' | 'choose-window' | 'rename-window' | 'move-window' | 'confirm-kill-window' | 'choose-session' | 'rename-session' | 'next-session' | 'previous-session' | 'last-session' | 'command-prompt' | 'reload-config' };

export interface Binding {
  keys: string[];
  describe: string;
  action: BindingAction;
}

export const BINDINGS: readonly Binding[] = [
  { keys: ['%', '|'], describe: 'split the pane right', action: { command: 'split', args: { direction: 'right' } } },
  { keys: ['"', '-'], describe: 'split the pane down', action: { command: 'split', args: { direction: 'down' } } },
  { keys: ['Left'], describe: 'focus the pane to the left', action: { command: 'focus', args: { direction: 'left' } } },
  { keys: ['Right'], describe: 'focus the pane to the right', action: { command: 'focus', args: { direction: 'right' } } },
  { keys: ['Up'], describe: 'focus the pane above', action: { command: 'focus', args: { direction: 'up' } } },
  { keys: ['Down'], describe: 'focus the pane below', action: { command: 'focus', args: { direction: 'down' } } },
  { keys: ['o'], describe: 'focus the next pane', action: { command: 'focus', args: { next: true } } },
  { keys: [';'], describe: 'focus the pane focused before, in this window', action: { command: 'focus', args: { last: true } } },
  { keys: ['q'], describe: 'number the panes for a second; type one to focus it', action: { ui: 'display-panes' } },
  { keys: ['C-Left'], describe: 'move the border left', action: { command: 'resize-pane', args: { direction: 'left' } } },
  { keys: ['C-Right'], describe: 'move the border right', action: { command: 'resize-pane', args: { direction: 'right' } } },
  { keys: ['C-Up'], describe: 'move the border up', action: { command: 'resize-pane', args: { direction: 'up' } } },
  { keys: ['C-Down'], describe: 'move the border down', action: { command: 'resize-pane', args: { direction: 'down' } } },
  { keys: ['M-Left'], describe: 'move the border left by 5', action: { command: 'resize-pane', args: { direction: 'left', cells: 5 } } },
  { keys: ['M-Right'], describe: 'move the border right by 5', action: { command: 'resize-pane', args: { direction: 'right', cells: 5 } } },
  { keys: ['M-Up'], describe: 'move the border up by 5', action: { command: 'resize-pane', args: { direction: 'up', cells: 5 } } },
  { keys: ['M-Down'], describe: 'move the border down by 5', action: { command: 'resize-pane', args: { direction: 'down', cells: 5 } } },
  { keys: ['u'], describe: 'jump to the pane that most needs you', action: { command: 'focus', args: { urgent: true } } },
  { keys: ['c'], describe: 'new window', action: { command: 'new-window' } },
  { keys: ['n'], describe: 'next window', action: { command: 'select-window', args: { next: true } } },
  { keys: ['p'], describe: 'previous window', action: { command: 'select-window', args: { previous: true } } },
  { keys: ['l'], describe: 'the window selected last', action: { command: 'select-window', args: { last: true } } },
  { keys: ['M-n'], describe: 'the next window where a pane needs you', action: { command: 'select-window', args: { next: true, alert: true } } },
  { keys: ['M-p'], describe: 'the previous window where a pane needs you', action: { command: 'select-window', args: { previous: true, alert: true } } },
  ...Array.from({ length: 10 }, (_, i): Binding => ({ keys: [String(i)], describe: `window ${i}`, action: { command: 'select-window', args: { index: i } } })),
  { keys: [','], describe: 'rename the window', action: { ui: 'rename-window' } },
  { keys: ['.'], describe: 'move the window to another index', action: { ui: 'move-window' } },
  { keys: ['&'], describe: 'close the window (asks first)', action: { ui: 'confirm-kill-window' } },
  { keys: ['s'], describe: 'choose a session to switch to', action: { ui: 'choose-session' } },
  { keys: ['$'], describe: 'rename the session', action: { ui: 'rename-session' } },
  { keys: ['('], describe: 'the previous session', action: { ui: 'previous-session' } },
  { keys: [')'], describe: 'the next session', action: { ui: 'next-session' } },
  { keys: ['L'], describe: 'the session this client was in last', action: { ui: 'last-session' } },
  { keys: ['w'], describe: 'choose a window or pane, with each pane\'s status', action: { ui: 'choose-window' } },
  { keys: ['f'], describe: 'find the panes whose screen, title or window name holds a text', action: { ui: 'find-window' } },
  { keys: ['a'], describe: 'agent overview: every pane with a status, most pressing first', action: { ui: 'agents' } },
  { keys: ['z'], describe: 'zoom the pane to the full window, or back', action: { command: 'zoom' } },
  { keys: ['='], describe: 'make all panes the same size', action: { command: 'equalize' } },
  { keys: ['E'], describe: 'make all panes the same size (tmux\'s key)', action: { command: 'equalize' } },
  { keys: ['M-1'], describe: 'layout: even-horizontal', action: { command: 'select-layout', args: { layout: 'even-horizontal' } } },
  { keys: ['M-2'], describe: 'layout: even-vertical', action: { command: 'select-layout', args: { layout: 'even-vertical' } } },
  { keys: ['M-3'], describe: 'layout: main-horizontal', action: { command: 'select-layout', args: { layout: 'main-horizontal' } } },
  { keys: ['M-4'], describe: 'layout: main-vertical', action: { command: 'select-layout', args: { layout: 'main-vertical' } } },
  { keys: ['M-5'], describe: 'layout: tiled', action: { command: 'select-layout', args: { layout: 'tiled' } } },
  { keys: ['Space'], describe: 'the next preset layout', action: { command: 'select-layout' } },
  { keys: ['{'], describe: 'swap the pane with the one before it', action: { command: 'swap-pane', args: { previous: true } } },
  { keys: ['}'], describe: 'swap the pane with the next one', action: { command: 'swap-pane' } },
  { keys: ['C-o'], describe: 'rotate the panes of the window', action: { command: 'rotate-window' } },
  { keys: ['M-o'], describe: 'rotate the panes of the window the other way', action: { command: 'rotate-window', args: { back: true } } },
  { keys: ['!'], describe: 'move the pane into a window of its own', action: { command: 'break-pane' } },
  { keys: ['m'], describe: 'mark the pane, or unmark it', action: { command: 'mark' } },
  { keys: ['M'], describe: 'unmark the marked pane', action: { command: 'mark', args: { clear: true } } },
  { keys: ['x'], describe: 'close the pane (asks first)', action: { ui: 'confirm-kill' } },
  { keys: ['['], describe: 'copy mode: scroll back, search, select, copy', action: { ui: 'copy-mode' } },
  { keys: ['PageUp'], describe: 'copy mode, one page up', action: { ui: 'copy-mode-page-up' } },
  { keys: [']'], describe: 'paste the newest paste buffer', action: { command: 'paste' } },
  { keys: ['#'], describe: 'choose a paste buffer to paste', action: { ui: 'choose-buffer' } },
  { keys: ['d'], describe: 'detach (everything keeps running)', action: { command: 'detach' } },
  { keys: ['D'], describe: 'choose a client to detach (each with its size)', action: { ui: 'choose-client' } },
  { keys: ['C-z'], describe: 'suspend this client (your shell\'s fg brings it back)', action: { ui: 'suspend' } },
  { keys: ['r'], describe: 'reload the config file', action: { ui: 'reload-config' } },
  { keys: ['i'], describe: 'show the session, window, pane and time in the status line', action: { ui: 'display-info' } },
  { keys: ['~'], describe: 'what the status line said, with the times', action: { ui: 'show-messages' } },
  { keys: ['t'], describe: 'a large clock over the pane, until a key', action: { ui: 'clock-mode' } },
  { keys: [':'], describe: 'type a thurm command (Tab completes, Up/Down recall)', action: { ui: 'command-prompt' } },
  { keys: ['?'], describe: 'show these key bindings', action: { ui: 'help' } },
];

/** A row of the README's key table: bindings that read best together, named by their first key. */
export interface KeyDocRow {
  keys: string[];
  /** What the row's keys do; several bindings in a row are told apart with ` / `, in the order of `keys`. */
  text: string;
}

const DIGITS = Array.from({ length: 10 }, (_, i) => String(i));

/**
 * The README's table of the prefix keys ("Using thurm"), longer than the help screen's lines.
 * spec/docs/keys-doc.spec.ts renders it into the README and fails when a binding is in no row
 * or in two, so a new binding cannot be left out of the README.
 */
export const KEY_DOC: readonly KeyDocRow[] = [
  { keys: ['c'], text: 'new window (a window is a layout of panes of its own, like tmux\'s)' },
  { keys: ['n', 'p', 'l', ...DIGITS], text: 'next / previous / last-selected window / window by index (from `base-index` in `[ui]`, 0 by default; `renumber-windows = true` closes the gaps)' },
  { keys: ['M-n', 'M-p'], text: 'the next / previous window where a pane needs you (its status-line label shows the glyph), as tmux\'s next-window -a' },
  { keys: [',', '.', '&'], text: 'rename the window / move it to another index / close it (asks `y/n`)' },
  { keys: ['w', 'f'], text: 'choose a window or one of its panes, each pane with its status glyph (it opens on the current window) / find the panes whose screen, title or window name holds a text you type (any case), as tmux\'s find-window: one is gone to at once, several are listed with the line that matched' },
  { keys: ['s', '(', ')', 'L', '$'], text: 'choose a session to switch this client to (each with its most pressing state and how many of its panes need you) / the previous / the next session (by name) / the session this client was in last / rename the session' },
  { keys: ['%'], text: 'split the focused pane right' },
  { keys: ['"'], text: 'split the focused pane down' },
  { keys: ['Left', 'Right', 'Up', 'Down', 'o', ';', 'q'], text: 'focus the neighbour in that direction / the next pane / the pane focused before (tmux\'s last pane) / number the window\'s panes for a second (`set -g display-panes-time MS`), typing a number focuses that pane' },
  { keys: ['C-Left', 'C-Right', 'C-Up', 'C-Down', 'M-Left', 'M-Right', 'M-Up', 'M-Down'], text: 'move the focused pane\'s border by 1 / 5 cells' },
  { keys: ['z'], text: 'zoom the pane to the whole window, and back' },
  { keys: ['=', 'E'], text: 'give panes in each row and column the same size' },
  { keys: ['M-1', 'M-2', 'M-3', 'M-4', 'M-5', 'Space'], text: 'preset layouts: even-horizontal, even-vertical, main-horizontal, main-vertical (the first pane takes 60%), tiled / the next of them' },
  { keys: ['{', '}', 'C-o', 'M-o', '!'], text: 'swap the pane with the one before / after it / rotate the window\'s panes / the other way / move the pane into a window of its own' },
  { keys: ['m', 'M'], text: 'mark the pane, or unmark it (its border says `[marked]`) / unmark the marked pane: tmux\'s `{marked}`, where the shim\'s join-pane and swap-pane take a pane from when none is named' },
  { keys: ['x'], text: 'close the pane (asks `y/n` first)' },
  { keys: ['[', 'PageUp'], text: 'copy mode (below): scroll back through the pane\'s history, search, select, copy / the same, one page up' },
  { keys: [']', '#'], text: 'paste the newest paste buffer into the pane (bracketed when its program asked for it) / choose one to paste, each with its size and start (tmux\'s choose-buffer; its `=` is thurm\'s equalize)' },
  { keys: ['d', 'D'], text: 'detach: the client exits, everything keeps running / choose a client to detach, each with its size (under `window-size = "smallest"` a stale small one shrinks the window), as `thurm clients` and `thurm detach --client ID`' },
  { keys: ['C-z'], text: 'suspend the client as tmux does: your shell gets the terminal back, `fg` brings thurm back, drawn whole' },
  { keys: ['u'], text: 'jump to the pane that most needs you (blocked, then error, then done)' },
  { keys: ['a'], text: 'agent overview: every pane with a status, most pressing first (blocked, error, done, working, idle), with its window, app, message and how long it has been so; Up/Down move, Enter jumps to the pane, `l` shows the pane\'s status log (`thurm agent log`), `q` closes; it follows changes live' },
  { keys: ['r'], text: 'reload the config file (a bad one changes nothing; the status line says which key and line)' },
  { keys: ['i', '~', 't'], text: 'say in the status line where you are: `[default] 0:build, current pane %3 - (14:05 07-Dec-26)`, as tmux\'s display-message / what the status line said to this client (notifications, messages, errors), with the times, as tmux\'s show-messages / the time in large digits over the pane until a key, as tmux\'s clock-mode' },
  { keys: [':'], text: 'type any thurm command in the CLI\'s syntax (`split --down`, `select-layout tiled`, `rename-window build`) or a tmux command in tmux\'s (`splitw -h`, `resize-pane -L 5`, `neww ; last-pane`); Tab completes its name, Up/Down recall earlier lines, output and errors show in the status line' },
  { keys: ['?'], text: 'show the key bindings (j/k and PageUp/PageDown scroll it when it is taller than the terminal)' },
];

export function findBinding(key: string): Binding | undefined {
  return BINDINGS.find((b) => b.keys.includes(key));
}

/** Lines of the help screen, one binding per line; the user's own keys (bind-key's, the config's `[[keys.bind]]`) after thurm's. */
export function helpLines(prefix: string, own: readonly { key: string; command: string; prefix: boolean }[] = []): string[] {
  return [
    `prefix is ${prefix}; press it, then a key:`,
    '',
    // The ten window digits share one line.
    ...BINDINGS.filter((b) => !/^[1-9]$/.test(b.keys[0])).map((b) => (b.keys[0] === '0'
      ? `  ${'0 ... 9'.padEnd(14)} window 0 to 9`
      : `  ${b.keys.join(' ').padEnd(14)} ${b.describe}`)),
    `  ${prefix.padEnd(14)} send the prefix key to the pane`,
    ...(own.length ? ['', 'yours (bind-key, then [[keys.bind]] in config.toml):', ...own.map((b) => `  ${(b.prefix ? `${prefix} ${b.key}` : b.key).padEnd(14)} ${b.command}`)] : []),
    '',
    'any key closes this help',
  ];
}
