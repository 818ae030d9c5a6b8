// Gemini CLI: it puts its state in the title (◇ Ready, ✦ Working…, ✋ Action Required) and
// shows "esc to cancel" while it works, numbered approval dialogs, auth and trust dialogs.
import type { AgentDefinition } from './rule.js';

export const gemini: AgentDefinition = {
  agent: 'gemini',
  names: ['gemini', 'gemini-cli'],
  scripts: ['@google/gemini-cli', 'gemini-cli/dist', 'bin/gemini'],
  rules: [
    { id: 'gemini.title-action', agent: 'gemini', state: 'blocked', where: 'title', patterns: [/✋|Action Required/] },
    { id: 'gemini.title-working', agent: 'gemini', state: 'working', where: 'title', patterns: [/✦|Working…/] },
    { id: 'gemini.title-ready', agent: 'gemini', state: 'idle', where: 'title', patterns: [/◇|Ready\b/] },
    { id: 'gemini.approval', agent: 'gemini', state: 'blocked', kind: 'permission',
      patterns: [/Allow execution of|Apply this change\?|Do you want to proceed\?|Allow (once|always)|Yes, allow once/], lines: 20 },
    { id: 'gemini.auth', agent: 'gemini', state: 'blocked', kind: 'auth',
      patterns: [/How would you like to authenticate|Login with Google|Use Gemini API Key|Waiting for auth/] },
    { id: 'gemini.trust', agent: 'gemini', state: 'blocked', kind: 'question', patterns: [/Do you trust this folder\?|Trust folder/] },
    { id: 'gemini.working', agent: 'gemini', state: 'working', patterns: [/\(esc to cancel,?\s*[^)]*\)|\besc to cancel\b/], lines: 12 },
    { id: 'gemini.prompt', agent: 'gemini', state: 'idle', patterns: [/Type your message or @path\/to\/file/], lines: 10 },
  ],
};
