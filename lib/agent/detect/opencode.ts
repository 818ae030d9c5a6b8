// OpenCode: a full-screen TUI with key hints at the bottom: "esc interrupt" while it works,
// "ctrl+p commands" while it waits for a prompt, a "△ Permission required" dialog for tools,
// a question panel, and provider dialogs. Pickers (sessions, commands...) change nothing.
// Working reads only the key-hint row (the last), not the prompt box or transcript above it.
import { AGENT_IDENTITIES } from './agents.js';
import type { AgentDefinition } from './rule.js';

/** Dialog titles: the title on the left, "esc" at the right end of the same row. */
const dialog = (titles: string) => new RegExp(`^\\s+(${titles})\\s{3,}esc\\s*$`, 'm');

export const opencode: AgentDefinition = {
  ...AGENT_IDENTITIES.opencode,
  signature: { title: /^OC \||OpenCode/, screen: /ctrl\+p commands|\btab agents\b/ },
  rules: [
    { id: 'opencode.picker', agent: 'opencode', state: 'ignore',
      patterns: [dialog('Sessions|Commands|Select model|Select agent|Themes|Skills|Stash|Workspaces|Move session|Message Actions|Switch session|Switch org')] },
    // The dialog's own title and buttons, not the words: answers may say "choose Allow once".
    { id: 'opencode.permission', agent: 'opencode', state: 'blocked', kind: 'permission',
      patterns: [/△\s+(Permission required|Always allow|Reject permission)/, /Allow once\s{2,}Allow always\s{2,}Reject/, /Allow \(a\)\s+Allow for session \(s\)\s+Deny \(d\)/], lines: 20 },
    { id: 'opencode.question', agent: 'opencode', state: 'blocked', kind: 'question', patterns: [/enter submit\s+esc dismiss/], lines: 6 },
    { id: 'opencode.auth', agent: 'opencode', state: 'blocked', kind: 'auth',
      patterns: [dialog('Connect a provider|Select auth method|API key'), /No (providers?|models?) (configured|found)|opencode auth login|◆\s+(Select provider|Enter your API key)/], lines: 20 },
    { id: 'opencode.working', agent: 'opencode', state: 'working', patterns: [/\besc (again )?(to )?interrupt\b|\bworking…|⠋|⠙|⠹|⠸|⠼|⠴|⠦|⠧|⠇|⠏/], lines: 1 },
    { id: 'opencode.prompt', agent: 'opencode', state: 'idle', patterns: [/enter send|ctrl\+p commands|tab (switch )?agent/i], lines: 6 },
  ],
};
