// Codex CLI (Rust TUI): "Working (…esc to interrupt)" while it works, approval dialogs for
// commands and edits, sign-in and trust screens, and the composer when it waits for a prompt.
import type { AgentDefinition } from './rule.js';

export const codex: AgentDefinition = {
  agent: 'codex',
  names: ['codex'],
  scripts: ['@openai/codex', 'codex-cli', '/codex.js', 'bin/codex'],
  rules: [
    { id: 'codex.transcript', agent: 'codex', state: 'ignore', patterns: [/T R A N S C R I P T/] },
    { id: 'codex.approval', agent: 'codex', state: 'blocked', kind: 'permission',
      patterns: [/Would you like to (run the following command|make the following edits|apply)|Allow command\?|Approve (this|the) (command|edit|patch)/, /Yes, proceed|\bApprove\b|\(y\)|Yes, allow/], all: true, lines: 20 },
    { id: 'codex.trust', agent: 'codex', state: 'blocked', kind: 'question',
      patterns: [/Do you trust the contents of this directory\?|Allow Codex to work in this folder|You are running Codex in/] },
    { id: 'codex.login', agent: 'codex', state: 'blocked', kind: 'auth',
      patterns: [/Sign in with ChatGPT|Provide your own API key|Finish signing in via your browser|Welcome to Codex, OpenAI's command-line coding agent/] },
    { id: 'codex.working', agent: 'codex', state: 'working', patterns: [/\besc to interrupt\b/, /^\s*[•◦·]?\s*Working \(\d+s\b/m], lines: 12 },
    { id: 'codex.composer', agent: 'codex', state: 'idle',
      patterns: [/Ask Codex to do anything|⏎ send|↵ send|\? for shortcuts|Implement \{feature\}|Find and fix a bug in @filename/], lines: 10 },
  ],
};
