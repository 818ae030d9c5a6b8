// OpenCode: a full-screen TUI with key hints at the bottom: "esc interrupt" while it works,
// "enter send" while it waits for a prompt, and a permission dialog for tools.
import type { AgentDefinition } from './rule.js';

export const opencode: AgentDefinition = {
  agent: 'opencode',
  names: ['opencode'],
  scripts: ['opencode-ai', '/opencode'],
  rules: [
    { id: 'opencode.permission', agent: 'opencode', state: 'blocked', kind: 'permission',
      patterns: [/Permission required|Allow once|Allow always|△ Permission/], lines: 20 },
    { id: 'opencode.auth', agent: 'opencode', state: 'blocked', kind: 'auth', patterns: [/No (providers?|models?) (configured|found)|opencode auth login/] },
    { id: 'opencode.working', agent: 'opencode', state: 'working', patterns: [/\besc (to )?interrupt\b|\bworking…|⠋|⠙|⠹|⠸|⠼|⠴|⠦|⠧|⠇|⠏/], lines: 6 },
    { id: 'opencode.prompt', agent: 'opencode', state: 'idle', patterns: [/enter send|ctrl\+p commands|tab (switch )?agent/i], lines: 6 },
  ],
};
