// What a key after the prefix does: a binding of key-bindings.ts names either a request of the
// command table (sent as the CLI would send it) or one of the UI actions here, which open
// overlays (lists, prompts, questions, the help) or act on this client (copy mode, sessions).
// The table has an entry for each action name the bindings may use, or it does not compile.
import { clientLine } from '../commands/clients.js';
import type { FarHostsView } from '../server/far-hosts.js';
import type { OtherSessionsView } from '../server/other-sessions.js';
import type { RequestFields, RequestType } from '../server/protocol.js';
import type { Mux } from '../session/mux.js';
import type { ChooserAction, ChooserRow } from './chooser.js';
import { agentChoices, bufferChoices, findChoices, sessionChoices, windowChoices } from './choices.js';
import type { PromptHistory } from './command-prompt.js';
import type { CopyView } from './copy-view.js';
import { findBinding, type BindingAction } from './key-bindings.js';
import { strftime } from '../strftime.js';

/** What the actions work with: one client screen's session, its overlays and its requests. */
export interface UiContext {
  /** This client's id, as `thurm clients` lists it. */
  readonly id: string;
  readonly mux: Mux;
  readonly copy: CopyView;
  /** This user's other sessions, as last asked (other-sessions.ts). */
  readonly others: OtherSessionsView;
  /** The far hosts' links (far-hosts.ts). */
  readonly hosts: FarHostsView;
  /** What was typed at the `:` prompt, for Up and Down. */
  readonly commandHistory: PromptHistory;
  /** Sends a request of the command table; its error goes to the status line. Whether it succeeded. */
  request<K extends RequestType>(type: K, fields: RequestFields<K>): Promise<boolean>;
  /** Runs a thurm command line as the CLI would (the `:` prompt, `[[keys.bind]]`). */
  runCommandLine(line: string): void;
  showMessage(text: string): void;
  /** The session this client switched from, if it did. */
  readonly lastSession?: string;
  /** Sends this client to the session `step` names, or the one that many along. */
  switchSession(step: number | string): void;
  choose(label: string, rows: () => ChooserRow[], pick: (key: string) => void, empty?: string, initial?: string, actions?: ChooserAction[]): void;
  prompt(label: string, done: (text: string) => void, history?: PromptHistory, text?: string): void;
  confirm(question: string, yes: () => void): void;
  help(): void;
  /** The time in large digits over the focused pane, until a key (prefix t). */
  clock(): void;
  /** What the status line said, with the times (prefix ~). */
  showMessages(): void;
  /** A pane's status changes with their times, newest last (l in the agent overview). */
  showLog(pane: string): void;
  /** Numbers the window's panes for a moment; typing one focuses it (prefix q). */
  displayPanes(): void;
  /** Stops this client until its shell's `fg` (prefix C-z). */
  suspend(): void;
}

export type UiAction = Extract<BindingAction, { ui: string }>['ui'];

const currentWindow = (mux: Mux) => mux.windowList().find((w) => w.current)?.window;

/** Prefix i, as tmux's display-message: `[default] 0:build, current pane %3 - (14:05 07-Dec-26)`. */
export function infoLine(mux: Mux, now = new Date()): string {
  const w = currentWindow(mux);
  const when = strftime('%H:%M %d-%b-%y', now);
  return `[${mux.session}] ${w ? `${w.index}:${mux.windowName(w)}` : '-'}, current pane ${mux.focused ? `%${mux.focused}` : '-'} - (${when})`;
}

export const UI_ACTIONS: Record<UiAction, (c: UiContext) => void> = {
  help: (c) => c.help(),
  suspend: (c) => c.suspend(),
  'display-panes': (c) => c.displayPanes(),
  'display-info': (c) => c.showMessage(infoLine(c.mux)),
  'show-messages': (c) => c.showMessages(),
  'clock-mode': (c) => c.clock(),
  'choose-client': (c) => c.choose('clients: Enter detaches one', () => c.mux.clients.list().map((client) => ({
    key: client.id,
    text: `${clientLine(client, client.observer, client.attachedAt, Date.now())}${client.id === c.id ? ' (this one)' : ''}`,
  })), (client) => void c.request('detach', { client }), undefined, c.id),
  'choose-buffer': (c) => c.choose('paste buffers', () => bufferChoices(c.mux), (buffer) => void c.request('paste', { buffer }), 'no paste buffers'),
  'find-window': (c) => c.prompt('find-window: ', (text) => {
    if (!text) return;
    const found = findChoices(c.mux, text);
    // One match is gone to at once, as tmux does.
    if (found.length === 1) void c.request('focus', { pane: found[0].key });
    else c.choose(`find: ${text}`, () => findChoices(c.mux, text), (pane) => void c.request('focus', { pane }), `no pane shows ${text}`);
  }),
  // A far pane (`build:3`) is focused there, in the window attached to its host.
  agents: (c) => c.choose('agents', () => agentChoices(c.mux, c.hosts.list()), (key) => {
    if (!key.startsWith('host ')) void c.request('focus', { pane: key });
  }, 'no pane has a status', undefined, [{ key: 'l', describe: 'shows its log', run: (row) => {
    const far = /^(.+):(\d+)$/.exec(row);
    if (far) c.showMessage(`the log of ${row} is its host's: thurm agent log --host ${far[1]} --pane ${far[2]}`);
    else if (!row.startsWith('host ')) c.showLog(row);
  } }]),
  'choose-window': (c) => {
    const current = currentWindow(c.mux);
    c.choose('windows', () => windowChoices(c.mux), (key) => {
      if (key.startsWith('window ')) void c.request('select-window', { index: Number(key.slice(7)) });
      else void c.request('focus', { pane: key });
    }, undefined, current && `window ${current.index}`);
  },
  'choose-session': (c) => c.choose('sessions', () => sessionChoices(c.mux, c.others.list()), (name) => c.switchSession(name), undefined, c.mux.session),
  'next-session': (c) => c.switchSession(1),
  'previous-session': (c) => c.switchSession(-1),
  'last-session': (c) => (c.lastSession ? c.switchSession(c.lastSession) : c.showMessage('no last session')),
  'reload-config': (c) => void c.request('reload-config', {}).then((ok) => ok && c.showMessage('config reloaded')),
  'command-prompt': (c) => c.prompt(':', (line) => {
    c.commandHistory.add(line);
    c.runCommandLine(line);
  }, c.commandHistory),
  'rename-window': (c) => {
    // Filled in with the current name, as tmux does.
    const current = currentWindow(c.mux);
    c.prompt('rename window: ', (name) => void c.request('rename-window', { name: name || null }), undefined, current ? c.mux.windowName(current) : '');
  },
  'rename-session': (c) => c.prompt('rename session: ', (name) => {
    if (name) void c.request('rename-session', { name });
  }, undefined, c.mux.session),
  'move-window': (c) => c.prompt('move window to index: ', (index) => {
    if (/^\d{1,4}$/.test(index)) void c.request('move-window', { to: Number(index) });
    else if (index) c.showMessage(`move-window: not an index: ${index}`);
  }),
  'confirm-kill-window': (c) => {
    const w = currentWindow(c.mux);
    if (w) c.confirm(`kill window ${w.index} (${c.mux.windowName(w)})? (y/n)`, () => void c.request('kill-window', { index: w.index }));
  },
  'confirm-kill': (c) => {
    const pane = c.mux.focused;
    if (pane) c.confirm(`kill pane ${pane}? (y/n)`, () => void c.request('kill-pane', { pane }));
  },
  'copy-mode': (c) => {
    if (c.mux.focused) c.copy.enter(c.mux.focused);
  },
  'copy-mode-page-up': (c) => {
    if (!c.mux.focused) return;
    c.copy.enter(c.mux.focused);
    c.copy.key(c.mux.focused, 'PageUp');
  },
};

/** Does what the key after the prefix is bound to (nothing for a key without a binding). */
export function runBinding(c: UiContext, key: string): void {
  const action = findBinding(key)?.action;
  if (!action) return;
  if ('ui' in action) UI_ACTIONS[action.ui](c);
  else void c.request(action.command, action.args ?? {});
}
