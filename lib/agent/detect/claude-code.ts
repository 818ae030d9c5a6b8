// Claude Code (2.x): the spinner line with "esc to interrupt" while it works, numbered
// permission and trust dialogs, the login screens, and the prompt box (also shown while it
// works, so working must beat idle). The transcript viewer and pickers change nothing.
import type { AgentDefinition } from './rule.js';

export const claudeCode: AgentDefinition = {
  agent: 'claude-code',
  names: ['claude', 'claude-code'],
  scripts: ['@anthropic-ai/claude-code', 'claude-code/cli'],
  rules: [
    { id: 'claude-code.transcript', agent: 'claude-code', state: 'ignore', patterns: [/Showing detailed transcript/, /ctrl\+o to toggle|Ctrl\+O to toggle/], lines: 4 },
    { id: 'claude-code.picker', agent: 'claude-code', state: 'ignore', patterns: [/^\s*Resume Session\b/m, /Search sessions…|Search…/], all: true },
    { id: 'claude-code.permission', agent: 'claude-code', state: 'blocked', kind: 'permission',
      patterns: [/Do you want to (proceed|make this edit|create|delete|allow|run)\b.*\?/, /❯\s*1\.\s*Yes/], all: true, lines: 20 },
    { id: 'claude-code.trust', agent: 'claude-code', state: 'blocked', kind: 'question',
      patterns: [/Do you trust the files in this folder\?|Is this a project you created or one you trust\?|Quick safety check/] },
    { id: 'claude-code.question', agent: 'claude-code', state: 'blocked', kind: 'question',
      patterns: [/^\s*❯\s*1\.\s+\S/m, /Enter to (select|confirm)\b.*(Esc|esc) to cancel/], all: true, lines: 20 },
    { id: 'claude-code.login', agent: 'claude-code', state: 'blocked', kind: 'auth',
      patterns: [/Select login method|Not logged in\s*·\s*(Please )?run \/login|Invalid API key\s*·\s*(Please )?run \/login|Paste code here if prompted/i] },
    { id: 'claude-code.working', agent: 'claude-code', state: 'working',
      patterns: [/\(.*\besc to interrupt\b.*\)|\besc to interrupt\b/, /^\s*[·✢✳✶✻✽*]\s+\S[^\n]*…/m], lines: 12 },
    { id: 'claude-code.prompt', agent: 'claude-code', state: 'idle',
      patterns: [/\? for shortcuts/, /^\s*│\s*>\s/m, /^\s*>\s*$/m, /^\s*❯\s*$/m], lines: 8 },
  ],
};
