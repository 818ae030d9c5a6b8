// Every command thurm has, listed by hand, each in a module of its own named after it. A
// command's key is its name: its socket request type and, for a CLI command, its CLI words
// joined by `-` (`agent-report` is `thurm agent report`, in agent/report.ts). The CLI loads
// only the module of the command it runs, since start-up is paid on every call; index.ts
// loads them all for everyone else.
import type { Command } from './command.js';

type Loader = () => Promise<Command<any, any>>;

export const COMMAND_MODULES = {
  split: async () => (await import('./split.js')).split,
  'new-window': async () => (await import('./new-window.js')).newWindow,
  'select-window': async () => (await import('./select-window.js')).selectWindow,
  'rename-window': async () => (await import('./rename-window.js')).renameWindow,
  'move-window': async () => (await import('./move-window.js')).moveWindow,
  'kill-window': async () => (await import('./kill-window.js')).killWindow,
  'list-windows': async () => (await import('./list-windows.js')).listWindows,
  'select-layout': async () => (await import('./select-layout.js')).selectLayout,
  'swap-pane': async () => (await import('./swap-pane.js')).swapPane,
  'rotate-window': async () => (await import('./rotate-window.js')).rotateWindow,
  'break-pane': async () => (await import('./break-pane.js')).breakPane,
  'join-pane': async () => (await import('./join-pane.js')).joinPane,
  'synchronize-panes': async () => (await import('./synchronize-panes.js')).synchronizePanes,
  list: async () => (await import('./list.js')).list,
  send: async () => (await import('./send.js')).send,
  capture: async () => (await import('./capture.js')).capture,
  pipe: async () => (await import('./pipe.js')).pipe,
  record: async () => (await import('./record.js')).record,
  'copy-mode': async () => (await import('./copy-mode.js')).copyMode,
  paste: async () => (await import('./paste.js')).paste,
  buffers: async () => (await import('./buffers.js')).buffers,
  'set-environment': async () => (await import('./environment.js')).setEnvironment,
  'show-environment': async () => (await import('./environment.js')).showEnvironment,
  'bind-key': async () => (await import('./bind-key.js')).bindKey,
  'unbind-key': async () => (await import('./bind-key.js')).unbindKey,
  'set-buffer': async () => (await import('./set-buffer.js')).setBuffer,
  'delete-buffer': async () => (await import('./delete-buffer.js')).deleteBuffer,
  'rename-buffer': async () => (await import('./rename-buffer.js')).renameBuffer,
  focus: async () => (await import('./focus.js')).focus,
  'kill-pane': async () => (await import('./kill-pane.js')).killPane,
  'rename-pane': async () => (await import('./rename-pane.js')).renamePane,
  'respawn-pane': async () => (await import('./respawn-pane.js')).respawnPane,
  info: async () => (await import('./info.js')).info,
  agents: async () => (await import('./agents.js')).agents,
  web: async () => (await import('./web.js')).web,
  save: async () => (await import('./save.js')).save,
  'reload-config': async () => (await import('./reload-config.js')).reloadConfig,
  wait: async () => (await import('./wait.js')).wait,
  notify: async () => (await import('./notify.js')).notify,
  'wait-for': async () => (await import('./wait-for.js')).waitFor,
  zoom: async () => (await import('./zoom.js')).zoom,
  'clear-history': async () => (await import('./clear-history.js')).clearHistory,
  mark: async () => (await import('./mark.js')).mark,
  'display-panes': async () => (await import('./show.js')).displayPanes,
  'clock-mode': async () => (await import('./show.js')).clockMode,
  'switch-client': async () => (await import('./switch-client.js')).switchClient,
  'resize-window': async () => (await import('./resize-window.js')).resizeWindow,
  'resize-pane': async () => (await import('./resize-pane.js')).resizePane,
  equalize: async () => (await import('./equalize.js')).equalize,
  detach: async () => (await import('./detach.js')).detach,
  clients: async () => (await import('./clients.js')).clients,
  'rename-session': async () => (await import('./rename-session.js')).renameSession,
  'display-message': async () => (await import('./display-message.js')).displayMessage,
  'tmux-set-option': async () => (await import('./tmux-set-option.js')).tmuxSetOption,
  'tmux-show-options': async () => (await import('./tmux-show-options.js')).tmuxShowOptions,
  'kill-server': async () => (await import('./kill-server.js')).killServer,
  'server-upgrade': async () => (await import('./server-upgrade.js')).serverUpgrade,
  'agent-report': async () => (await import('./agent/report.js')).agentReport,
  'agent-release': async () => (await import('./agent/release.js')).agentRelease,
  'agent-prompt': async () => (await import('./agent/prompt.js')).agentPrompt,
  'agent-explain': async () => (await import('./agent/explain.js')).agentExplain,
  'agent-log': async () => (await import('./agent/log.js')).agentLog,
  'agent-new': async () => (await import('./agent/new.js')).agentNew,
  'agent-finish': async () => (await import('./agent/finish.js')).agentFinish,
  'agent-answer': async () => (await import('./agent/answer.js')).agentAnswer,
  'agent-hook': async () => (await import('./agent/hook.js')).agentHook,
  'agent-statusline': async () => (await import('./agent/statusline.js')).agentStatusline,
  schema: async () => (await import('./schema.js')).schema,
} satisfies Record<string, Loader>;

/** Request types the product page spells its own way, with the command each one names. */
export const ALIASES: Readonly<Record<string, keyof typeof COMMAND_MODULES>> = {
  AgentReport: 'agent-report',
  AgentRelease: 'agent-release',
  AgentExplain: 'agent-explain',
};

/** The command a request type names: its own name or an alias of it. */
export function commandName(type: string): string {
  return Object.hasOwn(ALIASES, type) ? ALIASES[type] : type;
}

/** The aliases of the command `name`. */
export function aliasesOf(name: string): string[] {
  return Object.keys(ALIASES).filter((alias) => ALIASES[alias] === name);
}

/** The command a request type names, loading only its module; undefined when there is none. */
export function loadCommand(type: string): Promise<Command<any, any> | undefined> {
  const name = commandName(type);
  return Object.hasOwn(COMMAND_MODULES, name) ? (COMMAND_MODULES as Record<string, Loader>)[name]() : Promise.resolve(undefined);
}
